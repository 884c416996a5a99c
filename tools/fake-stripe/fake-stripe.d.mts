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
  latest_charge: string | null;
  metadata: Record<string, string>;
  next_action: { type: string; redirect_to_url: { url: string; return_url: string } } | null;
};

export type FakeRefund = {
  id: string;
  amount: number;
  charge: string | null;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  status: 'succeeded' | 'failed';
  failure_reason?: string;
};

/**
 * What a call told to fail does: `5xx` not done, 500; `timeout` done, never answered; `delay`
 * done, answered after `delayMs`; `5xx-after` done, then 500 (replayed for its key); `drop` done,
 * connection destroyed; `pause` held before being done until `releasePaused()`.
 */
export type FakeStripeFault = '5xx' | 'timeout' | 'delay' | '5xx-after' | 'drop' | 'pause';

/** A request held by `pause`. */
export type FakeStripeHeldRequest = { method: string; path: string; idempotencyKey: string | undefined };

/** One held webhook event delivered, with the endpoint's last HTTP status (null: none answered). */
export type FakeStripeDelivery = { entry: FakeStripeEvent; status: number | null };

/** One PaymentIntent in Stripe's books. */
export type FakeStripeLedgerLine = {
  id: string;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  /** Succeeded refunds. */
  refunded: number;
  status: string;
  currency: string;
  metadata: Record<string, string>;
};

/** One reservation's money at Stripe: taken (received less refunded) and held (capturable, awaiting capture). */
export type FakeStripeBook = { currency: string; taken: number; held: number; paymentIntents: string[] };

export type FakeStripe = {
  url: string;
  port: number;
  webhookSecret: string;
  events: FakeStripeEvent[];
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | undefined }[];
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  heldWebhooks: readonly FakeStripeEvent[];
  delayMs: number;
  failNext(kind: FakeStripeFault, options?: number | { count?: number; path?: RegExp | string }): void;
  /** Forgets the faults asked for that no call has taken yet; answers how many there were. */
  clearFaults(): number;
  paused(): Promise<FakeStripeHeldRequest[]>;
  waitForPaused(count?: number): Promise<FakeStripeHeldRequest[]>;
  releasePaused(): Promise<void>;
  duplicateWebhooks(on?: boolean): void;
  holdWebhooks(on?: boolean): Promise<FakeStripeDelivery[]>;
  reorderWebhooks(on?: boolean): Promise<FakeStripeDelivery[]>;
  deliverHeld(order?: 'oldest-first' | 'newest-first' | ((held: FakeStripeEvent[]) => FakeStripeEvent[])): Promise<FakeStripeDelivery[]>;
  searchLag(on?: boolean): void;
  indexForSearch(): void;
  failRefund(refundId: string): FakeRefund;
  ledger(): FakeStripeLedgerLine[];
  moneyByReservation(): Record<string, FakeStripeBook>;
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
