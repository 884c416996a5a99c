import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cardTypeNamed } from '@hotel/domain/cards';
import type { Minor } from '@hotel/domain/money';
import { AppError } from '../../errors';
import {
  type AuthorisationRequest,
  type AuthorisationResult,
  type CaptureRequest,
  type CaptureResult,
  type CardSummary,
  type ChargeRequest,
  type ChargeResult,
  type DeclineCode,
  type MovementLookup,
  type MovementQuery,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type TokenisationResult,
  type VoidRequest,
  type VoidResult,
} from '../payment-gateway';
import { isSameOriginPath, sealReturnUrl } from '../return-url';
import {
  isPaystackCurrency,
  paystackClient,
  PaystackRefusal,
  paystackTransactionSchema,
  type PaystackClientOptions,
  type PaystackTransaction,
} from './paystack-api';

export const PAYSTACK_GATEWAY_NAME = 'paystack';
/** Where PayStack sends the guest back (callback_url): our return route, which verifies and then redirects to the booking. */
export const PAYSTACK_RETURN_PATH = '/api/Payments/PayStack/Return';

export const PAYSTACK_MESSAGES = {
  notCompleted: 'Your PayStack payment was not completed. Please try again or choose another way to pay.',
  failed: 'PayStack could not take your payment. Please try again, use another card or contact your bank.',
  amountMismatch: 'PayStack reported a payment that does not match this booking, so it was not accepted. Please contact the hotel.',
  noReusableCard:
    'The card paid with through PayStack cannot be charged again without you. Please contact the hotel to pay the difference.',
  chargeDeclined: 'PayStack declined the charge to your card. Please contact the hotel to pay the difference.',
  insufficientFunds: 'Your card has insufficient funds for this change. Please contact the hotel to pay the difference.',
  refundExceedsPayment: 'A refund cannot be more than the payment took, less what has already been refunded of it.',
  refundRefused: 'PayStack refused the refund. Please contact the hotel.',
  alreadyPaid: 'PayStack has taken this payment already: it can only be refunded.',
} as const;

/** A PayStack webhook delivery as our ledger records it. */
export type PaystackWebhookEvent = {
  /** Unique per provider: the ledger `payment_webhook_events` keeps it so a redelivery is acknowledged and not acted on. */
  id: string;
  type: string;
  gatewayReference: string | null;
  outcome: 'authorised' | 'declined' | 'ignored';
  declineMessage?: string;
  /** Of refund.failed: the transaction a refund of ours failed on (PayStack names no refund of ours in the event). */
  refundFailedOn?: string;
};

/** A PayStack transaction read for settlement: what it came to, and the card when it was paid. */
export type PaystackSettlement =
  | { outcome: 'succeeded'; reference: string; amount: Minor; currency: string; card: CardSummary | null; cardToken: string | null }
  | { outcome: 'failed'; reference: string; failureReason: string }
  | { outcome: 'abandoned'; reference: string }
  | { outcome: 'pending'; reference: string };

export class ForgedWebhookError extends Error {}

const referencePattern = /^[A-Za-z0-9.=-]{1,100}$/;

/**
 * Our transaction reference: the movement's idempotency key (the reservation number and a random
 * tail). PayStack refuses a reference it has seen, so a second call with it cannot take money
 * twice, and `verify` finds what became of it.
 */
const referenceOf = (idempotencyKey: string) => {
  if (!referencePattern.test(idempotencyKey)) throw new RangeError('a PayStack reference takes letters, digits, ".", "=" and "-" only');
  return idempotencyKey;
};

export function isPaystackReference(reference: string): boolean {
  return referencePattern.test(reference);
}

/**
 * The card token we keep for an off-session charge: PayStack's authorization code with the
 * customer's e-mail address, which charge_authorization needs beside it. Kept only when PayStack
 * marks the authorization reusable.
 */
const tokenOf = (authorizationCode: string, email: string) => `${authorizationCode}|${email}`;
function readToken(token: string): { authorizationCode: string; email: string } | undefined {
  const bar = token.indexOf('|');
  if (bar <= 0 || !token.startsWith('AUTH_')) return undefined;
  return { authorizationCode: token.slice(0, bar), email: token.slice(bar + 1) };
}

/**
 * A transaction as the answer about its movement. A checkout started and not paid is `still
 * open` when PayStack is asked about it (the guest may still pay on its page), and a failure
 * once the guest is back from it without paying.
 */
export function lookupOf(settled: PaystackSettlement, abandoned: 'still open' | 'not paid'): MovementLookup {
  switch (settled.outcome) {
    case 'succeeded':
      // What PayStack took, which the booking module checks against what it asked for.
      return {
        status: 'succeeded',
        gatewayReference: settled.reference,
        card: settled.card,
        cardToken: settled.cardToken,
        amount: settled.amount,
      };
    case 'failed':
      return { status: 'failed', gatewayReference: settled.reference, declineCode: 'card_declined', declineMessage: settled.failureReason };
    case 'abandoned':
      return abandoned === 'still open'
        ? { status: 'requires_action', gatewayReference: settled.reference, challengeUrl: null }
        : {
            status: 'failed',
            gatewayReference: settled.reference,
            declineCode: 'card_declined',
            declineMessage: PAYSTACK_MESSAGES.notCompleted,
          };
    case 'pending':
      return { status: 'pending' };
  }
}

/** Reads a transaction PayStack answered (verify) or announced (charge.success) as what it means for our payment. */
export function settlementOf(transaction: PaystackTransaction): PaystackSettlement {
  const { reference } = transaction;
  switch (transaction.status) {
    case 'success': {
      const auth = transaction.authorization;
      const brand = cardTypeNamed(auth?.card_type ?? auth?.brand ?? '');
      const last4 = auth?.last4 && /^\d{4}$/.test(auth.last4) ? auth.last4 : null;
      const month = Number(auth?.exp_month);
      const year = Number(auth?.exp_year);
      const card =
        brand && last4 && Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year)
          ? { brand, last4, expiryMonth: month, expiryYear: year }
          : null;
      const email = transaction.customer?.email;
      const cardToken = auth?.reusable && auth.authorization_code && email ? tokenOf(auth.authorization_code, email) : null;
      return { outcome: 'succeeded', reference, amount: transaction.amount, currency: transaction.currency, card, cardToken };
    }
    case 'failed':
    case 'reversed':
      return { outcome: 'failed', reference, failureReason: PAYSTACK_MESSAGES.failed };
    case 'abandoned':
      // Started and not paid: the guest may still pay on the checkout page, or has left it.
      return { outcome: 'abandoned', reference };
    default:
      // ongoing, pending, processing, queued, send_otp...: PayStack has not decided yet.
      return { outcome: 'pending', reference };
  }
}

export type PaystackGatewayOptions = PaystackClientOptions & {
  /** Our public address: PayStack sends the guest back to it. */
  publicUrl: string;
  /** The only origin an authorization_url may have (https://checkout.paystack.com). */
  checkoutOrigin: string;
  /** Seals the booking's return path into callback_url (return-url.ts). */
  linkSecret: string;
};

export type PaystackCheckoutRequest = {
  /** The movement's key: the transaction's reference. */
  idempotencyKey: string;
  amount: Minor;
  currency: string;
  /** Ours, e.g. the reservation number, for PayStack's metadata. */
  reference: string;
  email: string;
  /** A path on this site: the booking's Status page. */
  returnUrl: string;
};

/**
 * PayStack behind the PaymentGateway interface. PayStack takes card details on its own hosted
 * checkout only, so a booking starts with `startCheckout` (the guest is sent to PayStack's page,
 * as to a 3-D Secure challenge) and is settled when the guest comes back (`verify`) or PayStack's
 * webhook says so (`parseWebhook`), whichever comes first. `charge` and `refund` move money
 * after booking with PayStack's reusable authorization and its refunds.
 */
export function createPaystackGateway(options: PaystackGatewayOptions) {
  const api = paystackClient(options);

  const assertAmount = (amount: number, currency: string) => {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer of minor units');
    if (!isPaystackCurrency(currency)) throw new RangeError(`PayStack does not take ${currency}`);
  };

  /** The transaction behind a reference, as PayStack has it now (tried again on a timeout or 5xx). */
  async function verify(reference: string): Promise<PaystackSettlement> {
    return settlementOf(await api.verify(reference));
  }

  /** PayStack would not start the checkout (the account's setup, not the guest's card): nothing was taken, the booking is released. */
  const refusedToStart = (declineMessage: string): AuthorisationResult => ({
    status: 'declined',
    gatewayReference: '',
    declineCode: 'provider_refused',
    declineMessage,
    brand: null,
    last4: null,
    expiryMonth: null,
    expiryYear: null,
  });

  async function startCheckout(request: PaystackCheckoutRequest): Promise<AuthorisationResult> {
    assertAmount(request.amount, request.currency);
    if (!isSameOriginPath(request.returnUrl)) throw new RangeError('returnUrl must be a path on this site');
    const reference = referenceOf(request.idempotencyKey);
    const back = `${options.publicUrl}${PAYSTACK_RETURN_PATH}?r=${sealReturnUrl(options.linkSecret, reference, request.returnUrl)}`;
    let checkout: { authorization_url: string };
    try {
      checkout = await api.initialize({
        email: request.email,
        amount: request.amount,
        currency: request.currency,
        reference,
        callback_url: back,
        // PayStack's checkout sends a guest who cancels to cancel_action as it is: back to us too, with the
        // reference callback_url would have been given, so the rooms are released at once.
        metadata: { cancel_action: `${back}&reference=${encodeURIComponent(reference)}`, booking: request.reference },
      });
    } catch (error) {
      // A refusal of a well-formed initialize is the account's setup (currency not enabled, key revoked), not the guest's.
      if (error instanceof PaystackRefusal) return refusedToStart(`PayStack refused to start the payment: ${error.message}`);
      // No answer: a checkout PayStack may have started takes no money until the guest pays on its
      // page, which they cannot reach without its address, so the booking need not wait for it.
      if (error instanceof AppError && error.code === 'PAYMENT_UNAVAILABLE') return refusedToStart(error.message);
      throw error;
    }
    if (!isCheckoutAddress(checkout.authorization_url))
      return refusedToStart('PayStack answered a checkout address we do not send guests to.');
    return {
      status: 'requires_action',
      gatewayReference: reference,
      challengeUrl: checkout.authorization_url,
      cardToken: null,
      brand: null,
      last4: null,
      expiryMonth: null,
      expiryYear: null,
    };
  }

  function isCheckoutAddress(url: string): boolean {
    try {
      return new URL(url).origin === options.checkoutOrigin;
    } catch {
      return false;
    }
  }

  async function charge(request: ChargeRequest): Promise<ChargeResult> {
    assertAmount(request.amount, request.currency);
    const reference = referenceOf(request.idempotencyKey);
    const token = readToken(request.cardToken);
    const declined = (declineCode: DeclineCode, declineMessage: string): ChargeResult => ({
      status: 'declined',
      gatewayReference: reference,
      declineCode,
      declineMessage,
    });
    if (!token) return declined('unknown_card', PAYSTACK_MESSAGES.noReusableCard);
    let answer: PaystackTransaction;
    try {
      answer = await api.chargeAuthorization({
        email: token.email,
        amount: request.amount,
        currency: request.currency,
        authorization_code: token.authorizationCode,
        reference,
      });
    } catch (error) {
      if (error instanceof PaystackRefusal) return declined('card_declined', PAYSTACK_MESSAGES.chargeDeclined);
      throw error;
    }
    const settled = settlementOf(answer);
    if (settled.outcome === 'succeeded' && settled.amount === request.amount && settled.card) {
      return { status: 'charged', gatewayReference: reference, ...settled.card };
    }
    if (/insufficient/i.test(answer.gateway_response ?? '')) return declined('insufficient_funds', PAYSTACK_MESSAGES.insufficientFunds);
    // "send_otp", "pending": PayStack wants the card holder, who is not here for an amendment.
    if (settled.outcome === 'pending') return declined('authentication_required', PAYSTACK_MESSAGES.noReusableCard);
    return declined('card_declined', PAYSTACK_MESSAGES.chargeDeclined);
  }

  async function refund(request: RefundRequest): Promise<RefundResult> {
    assertAmount(request.amount, request.currency);
    const { payment } = request;
    const refused = (declineCode: DeclineCode, declineMessage: string): RefundResult => ({
      status: 'declined',
      gatewayReference: `refund-refused-${randomBytes(8).toString('hex')}`,
      declineCode,
      declineMessage,
    });
    if (request.amount > payment.amount - payment.refunded)
      return refused('refund_exceeds_payment', PAYSTACK_MESSAGES.refundExceedsPayment);
    try {
      const answer = await api.refund({
        transaction: payment.gatewayReference,
        amount: request.amount,
        currency: request.currency,
        merchant_note: request.idempotencyKey,
      });
      // PayStack pays a refund out over days (pending, processing, processed): accepted is what we record.
      return { status: 'refunded', gatewayReference: `refund-${answer.id}` };
    } catch (error) {
      if (error instanceof PaystackRefusal) return refused('card_declined', PAYSTACK_MESSAGES.refundRefused);
      throw error;
    }
  }

  /**
   * A webhook delivery as PayStack signs it: `x-paystack-signature` is the HMAC-SHA512 of the
   * raw body with the secret key, compared in constant time. Throws ForgedWebhookError when it
   * does not match or the body is not PayStack's JSON. `settlement` is what the event means for
   * our payment (charge.success only: PayStack documents no event for a failed card payment).
   */
  function parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): { event: PaystackWebhookEvent; settlement: PaystackSettlement | null } {
    const given = headers['x-paystack-signature'];
    const expected = createHmac('sha512', options.secretKey).update(rawBody).digest();
    const signature = typeof given === 'string' && /^[0-9a-f]{128}$/i.test(given) ? Buffer.from(given, 'hex') : undefined;
    if (!signature || !timingSafeEqual(signature, expected)) throw new ForgedWebhookError('The PayStack signature does not match');
    let body: { event?: unknown; data?: unknown };
    try {
      body = JSON.parse(rawBody.toString('utf8')) as typeof body;
    } catch {
      throw new ForgedWebhookError('The PayStack event is not JSON');
    }
    const type = typeof body.event === 'string' ? body.event : 'unknown';
    const data = (body.data ?? {}) as { id?: unknown; reference?: unknown };
    const reference = typeof data.reference === 'string' ? data.reference : null;
    // PayStack's events carry no id of their own: the event name with its transaction's id (or reference) names one.
    const id = `${type}:${typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : (reference ?? createHash('sha256').update(rawBody).digest('hex'))}`;
    if (type === 'refund.failed') {
      const refunded = (body.data as { transaction_reference?: unknown }).transaction_reference;
      const refundFailedOn = typeof refunded === 'string' ? refunded : undefined;
      return {
        event: { id, type, gatewayReference: null, outcome: 'ignored', ...(refundFailedOn && { refundFailedOn }) },
        settlement: null,
      };
    }
    if (type !== 'charge.success') return { event: { id, type, gatewayReference: reference, outcome: 'ignored' }, settlement: null };
    const transaction = paystackTransactionSchema.safeParse(body.data);
    if (!transaction.success) return { event: { id, type, gatewayReference: reference, outcome: 'ignored' }, settlement: null };
    const settlement = settlementOf(transaction.data);
    const outcome = settlement.outcome === 'succeeded' ? 'authorised' : settlement.outcome === 'failed' ? 'declined' : 'ignored';
    return {
      event: {
        id,
        type,
        gatewayReference: transaction.data.reference,
        outcome,
        ...(settlement.outcome === 'failed' ? { declineMessage: settlement.failureReason } : {}),
      },
      settlement,
    };
  }

  /**
   * A refund whose answer was lost, found again: PayStack has no idempotency for refunds (a second
   * POST refunds twice), so the reconciler asks before it refunds again. Our key is the refund's
   * merchant note; the list is searched from a day before the movement (its pages newest first).
   */
  async function lookupRefund(query: MovementQuery): Promise<MovementLookup> {
    const from = new Date(query.createdAt.getTime() - 24 * 60 * 60 * 1000).toISOString();
    for (let page = 1; page <= 20; page += 1) {
      const refunds = await api.listRefunds({ from, page });
      const found = refunds.find(
        (refund) =>
          refund.merchant_note === query.idempotencyKey && (query.target === null || refund.transaction_reference === query.target),
      );
      if (found) {
        return found.status === 'failed'
          ? {
              status: 'failed',
              gatewayReference: `refund-${found.id}`,
              declineCode: 'card_declined',
              declineMessage: PAYSTACK_MESSAGES.refundRefused,
            }
          : { status: 'succeeded', gatewayReference: `refund-${found.id}`, card: null, cardToken: null };
      }
      if (refunds.length < 100) break;
    }
    return { status: 'not_found' };
  }

  /** What PayStack did with a movement whose answer was lost: its transaction by reference (our key), or its refund. */
  async function lookup(query: MovementQuery): Promise<MovementLookup> {
    if (query.kind === 'capture' || query.kind === 'void') {
      // Nothing is held at PayStack, so neither reaches it: asking again is the same no-op.
      return { status: 'not_found' };
    }
    if (query.kind === 'refund') return lookupRefund(query);
    let settled: PaystackSettlement;
    try {
      settled = await verify(query.idempotencyKey);
    } catch (error) {
      if (error instanceof PaystackRefusal && error.httpStatus === 400) return { status: 'not_found' };
      throw error;
    }
    return lookupOf(settled, 'still open');
  }

  const gateway = {
    name: PAYSTACK_GATEWAY_NAME,

    /**
     * With a saved card's token, an on-session charge of its reusable authorization. Card
     * details never come to us at a PayStack property: the guest types them on PayStack's page.
     */
    async authorise(request: AuthorisationRequest): Promise<AuthorisationResult> {
      if (!('token' in request.card)) throw new RangeError('PayStack takes a new card on its own checkout page: use startCheckout');
      const result = await charge({
        idempotencyKey: request.idempotencyKey,
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
        cardToken: request.card.token,
      });
      if (result.status === 'charged') {
        const { gatewayReference, brand, last4, expiryMonth, expiryYear } = result;
        return { status: 'authorised', gatewayReference, cardToken: request.card.token, brand, last4, expiryMonth, expiryYear };
      }
      return {
        status: 'declined',
        gatewayReference: result.gatewayReference,
        declineMessage: result.declineMessage,
        brand: null,
        last4: null,
        expiryMonth: null,
        expiryYear: null,
      };
    },

    async tokenise(): Promise<TokenisationResult> {
      // A reusable authorization comes from a paid transaction, never from card details typed here.
      return { status: 'declined', declineMessage: 'Cards are saved through a PayStack payment, not typed here.' };
    },

    charge,
    refund,

    /** PayStack takes the money when the guest pays: there is no held amount to capture. */
    async capture(request: CaptureRequest): Promise<CaptureResult> {
      return { status: 'captured', gatewayReference: request.gatewayReference };
    },

    /**
     * Nothing is held at PayStack: a checkout the guest has not paid is left to expire (one paid
     * later is reported by the webhook, and given back as a refund). A transaction already paid
     * cannot be voided: the booking module refunds it, a movement of its own.
     */
    async void({ gatewayReference }: VoidRequest): Promise<VoidResult> {
      const settled = await verify(gatewayReference);
      if (settled.outcome !== 'succeeded') return { status: 'voided', gatewayReference };
      return { status: 'declined', gatewayReference, declineMessage: PAYSTACK_MESSAGES.alreadyPaid };
    },

    lookup,

    startCheckout,
    verify,
    parseWebhook,
  } satisfies PaymentGateway & Record<string, unknown>;
  return gateway;
}

export type PaystackGateway = ReturnType<typeof createPaystackGateway>;
