import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

const ownDirectives = {
  // Property logos and images may live on the hotel's own site.
  'img-src': ["'self'", 'data:', 'https:'],
  'connect-src': ["'self'"],
  'script-src': ["'self'"],
};

/** Helmet's security headers, with a policy that lets pages run and call only this site. */
export function securityHeaders(): RequestHandler {
  return helmet({ contentSecurityPolicy: { directives: ownDirectives } });
}

/** The hosts the web client loads a property's Google Tag Manager and Facebook pixel from (lib/analytics.ts), and that they report to. */
const trackingSources = {
  script: ['https://www.googletagmanager.com', 'https://connect.facebook.net'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.facebook.com',
  ],
  frame: [] as string[],
};

/**
 * What Stripe.js needs, as Stripe's content security policy guide lists it for the Payment
 * Element: its script, its frames (the card fields, and 3-D Secure shown in a frame) and its
 * API. A Stripe.js served from elsewhere (the end-to-end suite's fake) gets that one origin.
 */
export function stripeSources(scriptUrl: string): { script: string[]; frame: string[]; connect: string[] } {
  const origin = new URL(scriptUrl).origin;
  if (origin !== 'https://js.stripe.com') return { script: [origin], frame: [origin], connect: [origin] };
  return {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  };
}

/** What a page's policy lets in beyond this site. */
export type PageExtras = { tracking: boolean; stripeScriptUrl: string | undefined };

const pagePolicies = new Map<string, RequestHandler>();

/**
 * The policy of a page with extras: the tracking hosts on the pages of a property that tracks
 * its visitors, Stripe's on the checkout of a Stripe property. Only on such pages: a tag
 * manager or another script host allowed everywhere would let injected markup load it, a
 * well-known way around a content security policy.
 */
function pagePolicy(extras: PageExtras): RequestHandler {
  const key = JSON.stringify(extras);
  const known = pagePolicies.get(key);
  if (known) return known;
  const parts = [
    ...(extras.tracking ? [trackingSources] : []),
    ...(extras.stripeScriptUrl === undefined ? [] : [stripeSources(extras.stripeScriptUrl)]),
  ];
  const policy = helmet.contentSecurityPolicy({
    directives: {
      ...ownDirectives,
      'script-src': ["'self'", ...parts.flatMap((part) => part.script)],
      'connect-src': ["'self'", ...parts.flatMap((part) => part.connect)],
      ...(extras.stripeScriptUrl === undefined ? {} : { 'frame-src': ["'self'", ...parts.flatMap((part) => part.frame)] }),
    },
  });
  pagePolicies.set(key, policy);
  return policy;
}

/** The property code of a page address of the web client (docs/guest-client.md), if it is one. */
export function propertyCodeOfPage(pagePath: string): string | undefined {
  const match = /^\/(?:Book|BookGroup|Manage|ManageAccount|PreCheckIn|Account\/[^/]+)\/([^/]+)/.exec(pagePath);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/** Whether a page address is a checkout (`/Book/{code}/Checkout...`), the only page that loads Stripe.js. */
export function isCheckoutPage(pagePath: string): boolean {
  return /^\/Book\/[^/]+\/Checkout(?:\/|$)/.test(pagePath);
}

/** Widens this answer's policy by `extras`; nothing when there are none. */
export function allowPageExtras(req: Request, res: Response, extras: PageExtras): Promise<void> {
  if (!extras.tracking && extras.stripeScriptUrl === undefined) return Promise.resolve();
  return new Promise<void>((resolve, reject) =>
    pagePolicy(extras)(req, res, ((error?: unknown) => (error ? reject(error) : resolve())) as NextFunction),
  );
}
