import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { CardType } from '@hotel/domain/cards';
import type { StripeConfig } from '../config';
import { AppError } from '../errors';
import { GUEST_PAYMENT_MESSAGES } from './guest-payment-messages';
import {
  WebhookSignatureError,
  type AuthorisationRequest,
  type AuthorisationResult,
  type CardSummary,
  type ChargeResult,
  type DeclineCode,
  type MovementLookup,
  type MovementQuery,
  type PaymentGateway,
  type RefundResult,
  type WebhookEvent,
} from './payment-gateway';
import { PAYMENT_UNAVAILABLE_MESSAGE } from './payment-unavailable';
import { stripeAmount } from './stripe-amounts';

export const STRIPE_GATEWAY_NAME = 'stripe';

/**
 * The Stripe API version every call is made with, pinned: a Stripe account's default version
 * changes when its owner upgrades it in the dashboard, and the shapes read here must not.
 * It is the version of the `stripe` package in apps/api/package.json (its OPENAPI_VERSION).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * A capture Stripe refuses because the PaymentIntent holds nothing any more, for the hotel: it
 * was released, or Stripe let it go after about seven days.
 */
export const HOLD_GONE_MESSAGE =
  'Stripe no longer holds this payment: the hold was released, or ran out (Stripe keeps one for about seven days). Nothing was captured. Please take the payment another way.';

/** How far a webhook's signed time may be from ours (seconds): Stripe's own default. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const brands: Readonly<Record<string, CardType>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  discover: 'discover',
  diners: 'diners',
  jcb: 'jcb',
  unionpay: 'unionpay',
};

/**
 * A kept card is the Stripe customer and the payment method attached to it, `cus_...:pm_...`:
 * what an off-session charge needs, and nothing a thief could pay with elsewhere.
 */
const tokenOf = (customer: string, paymentMethod: string) => `${customer}:${paymentMethod}`;
const tokenPattern = /^(cus_[A-Za-z0-9_]+):(pm_[A-Za-z0-9_]+)$/;

function parseToken(token: string): { customer: string; paymentMethod: string } | undefined {
  const match = tokenPattern.exec(token);
  return match ? { customer: match[1]!, paymentMethod: match[2]! } : undefined;
}

const noCard = { brand: null, last4: null, expiryMonth: null, expiryYear: null };

function summaryOf(paymentMethod: string | Stripe.PaymentMethod | null): CardSummary | undefined {
  const card = typeof paymentMethod === 'object' ? paymentMethod?.card : undefined;
  const brand = card && brands[card.brand];
  if (!card || !brand) return undefined;
  return { brand, last4: card.last4, expiryMonth: card.exp_month, expiryYear: card.exp_year };
}

/** Stripe's reasons (error `code`, or the issuer's `decline_code`) as ours and the guest's sentence. */
function declineOf(error: { code?: string | undefined; decline_code?: string | undefined } | null | undefined): {
  declineCode: DeclineCode;
  declineMessage: string;
} {
  const reason = error?.decline_code ?? error?.code;
  switch (reason) {
    case 'insufficient_funds':
      return { declineCode: 'insufficient_funds', declineMessage: GUEST_PAYMENT_MESSAGES.insufficientFunds };
    case 'authentication_required':
      return { declineCode: 'authentication_required', declineMessage: GUEST_PAYMENT_MESSAGES.authenticationRequired };
    case 'expired_card':
      return { declineCode: 'expired_card', declineMessage: GUEST_PAYMENT_MESSAGES.expired };
    case 'incorrect_cvc':
      return { declineCode: 'card_declined', declineMessage: GUEST_PAYMENT_MESSAGES.incorrectCvc };
    case 'payment_intent_authentication_failure':
      return { declineCode: 'card_declined', declineMessage: GUEST_PAYMENT_MESSAGES.challengeFailed };
    case 'resource_missing':
      return { declineCode: 'unknown_card', declineMessage: GUEST_PAYMENT_MESSAGES.unreadableCard };
    default:
      return { declineCode: 'card_declined', declineMessage: GUEST_PAYMENT_MESSAGES.declined };
  }
}

/**
 * No answer from Stripe: it could not be reached, answered 5xx/429, or another request with the
 * same key was still being done (409), after the SDK's retries (each with the same idempotency
 * key, so a call that did go through is not made twice). The movement stays pending for a retry
 * or the reconciler. Anything else Stripe refuses is the caller's.
 */
function unavailable(error: unknown): never {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    (error instanceof Stripe.errors.StripeError && error.statusCode === 409)
  ) {
    throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_UNAVAILABLE_MESSAGE);
  }
  throw error;
}

/** A refusal Stripe answers with an error (402 card_error, or 400 for a payment method it cannot use). */
function refusalOf(error: unknown): (Stripe.errors.StripeCardError | Stripe.errors.StripeInvalidRequestError) | undefined {
  // A 409 is another request with the same key still being done (a client's retry racing its
  // first request): no answer yet, never a refusal, or a payment being made would be undone.
  if (error instanceof Stripe.errors.StripeError && error.statusCode === 409) return undefined;
  return error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError ? error : undefined;
}

/** The events that settle a payment waiting for the guest's bank, and how. */
const settlingEvents = new Set([
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  // A refund can fail after it was made (the card closed meanwhile): the money is the guest's again.
  'refund.failed',
]);

export type StripeGatewayOptions = {
  /** The site's public address: Stripe sends the guest back to `publicUrl + returnUrl` after 3-D Secure. */
  publicUrl: string;
};

/**
 * Stripe behind the PaymentGateway interface, with the official SDK. Cards come in as payment
 * methods Stripe's Payment Element made in the browser: a booking's authorisation is a
 * PaymentIntent confirmed at once for a customer of its own, the card kept (setup_future_usage
 * off_session) so an amendment's difference can be charged later without the guest.
 */
export function createStripeGateway(config: StripeConfig, options: StripeGatewayOptions): PaymentGateway {
  const api = config.apiUrl;
  const stripe = new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Retried with the same idempotency key, with the SDK's backoff, before the guest hears of it.
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    timeout: config.timeoutMs ?? 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
    appInfo: { name: 'hotel-booking-engine' },
  });
  const absolute = (path: string) => new URL(path, `${options.publicUrl}/`).toString();

  async function authorisationOf(intent: Stripe.PaymentIntent, token: string | null): Promise<AuthorisationResult> {
    const summary = summaryOf(intent.payment_method);
    if (intent.status === 'succeeded' || intent.status === 'requires_capture') {
      if (!summary || !token) throw new Error(`Stripe PaymentIntent ${intent.id} has no card payment method`);
      return { status: 'authorised', gatewayReference: intent.id, cardToken: token, ...summary };
    }
    if (intent.status === 'requires_action' && intent.next_action?.redirect_to_url?.url) {
      if (!summary || !token) throw new Error(`Stripe PaymentIntent ${intent.id} has no card payment method`);
      return {
        status: 'requires_action',
        gatewayReference: intent.id,
        challengeUrl: intent.next_action.redirect_to_url.url,
        cardToken: token,
        ...summary,
      };
    }
    // requires_action without a redirect (a flow this server cannot send the guest to) is released, not left hanging.
    if (intent.status === 'requires_action') await stripe.paymentIntents.cancel(intent.id).catch(unavailable);
    const { declineMessage } = declineOf(intent.last_payment_error);
    return { status: 'declined', gatewayReference: intent.id, declineMessage, ...(summary ?? noCard) };
  }

  /**
   * The PaymentIntent a movement made (an authorisation or charge): by its id when known, else by
   * its metadata. An id may come from a report (a webhook, the guest's return), so the intent
   * must carry the movement's key; movements recorded before keys existed (`legacy-`) know their
   * intent's id from their own records.
   */
  async function intentOf(query: MovementQuery): Promise<Stripe.PaymentIntent | undefined> {
    if (query.gatewayReference?.startsWith('pi_')) {
      const intent = await stripe.paymentIntents.retrieve(query.gatewayReference, { expand: ['payment_method'] });
      const ours = intent.metadata?.movement === query.idempotencyKey || query.idempotencyKey.startsWith('legacy-');
      return ours ? intent : undefined;
    }
    // Stripe's search sees a new object within about a minute; the reconciler asks only after that.
    const found = await stripe.paymentIntents.search({
      query: `metadata['movement']:'${query.idempotencyKey}'`,
      expand: ['data.payment_method'],
    });
    return found.data[0];
  }

  async function lookupMovement(query: MovementQuery): Promise<MovementLookup> {
    switch (query.kind) {
      case 'authorisation':
      case 'charge': {
        const intent = await intentOf(query);
        if (!intent) return { status: 'not_found' };
        const summary = summaryOf(intent.payment_method) ?? null;
        const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
        const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
        const cardToken = customer && method ? tokenOf(customer, method) : null;
        switch (intent.status) {
          case 'succeeded':
          case 'requires_capture':
            return { status: 'succeeded', gatewayReference: intent.id, card: summary, cardToken };
          case 'requires_action':
            return {
              status: 'requires_action',
              gatewayReference: intent.id,
              challengeUrl: intent.next_action?.redirect_to_url?.url ?? null,
            };
          case 'processing':
          case 'requires_confirmation':
            return { status: 'pending' };
          default:
            return { status: 'failed', gatewayReference: intent.id, ...declineOf(intent.last_payment_error) };
        }
      }
      case 'refund': {
        if (!query.target) return { status: 'not_found' };
        const refunds = await stripe.refunds.list({ payment_intent: query.target, limit: 100 });
        const refund = refunds.data.find((candidate) => candidate.metadata?.movement === query.idempotencyKey);
        if (!refund) return { status: 'not_found' };
        if (refund.status === 'failed' || refund.status === 'canceled')
          return {
            status: 'failed',
            gatewayReference: refund.id,
            declineCode: 'card_declined',
            declineMessage: GUEST_PAYMENT_MESSAGES.declined,
          };
        return { status: 'succeeded', gatewayReference: refund.id, card: null, cardToken: null };
      }
      case 'capture':
      case 'void': {
        if (!query.target) return { status: 'not_found' };
        const intent = await stripe.paymentIntents.retrieve(query.target);
        const done = query.kind === 'capture' ? intent.status === 'succeeded' : intent.status === 'canceled';
        if (done) return { status: 'succeeded', gatewayReference: intent.id, card: null, cardToken: null };
        // Still held: the call never reached Stripe. Anything else: the hold can no longer be captured or released.
        if (intent.status === 'requires_capture' || intent.status === 'requires_action' || intent.status === 'requires_payment_method')
          return { status: 'not_found' };
        return { status: 'failed', gatewayReference: intent.id, declineCode: 'card_declined', declineMessage: HOLD_GONE_MESSAGE };
      }
    }
  }

  return {
    name: STRIPE_GATEWAY_NAME,

    async authorise(request: AuthorisationRequest): Promise<AuthorisationResult> {
      const { card } = request;
      if ('number' in card) throw new RangeError('a Stripe property takes payment methods, never card numbers');
      const kept = 'token' in card ? parseToken(card.token) : undefined;
      if ('token' in card && !kept) {
        return {
          status: 'declined',
          gatewayReference: `declined:${randomUUID()}`,
          declineMessage: GUEST_PAYMENT_MESSAGES.unknownToken,
          ...noCard,
        };
      }
      // The movement's key: a retried call is the same call at Stripe, and `lookup` finds it by its metadata.
      const movement = request.idempotencyKey;
      try {
        const customer =
          kept?.customer ??
          (await stripe.customers.create({ metadata: { reservation: request.reference } }, { idempotencyKey: `${movement}:customer` })).id;
        const paymentMethod = kept?.paymentMethod ?? ('paymentMethodId' in card ? card.paymentMethodId : '');
        const intent = await stripe.paymentIntents.create(
          {
            amount: stripeAmount(request.amount, request.currency),
            currency: request.currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            confirm: true,
            capture_method: request.captureMethod ?? 'automatic',
            // A new card is kept for the booking's later differences; a saved one already is.
            ...(kept ? {} : { setup_future_usage: 'off_session' as const }),
            ...(request.returnUrl === undefined ? {} : { return_url: absolute(request.returnUrl) }),
            description: `Reservation ${request.reference}`,
            metadata: { reservation: request.reference, movement },
            expand: ['payment_method'],
          },
          { idempotencyKey: movement },
        );
        return await authorisationOf(intent, tokenOf(customer, paymentMethod));
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) unavailable(error);
        const intent = refusal.payment_intent;
        // A card error names the refused card in its own payment_method.
        const summary = summaryOf(refusal.payment_method ?? intent?.payment_method ?? null);
        return {
          status: 'declined',
          gatewayReference: intent?.id ?? `declined:${randomUUID()}`,
          declineMessage: declineOf(refusal).declineMessage,
          ...(summary ?? noCard),
        };
      }
    },

    async tokenise() {
      // A Stripe card is kept by the booking's own PaymentIntent (setup_future_usage), never from typed details.
      return { status: 'declined', declineMessage: GUEST_PAYMENT_MESSAGES.unreadableCard };
    },

    async charge(request): Promise<ChargeResult> {
      const kept = parseToken(request.cardToken);
      if (!kept)
        return {
          status: 'declined',
          gatewayReference: `declined:${randomUUID()}`,
          declineCode: 'unknown_card',
          declineMessage: GUEST_PAYMENT_MESSAGES.unknownToken,
        };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: stripeAmount(request.amount, request.currency),
            currency: request.currency.toLowerCase(),
            customer: kept.customer,
            payment_method: kept.paymentMethod,
            off_session: true,
            confirm: true,
            description: `Reservation ${request.reference}: change`,
            metadata: { reservation: request.reference, movement: request.idempotencyKey },
            expand: ['payment_method'],
          },
          // The movement's key: the SDK's retries and ours reuse it; a second change is a second movement.
          { idempotencyKey: request.idempotencyKey },
        );
        const summary = summaryOf(intent.payment_method);
        if (intent.status === 'succeeded' && summary) return { status: 'charged', gatewayReference: intent.id, ...summary };
        return { status: 'declined', gatewayReference: intent.id, ...declineOf(intent.last_payment_error) };
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) unavailable(error);
        return { status: 'declined', gatewayReference: refusal.payment_intent?.id ?? `declined:${randomUUID()}`, ...declineOf(refusal) };
      }
    },

    async refund(request): Promise<RefundResult> {
      const intentId = request.payment.gatewayReference;
      try {
        // A held PaymentIntent is never refunded: the booking module releases or captures it instead.
        const refund = await stripe.refunds.create(
          {
            payment_intent: intentId,
            amount: stripeAmount(request.amount, request.currency),
            metadata: { reservation: request.reference, movement: request.idempotencyKey },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return {
            status: 'declined',
            gatewayReference: refund.id,
            declineCode: 'card_declined',
            declineMessage: GUEST_PAYMENT_MESSAGES.declined,
          };
        }
        return { status: 'refunded', gatewayReference: refund.id };
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) unavailable(error);
        const exceeds = refusal.code === 'charge_already_refunded' || refusal.code === 'amount_too_large' || refusal.param === 'amount';
        return exceeds
          ? {
              status: 'declined',
              gatewayReference: `declined:${randomUUID()}`,
              declineCode: 'refund_exceeds_payment',
              declineMessage: GUEST_PAYMENT_MESSAGES.refundExceedsPayment,
            }
          : { status: 'declined', gatewayReference: `declined:${randomUUID()}`, ...declineOf(refusal) };
      }
    },

    async capture(request) {
      try {
        await stripe.paymentIntents.capture(
          request.gatewayReference,
          { amount_to_capture: stripeAmount(request.amount, request.currency) },
          { idempotencyKey: request.idempotencyKey },
        );
        return { status: 'captured', gatewayReference: request.gatewayReference };
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) unavailable(error);
        const declineMessage = refusal.code === 'payment_intent_unexpected_state' ? HOLD_GONE_MESSAGE : declineOf(refusal).declineMessage;
        return { status: 'declined', gatewayReference: request.gatewayReference, declineMessage };
      }
    },

    // Releases what a PaymentIntent holds (a manual capture's hold, or a 3-D Secure check left
    // unanswered): it is canceled. One already taken is not voided but refunded, a movement of its own.
    async void({ gatewayReference, idempotencyKey }) {
      try {
        await stripe.paymentIntents.cancel(gatewayReference, {}, { idempotencyKey });
        return { status: 'voided', gatewayReference };
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) unavailable(error);
        if (refusal.payment_intent?.status === 'canceled') return { status: 'voided', gatewayReference };
        return { status: 'declined', gatewayReference, declineMessage: refusal.message };
      }
    },

    async lookup(query: MovementQuery): Promise<MovementLookup> {
      try {
        return await lookupMovement(query);
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal?.code === 'resource_missing') return { status: 'not_found' };
        return unavailable(error);
      }
    },

    webhooks: {
      read(rawBody, headers): WebhookEvent {
        const signature = headers['stripe-signature'];
        if (!config.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set: no event can be verified');
        if (typeof signature !== 'string') throw new WebhookSignatureError('The Stripe-Signature header is missing');
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
        } catch (error) {
          throw new WebhookSignatureError(error instanceof Error ? error.message : 'The signature does not match');
        }
        if (!settlingEvents.has(event.type)) return { id: event.id, type: event.type, names: null };
        // A PaymentIntent or a Refund: each carries the key of the movement that made it.
        const object = event.data.object as Stripe.PaymentIntent | Stripe.Refund;
        return {
          id: event.id,
          type: event.type,
          names: { idempotencyKey: object.metadata?.movement ?? null, gatewayReference: object.id },
        };
      },
    },
  };
}
