/** A transaction as the fake keeps it. */
export type FakeTransaction = {
  id: number;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  reference: string;
  callbackUrl: string | null;
  metadata: Record<string, unknown>;
  status: 'success' | 'failed' | 'abandoned' | 'ongoing' | 'reversed';
  gatewayResponse: string;
  authorization?: { authorization_code: string; last4: string; reusable: boolean };
};

/** A refund as the fake keeps it; `transaction` is the refunded transaction's reference. */
export type FakeRefund = {
  id: number;
  transaction: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';
  customerNote: string;
  merchantNote: string;
  createdAt: string;
  refundedAt: string | null;
};

export type FakeCall = 'initialize' | 'verify' | 'charge_authorization' | 'refund' | 'list_refunds' | 'fetch_refund';

/**
 * What a call told to go wrong does: `5xx` not done, answered 5xx; `hang` not done, answered 504
 * after hangMs; `5xx-after` done, then 500; `drop` done, connection destroyed; `pause` held before
 * being done until `releasePaused()`.
 */
export type FakePaystackFault = '5xx' | 'hang' | '5xx-after' | 'drop' | 'pause';

/** A request held by `pause`. */
export type FakePaystackHeldRequest = { kind: FakeCall; method: string; path: string };

/** A webhook event as sent: `body` is `{ event, data }` as JSON, `signature` its x-paystack-signature. */
export type FakePaystackEvent = { event: string; body: string; signature: string };

/** One held event delivered, with the endpoint's last HTTP status (null: none answered). */
export type FakePaystackDelivery = { entry: FakePaystackEvent; status: number | null };

/** One transaction in PayStack's books; `refunded` counts its refunds that did not fail. */
export type FakePaystackLedgerLine = { reference: string; amount: number; currency: string; status: string; refunded: number };

/** One booking's money at PayStack: paid less refunded, with its transactions' references. */
export type FakePaystackBook = { currency: string; taken: number; references: string[] };

export type FakePaystack = {
  url: string;
  transactions: Map<string, FakeTransaction>;
  refunds: FakeRefund[];
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  webhookUrl: string | undefined;
  duplicateWebhooks: boolean;
  hangMs: number;
  heldWebhooks: readonly FakePaystackEvent[];
  faultNext(kind: FakeCall, fault: FakePaystackFault, options?: { times?: number; status?: number }): void;
  /** Forgets the faults asked for that no call has taken yet. */
  clearFaults(): void;
  failNext(kind: FakeCall, status?: number, times?: number): void;
  hangNext(kind: FakeCall, times?: number): void;
  paused(): Promise<FakePaystackHeldRequest[]>;
  waitForPaused(count?: number): Promise<FakePaystackHeldRequest[]>;
  releasePaused(): Promise<void>;
  holdWebhooks(on?: boolean): Promise<FakePaystackDelivery[]>;
  reorderWebhooks(on?: boolean): Promise<FakePaystackDelivery[]>;
  deliverHeld(
    order?: 'oldest-first' | 'newest-first' | ((held: FakePaystackEvent[]) => FakePaystackEvent[]),
  ): Promise<FakePaystackDelivery[]>;
  declineNextCharge(gatewayResponse: string): void;
  transactionFor(prefix: string): FakeTransaction | undefined;
  pay(reference: string, options?: { reusable?: boolean; last4?: string; cardType?: string }): FakeTransaction;
  fail(reference: string): FakeTransaction;
  abandon(reference: string): FakeTransaction;
  settleRefund(id: number, status: 'processing' | 'processed' | 'failed' | 'needs-attention'): FakeRefund;
  signedEvent(reference: string, event?: string, key?: string): { body: string; signature: string };
  sendWebhook(reference: string, event?: string): Promise<number | undefined>;
  ledger(): FakePaystackLedgerLine[];
  moneyByReservation(): Record<string, FakePaystackBook>;
  close(): Promise<void>;
};

export function startFakePaystack(options: {
  port?: number;
  webhookUrl?: string;
  secretKey: string;
  now?: () => Date;
}): Promise<FakePaystack>;
