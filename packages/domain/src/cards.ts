/**
 * Payment cards: brand from the number prefix, matching to the property's accepted card
 * types by name, the Luhn check, expiry, and the card-details rule.
 */
import type { IsoDate } from './dates';
import { VALIDATION_MESSAGES } from './messages';
import { addError, hasNoErrors, isBlank, type BookerDetails, type FieldErrors } from './validation';

/** A card brand the number prefix can reveal. */
export type CardType = 'visa' | 'amex' | 'mastercard' | 'discover' | 'unionpay' | 'troy' | 'diners' | 'jcb';

/** How each brand is usually named in a list of accepted card types. */
export const CARD_TYPE_NAMES: Readonly<Record<CardType, string>> = {
  visa: 'Visa',
  amex: 'American Express',
  mastercard: 'Mastercard',
  discover: 'Discover',
  unionpay: 'UnionPay',
  troy: 'Troy',
  diners: 'Diners Club',
  jcb: 'JCB',
};

/**
 * Prefix ranges per brand: the first `digits` digits lie in from..to. No range is a prefix
 * of another brand's, so a detected brand never changes as more digits are typed.
 */
const CARD_PREFIXES: readonly { type: CardType; digits: number; from: number; to: number }[] = [
  { type: 'visa', digits: 1, from: 4, to: 4 },
  { type: 'amex', digits: 2, from: 34, to: 34 },
  { type: 'amex', digits: 2, from: 37, to: 37 },
  { type: 'mastercard', digits: 2, from: 51, to: 55 },
  { type: 'mastercard', digits: 4, from: 2221, to: 2720 },
  { type: 'discover', digits: 4, from: 6011, to: 6011 },
  { type: 'discover', digits: 2, from: 65, to: 65 },
  { type: 'discover', digits: 3, from: 644, to: 649 },
  { type: 'unionpay', digits: 2, from: 62, to: 62 },
  { type: 'troy', digits: 4, from: 9792, to: 9792 },
  { type: 'diners', digits: 3, from: 300, to: 305 },
  { type: 'diners', digits: 2, from: 36, to: 36 },
  { type: 'diners', digits: 2, from: 38, to: 38 },
  { type: 'jcb', digits: 4, from: 3528, to: 3589 },
];

/** Texts that name each brand once spaces and punctuation are dropped. */
const CARD_TYPE_ALIASES: Readonly<Record<CardType, readonly string[]>> = {
  visa: ['visa'],
  amex: ['amex', 'americanexpress'],
  mastercard: ['mastercard'],
  discover: ['discover'],
  unionpay: ['unionpay'],
  troy: ['troy'],
  diners: ['diners'],
  jcb: ['jcb'],
};

/** The digits of a card number as typed, without spaces or hyphens. */
export function normalizeCardNumber(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The brand of a card number from its prefix, or null when no rule matches (yet). */
export function detectCardType(cardNumber: string): CardType | null {
  const digits = normalizeCardNumber(cardNumber);
  if (!/^\d+$/.test(digits)) return null;
  const rule = CARD_PREFIXES.find((candidate) => {
    if (digits.length < candidate.digits) return false;
    const prefix = Number(digits.slice(0, candidate.digits));
    return prefix >= candidate.from && prefix <= candidate.to;
  });
  return rule?.type ?? null;
}

/** True when an accepted card type's name names the brand ("American Express" is amex). */
export function cardTypeMatchesName(type: CardType, name: string): boolean {
  const text = name.toLowerCase().replace(/[^a-z]/g, '');
  return CARD_TYPE_ALIASES[type].some((alias) => text.includes(alias));
}

/** The brand a provider's or a list's name for a card type names ("Visa Debit", "american express"), or null. */
export function cardTypeNamed(name: string): CardType | null {
  return (Object.keys(CARD_TYPE_ALIASES) as CardType[]).find((type) => cardTypeMatchesName(type, name)) ?? null;
}

/** The first accepted card type whose name names the brand. */
export function findAcceptedCardType<T>(type: CardType, accepted: readonly T[], nameOf: (cardType: T) => string = String): T | undefined {
  return accepted.find((cardType) => cardTypeMatchesName(type, nameOf(cardType)));
}

/** The Luhn (mod 10) check digit test. */
export function passesLuhn(cardNumber: string): boolean {
  const digits = normalizeCardNumber(cardNumber);
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** True for 12 to 19 digits passing Luhn: a number worth sending to the gateway. */
export function isValidCardNumber(cardNumber: string): boolean {
  const digits = normalizeCardNumber(cardNumber);
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

/** A two-digit year means 20YY. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** True when a card is still valid in the month of `today` (valid through its expiry month). */
export function isExpiryCurrent(month: number, year: number, today: IsoDate): boolean {
  const [todayYear, todayMonth] = today.split(/[-/]/).map(Number) as [number, number];
  const expiry = fullYear(year) * 12 + month;
  return expiry >= todayYear * 12 + todayMonth;
}

/** Card details as the payload carries them (CardDetails). */
export interface CardDetails {
  CreditCardId?: number | string | null;
  SaveCreditCardToIndividual?: boolean | null;
  CardNumber?: string | null;
  NameOnCard?: string | null;
  EmailAddress?: string | null;
  CreditCardTypeId?: number | string | null;
  ExpiryMonth?: number | null;
  ExpiryYear?: number | null;
  SecurityCode?: string | null;
}

/**
 * The card-details rule: a card is valid with name, number, security code, non-zero expiry month
 * and year, and a card type.
 */
export function isCardDetailsComplete(card: CardDetails): boolean {
  return (
    !isBlank(card.NameOnCard) &&
    !isBlank(card.CardNumber) &&
    !isBlank(card.SecurityCode) &&
    (card.ExpiryMonth ?? 0) !== 0 &&
    (card.ExpiryYear ?? 0) !== 0 &&
    !isBlank(card.CreditCardTypeId) &&
    card.CreditCardTypeId !== 0
  );
}

/**
 * Every check a card gets before payment: the presence rule above plus Luhn, an expiry not
 * in the past, a 3-4 digit security code and, when given, a brand the property accepts. A
 * saved card (CreditCardId) is a gateway token, so its number is not checked.
 */
export function validateCardDetails(card: CardDetails, options: { today: IsoDate; acceptedCardTypes?: readonly string[] }): FieldErrors {
  const errors: FieldErrors = {};
  if (isBlank(card.NameOnCard)) addError(errors, 'NameOnCard', VALIDATION_MESSAGES.cardNameRequired);
  if (isBlank(card.CreditCardId)) {
    const number = card.CardNumber ?? '';
    if (!isValidCardNumber(number)) {
      addError(errors, 'CardNumber', VALIDATION_MESSAGES.cardNumberInvalid);
    } else if (options.acceptedCardTypes !== undefined) {
      const type = detectCardType(number);
      if (type === null || findAcceptedCardType(type, options.acceptedCardTypes) === undefined) {
        addError(errors, 'CardNumber', VALIDATION_MESSAGES.cardTypeNotAccepted);
      }
    }
  }
  if (!/^\d{3,4}$/.test(card.SecurityCode ?? '')) {
    addError(errors, 'SecurityCode', VALIDATION_MESSAGES.securityCodeInvalid);
  }
  const month = card.ExpiryMonth ?? 0;
  const year = card.ExpiryYear ?? 0;
  const monthValid = Number.isInteger(month) && month >= 1 && month <= 12;
  const yearValid = Number.isInteger(year) && year > 0;
  if (!monthValid) addError(errors, 'ExpiryMonth', VALIDATION_MESSAGES.expiryMonthInvalid);
  if (!yearValid) addError(errors, 'ExpiryYear', VALIDATION_MESSAGES.expiryYearInvalid);
  if (monthValid && yearValid && !isExpiryCurrent(month, year, options.today)) {
    addError(errors, 'ExpiryYear', VALIDATION_MESSAGES.cardExpired);
  }
  if (isBlank(card.CreditCardTypeId) || card.CreditCardTypeId === 0) {
    addError(errors, 'CreditCardTypeId', VALIDATION_MESSAGES.cardTypeRequired);
  }
  return errors;
}

/** True when `validateCardDetails` finds nothing. */
export function isCardDetailsValid(card: CardDetails, options: { today: IsoDate; acceptedCardTypes?: readonly string[] }): boolean {
  return hasNoErrors(validateCardDetails(card, options));
}

/** The card with holder name and e-mail copied from the booker where they are empty. */
export function withCardHolderFromBooker(card: CardDetails, booker: BookerDetails): CardDetails {
  const bookerName = [booker.FirstName, booker.LastName]
    .filter((part) => !isBlank(part))
    .map((part) => part?.trim())
    .join(' ');
  return {
    ...card,
    NameOnCard: isBlank(card.NameOnCard) ? bookerName : card.NameOnCard,
    EmailAddress: isBlank(card.EmailAddress) ? (booker.Email ?? null) : card.EmailAddress,
  };
}
