/**
 * Checkout rules (docs/guest-client.md, Checkout): payment types, which may be offered, when payment is
 * ready, which terms show, and when a booking can be confirmed.
 */
import { isCardDetailsComplete, type CardDetails } from './cards';
import { isBlank, isBookerAddressValid, isBookerPersonalDetailsValid, type BookerDetails } from './validation';

/** The payment methods and their numbers on the wire. */
export const PaymentType = {
  PayByCard: 0,
  PayByIndividualInvoice: 1,
  PayByVoucher: 2,
  PayByCompanyInvoice: 3,
  PayByPayStack: 4,
} as const;

/** One payment method number. */
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];

/** The name of a payment method, e.g. "PayByCard". */
export type PaymentTypeName = keyof typeof PaymentType;

/**
 * The payment types whose booking a card paid through the property's provider (our card form, or
 * PayStack's page): a change charges or refunds the difference on that card.
 */
export function isPaidByCard(paymentType: PaymentTypeName): boolean {
  return paymentType === 'PayByCard' || paymentType === 'PayByPayStack';
}

/** Payment types by name, in number order. */
export const PAYMENT_TYPE_NAMES = Object.keys(PaymentType) as PaymentTypeName[];

/** The default payment type: pay by card. */
export const DEFAULT_PAYMENT_TYPE: PaymentType = PaymentType.PayByCard;

/**
 * Reads PaymentType as Reservation/Create sends it ("text"): its name ("PayByCard") or its
 * number ("0"); null for anything else.
 */
export function parsePaymentType(text: string | number): PaymentType | null {
  const value = String(text).trim();
  if (Object.hasOwn(PaymentType, value)) return PaymentType[value as PaymentTypeName];
  const number = /^\d$/.test(value) ? Number(value) : Number.NaN;
  return (Object.values(PaymentType) as number[]).includes(number) ? (number as PaymentType) : null;
}

/** The name of a payment type number. */
export function paymentTypeName(type: PaymentType): PaymentTypeName {
  return PAYMENT_TYPE_NAMES[type] as PaymentTypeName;
}

/** The booking configuration fields the checkout rules read. */
export interface CheckoutConfiguration {
  EnableUserChoiceOfPaymentMethod?: boolean | null;
  EnablePayByCompanyInvoice?: boolean | null;
  HasCustomTermsAndConditions?: boolean | null;
  OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice?: boolean | null;
}

/** Invoice details count as captured when both a PO number and a company are present. */
export function isInvoiceDetailsCaptured(draft: { poNumber?: string | null; company?: unknown }): boolean {
  return !isBlank(draft.poNumber) && !isBlank(draft.company);
}

/** Company invoice only when every rate plan allows it and the property enables it. */
export function canPayByCompanyInvoice(
  ratePlans: readonly { CanPayByCompanyInvoice?: boolean | null }[],
  config: CheckoutConfiguration,
): boolean {
  return (
    config.EnablePayByCompanyInvoice === true &&
    ratePlans.length > 0 &&
    ratePlans.every((ratePlan) => ratePlan.CanPayByCompanyInvoice === true)
  );
}

/** Who a company lists as its own bookers in the property definition (lower case, as it stores them). */
export type CompanyBookers = { linkedAccounts: readonly string[]; bookerEmailDomains: readonly string[] };

/** A logged-in account as the company rules see it. */
export type CompanyBookerAccount = { email: string; emailConfirmed: boolean };

/** The address and its domain a company's lists are matched against: trimmed, lower case. */
export function companyBookerKey(email: string): { email: string; domain: string } {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  return { email: address, domain: at < 0 ? '' : address.slice(at + 1) };
}

/**
 * Whether an account may book on a company's invoice (and find the company in the search): it
 * is logged in, its address is confirmed (proved to be its owner's), and that address is in
 * the company's `LinkedAccounts` or at one of its `BookerEmailDomains`. An address typed into
 * a form proves nothing, so a booker's e-mail never counts.
 */
export function isCompanyBooker(company: CompanyBookers, account: CompanyBookerAccount | null | undefined): boolean {
  if (!account?.emailConfirmed) return false;
  const { email, domain } = companyBookerKey(account.email);
  return company.linkedAccounts.includes(email) || (domain !== '' && company.bookerEmailDomains.includes(domain));
}

/**
 * Custom terms show when configured; with OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice
 * only when paying by company invoice.
 */
export function showsCustomTerms(config: CheckoutConfiguration, paymentType: PaymentType): boolean {
  if (config.HasCustomTermsAndConditions !== true) return false;
  return config.OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice !== true || paymentType === PaymentType.PayByCompanyInvoice;
}

/**
 * The user may choose between card and invoice only if the property enables it, the user is
 * logged in with CanChoosePaymentMethod, and payment is not PayStack or company invoice.
 */
export function canUserChoosePaymentMethod(
  config: CheckoutConfiguration,
  user: { CanChoosePaymentMethod?: boolean | null } | null | undefined,
  paymentType: PaymentType,
): boolean {
  return (
    config.EnableUserChoiceOfPaymentMethod === true &&
    user?.CanChoosePaymentMethod === true &&
    paymentType !== PaymentType.PayByPayStack &&
    paymentType !== PaymentType.PayByCompanyInvoice
  );
}

/**
 * Whether the server accepts a payment type for a booking (docs/domain-rules.md): card always; PayStack
 * when the property pays by PayStack; company invoice under its rule; individual invoice
 * only for a logged-in user who may choose. Vouchers are spent as a discount, never chosen
 * as the payment type.
 */
export function isPaymentTypeAllowed(input: {
  paymentType: PaymentType;
  config: CheckoutConfiguration;
  ratePlans: readonly { CanPayByCompanyInvoice?: boolean | null }[];
  user: { CanChoosePaymentMethod?: boolean | null } | null | undefined;
  payByPaystack: boolean;
}): boolean {
  switch (input.paymentType) {
    case PaymentType.PayByCard:
      return true;
    case PaymentType.PayByPayStack:
      return input.payByPaystack;
    case PaymentType.PayByCompanyInvoice:
      return canPayByCompanyInvoice(input.ratePlans, input.config);
    case PaymentType.PayByIndividualInvoice:
      return canUserChoosePaymentMethod(input.config, input.user, PaymentType.PayByIndividualInvoice);
    case PaymentType.PayByVoucher:
      return false;
  }
}

/**
 * Payment is ready for PayStack; for card with valid card details, the payment method
 * Stripe's Payment Element made of the card, or a card the provider keeps for the user; for
 * individual invoice; for company invoice with invoice details captured.
 */
export function isPaymentReady(input: {
  paymentType: PaymentType;
  card?: CardDetails | null;
  paymentMethodId?: string | null;
  /** A saved card a payment provider (Stripe) keeps: its id is all it needs, nothing is typed. */
  providerCardId?: number | string | null;
  poNumber?: string | null;
  company?: unknown;
}): boolean {
  switch (input.paymentType) {
    case PaymentType.PayByPayStack:
    case PaymentType.PayByIndividualInvoice:
      return true;
    case PaymentType.PayByCard:
      return (
        (input.paymentMethodId ?? '') !== '' ||
        String(input.providerCardId ?? '') !== '' ||
        (input.card != null && isCardDetailsComplete(input.card))
      );
    case PaymentType.PayByCompanyInvoice:
      return isInvoiceDetailsCaptured(input);
    case PaymentType.PayByVoucher:
      return false;
  }
}

/** What still stands between a checkout and a confirmed booking. */
export type ConfirmationBlocker =
  | 'BOOKER_PERSONAL_DETAILS'
  | 'BOOKER_ADDRESS'
  | 'PAYMENT_NOT_READY'
  | 'TERMS_NOT_AGREED'
  | 'CUSTOM_TERMS_NOT_ACCEPTED'
  | 'BOOKING_IN_PROGRESS';

/** Everything checkout needs to decide whether the booking can be confirmed. */
export interface ConfirmationInput {
  booker: BookerDetails;
  paymentType: PaymentType;
  card?: CardDetails | null;
  paymentMethodId?: string | null;
  providerCardId?: number | string | null;
  poNumber?: string | null;
  company?: unknown;
  agreeToTermsAndConditions: boolean;
  hasAcceptedCustomTermsAndConditions: boolean;
  config: CheckoutConfiguration;
  bookingInProgress: boolean;
}

/** Every unmet condition of the "booking can be confirmed" rule, in its order. */
export function confirmationBlockers(input: ConfirmationInput): ConfirmationBlocker[] {
  const blockers: ConfirmationBlocker[] = [];
  if (!isBookerPersonalDetailsValid(input.booker)) blockers.push('BOOKER_PERSONAL_DETAILS');
  if (!isBookerAddressValid(input.booker)) blockers.push('BOOKER_ADDRESS');
  if (!isPaymentReady(input)) blockers.push('PAYMENT_NOT_READY');
  if (!input.agreeToTermsAndConditions) blockers.push('TERMS_NOT_AGREED');
  if (showsCustomTerms(input.config, input.paymentType) && !input.hasAcceptedCustomTermsAndConditions) {
    blockers.push('CUSTOM_TERMS_NOT_ACCEPTED');
  }
  if (input.bookingInProgress) blockers.push('BOOKING_IN_PROGRESS');
  return blockers;
}

/** True when the booking can be confirmed. */
export function canConfirmBooking(input: ConfirmationInput): boolean {
  return confirmationBlockers(input).length === 0;
}
