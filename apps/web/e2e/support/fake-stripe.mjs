// The run's fake Stripe, on two origins of 127.0.0.1 as Stripe's are two hosts (the web client is
// at localhost): the fake of Stripe's API (tools/fake-stripe: PaymentIntents, its 3-D Secure page,
// signed webhooks) standing for api.stripe.com, and a small server of the fake Stripe.js and its
// card frame (fake-stripe-js.mjs) standing for js.stripe.com. The frame posts the card to the
// API fake itself, so what the API fake received proves the card went to Stripe.
import { createServer } from 'node:http';
import { startFakeStripe as startFakeStripeApi } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { fakeStripeJsUrl, serveFakeStripeJs } from './fake-stripe-js.mjs';

/** The keys the API and the property run with against the fake: test-shaped, published nowhere. */
export const FAKE_STRIPE_KEYS = {
  publishable: 'pk_test_e2eFakeStripe7c1d',
  secret: 'sk_test_e2eFakeStripe3b9a5e',
  webhook: 'whsec_e2eFakeStripe2f8c40',
};

/** Where the API takes Stripe's webhooks (apps/api payments/webhook-routes.ts). */
const WEBHOOK_PATH = '/api/Payments/Webhook/stripe';

/**
 * Starts both halves for an API at `apiBaseUrl` (which receives the signed webhooks). Answers
 * the API fake (`api`: its requests, PaymentIntents and `answerChallenge`), the environment the
 * API needs (`apiEnv`) and `stop`.
 */
export async function startFakeStripe(apiBaseUrl) {
  const api = await startFakeStripeApi({ webhookUrl: `${apiBaseUrl}${WEBHOOK_PATH}`, webhookSecret: FAKE_STRIPE_KEYS.webhook });
  const scripts = createServer((req, res) => {
    if (serveFakeStripeJs(req, res, api.url)) return;
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not a file of the fake Stripe.js');
  });
  await new Promise((resolve) => scripts.listen(0, '127.0.0.1', resolve));
  const jsOrigin = `http://127.0.0.1:${scripts.address().port}`;
  return {
    api,
    /** The card numbers the browser sent to Stripe (the payment methods it made). */
    cardsReceived: () =>
      api.requests.filter((request) => request.path === '/v1/payment_methods').map((request) => String(request.body.card?.number ?? '')),
    apiEnv: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secret,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhook,
      STRIPE_API_URL: api.url,
      STRIPE_JS_URL: fakeStripeJsUrl(jsOrigin),
    },
    stop: async () => {
      await api.close();
      scripts.closeAllConnections();
      await new Promise((resolve) => scripts.close(resolve));
    },
  };
}
