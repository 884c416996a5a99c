import { and, eq } from 'drizzle-orm';
import { findAcceptedCardType, detectCardType, validateCardDetails, withCardHolderFromBooker } from '@hotel/domain/cards';
import { isCompanyBooker, isPaymentTypeAllowed, parsePaymentType, paymentTypeName, PaymentType } from '@hotel/domain/checkout';
import { addDays } from '@hotel/domain/dates';
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from '@hotel/domain/messages';
import type { ReservationCreateRequest } from '@hotel/domain/wire/reservation-create-request';
import { companies } from '@hotel/db/schema';
import {
  findUserSavedCard,
  isPaystackCurrency,
  PAYSTACK_CURRENCIES,
  PAYMENT_UNAVAILABLE_MESSAGE,
  PAYSTACK_GATEWAY_NAME,
  takesTypedCards,
  TYPED_CARD_REFUSED,
  type AuthorisationRequest,
  type CardDetails,
  type PaymentGateway,
  type PaystackGateway,
} from '../payments';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { AppError, invalidField } from '../errors';
import type { PropertyRow } from '../property';
import { takeRoomUnits, takeServiceUnits } from './inventory';
import { roomsNotAvailableMessage, type PricedRoom } from './room-pricing';

/**
 * What a new booking's request must satisfy before anything is taken or charged: the payment
 * type, the card (or the provider's payment method), the countries, the company it goes on the
 * invoice of; and the inventory step that takes its rooms and limited extras.
 */

/** Who is booking: a logged-in user (accounts), with the address the session proved, or nobody. */
export type Booker = { userId: number; email: string; emailConfirmed: boolean; canChoosePaymentMethod: boolean } | null;

const validation = (field: string, message: string) => invalidField(field, message);

export function checkPaymentType(property: PropertyRow, request: ReservationCreateRequest, rooms: PricedRoom[], user: Booker): PaymentType {
  const paymentType = parsePaymentType(request.PaymentType);
  if (paymentType === null) throw validation('PaymentType', 'A valid payment type is required');
  const allowed = isPaymentTypeAllowed({
    paymentType,
    config: property.bookingConfiguration,
    ratePlans: rooms.map((room) => ({ CanPayByCompanyInvoice: room.rate.ratePlan.canPayByCompanyInvoice })),
    user: user && { CanChoosePaymentMethod: user.canChoosePaymentMethod },
    payByPaystack: property.payByPaystack,
  });
  if (!allowed) {
    const reason =
      paymentType === PaymentType.PayByCompanyInvoice
        ? 'Pay by company invoice is not available for this booking: every rate must allow it.'
        : paymentType === PaymentType.PayByIndividualInvoice
          ? 'Pay by invoice is only available to logged-in guests who may choose how to pay.'
          : `${paymentTypeName(paymentType)} is not available for this property.`;
    throw validation('PaymentType', reason);
  }
  if (paymentType === PaymentType.PayByCompanyInvoice) {
    // The booker's typed address proves nothing: only a session's confirmed address does.
    if (!user?.emailConfirmed) throw validation('AccountId', ERROR_MESSAGES.companyInvoiceNeedsAccount);
    if (!request.AccountId?.trim()) throw validation('AccountId', 'A company is required to pay by company invoice');
    if (!request.PONumber?.trim()) throw validation('PONumber', 'A PO number is required to pay by company invoice');
  }
  return paymentType;
}

/**
 * PayStack pays through its own hosted checkout (payments/paystack): the API must hold its key,
 * and PayStack must take the property's currency.
 */
export function checkPaystack(context: Pick<AppContext, 'paymentGateways'>, property: PropertyRow): PaystackGateway {
  const { paystack } = context.paymentGateways;
  if (!paystack) throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_UNAVAILABLE_MESSAGE);
  if (!isPaystackCurrency(property.currency)) {
    throw validation(
      'PaymentType',
      `PayStack does not take payments in ${property.currency} (only ${PAYSTACK_CURRENCIES.join(', ')}). Please choose another way to pay or contact the hotel.`,
    );
  }
  return paystack;
}

async function checkCard(
  context: Pick<AppContext, 'availability'>,
  property: PropertyRow,
  request: ReservationCreateRequest,
  today: string,
  user: Booker,
) {
  const card = request.CardDetails;
  if (!card) throw validation('CardDetails', 'Card details are required to pay by card');
  if (card.CreditCardId != null && !user) throw validation('CardDetails.CreditCardId', 'Log in to pay with a saved card');
  const { acceptedCardTypes: accepted } = await context.availability.catalogue.catalogue(property);
  const withHolder = withCardHolderFromBooker(card, request.Booker);
  const errors = validateCardDetails(withHolder, { today, acceptedCardTypes: accepted.map((type) => type.name) });
  if (Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'The request is invalid.', {
      modelState: Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`CardDetails.${field}`, messages])),
    });
  }
  if (card.CreditCardId == null) {
    const type = detectCardType(card.CardNumber ?? '');
    const acceptedType = type && findAcceptedCardType(type, accepted, (t) => t.name);
    if (acceptedType && card.CreditCardTypeId != null && card.CreditCardTypeId !== acceptedType.id) {
      throw validation('CardDetails.CreditCardTypeId', 'The card type does not match the card number');
    }
  }
  return withHolder;
}

const PAY_NEW_CARD_ON_PAYSTACK =
  "This hotel takes new cards on PayStack's secure payment page: please choose to pay with PayStack, or pay with a card saved to your account.";

export type PayWith = { card: AuthorisationRequest['card']; savedCardId: number | null; saveFor: number | null };

export const isTyped = (card: AuthorisationRequest['card']): card is CardDetails => 'number' in card;

/**
 * What the booking's card is, for its property's gateway: a saved card's token, a card typed into
 * our form (test gateway only), or the payment method a provider's own form made in the browser
 * (a provider's property refuses a typed number: it must never reach this server).
 */
export async function cardToPayWith(
  context: AppContext,
  gateway: PaymentGateway,
  property: PropertyRow,
  request: ReservationCreateRequest,
  today: string,
  user: Booker,
): Promise<PayWith> {
  const typed = takesTypedCards(gateway);
  // Our own form's card (test gateway) is checked whole first, a saved card's fields included.
  const given = typed ? await checkCard(context, property, request, today, user) : request.CardDetails;
  if (given?.CreditCardId != null && !user) throw validation('CardDetails.CreditCardId', 'Log in to pay with a saved card');
  if (given?.CreditCardId != null && user) {
    const saved = await findUserSavedCard(context.database.db, user.userId, given.CreditCardId, gateway.name);
    if (!saved)
      throw validation('CardDetails.CreditCardId', 'This saved card was not found. Please choose another card or enter its details.');
    return { card: { token: saved.gatewayToken }, savedCardId: saved.id, saveFor: null };
  }
  // PayStack takes a new card on its own page only: the booking pays with PayStack (PaymentType 4).
  if (gateway.name === PAYSTACK_GATEWAY_NAME) throw validation('PaymentType', PAY_NEW_CARD_ON_PAYSTACK);
  const saveFor = user && given?.SaveCreditCardToIndividual ? user.userId : null;
  if (!typed) {
    if (given?.CardNumber || given?.SecurityCode) throw validation('CardDetails.CardNumber', TYPED_CARD_REFUSED);
    if (!request.PaymentMethodId) throw validation('PaymentMethodId', 'Please enter your card in the card form to pay by card.');
    return { card: { paymentMethodId: request.PaymentMethodId }, savedCardId: null, saveFor };
  }
  return {
    card: {
      number: given!.CardNumber ?? '',
      nameOnCard: given!.NameOnCard ?? '',
      expiryMonth: given!.ExpiryMonth ?? 0,
      expiryYear: given!.ExpiryYear ?? 0,
      securityCode: given!.SecurityCode ?? '',
    },
    savedCardId: null,
    saveFor,
  };
}

/** Refuses a country id the static list does not have (the booker's, or a guest's), before anything is priced or charged. */
export async function checkCountries(context: Pick<AppContext, 'countryIds'>, request: ReservationCreateRequest): Promise<void> {
  const given = [
    { field: 'Booker.CountryId', id: request.Booker.CountryId },
    ...request.Rooms.flatMap((room, i) => [
      { field: `Rooms[${i}].LeadGuest.CountryId`, id: room.LeadGuest?.CountryId },
      ...room.Guests.map((guest, j) => ({ field: `Rooms[${i}].Guests[${j}].CountryId`, id: guest.CountryId })),
    ]),
  ].filter((entry): entry is { field: string; id: number } => entry.id != null);
  if (given.length === 0) return;
  const known = await context.countryIds.read();
  const unknown = given.find((entry) => !known.has(entry.id));
  if (unknown) throw validation(unknown.field, VALIDATION_MESSAGES.countryUnknown);
}

/** Takes the booking's rooms and limited extras; a 409 when the last one went to someone else meanwhile. */
export async function takeInventory(tx: Tx, rooms: PricedRoom[]): Promise<void> {
  // Same order in every transaction, so two bookings for the same rooms queue instead of deadlocking.
  const ordered = [...rooms].sort((a, b) => a.roomType.id - b.roomType.id || a.from.localeCompare(b.from));
  for (const room of ordered) {
    if (!(await takeRoomUnits(tx, room.roomType.id, room.from, room.to, room.nights)))
      throw new AppError('ROOM_SOLD_OUT', roomsNotAvailableMessage);
  }
  const limited = ordered.flatMap((room) => room.services.filter((s) => s.service.startingInventory !== null));
  limited.sort((a, b) => a.service.id - b.service.id);
  for (const s of limited) {
    // Its offered nights are consecutive: the stay's nights inside the service's window.
    const first = s.nights[0]!;
    const departure = addDays(s.nights.at(-1)!, 1);
    if (!(await takeServiceUnits(tx, s.service.id, first, departure, s.nights.length, s.units))) {
      throw new AppError(
        'SERVICE_SOLD_OUT',
        `${s.service.name} is no longer available in that quantity for your dates. Please remove it or choose fewer.`,
      );
    }
  }
}

/**
 * The company a booking goes on the invoice of, if the logged-in booker is one of its own
 * (`isCompanyBooker`: a confirmed address it links or at its domain). Finding a company's name
 * in the search is not enough, and the booker's typed e-mail address counts for nothing.
 */
export async function findAuthorisedCompany(tx: Tx, propertyId: number, accountId: string, user: Booker) {
  const [company] = await tx
    .select({
      id: companies.id,
      accountId: companies.accountId,
      name: companies.name,
      bookerEmailDomains: companies.bookerEmailDomains,
      linkedAccounts: companies.linkedAccounts,
    })
    .from(companies)
    .where(and(eq(companies.propertyId, propertyId), eq(companies.accountId, accountId.trim())));
  // A company the booker may not use answers as one that does not exist: the search shows neither.
  if (!company || !isCompanyBooker(company, user)) {
    throw validation(
      'AccountId',
      'This company was not found for your account. Log in with the account your company linked, or one at its e-mail address, or please pay another way.',
    );
  }
  return company;
}
