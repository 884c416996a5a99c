import type { Request, Response } from 'express';
import type { AppContext } from '../app-context';
import { allowPageExtras, isCheckoutPage, propertyCodeOfPage, type PageHead } from '../http';
import { findPageProperty, type PageProperty } from './property-queries';

/**
 * The schema.org `Hotel` a property's pages describe, as a JSON-LD script for the head of the
 * served HTML: search engines and previews that run no script read the hotel from the page as
 * sent. Only the fields the property has are given; relative image addresses are made whole.
 */
export function hotelJsonLd(property: PageProperty, publicUrl: string): string {
  const absolute = (address: string | null) => {
    if (!address?.trim()) return undefined;
    try {
      const url = new URL(address.trim(), `${publicUrl}/`);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  };
  const hotel = {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    name: property.name,
    address: property.address?.trim() || undefined,
    telephone: property.telephone?.trim() || undefined,
    starRating:
      property.hotelRating != null && property.hotelRating > 0 ? { '@type': 'Rating', ratingValue: property.hotelRating } : undefined,
    image: absolute(property.propertyImageUrl),
    url: absolute(property.websiteUrl) ?? `${publicUrl}/Book/${encodeURIComponent(property.code)}`,
  };
  // A script's text ends at the first "</script" whatever the JSON says: with "<" (and, for
  // good measure, ">", "&" and the JavaScript line breaks) escaped, no name can end it early.
  const json = JSON.stringify(hotel).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}

/**
 * For the web client's pages of a property: its `Hotel` JSON-LD in the head, and a policy
 * widened for a property that tracks its visitors, so its tag manager and pixel load (the
 * client adds them only for such a property), and on a Stripe property's checkout for
 * Stripe.js, its frames and its API. One query a page; the page itself is rendered
 * once per property and catalogue version (an import raises the version).
 */
export function propertyPageHead(context: Pick<AppContext, 'database' | 'logger' | 'config'>) {
  return async (req: Request, res: Response): Promise<PageHead | undefined> => {
    const code = propertyCodeOfPage(req.path);
    if (code === undefined) return undefined;
    // The page is served even when the database cannot say: plain, with the narrower policy.
    const property = await findPageProperty(context.database.db, code).catch((error: unknown) => {
      context.logger.warn({ err: error }, 'could not read the property of a page; serving it without its tracking and description');
      return undefined;
    });
    if (property === undefined) return undefined;
    await allowPageExtras(req, res, {
      tracking: Boolean(property.googleTagManagerContainerId?.trim() || property.facebookPixelId?.trim()),
      stripeScriptUrl: property.paymentProvider === 'stripe' && isCheckoutPage(req.path) ? context.config.payments.stripeJsUrl : undefined,
    });
    return {
      key: `${property.code}:${property.catalogueVersion}`,
      markup: hotelJsonLd(property, context.config.publicUrl),
    };
  };
}
