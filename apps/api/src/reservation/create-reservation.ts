import { and, eq, sql, type SQL } from 'drizzle-orm';
import { findAcceptedCardType, detectCardType, validateCardDetails, withCardHolderFromBooker } from '@hotel/domain/cards';
import { isPaymentTypeAllowed, parsePaymentType, paymentTypeName, PaymentType } from '@hotel/domain/checkout';
import { addDays, todayIn } from '@hotel/domain/dates';
import { giftVoucherRefusal, giftVoucherRefusalMessage } from '@hotel/domain/gift-voucher';
import { sumMinor } from '@hotel/domain/money';
import { bookingTotal, giftVoucherDiscount } from '@hotel/domain/pricing';
import { isSameDayRestricted } from '@hotel/domain/restrictions';
import { VALIDATION_MESSAGES } from '@hotel/domain/messages';
import { totalToPay, vatOfTotal, type VatSettings } from '@hotel/domain/vat';
import type { ReservationCreateRequest } from '@hotel/domain/wire/reservation-create-request';
import type { ReservationRoomPayload } from '@hotel/domain/wire/reservation-rooms';
import { companies, guests, mailOutbox, payments, reservationRooms, reservationServices, reservations, users } from '@hotel/db/schema';
import {
  findUserSavedCard,
  isPaystackCurrency,
  keepSavedCard,
  PAYSTACK_CURRENCIES,
  PAYMENT_UNAVAILABLE_MESSAGE,
  PAYSTACK_GATEWAY_NAME,
  saveCardForUser,
  takesTypedCards,
  TYPED_CARD_REFUSED,
  type AuthorisationRequest,
  type PaymentGateway,
  type PaystackGateway,
} from '../payments';
import type { AppContext } from '../app-context';
import { type CteInsert, type Tx, runCteInserts } from '../database';
import { AppError, invalidField, notFound, findCompletedAnswer, idempotently, replayingCompletedKey, requestHashKey } from '../http';
import { authorisationRow, type AuthorisationResult, type CardDetails } from '../payments';
import { type Enqueued, outboxKey, outboxRow, type OutboxMail } from '../mail';
import { assertRoomsPerBooking } from '../availability';
import { type BookingFacts, newBookingNotice, recordReservationEvent } from '../hotel-events';
import type { PropertyRow } from '../property';
import { lockGiftVoucher, spendGiftVoucher } from '../voucher';
import { takeRoomUnits, takeServiceUnits } from './inventory';
import { bookingConfirmationMail, type ConfirmedBooking } from './booking-confirmation-mail';
import { newConfirmationToken } from './reservation-number';
import { assertClientPrices, priceRooms, priceSnapshotOf, roomsNotAvailableMessage, type PricedRoom } from './room-pricing';

export type CreateReservationAnswer = {
  Success: true;
  ConfirmationToken: string;
  ReservationNumber: string;
  /** Set when the card needs a 3-D Secure challenge: send the guest there; Status reports the outcome. */
  ChallengeUrl: string | null;
};

/** Who is booking: a logged-in user (accounts) or nobody. */
export type Booker = { userId: number; canChoosePaymentMethod: boolean } | null;

export type CreateReservationInput = {
  request: ReservationCreateRequest;
  idempotencyKey: string | undefined;
  user: Booker;
  /** Where a 3-D Secure challenge sends the guest back to (a path on this site). */
  statusPath: (propertyCode: string, confirmationToken: string) => string;
};

const validation = (field: string, message: string) => invalidField(field, message);

function checkPaymentType(property: PropertyRow, request: ReservationCreateRequest, rooms: PricedRoom[], user: Booker): PaymentType {
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
    if (!request.AccountId?.trim()) throw validation('AccountId', 'A company is required to pay by company invoice');
    if (!request.PONumber?.trim()) throw validation('PONumber', 'A PO number is required to pay by company invoice');
  }
  return paymentType;
}

/**
 * PayStack pays through its own hosted checkout (payments/paystack): the API must hold its key,
 * and PayStack must take the property's currency.
 */
function checkPaystack(context: Pick<AppContext, 'paymentGateways'>, property: PropertyRow): PaystackGateway {
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

type PayWith = { card: AuthorisationRequest['card']; savedCardId: number | null; saveFor: number | null };

const isTyped = (card: AuthorisationRequest['card']): card is CardDetails => 'number' in card;

/**
 * What the booking's card is, for its property's gateway: a saved card's token, a card typed into
 * our form (test gateway only), or the payment method a provider's own form made in the browser
 * (a provider's property refuses a typed number: it must never reach this server).
 */
async function cardToPayWith(
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

/** Releases an authorisation whose booking was not written; a failure to release is logged for the hotel, never shown to the guest. */
async function voidAfterFailure(context: Pick<AppContext, 'logger'>, taken: { gateway: PaymentGateway; reference: string }): Promise<void> {
  try {
    const result = await taken.gateway.void(taken.reference);
    if (result.status !== 'voided') {
      context.logger.error(
        { gateway: taken.gateway.name, reference: taken.reference, reason: result.declineMessage },
        'could not release the authorisation of a booking that failed',
      );
    }
  } catch (error) {
    context.logger.error(
      { err: error, gateway: taken.gateway.name, reference: taken.reference },
      'could not release the authorisation of a booking that failed',
    );
  }
}

/** Refuses a country id the static list does not have (the booker's, or a guest's), before anything is priced or charged. */
async function checkCountries(context: Pick<AppContext, 'countryIds'>, request: ReservationCreateRequest): Promise<void> {
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

/** The Idempotency-Key scope of a property's bookings. */
export const reservationCreateScope = (propertyId: number) => `reservation-create:${propertyId}`;

/** What a Create sent with an Idempotency-Key came to: the booking it made, or none (not made, or not yet). */
export type CreateOutcome = { Made: true; Booking: CreateReservationAnswer } | { Made: false; Booking: null };

/**
 * GET /api/Reservation/CreateOutcome: whether the Create sent with this Idempotency-Key made a
 * booking, and its answer if so, without its body: after a lost answer, the client's way to
 * find out before it offers to try again.
 */
export async function createOutcome(
  context: Pick<AppContext, 'database' | 'clock'>,
  propertyId: number,
  key: string,
): Promise<CreateOutcome> {
  const answer = await findCompletedAnswer(context.database.db, {
    key,
    scope: reservationCreateScope(propertyId),
    now: context.clock.now(),
  });
  return answer === undefined ? { Made: false, Booking: null } : { Made: true, Booking: answer as CreateReservationAnswer };
}

/**
 * POST /api/Reservation/Create, one transaction, all or nothing (docs/domain-rules.md,
 * "Creating a reservation"): validate, price from the database, take the inventory, spend the
 * voucher, authorise the payment, write the reservation and its confirmation e-mail. A retry
 * with the Idempotency-Key of a booking already made answers that booking before any of it.
 */
export async function createReservation(context: AppContext, input: CreateReservationInput): Promise<CreateReservationAnswer> {
  const retry = {
    key: input.idempotencyKey,
    scope: reservationCreateScope(input.request.PropertyId),
    body: input.request,
    now: context.clock.now(),
    hashKey: requestHashKey(context.config),
  };
  return replayingCompletedKey(context.database.db, retry, () => book(context, input));
}

async function book(context: AppContext, input: CreateReservationInput): Promise<CreateReservationAnswer> {
  const { request, user } = input;
  const db = context.database.db;
  const now = context.clock.now();
  const versions = await context.availability.reads.propertyVersions(request.PropertyId);
  if (!versions) throw notFound(`There is no property ${request.PropertyId}.`);
  // The row as of its catalogue version, from the cache that prices the rooms too.
  const { property } = await context.availability.catalogue.catalogue(versions);
  const today = todayIn(now, property.timeZone);
  const config = property.bookingConfiguration;

  assertRoomsPerBooking(property, request.Rooms.length);
  for (const room of request.Rooms) {
    if (isSameDayRestricted(config, room.DateFrom.replaceAll('/', '-'), now, property.timeZone)) {
      throw validation(
        'DateFrom',
        config.SameDayBookingRestrictionMessage ?? 'Same-day bookings are closed for today. Please contact the hotel.',
      );
    }
  }
  await checkCountries(context, request);
  // The versions read above say which rooms free the quote may answer from: no second read.
  const rooms = await priceRooms(context, { ...property, inventoryVersion: versions.inventoryVersion }, request.Rooms, {
    now,
    promoCode: request.PromoCode,
    ratePlanCode: request.RatePlanCode,
  });
  const paymentType = checkPaymentType(property, request, rooms, user);
  // The property's gateway; a 503 before anything is taken when this site does not run it.
  const gateway = paymentType === PaymentType.PayByCard ? context.paymentGateways.forProperty(property) : null;
  const payWith = gateway && (await cardToPayWith(context, gateway, property, request, today, user));
  const paystack = paymentType === PaymentType.PayByPayStack ? checkPaystack(context, property) : null;
  assertClientPrices(rooms, property.currency);

  const roomsTotal = sumMinor(rooms.map((room) => room.total));
  const servicesTotal = sumMinor(rooms.map((room) => room.servicesTotal));
  const dateFrom = rooms.map((room) => room.from).sort()[0]!;
  const dateTo = rooms
    .map((room) => room.to)
    .sort()
    .at(-1)!;
  const { token, hash } = newConfirmationToken();
  // Before the transaction: a refill of the stock must not wait for a second connection inside it.
  const reservationNumber = await context.reservationNumbers.take();
  const scope = reservationCreateScope(property.id);

  // An authorisation the transaction then fails to keep is released at once (decision 0005), not left as a hold on the guest's card.
  let taken: { gateway: PaymentGateway; reference: string } | undefined;
  let enqueued: Enqueued = { mail: false, webhooks: false };
  const booked = db.transaction((tx) =>
    idempotently(
      tx,
      { key: input.idempotencyKey, scope, body: request, now, hashKey: requestHashKey(context.config) },
      async (): Promise<CreateReservationAnswer> => {
        await takeInventory(tx, rooms);

        let voucherDiscount = 0;
        let voucherId: number | null = null;
        if (request.HopGiftVoucherCode?.trim()) {
          const voucher = await lockGiftVoucher(tx, property.id, request.HopGiftVoucherCode);
          const refusal = giftVoucherRefusal(voucher, today);
          if (refusal || !voucher) {
            throw new AppError(
              refusal === 'SPENT' ? 'VOUCHER_SPENT' : 'VALIDATION_FAILED',
              giftVoucherRefusalMessage(refusal ?? 'UNKNOWN', voucher),
              {
                modelState: { HopGiftVoucherCode: [giftVoucherRefusalMessage(refusal ?? 'UNKNOWN', voucher)] },
              },
            );
          }
          voucherDiscount = giftVoucherDiscount(voucher.balance, roomsTotal + servicesTotal);
          voucherId = voucher.id;
        }
        const total = bookingTotal({ rooms: roomsTotal, extras: servicesTotal, giftDiscount: voucherDiscount });
        const vatSettings: VatSettings = { rate: property.standardVatRate, isTaxExclusive: property.isStandardTaxExclusive };
        const vat = vatOfTotal(total, vatSettings);
        // What the card is charged: tax-exclusive prices have their VAT added (docs/pricing.md).
        const amountDue = totalToPay(total, vat, vatSettings.isTaxExclusive);
        const company =
          paymentType === PaymentType.PayByCompanyInvoice
            ? await findAuthorisedCompany(tx, property.id, request.AccountId!, { bookerEmail: request.Booker.Email, user })
            : null;

        // Built before the card is charged: a request the rows refuse never reaches the gateway.
        const rows = bookingRows({
          reservationNumber,
          property,
          request,
          rooms,
          hash,
          dateFrom,
          dateTo,
          paymentType,
          company,
          totals: { roomsTotal, servicesTotal, voucherDiscount, total, vat },
          userId: user?.userId ?? null,
          vatSettings,
          now,
        });
        // Authorised before the reservation is written, so it is written once with its final
        // status; a decline throws and the transaction leaves nothing behind.
        const authorisation: AuthorisationResult | null =
          gateway && payWith && amountDue > 0
            ? await gateway.authorise({
                amount: amountDue,
                currency: property.currency,
                reference: reservationNumber,
                card: payWith.card,
                captureMethod: property.paymentCaptureMethod,
                returnUrl: input.statusPath(property.code, token),
              })
            : // PayStack's hosted checkout is a redirect, as a 3-D Secure challenge: the booking waits for it.
              paystack && amountDue > 0
              ? await paystack.startCheckout({
                  amount: amountDue,
                  currency: property.currency,
                  reference: reservationNumber,
                  email: request.Booker.Email.trim(),
                  returnUrl: input.statusPath(property.code, token),
                })
              : null;
        const payingGateway = gateway ?? paystack;
        if (authorisation && authorisation.status !== 'declined')
          taken = { gateway: payingGateway!, reference: authorisation.gatewayReference };
        if (authorisation?.status === 'declined') throw new AppError('PAYMENT_DECLINED', authorisation.declineMessage);
        const challengeUrl = authorisation?.status === 'requires_action' ? authorisation.challengeUrl : null;
        // Undefined when the event must be recorded from the booking read back (see newBookingNotice).
        const hotelNotice = challengeUrl === null ? newBookingNotice(context, property, bookingFacts(rows)) : null;

        const reservationId = await writeBooking(tx, rows, {
          // Paid, or nothing to pay: confirmed at once; otherwise pending its 3-D Secure check.
          status: challengeUrl === null ? { status: 'confirmed', confirmedAt: now } : { status: 'pending_payment', confirmedAt: null },
          payment: authorisation && {
            gateway: payingGateway!.name,
            amount: amountDue,
            currency: property.currency,
            result: authorisation,
            // PayStack's checkout takes the money when the guest pays: only a card gateway holds.
            captureMethod: gateway ? property.paymentCaptureMethod : 'automatic',
            savedCardId: payWith?.savedCardId ?? null,
            completedAt: now,
          },
          mailKey: outboxKey(context.config),
          // Sent once the card has paid (or nothing was due), with the hotel's notice when it can be
          // told without reading the booking back; a 3-D Secure settlement sends them otherwise.
          mails:
            challengeUrl === null
              ? [
                  bookingConfirmationMail(context, {
                    property,
                    reservation: rows.reservation,
                    rooms: rows.confirmedRooms,
                    card: authorisation ? { brandCode: authorisation.brand, last4: authorisation.last4 } : undefined,
                  }),
                  ...(hotelNotice ? [hotelNotice] : []),
                ]
              : [],
        });
        if (voucherId !== null && voucherDiscount > 0) await spendGiftVoucher(tx, voucherId, reservationId, voucherDiscount);
        // A booking waiting for 3-D Secure is not one yet: its settlement records the event.
        enqueued =
          hotelNotice === undefined
            ? { ...(await recordReservationEvent(tx, context, { type: 'reservation.created', reservationId }, property)), mail: true }
            : { mail: challengeUrl === null, webhooks: false };
        // Kept only once the card has paid (or nothing was due), not while 3-D Secure is pending.
        if (gateway && payWith?.saveFor && challengeUrl === null) {
          const { card: typed } = payWith;
          if (isTyped(typed)) await saveCardForUser(tx, gateway, payWith.saveFor, typed);
          else if (authorisation?.status === 'authorised') {
            await keepSavedCard(tx, {
              gateway: gateway.name,
              userId: payWith.saveFor,
              token: authorisation.cardToken,
              card: authorisation,
              nameOnCard: request.CardDetails?.NameOnCard ?? null,
            });
          }
        }

        return {
          Success: true,
          ConfirmationToken: token,
          ReservationNumber: reservationNumber,
          ChallengeUrl: challengeUrl,
        };
      },
    ),
  );
  const answer = await booked.catch(async (error: unknown) => {
    if (taken) await voidAfterFailure(context, taken);
    throw error;
  });
  // Committed: the confirmation goes out now rather than at the dispatcher's next poll.
  context.mailEnqueued.notify(enqueued);
  return answer;
}

async function takeInventory(tx: Tx, rooms: PricedRoom[]): Promise<void> {
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
 * The company a booking goes on the invoice of, if the booker may use it: a logged-in account
 * the company lists (`LinkedAccounts`), or a booker e-mail address at one of its
 * `BookerEmailDomains`. Finding a company's name in the search is not enough.
 */
async function findAuthorisedCompany(tx: Tx, propertyId: number, accountId: string, booker: { bookerEmail: string; user: Booker }) {
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
  if (!company) throw validation('AccountId', 'The company was not found. Please search for it again.');
  const domain = booker.bookerEmail.trim().toLowerCase().split('@').at(-1) ?? '';
  if (company.bookerEmailDomains.includes(domain)) return company;
  if (booker.user && company.linkedAccounts.length > 0) {
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, booker.user.userId));
    if (account && company.linkedAccounts.includes(account.email.toLowerCase())) return company;
  }
  throw validation(
    'AccountId',
    `Only ${company.name}'s own bookers may book on its invoice: log in with the account linked to it, or use your e-mail address at the company. Otherwise please pay by card.`,
  );
}

type BookingRows = ReturnType<typeof bookingRows>;

/** Everything a booking writes, as rows: the reservation, and each room with its guests and extras. */
function bookingRows(data: {
  reservationNumber: string;
  property: PropertyRow;
  request: ReservationCreateRequest;
  rooms: PricedRoom<ReservationRoomPayload>[];
  hash: string;
  dateFrom: string;
  dateTo: string;
  paymentType: PaymentType;
  company: { id: number; accountId: string; name: string } | null;
  totals: { roomsTotal: number; servicesTotal: number; voucherDiscount: number; total: number; vat: number };
  userId: number | null;
  vatSettings: VatSettings;
  now: Date;
}) {
  const { request, property } = data;
  const booker = request.Booker;
  const values = {
    propertyId: property.id,
    reservationNumber: data.reservationNumber,
    confirmationTokenHash: data.hash,
    dateFrom: data.dateFrom,
    dateTo: data.dateTo,
    bookerFirstName: booker.FirstName.trim(),
    bookerLastName: booker.LastName.trim(),
    bookerEmail: booker.Email.trim(),
    bookerPhone: booker.Phone.trim(),
    bookerStreet: booker.Street ?? null,
    bookerCity: booker.City ?? null,
    bookerStateOrCounty: booker.StateOrCounty ?? null,
    bookerZipCode: booker.ZipCode ?? null,
    bookerCountryId: booker.CountryId ?? null,
    optInToReceiveUpdates: booker.OptInToReceiveUpdates ?? false,
    companyId: data.company?.id ?? null,
    companyAccountId: data.company?.accountId ?? null,
    companyName: data.company?.name ?? null,
    poNumber: data.company ? (request.PONumber?.trim() ?? null) : null,
    paymentType: paymentTypeName(data.paymentType),
    promoCode: request.PromoCode?.trim() || null,
    giftVoucherCode: data.totals.voucherDiscount > 0 ? (request.HopGiftVoucherCode?.trim() ?? null) : null,
    voucherDiscount: data.totals.voucherDiscount,
    totalRooms: data.totals.roomsTotal,
    totalServices: data.totals.servicesTotal,
    total: data.totals.total,
    totalVat: data.totals.vat,
    currency: property.currency,
    vatRate: property.standardVatRate,
    isTaxExclusive: property.isStandardTaxExclusive,
    specialRequests: request.Notes?.trim() || null,
    comment: request.Comment?.trim() || null,
    languageCode: request.LanguageCode,
    isAppBooking: request.IsAppBooking ?? false,
    browserData: request.BrowserData ?? null,
    userId: data.userId,
    // The injected clock, not the database's: the abandoned-payment release measures from it.
    createdAt: data.now,
    updatedAt: data.now,
  };
  const confirmedRooms: ConfirmedBooking['rooms'] = [];
  const roomRows = [];

  for (const [sortOrder, room] of data.rooms.entries()) {
    const configuration = room.roomType.configurations.find((c) => c.id === room.payload.RoomConfigurationDropdownOptionId);
    if (room.payload.RoomConfigurationDropdownOptionId != null && !configuration) {
      throw validation(`Rooms[${room.index}].RoomConfigurationDropdownOptionId`, 'Please choose one of the room configurations offered');
    }
    const row = {
      roomTypeId: room.roomType.id,
      ratePlanId: room.rate.ratePlan.id,
      roomConfigurationId: configuration?.id ?? null,
      roomConfigurationLabel: configuration?.label ?? null,
      adults: room.party.NumberOfAdults,
      children: room.party.NumberOfChildren,
      infants: room.party.NumberOfInfants,
      dateFrom: room.from,
      dateTo: room.to,
      priceComponents: priceSnapshotOf(room),
      total: room.total,
      originalTotal: room.originalTotal,
      vat: vatOfTotal(room.total, data.vatSettings),
      promotionId: room.rate.promotion?.id ?? null,
      promotionCode: room.rate.promotion?.code ?? null,
      sortOrder,
    } satisfies Omit<typeof reservationRooms.$inferInsert, 'reservationId'>;
    confirmedRooms.push({
      roomTypeName: room.roomType.name,
      ratePlanName: room.rate.ratePlan.name,
      adults: room.party.NumberOfAdults,
      children: room.party.NumberOfChildren,
      infants: room.party.NumberOfInfants,
      roomConfigurationLabel: configuration?.label ?? null,
      total: room.total,
      services: room.services.map((s) => ({ name: s.service.name, quantity: s.quantity, total: s.total })),
    });
    const lead = room.payload.LeadGuest ?? room.payload.Guests[0];
    const others = room.payload.LeadGuest ? room.payload.Guests : room.payload.Guests.slice(1);
    const roomGuests = [...(lead ? [{ guest: lead, isLead: true }] : []), ...others.map((guest) => ({ guest, isLead: false }))];
    roomRows.push({
      row,
      guests: roomGuests.map(
        ({ guest, isLead }, order) =>
          ({
            isLead,
            firstName: guest.FirstName?.trim() ?? '',
            lastName: guest.LastName?.trim() ?? '',
            email: guest.Email?.trim() || null,
            phone: guest.Phone?.trim() || null,
            street: guest.Street ?? null,
            city: guest.City ?? null,
            stateOrCounty: guest.StateOrCounty ?? null,
            zipCode: guest.ZipCode ?? null,
            countryId: guest.CountryId ?? null,
            sortOrder: order,
          }) satisfies Omit<typeof guests.$inferInsert, 'reservationRoomId'>,
      ),
      services: room.services.map(
        (s) =>
          ({
            serviceId: s.service.id,
            quantity: s.quantity,
            unitPrice: s.unitPrice,
            total: s.total,
          }) satisfies Omit<typeof reservationServices.$inferInsert, 'reservationRoomId'>,
      ),
    });
  }
  return { reservation: values, rooms: roomRows, confirmedRooms };
}

/** The booking as the hotel's notice tells it, from the rows about to be written (as `findEventReservation` reads them back). */
function bookingFacts({ reservation, rooms, confirmedRooms }: BookingRows): BookingFacts {
  return {
    reservationNumber: reservation.reservationNumber,
    status: 'confirmed',
    dateFrom: reservation.dateFrom,
    dateTo: reservation.dateTo,
    bookerFirstName: reservation.bookerFirstName,
    bookerLastName: reservation.bookerLastName,
    bookerEmail: reservation.bookerEmail,
    bookerPhone: reservation.bookerPhone,
    companyName: reservation.companyName,
    paymentType: reservation.paymentType,
    specialRequests: reservation.specialRequests,
    total: reservation.total,
    totalVat: reservation.totalVat,
    voucherDiscount: reservation.voucherDiscount,
    currency: reservation.currency,
    vatRate: reservation.vatRate,
    isTaxExclusive: reservation.isTaxExclusive,
    rooms: rooms.map(({ row }, index) => {
      const confirmed = confirmedRooms[index]!;
      return {
        status: 'booked',
        roomTypeName: confirmed.roomTypeName,
        ratePlanName: confirmed.ratePlanName,
        dateFrom: row.dateFrom,
        dateTo: row.dateTo,
        adults: row.adults,
        children: row.children,
        infants: row.infants,
        total: row.total,
        extras: confirmed.services.map(({ name, quantity, total }) => ({ name, quantity, total })),
      };
    }),
  };
}

/** The new reservation's id, in the rows of the CTEs after `new_reservation`. */
const newReservationId = sql`(SELECT id FROM new_reservation)`;
/** One fragment per room, kept: the statement's text is cached per shape, and its fragments are rendered once. */
const newRoomIds: SQL[] = [];
function newRoomId(sortOrder: number): SQL {
  return (newRoomIds[sortOrder] ??= sql`(SELECT id FROM new_rooms WHERE sort_order = ${sortOrder})`);
}

/**
 * Writes a booking in ONE statement: the reservation, its rooms, guests and extras, the
 * payment and the e-mails (the guest's confirmation, the hotel's notice), each insert a
 * data-modifying CTE that takes its reservation's (and room's) id from the one before. A round
 * trip to the database costs the API more CPU than the insert costs the database
 * (bench/REPORT.md), and this was six of them.
 * Answers the reservation's id.
 */
async function writeBooking(
  tx: Tx,
  rows: BookingRows,
  extra: {
    status: Pick<typeof reservations.$inferInsert, 'status' | 'confirmedAt'>;
    payment: Omit<Parameters<typeof authorisationRow>[0], 'reservationId'> | null;
    /** Written in this order: the guest's confirmation, then the hotel's notice. */
    mails: Omit<OutboxMail, 'reservationId'>[];
    /** `outboxKey(config)`, which seals the mail's body. */
    mailKey: Buffer;
  },
): Promise<number> {
  const guestRows = rows.rooms.flatMap((room) =>
    room.guests.map((guest) => ({ ...guest, reservationRoomId: newRoomId(room.row.sortOrder) })),
  );
  const serviceRows = rows.rooms.flatMap((room) =>
    room.services.map((service) => ({ ...service, reservationRoomId: newRoomId(room.row.sortOrder) })),
  );
  const inserts: CteInsert[] = [
    { name: 'new_reservation', table: reservations, rows: [{ ...rows.reservation, ...extra.status }], returning: { id: reservations.id } },
    {
      name: 'new_rooms',
      table: reservationRooms,
      rows: rows.rooms.map((room) => ({ ...room.row, reservationId: newReservationId })),
      returning: { id: reservationRooms.id, sortOrder: reservationRooms.sortOrder },
    },
  ];
  if (guestRows.length > 0) inserts.push({ name: 'new_guests', table: guests, rows: guestRows });
  if (serviceRows.length > 0) inserts.push({ name: 'new_services', table: reservationServices, rows: serviceRows });
  if (extra.payment)
    inserts.push({ name: 'new_payment', table: payments, rows: [authorisationRow({ ...extra.payment, reservationId: newReservationId })] });
  if (extra.mails.length > 0)
    inserts.push({
      name: 'new_mail',
      table: mailOutbox,
      rows: extra.mails.map((mail) => ({ ...outboxRow(mail, extra.mailKey), reservationId: newReservationId })),
    });
  const [written] = await runCteInserts<{ id: number }>(tx, inserts, 'SELECT id FROM new_reservation');
  return written!.id;
}
