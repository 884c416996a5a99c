/**
 * The web's card helpers in one place: which card types the property accepts, the brand a
 * typed number belongs to, and how a card is named to the guest ("Visa ending 4242").
 */
import { CARD_TYPE_NAMES, detectCardType, findAcceptedCardType, normalizeCardNumber, type CardType } from '@hotel/domain/cards';
import type { SavedCard } from '@hotel/domain/wire/account-response';
import type { CardDetailsPayload } from '@hotel/domain/wire/card-details';
import type { PaymentProvider } from '@hotel/domain/wire/scalars';
import type { CreditCardType } from '@hotel/domain/wire/static-data-response';

/** A card type the property accepts. */
export type CardTypeOption = CreditCardType;

/** The card types the property accepts: the loaded list, else the ones its definition names. */
export function acceptedCardTypes(
  loaded: readonly CardTypeOption[] | undefined,
  propertyCards: readonly { Id: number; Name: string; Code: string }[],
): CardTypeOption[] {
  return loaded ? [...loaded] : propertyCards.map((card) => ({ CreditCardTypeId: card.Id, Name: card.Name, Code: card.Code }));
}

/** The accepted card type a number belongs to, by the domain's prefix detection and name matching. */
export function acceptedCardTypeOf(
  cardNumber: string,
  accepted: readonly CardTypeOption[],
): { detected: string | null; accepted: CardTypeOption | undefined } {
  const detected = detectCardType(cardNumber);
  return { detected, accepted: detected === null ? undefined : findAcceptedCardType(detected, accepted, (type) => type.Name) };
}

/** The brand's name as a guest reads it ("American Express"), for a detected card type. */
export function cardTypeName(detected: string): string {
  return CARD_TYPE_NAMES[detected as CardType];
}

/** A saved card as the guest picks it: brand, last four digits and expiry. */
export function savedCardLabel(card: SavedCard): string {
  return `${card.Brand} ending ${card.Last4}, expires ${String(card.ExpiryMonth).padStart(2, '0')}/${card.ExpiryYear}`;
}

/** The choice to keep a new card for the logged-in user, whichever provider takes it (the account page names it too). */
export const SAVE_CARD_LABEL = 'Save this card for future bookings';

/** A card as its form holds it (checkout, pre-check-in's card on file). */
export interface CardDraft {
  /** A saved card's id, or '' for a new card. */
  CreditCardId: string;
  NameOnCard: string;
  CardNumber: string;
  ExpiryMonth: string;
  ExpiryYear: string;
  SecurityCode: string;
  EmailAddress: string;
  SaveCreditCardToIndividual: boolean;
}

/** A card form not filled in yet. */
export const EMPTY_CARD: CardDraft = {
  CreditCardId: '',
  NameOnCard: '',
  CardNumber: '',
  ExpiryMonth: '',
  ExpiryYear: '',
  SecurityCode: '',
  EmailAddress: '',
  SaveCreditCardToIndividual: false,
};

/** The CardDetails payload of a card draft. */
export function cardPayload(
  card: CardDraft,
  accepted: readonly CardTypeOption[],
  savedCards: readonly SavedCard[] = [],
): CardDetailsPayload {
  const saved = card.CreditCardId !== '';
  const savedCard = savedCards.find((candidate) => String(candidate.CreditCardId) === card.CreditCardId);
  const type = saved
    ? accepted.find((candidate) => candidate.CreditCardTypeId === savedCard?.CreditCardTypeId)
    : acceptedCardTypeOf(card.CardNumber, accepted).accepted;
  return {
    CreditCardId: saved ? (Number.isNaN(Number(card.CreditCardId)) ? card.CreditCardId : Number(card.CreditCardId)) : null,
    SaveCreditCardToIndividual: card.SaveCreditCardToIndividual,
    CardNumber: saved ? null : normalizeCardNumber(card.CardNumber),
    NameOnCard: card.NameOnCard.trim(),
    EmailAddress: card.EmailAddress.trim(),
    CreditCardTypeId: type?.CreditCardTypeId ?? savedCard?.CreditCardTypeId ?? 0,
    ExpiryMonth: saved ? (savedCard?.ExpiryMonth ?? 0) : card.ExpiryMonth === '' ? 0 : Number(card.ExpiryMonth),
    ExpiryYear: saved ? (savedCard?.ExpiryYear ?? 0) : card.ExpiryYear === '' ? 0 : Number(card.ExpiryYear),
    SecurityCode: card.SecurityCode.trim(),
  };
}

/** The user's saved cards a property can charge: those kept by the provider it takes cards with. */
export function savedCardsAt(property: { PaymentProvider: PaymentProvider }, savedCards: readonly SavedCard[]): SavedCard[] {
  return savedCards.filter((card) => card.PaymentProvider === property.PaymentProvider);
}

/**
 * The CardDetails of a booking at a property whose provider takes the card in its own form
 * (Stripe): a saved card by its id alone, else only whether to keep the new card (its payment
 * method travels beside, as PaymentMethodId); null when there is neither.
 */
export function providerCardPayload(card: CardDraft, savedCards: readonly SavedCard[], loggedIn: boolean): CardDetailsPayload | null {
  const saved = savedCards.find((candidate) => String(candidate.CreditCardId) === card.CreditCardId);
  if (saved) return { CreditCardId: saved.CreditCardId };
  return loggedIn && card.SaveCreditCardToIndividual ? { SaveCreditCardToIndividual: true } : null;
}
