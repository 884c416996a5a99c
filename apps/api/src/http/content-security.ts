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

/**
 * The policy of a page of a property that has Google Tag Manager or a Facebook pixel: the same,
 * plus the hosts the web client loads them from (lib/analytics.ts) and that they report to.
 * Only on such pages: a tag manager allowed everywhere would let injected markup load any
 * container, a well-known way around a content security policy.
 */
const trackingPolicy = helmet.contentSecurityPolicy({
  directives: {
    ...ownDirectives,
    'script-src': ["'self'", 'https://www.googletagmanager.com', 'https://connect.facebook.net'],
    'connect-src': [
      "'self'",
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.facebook.com',
    ],
  },
});

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

/** Widens this answer's policy to the tracking one: for a page of a property that tracks its visitors. */
export function allowTracking(req: Request, res: Response): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    trackingPolicy(req, res, ((error?: unknown) => (error ? reject(error) : resolve())) as NextFunction),
  );
}
