import { createHash, randomUUID } from 'node:crypto';
import { detectCardType, isExpiryCurrent, isValidCardNumber, normalizeCardNumber, type CardType } from '@hotel/domain/cards';
import { todayIn } from '@hotel/domain/dates';
import type { Clock } from '../app-context';
import {
  isCardDetails,
  type AuthorisationRequest,
  type AuthorisationResult,
  type CaptureRequest,
  type CaptureResult,
  type CardDetails,
  type CardSummary,
  type ChallengeResult,
  type ChargeRequest,
  type ChargeResult,
  type DeclineCode,
  type MovementLookup,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type TokenisationResult,
  type VoidRequest,
  type VoidResult,
} from './payment-gateway';
import { GUEST_PAYMENT_MESSAGES } from './guest-payment-messages';
import { isSameOriginPath, sealReturnUrl } from './return-url';

export const TEST_GATEWAY_NAME = 'test';

/** What a test card does when authorised. */
export type TestCardBehaviour = 'approve' | 'decline' | 'insufficient_funds' | 'challenge';

/** The test cards (docs/test-cards.md lists them for users); any other number is declined. */
export const TEST_CARDS: readonly { number: string; brand: CardType; behaviour: TestCardBehaviour }[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'approve' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'approve' },
  { number: '2223003122003222', brand: 'mastercard', behaviour: 'approve' },
  { number: '378282246310005', brand: 'amex', behaviour: 'approve' },
  { number: '6011111111111117', brand: 'discover', behaviour: 'approve' },
  { number: '3056930009020004', brand: 'diners', behaviour: 'approve' },
  { number: '3566002020360505', brand: 'jcb', behaviour: 'approve' },
  { number: '6200000000000005', brand: 'unionpay', behaviour: 'approve' },
  { number: '4000000000000002', brand: 'visa', behaviour: 'decline' },
  { number: '4000000000009995', brand: 'visa', behaviour: 'insufficient_funds' },
  { number: '4000000000003220', brand: 'visa', behaviour: 'challenge' },
];

/** Every message the test gateway declines with, written for the guest: the providers' common ones and its own. */
export const TEST_GATEWAY_MESSAGES = {
  ...GUEST_PAYMENT_MESSAGES,
  invalidNumber: 'Your card number is not valid. Please check it and try again.',
  invalidSecurityCode: 'The security code is not valid. Please check the 3 or 4 digits on your card.',
  invalidExpiry: 'The expiry date is not valid. Please check it and try again.',
  notATestCard:
    'Your card was declined. Payments here go through a test gateway, which accepts only its test card numbers, such as 4242 4242 4242 4242 (Visa) or 5555 5555 5555 4444 (Mastercard): no real card is ever charged.',
} as const;

const behaviourCodes: Record<TestCardBehaviour, string> = { approve: 'a', decline: 'd', insufficient_funds: 'f', challenge: 'c' };
/** `tt_<behaviour>_<brand>_<last4>_<MMYYYY>_<random>`: the token carries what the gateway needs, so it stores nothing. */
const tokenPattern = /^tt_([adfc])_([a-z]+)_(\d{4})_(\d{2})(\d{4})_[0-9a-f]{32}$/;
const referencePattern = /^tg_[0-9a-f]{32}$/;

type CheckedCard =
  { ok: true; summary: CardSummary; behaviour: TestCardBehaviour } | { ok: false; declineMessage: string; declineCode: DeclineCode };

/**
 * 32 hex digits made from a movement's idempotency key (or a card token's seed): the gateway
 * keeps no state, yet a call made again with the same key answers the same reference and
 * token, as a provider replays a call it has seen.
 */
const digest = (seed: string) => createHash('sha256').update(seed).digest('hex').slice(0, 32);
const referenceFor = (idempotencyKey: string) => `tg_${digest(`reference:${idempotencyKey}`)}`;

/** A two-digit year means 20YY, as the domain's expiry check reads it. */
const fullYear = (year: number) => (year < 100 ? 2000 + year : year);

function isCurrent(month: number, year: number, clock: Clock): boolean {
  return isExpiryCurrent(month, year, todayIn(clock.now(), 'UTC'));
}

function checkCardDetails(card: CardDetails, clock: Clock): CheckedCard {
  const number = normalizeCardNumber(card.number);
  const brand = detectCardType(number);
  const refused = (declineMessage: string, declineCode: DeclineCode = 'card_declined'): CheckedCard => ({
    ok: false,
    declineMessage,
    declineCode,
  });
  if (!isValidCardNumber(number) || brand === null) return refused(TEST_GATEWAY_MESSAGES.invalidNumber);
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.securityCode)) return refused(TEST_GATEWAY_MESSAGES.invalidSecurityCode);
  const { expiryMonth: month, expiryYear: year } = card;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 0 || fullYear(year) > 2200) {
    return refused(TEST_GATEWAY_MESSAGES.invalidExpiry);
  }
  if (!isCurrent(month, year, clock)) return refused(TEST_GATEWAY_MESSAGES.expired, 'expired_card');
  const testCard = TEST_CARDS.find((candidate) => candidate.number === number);
  if (!testCard) return refused(TEST_GATEWAY_MESSAGES.notATestCard);
  return {
    ok: true,
    behaviour: testCard.behaviour,
    summary: { brand, last4: number.slice(-4), expiryMonth: month, expiryYear: fullYear(year) },
  };
}

function checkToken(token: string, clock: Clock): CheckedCard {
  const match = tokenPattern.exec(token);
  const behaviour = (Object.keys(behaviourCodes) as TestCardBehaviour[]).find((candidate) => behaviourCodes[candidate] === match?.[1]);
  if (!match || !behaviour) return { ok: false, declineMessage: TEST_GATEWAY_MESSAGES.unknownToken, declineCode: 'unknown_card' };
  const summary = { brand: match[2] as CardType, last4: match[3]!, expiryMonth: Number(match[4]), expiryYear: Number(match[5]) };
  if (!isCurrent(summary.expiryMonth, summary.expiryYear, clock)) {
    return { ok: false, declineMessage: TEST_GATEWAY_MESSAGES.expired, declineCode: 'expired_card' };
  }
  return { ok: true, behaviour, summary };
}

/**
 * A token that pays as the card it was made from: it carries that card's behaviour, brand, last
 * four digits and expiry. `seed` makes its tail: the movement's key, or random for a saved card.
 */
function tokenOf(behaviour: TestCardBehaviour, { brand, last4, expiryMonth, expiryYear }: CardSummary, seed: string): string {
  const expiry = `${String(expiryMonth).padStart(2, '0')}${expiryYear}`;
  return `tt_${behaviourCodes[behaviour]}_${brand}_${last4}_${expiry}_${digest(`token:${seed}`)}`;
}

function assertAmount(amount: number, currency: string): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer of minor units');
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError('currency must be an ISO 4217 code');
}

/** What an off-session charge of each test card does: the challenge card's bank insists on 3-D Secure, which needs the guest. */
const chargeDeclines: Record<Exclude<TestCardBehaviour, 'approve'>, { declineCode: DeclineCode; declineMessage: string }> = {
  decline: { declineCode: 'card_declined', declineMessage: TEST_GATEWAY_MESSAGES.declined },
  insufficient_funds: { declineCode: 'insufficient_funds', declineMessage: TEST_GATEWAY_MESSAGES.insufficientFunds },
  challenge: { declineCode: 'authentication_required', declineMessage: TEST_GATEWAY_MESSAGES.authenticationRequired },
};

function challengePath(reference: string): string {
  return `/api/Payments/TestChallenge/${reference}`;
}

/**
 * The embedded test gateway: real checks (Luhn, brand, security code length, expiry against
 * the injected clock), documented test cards for each outcome, and a 3-D Secure challenge
 * page served by this API (test-challenge-routes.ts). It keeps no state: references and
 * tokens are made from the movement's key (a card saved on its own gets a random one), and a
 * token carries the card's brand, last four digits and expiry.
 * `secret` seals the challenge's return path (return-url.ts).
 */
export function createTestGateway({ clock, secret }: { clock: Clock; secret: string }): PaymentGateway {
  return {
    name: TEST_GATEWAY_NAME,

    async authorise(request: AuthorisationRequest): Promise<AuthorisationResult> {
      assertAmount(request.amount, request.currency);
      if (request.returnUrl !== undefined && !isSameOriginPath(request.returnUrl))
        throw new RangeError('returnUrl must be a path on this site');
      if ('paymentMethodId' in request.card) throw new RangeError('the test gateway takes card details or its own tokens');
      const gatewayReference = referenceFor(request.idempotencyKey);
      const checked = isCardDetails(request.card) ? checkCardDetails(request.card, clock) : checkToken(request.card.token, clock);
      if (!checked.ok) {
        return {
          status: 'declined',
          gatewayReference,
          declineMessage: checked.declineMessage,
          brand: null,
          last4: null,
          expiryMonth: null,
          expiryYear: null,
        };
      }
      // A saved card's token already charges it off-session; card details get a token of their own.
      const cardToken = isCardDetails(request.card)
        ? tokenOf(checked.behaviour, checked.summary, request.idempotencyKey)
        : request.card.token;
      switch (checked.behaviour) {
        case 'approve':
          return { status: 'authorised', gatewayReference, cardToken, ...checked.summary };
        case 'decline':
          return { status: 'declined', gatewayReference, declineMessage: TEST_GATEWAY_MESSAGES.declined, ...checked.summary };
        case 'insufficient_funds':
          return { status: 'declined', gatewayReference, declineMessage: TEST_GATEWAY_MESSAGES.insufficientFunds, ...checked.summary };
        case 'challenge': {
          const back = request.returnUrl === undefined ? '' : `?r=${sealReturnUrl(secret, gatewayReference, request.returnUrl)}`;
          return {
            status: 'requires_action',
            gatewayReference,
            challengeUrl: challengePath(gatewayReference) + back,
            cardToken,
            ...checked.summary,
          };
        }
      }
    },

    async tokenise(card: CardDetails): Promise<TokenisationResult> {
      const checked = checkCardDetails(card, clock);
      if (!checked.ok) return { status: 'declined', declineMessage: checked.declineMessage };
      return { status: 'tokenised', token: tokenOf(checked.behaviour, checked.summary, randomUUID()), ...checked.summary };
    },

    async completeChallenge(gatewayReference, outcome): Promise<ChallengeResult> {
      if (!referencePattern.test(gatewayReference)) throw new RangeError('not a test gateway reference');
      return outcome === 'approve'
        ? { status: 'authorised', gatewayReference }
        : { status: 'declined', gatewayReference, declineMessage: TEST_GATEWAY_MESSAGES.challengeFailed };
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      assertAmount(request.amount, request.currency);
      const gatewayReference = referenceFor(request.idempotencyKey);
      const checked = checkToken(request.cardToken, clock);
      if (!checked.ok)
        return { status: 'declined', gatewayReference, declineCode: checked.declineCode, declineMessage: checked.declineMessage };
      if (checked.behaviour === 'approve') return { status: 'charged', gatewayReference, ...checked.summary };
      return { status: 'declined', gatewayReference, ...chargeDeclines[checked.behaviour] };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      assertAmount(request.amount, request.currency);
      const { payment } = request;
      if (!referencePattern.test(payment.gatewayReference)) throw new RangeError('not a test gateway reference');
      const gatewayReference = referenceFor(request.idempotencyKey);
      if (request.amount > payment.amount - payment.refunded) {
        return {
          status: 'declined',
          gatewayReference,
          declineCode: 'refund_exceeds_payment',
          declineMessage: TEST_GATEWAY_MESSAGES.refundExceedsPayment,
        };
      }
      return { status: 'refunded', gatewayReference };
    },

    // Keeping no state, it cannot tell a capture or release from a second one: it checks that
    // the reference is one of its own and agrees, as a provider does for a held authorisation.
    async capture(request: CaptureRequest): Promise<CaptureResult> {
      assertAmount(request.amount, request.currency);
      if (!referencePattern.test(request.gatewayReference)) throw new RangeError('not a test gateway reference');
      return { status: 'captured', gatewayReference: request.gatewayReference };
    },

    async void({ gatewayReference }: VoidRequest): Promise<VoidResult> {
      if (!referencePattern.test(gatewayReference)) throw new RangeError('not a test gateway reference');
      return { status: 'voided', gatewayReference };
    },

    // Keeping no books, it cannot say what it did: money it "took" exists nowhere else, and a
    // refund, capture or release asked again with the same key is the same call.
    async lookup(): Promise<MovementLookup> {
      return { status: 'not_found' };
    },
  };
}
