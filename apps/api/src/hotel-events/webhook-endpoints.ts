import { z } from 'zod';
import { HOTEL_EVENT_TYPES } from '@hotel/domain/wire/webhook-deliveries';

/** Plain http is for a receiver on this machine (testing); anything else must be https, as a signed body still travels in the clear. */
function isAllowedUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

/** A Standard Webhooks secret: `whsec_` then base64 of 24 to 64 random bytes. */
function isStandardSecret(text: string): boolean {
  const encoded = text.slice('whsec_'.length);
  if (!text.startsWith('whsec_') || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return false;
  const bytes = Buffer.from(encoded, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

/** One entry of a property's `Webhooks` in the definition file (docs/hotel-integration.md). */
export const webhookEndpointSchema = z.strictObject({
  Url: z.string().refine(isAllowedUrl, {
    error: 'must be an https:// URL (http:// only for 127.0.0.1 or localhost, for testing), without a user name or password',
  }),
  Secret: z.string().refine(isStandardSecret, {
    error: 'must be whsec_ followed by 24 to 64 random bytes in base64 (for example: "whsec_" + `openssl rand -base64 32`)',
  }),
  Events: z
    .array(z.enum([...HOTEL_EVENT_TYPES, '*'], { error: `each event must be one of ${HOTEL_EVENT_TYPES.join(', ')}, or "*" for all` }))
    .min(1, { error: 'list the events to send, or "*" for all of them' }),
});
