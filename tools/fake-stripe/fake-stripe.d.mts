/** Types of fake-stripe.mjs, for the TypeScript tests that start it. */
export const FAKE_STRIPE_API_VERSION: string;
export const FAKE_STRIPE_CARDS: Readonly<Record<string, { brand: string; onSession: string; offSession: string }>>;
export function parseForm(text: string): Record<string, unknown>;
export function signPayload(payload: string, secret: string, timestamp?: number): string;

export type FakeStripeEvent = {
  event: { id: string; type: string; data: { object: { id: string; status?: string } } };
  /** The JSON body as sent. */
  payload: string;
  /** Its Stripe-Signature header. */
  signature: string;
};

export type FakePaymentIntent = {
  id: string;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: string;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  status: string;
  next_action: { type: string; redirect_to_url: { url: string; return_url: string } } | null;
};

export type FakeStripe = {
  url: string;
  port: number;
  webhookSecret: string;
  events: FakeStripeEvent[];
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | undefined }[];
  paymentIntents: Map<string, FakePaymentIntent>;
  failNext(kind: 'timeout' | '5xx', count?: number): void;
  duplicateWebhooks(on?: boolean): void;
  answerChallenge(intentId: string, outcome: 'complete' | 'fail'): string;
  eventsFor(objectId: string, type?: string): FakeStripeEvent[];
  close(): Promise<void>;
};

export function startFakeStripe(options?: {
  port?: number;
  host?: string;
  webhookUrl?: string;
  webhookSecret?: string;
}): Promise<FakeStripe>;
