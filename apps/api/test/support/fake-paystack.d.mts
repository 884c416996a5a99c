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
  status: 'success' | 'failed' | 'abandoned' | 'ongoing';
  gatewayResponse: string;
  authorization?: { authorization_code: string; last4: string; reusable: boolean };
};

export type FakeCall = 'initialize' | 'verify' | 'charge_authorization' | 'refund';

export type FakePaystack = {
  url: string;
  transactions: Map<string, FakeTransaction>;
  refunds: { id: number; transaction: string; amount: number; currency: string; status: string }[];
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  webhookUrl: string | undefined;
  duplicateWebhooks: boolean;
  hangMs: number;
  failNext(kind: FakeCall, status?: number, times?: number): void;
  hangNext(kind: FakeCall, times?: number): void;
  declineNextCharge(gatewayResponse: string): void;
  transactionFor(prefix: string): FakeTransaction | undefined;
  pay(reference: string, options?: { reusable?: boolean; last4?: string; cardType?: string }): FakeTransaction;
  fail(reference: string): FakeTransaction;
  abandon(reference: string): FakeTransaction;
  signedEvent(reference: string, event?: string, key?: string): { body: string; signature: string };
  sendWebhook(reference: string, event?: string): Promise<number | undefined>;
  close(): Promise<void>;
};

export function startFakePaystack(options: { port?: number; webhookUrl?: string; secretKey: string }): Promise<FakePaystack>;
