import { z } from 'zod';
import { AppError } from '../../errors';

/**
 * The calls of PayStack's REST API this adapter makes, as documented at
 * https://paystack.com/docs/api (and in PayStack's OpenAPI description, PaystackOSS/openapi,
 * `dist/paystack.yaml` of 24 October 2025): every answer is `{ status, message, data }`, a
 * refusal is `status: false` with a message and a 4xx.
 */

/** The currencies PayStack settles in; each has 100 minor units (kobo, pesewas, cents), so our minor units are PayStack's amounts. */
export const PAYSTACK_CURRENCIES = ['NGN', 'GHS', 'ZAR', 'KES', 'USD'] as const;

export function isPaystackCurrency(currency: string): boolean {
  return (PAYSTACK_CURRENCIES as readonly string[]).includes(currency);
}

export const PAYSTACK_UNAVAILABLE_MESSAGE =
  'We could not reach PayStack to take your payment, so nothing was booked and nothing was charged. Please try again in a few minutes.';

/** What PayStack says of a card once it has been paid with (verify, charge_authorization, the charge.success event). */
export const paystackAuthorizationSchema = z.object({
  // An unpaid transaction's authorization is `{}`.
  authorization_code: z.string().nullish(),
  last4: z.string().nullish(),
  exp_month: z.union([z.string(), z.number()]).nullish(),
  exp_year: z.union([z.string(), z.number()]).nullish(),
  card_type: z.string().nullish(),
  brand: z.string().nullish(),
  reusable: z.boolean().nullish(),
});

/** A transaction as verify, charge_authorization and the charge.success event describe it. */
export const paystackTransactionSchema = z.object({
  id: z.number().int().nullish(),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  gateway_response: z.string().nullish(),
  authorization: paystackAuthorizationSchema.nullish(),
  customer: z.object({ email: z.string().nullish() }).nullish(),
});
export type PaystackTransaction = z.infer<typeof paystackTransactionSchema>;

/** A refund as PayStack lists it. */
export const paystackRefundSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  transaction_reference: z.string().nullish(),
  amount: z.union([z.number(), z.string()]),
  status: z.string().nullish(),
  merchant_note: z.string().nullish(),
});

// A refusal (`status: false`) carries no `data`: it is still PayStack's answer, not a failure to answer.
const envelope = z.object({ status: z.boolean(), message: z.string().default(''), data: z.unknown().optional() });

/** A refusal PayStack answered (`status: false`, 4xx): the request was wrong or the money cannot move. */
export class PaystackRefusal extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = 'PaystackRefusal';
  }
}

export type PaystackClientOptions = {
  secretKey: string;
  apiUrl: string;
  /** How long one call may take before it counts as failed. */
  timeoutMs?: number;
  /** How many times an idempotent call (verify) is tried in all, on a timeout, a lost connection or a 5xx. */
  attempts?: number;
};

type Call = { method: 'GET' | 'POST'; path: string; body?: unknown; idempotent: boolean };

/**
 * A thin client: answers `data` of a `status: true` answer, throws `PaystackRefusal` for a
 * refusal and AppError PAYMENT_UNAVAILABLE (503) when PayStack did not answer usefully
 * (timeout, lost connection, 5xx, not JSON). Only idempotent calls are tried again: a second
 * initialize or charge could take money twice.
 */
export function paystackClient(options: PaystackClientOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const attempts = options.attempts ?? 3;

  async function once<T>(call: Call, schema: z.ZodType<T>): Promise<T> {
    const response = await fetch(`${options.apiUrl}${call.path}`, {
      method: call.method,
      headers: {
        Authorization: `Bearer ${options.secretKey}`,
        Accept: 'application/json',
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status >= 500) throw new TransientFailure(`PayStack answered ${response.status}`);
    const parsed = envelope.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new TransientFailure(`PayStack answered ${response.status} without its JSON envelope`);
    if (!response.ok || !parsed.data.status)
      throw new PaystackRefusal(parsed.data.message || `PayStack answered ${response.status}`, response.status);
    const data = schema.safeParse(parsed.data.data);
    if (!data.success) throw new TransientFailure(`PayStack's answer to ${call.path} has an unexpected shape`);
    return data.data;
  }

  async function request<T>(call: Call, schema: z.ZodType<T>): Promise<T> {
    const tries = call.idempotent ? attempts : 1;
    for (let attempt = 1; attempt <= tries; attempt += 1) {
      try {
        return await once(call, schema);
      } catch (error) {
        if (error instanceof PaystackRefusal) throw error;
      }
    }
    throw new AppError('PAYMENT_UNAVAILABLE', PAYSTACK_UNAVAILABLE_MESSAGE);
  }

  return {
    initialize: (body: {
      email: string;
      amount: number;
      currency: string;
      reference: string;
      callback_url: string;
      metadata: Record<string, unknown>;
    }) =>
      request(
        { method: 'POST', path: '/transaction/initialize', body, idempotent: false },
        z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
      ),
    verify: (reference: string) =>
      request({ method: 'GET', path: `/transaction/verify/${encodeURIComponent(reference)}`, idempotent: true }, paystackTransactionSchema),
    chargeAuthorization: (body: { email: string; amount: number; currency: string; authorization_code: string; reference: string }) =>
      request({ method: 'POST', path: '/transaction/charge_authorization', body, idempotent: false }, paystackTransactionSchema),
    /** PayStack takes no reference of ours for a refund: `merchant_note` carries our movement's key, for `listRefunds` to find it again. */
    refund: (body: { transaction: string; amount: number; currency: string; merchant_note: string }) =>
      request(
        { method: 'POST', path: '/refund', body, idempotent: false },
        z.object({ id: z.number().int(), status: z.string().nullish() }),
      ),
    /**
     * Refunds made since `from` (ISO date-time), newest first: PayStack documents no filter by
     * transaction, so a lost refund is found by its transaction's reference and our note.
     */
    listRefunds: (query: { from: string; page: number }) =>
      request(
        { method: 'GET', path: `/refund?perPage=100&page=${query.page}&from=${encodeURIComponent(query.from)}`, idempotent: true },
        z.array(paystackRefundSchema),
      ),
  };
}

export type PaystackClient = ReturnType<typeof paystackClient>;

/** A timeout, a lost connection, a 5xx or a garbled answer: worth one more try of an idempotent call. */
class TransientFailure extends Error {}
