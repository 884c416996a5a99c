// The browser half of the fake Stripe: its Stripe.js (at /v3/, the address STRIPE_JS_URL names)
// and the card frame that script mounts (fake-stripe-js/), told where the fake of Stripe's API is:
// the frame sends the card there, as Stripe's frame sends it to api.stripe.com.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fake-stripe-js');

const files = {
  '/v3/': { file: 'stripe-v3.js', type: 'text/javascript; charset=utf-8' },
  '/v3/card-frame.html': { file: 'card-frame.html', type: 'text/html; charset=utf-8' },
};

/** The address of the fake Stripe.js on a fake Stripe server at `origin`. */
export const fakeStripeJsUrl = (origin) => `${origin}/v3/`;

/** Answers a GET of the fake Stripe.js or its card frame (true), or leaves the request alone (false). */
export function serveFakeStripeJs(req, res, apiOrigin) {
  if (req.method !== 'GET') return false;
  const known = files[new URL(req.url, 'http://fake').pathname];
  if (known === undefined) return false;
  res.writeHead(200, { 'Content-Type': known.type, 'Cache-Control': 'no-store' });
  res.end(readFileSync(path.join(folder, known.file), 'utf8').replaceAll('__FAKE_STRIPE_API_ORIGIN__', apiOrigin));
  return true;
}
