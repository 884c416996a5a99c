import type { CardType } from '@hotel/domain/cards';
import type { Minor } from '@hotel/domain/money';

/**
 * What the booking code asks of a payment gateway. The embedded test gateway (test-gateway.ts),
 * Stripe (stripe-gateway.ts) and PayStack (paystack/, a hosted checkout begun with its own
 * `startCheckout`) implement it. A card number or security code goes in (test gateway only) and never comes
 * out: answers carry only the brand, the last four digits, the expiry and the gateway's own
 * references. payment-gateways.ts picks the gateway of a property or of a payments row.
 *
 * Every call that moves money carries the `idempotencyKey` of the movement it makes (a
 * payments row written before the call, movements.ts): the provider treats a second call with
 * the same key as the same call, so a retry after a lost answer cannot move money twice, and
 * `lookup` finds what the provider did with a movement whose answer never arrived.
 */
export type PaymentGateway = {
  /** Stored in `payments.gateway` and `saved_cards.gateway`. */
  readonly name: string;
  /** Reserves `amount` on a card (or a saved card's token); may ask for a 3-D Secure challenge first. */
  authorise(request: AuthorisationRequest): Promise<AuthorisationResult>;
  /** Turns card details into a reusable token for a saved card, after the same checks as `authorise`. */
  tokenise(card: CardDetails): Promise<TokenisationResult>;
  /** The guest's answer on a challenge page this server serves (the test gateway's); a provider's own check is asked about with `lookup`. */
  completeChallenge?(gatewayReference: string, outcome: ChallengeOutcome): Promise<ChallengeResult>;
  /**
   * Takes a further amount, off-session (the guest is not there to pass a 3-D Secure check),
   * from the card an authorisation's `cardToken` names: the difference of an amendment.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives back part or all of what one authorisation or charge took, never more than it took net
   * of its earlier refunds. A hold is never refunded: card-movements.ts captures or voids it.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Takes what a held (manual-capture) authorisation reserved: all of it, or `amount` of it and releases the rest. */
  capture(request: CaptureRequest): Promise<CaptureResult>;
  /** Releases an authorisation that took nothing yet (held, or waiting for 3-D Secure): the guest's bank lets the money go. */
  void(request: VoidRequest): Promise<VoidResult>;
  /**
   * What the provider did with a movement whose answer was lost (a timeout, a 500 after the
   * work was done, a process killed before the answer was recorded): found by its idempotency
   * key, or by the reference it acts on. `not_found` means the provider never did it; throws
   * AppError PAYMENT_UNAVAILABLE when the provider cannot be asked now.
   */
  lookup(query: MovementQuery): Promise<MovementLookup>;
  /** Present when the provider sends webhooks: reads one, after checking its signature over the raw body. */
  readonly webhooks?: WebhookReader;
};

/** The movement a call makes: its key goes to the provider as its idempotency key (Stripe) or reference (PayStack). */
export type Keyed = { idempotencyKey: string };

export type CaptureRequest = Keyed & { gatewayReference: string; amount: Minor; currency: string };

export type VoidRequest = Keyed & { gatewayReference: string };

/** What kind of call a movement made. */
export type MovementKind = 'authorisation' | 'charge' | 'refund' | 'capture' | 'void';

/**
 * A movement to find at its provider. `gatewayReference` is the provider's id for it when the
 * answer that named it arrived (a 3-D Secure wait); `target` is the authorisation or charge a
 * refund, capture or void acts on.
 */
export type MovementQuery = Keyed & {
  kind: MovementKind;
  gatewayReference: string | null;
  target: string | null;
  amount: Minor;
  currency: string;
  /** When the movement was recorded: a provider without a lookup by key searches from about then. */
  createdAt: Date;
};

/**
 * What the provider says of a movement: the same answers its call gives, read as one shape.
 * `pending`: the provider has not decided yet (asked again later). `not_found`: it never did it.
 */
export type MovementLookup =
  /** `amount`: what the provider took, when it says (a hosted checkout could be paid for another amount). */
  | { status: 'succeeded'; gatewayReference: string; card: CardSummary | null; cardToken: string | null; amount?: Minor }
  | { status: 'requires_action'; gatewayReference: string; challengeUrl: string | null }
  | { status: 'failed'; gatewayReference: string | null; declineCode: DeclineCode; declineMessage: string }
  | { status: 'pending' }
  | { status: 'not_found' };

export type CaptureResult =
  { status: 'captured'; gatewayReference: string } | { status: 'declined'; gatewayReference: string; declineMessage: string };

export type VoidResult =
  { status: 'voided'; gatewayReference: string } | { status: 'declined'; gatewayReference: string; declineMessage: string };

/**
 * A provider's event, read into the movement it names (`null` for an event about nothing we
 * move): by our key where the provider carries it, and by its own reference. The event's
 * content is not trusted for the outcome: the movement is asked about, so an event delivered
 * twice, late or out of order records only what the provider says now.
 */
export type WebhookEvent = {
  id: string;
  type: string;
  names: { idempotencyKey: string | null; gatewayReference: string } | null;
};

export type WebhookReader = {
  /** Throws `WebhookSignatureError` when the signature (in `headers`) does not match the body, the secret or the time. */
  read(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): WebhookEvent;
};

/** A webhook whose signature does not prove it came from the provider: refused, nothing read. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Card details as the guest typed them; they live only as long as the gateway call. */
export type CardDetails = {
  number: string;
  nameOnCard: string;
  expiryMonth: number;
  /** Four digits; two are read as 20YY. */
  expiryYear: number;
  securityCode: string;
};

/** A saved card: the token `tokenise` gave. */
export type CardToken = { token: string };

/**
 * A card the provider's own form read in the guest's browser (Stripe's PaymentMethod id,
 * `pm_...`): the number never reaches this server.
 */
export type ProviderPaymentMethod = { paymentMethodId: string };

export type AuthorisationRequest = Keyed & {
  /** Minor units (pence), a positive integer. */
  amount: Minor;
  /** ISO 4217, e.g. GBP. */
  currency: string;
  /** Ours, for the gateway's records: e.g. the reservation number. */
  reference: string;
  card: CardDetails | CardToken | ProviderPaymentMethod;
  /** `manual` reserves the amount for a later `capture`; `automatic` (the default) takes it at once. */
  captureMethod?: 'automatic' | 'manual';
  /**
   * Where the guest's browser goes after a 3-D Secure challenge: a path on this site
   * (`/Book/DEMO/Status/...`), never another origin.
   */
  returnUrl?: string;
};

/** What may be kept about a card: brand, last four digits, expiry (four-digit year). */
export type CardSummary = {
  brand: CardType;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
};

/** A hosted checkout's card, before the guest has paid on the provider's page. */
export type CardNotYetKnown = { brand: null; last4: null; expiryMonth: null; expiryYear: null };

/**
 * `cardToken` charges the same card again later, off-session (`charge`): kept in the payments
 * row, never shown.
 */
export type AuthorisationResult =
  | ({ status: 'authorised'; gatewayReference: string; cardToken: string } & CardSummary)
  /**
   * Send the guest to `challengeUrl` (a path on this site for the test gateway, the provider's
   * hosted checkout for PayStack); the answer comes through `completeChallenge` or the provider.
   * A hosted checkout knows the card only once the guest has paid: brand, digits and token are null until then.
   */
  | ({ status: 'requires_action'; gatewayReference: string; challengeUrl: string; cardToken: string | null } & (
      CardSummary | CardNotYetKnown
    ))
  /** `declineMessage` is written for the guest. Brand and digits are null when the number itself was unusable. */
  | {
      status: 'declined';
      gatewayReference: string;
      declineMessage: string;
      declineCode?: DeclineCode;
      brand: CardType | null;
      last4: string | null;
      expiryMonth: number | null;
      expiryYear: number | null;
    };

export type TokenisationResult = ({ status: 'tokenised'; token: string } & CardSummary) | { status: 'declined'; declineMessage: string };

export type ChallengeOutcome = 'approve' | 'fail';

export type ChallengeResult =
  { status: 'authorised'; gatewayReference: string } | { status: 'declined'; gatewayReference: string; declineMessage: string };

export type ChargeRequest = Keyed & {
  /** Minor units, a positive integer. */
  amount: Minor;
  currency: string;
  /** Ours, e.g. the reservation number. */
  reference: string;
  /** The `cardToken` of the booking's authorisation, or a saved card's token. */
  cardToken: string;
};

/**
 * Why a gateway refused a charge or refund, for a program (the message is for the guest):
 * `authentication_required` when the bank wants the card holder to pass 3-D Secure, which an
 * off-session charge cannot do.
 */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'authentication_required'
  | 'expired_card'
  | 'unknown_card'
  | 'refund_exceeds_payment'
  /** The provider refused the call itself (the account's setup, not the guest's card): nothing was done, and the guest hears the site cannot take payments. */
  | 'provider_refused';

export type ChargeResult =
  | ({ status: 'charged'; gatewayReference: string } & CardSummary)
  | { status: 'declined'; gatewayReference: string; declineCode: DeclineCode; declineMessage: string };

export type RefundRequest = Keyed & {
  /** Minor units, a positive integer. */
  amount: Minor;
  currency: string;
  reference: string;
  /**
   * The authorisation or charge to refund from: its reference, what it took and what earlier
   * refunds already gave back of it, as our payments rows say. A provider's gateway checks
   * against its own records; the test gateway, which keeps none, checks against these.
   */
  payment: { gatewayReference: string; amount: Minor; refunded: Minor };
};

export type RefundResult =
  | { status: 'refunded'; gatewayReference: string }
  | { status: 'declined'; gatewayReference: string; declineCode: DeclineCode; declineMessage: string };

/** True for the card-details form of `AuthorisationRequest.card`. */
export function isCardDetails(card: AuthorisationRequest['card']): card is CardDetails {
  return 'number' in card;
}
