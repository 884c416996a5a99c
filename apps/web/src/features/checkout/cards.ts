/**
 * The web's card helpers in one place: which card types the property accepts, the brand a
 * typed number belongs to, and how a card is named to the guest ("Visa ending 4242").
 */
import { CARD_TYPE_NAMES, detectCardType, findAcceptedCardType, type CardType } from '@hotel/domain/cards';
import type { SavedCard } from '@hotel/domain/wire/account-response';
import type { CardTypeOption } from './checkout-api';

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
