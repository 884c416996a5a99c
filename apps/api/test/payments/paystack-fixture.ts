import type { FakePaystack } from '../support/fake-paystack.mjs';
import { createTestApp, type TestApp } from '../support/test-app';

/** The secret key the local fake of PayStack accepts and signs its events with. */
export const PAYSTACK_SECRET = 'sk_test_fake_0123456789abcdef';

/**
 * An app that takes PayStack at the fake (300 ms a call), beside the test gateway when
 * `testGateway`; Stripe off. Today is Monday 1 March 2027, 09:00 in London.
 */
export function paystackApp(fake: FakePaystack, { testGateway }: { testGateway: boolean }): Promise<TestApp> {
  return createTestApp({
    now: '2027-03-01T09:00:00Z',
    config: {
      payments: {
        test: testGateway,
        stripe: undefined,
        stripeJsUrl: 'https://js.stripe.com/v3/',
        paystack: { secretKey: PAYSTACK_SECRET, apiUrl: fake.url, checkoutOrigin: fake.url, timeoutMs: 300 },
      },
    },
  });
}
