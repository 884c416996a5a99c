import { todayIn } from '@hotel/domain/dates';
import { parsePaymentType, PaymentType } from '@hotel/domain/checkout';
import { giftVoucherRefusal, giftVoucherRefusalMessage, type GiftVoucherRefusal, type GiftVoucherState } from '@hotel/domain/gift-voucher';
import { sumMinor } from '@hotel/domain/money';
import { bookingTotal, giftVoucherDiscount } from '@hotel/domain/pricing';
import { isSameDayRestricted } from '@hotel/domain/restrictions';
import { totalToPay, vatOfTotal, type VatSettings } from '@hotel/domain/vat';
import type { ReservationCreateRequest } from '@hotel/domain/wire/reservation-create-request';
import type { ReservationRoomPayload } from '@hotel/domain/wire/reservation-rooms';
import type { AppContext } from '../app-context';
import { assertRoomsPerBooking } from '../availability';
import { type Tx } from '../database';
import { AppError, invalidField, notFound } from '../errors';
import { newBookingNotice, recordReservationEvent } from '../hotel-events';
import type { GuessingClient } from '../http';
import {
  AwaitingMovement,
  awaitMovement,
  awaitsMovement,
  claimIdempotencyKey,
  findCompletedAnswer,
  replayingCompletedKey,
  requestHash,
  idempotentRequest,
  requestHashKey,
  saveIdempotentAnswer,
} from '../idempotency';
import { type Enqueued, outboxKey, type OutboxMail } from '../mail';
import {
  findMovement,
  newMovementKey,
  PAYMENT_UNAVAILABLE_MESSAGE,
  recordedMovement,
  saveCardForUser,
  type AuthorisationResult,
  type FinalAnswer,
  type Movement,
  type PaymentGateway,
} from '../payments';
import type { PropertyRow } from '../property';
import { derivedKey, openSealedText, sealText } from '../secrets';
import { findGuessedVoucher, lockGiftVoucher, spendGiftVoucher } from '../voucher';
import { bookingConfirmationMail } from './booking-confirmation-mail';
import { confirmPaidAtOnce, type BookingPaymentIntent } from './booking-payment';
import {
  cardToPayWith,
  checkCountries,
  checkPaymentType,
  checkPaystack,
  findAuthorisedCompany,
  isTyped,
  takeInventory,
  type Booker,
  type PayWith,
} from './booking-request';
import { bookingFacts, bookingRows, writeBooking, type BookingRows } from './booking-rows';
import { makeMovement, type MovementOutcome } from './make-movement';
import { MONEY_MESSAGES, PAYMENT_OUTCOME_UNKNOWN } from './payment-messages';
import { newConfirmationToken } from './reservation-number';
import { assertClientPrices, priceRooms, type PricedRoom } from './room-pricing';

export type CreateReservationAnswer = {
  Success: true;
  ConfirmationToken: string;
  ReservationNumber: string;
  /** Set when the card needs a 3-D Secure challenge: send the guest there; Status reports the outcome. */
  ChallengeUrl: string | null;
};

export type { Booker };

export type CreateReservationInput = {
  request: ReservationCreateRequest;
  idempotencyKey: string | undefined;
  user: Booker;
  /** Who books: a voucher code that matches none counts against their guesses. */
  voucherGuess: GuessingClient;
  /** Where a 3-D Secure challenge sends the guest back to (a path on this site). */
  statusPath: (propertyCode: string, confirmationToken: string) => string;
};

export const reservationCreateScope = (propertyId: number) => `reservation-create:${propertyId}`;

/** What a Create sent with an Idempotency-Key came to: the booking it made, or none (not made, or its payment's answer awaited). */
export type CreateOutcome = { Made: true; Booking: CreateReservationAnswer } | { Made: false; Waiting: boolean; Booking: null };

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
  const request = { key, scope: reservationCreateScope(propertyId), now: context.clock.now() };
  const answer = await findCompletedAnswer(context.database.db, request);
  if (answer !== undefined) return { Made: true, Booking: answer as CreateReservationAnswer };
  return { Made: false, Waiting: await awaitsMovement(context.database.db, request), Booking: null };
}

/**
 * POST /api/Reservation/Create (docs/domain-rules.md, "Creating a reservation"; docs/payments.md):
 *
 * 1. check and price the request from the database; nothing is written;
 * 2. hold: in one transaction, take the rooms and limited extras, spend the voucher, write the
 *    booking and, when a card pays, the payment movement it is about to make (the booking then
 *    `pending_payment`, as while a bank's 3-D Secure check runs); a booking with nothing to pay
 *    by card is confirmed here, with its e-mails;
 * 3. pay: the card is authorised with the movement's idempotency key, outside any transaction;
 * 4. settle: the answer is recorded in a second transaction, which confirms the booking (its
 *    e-mails and the hotel's event queued) or, refused, gives back everything it held.
 *
 * A card whose answer never comes (a timeout, the provider down) leaves the booking held: the
 * same request sent again with its Idempotency-Key resumes that payment rather than paying twice,
 * and the reconciler settles it otherwise. A retry of a key whose booking is made answers it.
 */
export async function createReservation(context: AppContext, input: CreateReservationInput): Promise<CreateReservationAnswer> {
  const retry = idempotentRequest(context, {
    key: input.idempotencyKey,
    scope: reservationCreateScope(input.request.PropertyId),
    body: input.request,
  });
  try {
    return await replayingCompletedKey(context.database.db, retry, () => book(context, input));
  } catch (error) {
    if (error instanceof AwaitingMovement) return resumeBooking(context, input, error.paymentId);
    throw error;
  }
}

/** The booking a request asks for, checked and priced; nothing written yet. */
type PlannedBooking = {
  property: PropertyRow;
  rooms: PricedRoom<ReservationRoomPayload>[];
  paymentType: PaymentType;
  gateway: PaymentGateway | null;
  payWith: PayWith | null;
  paystack: ReturnType<typeof checkPaystack> | null;
  today: string;
  now: Date;
};

async function planBooking(context: AppContext, input: CreateReservationInput): Promise<PlannedBooking> {
  const { request, user } = input;
  const now = context.clock.now();
  const versions = await context.availability.reads.propertyVersions(request.PropertyId);
  if (!versions) throw notFound(`There is no property ${request.PropertyId}.`);
  // The row as of its catalogue version, from the cache that prices the rooms too.
  const { property } = await context.availability.catalogue.catalogue(versions);
  const today = todayIn(now, property.timeZone);
  const config = property.bookingConfiguration;

  assertRoomsPerBooking(property, request.Rooms.length);
  await refuseUnknownVoucher(context, input, property.id);
  for (const room of request.Rooms) {
    if (isSameDayRestricted(config, room.DateFrom.replaceAll('/', '-'), now, property.timeZone)) {
      throw invalidField(
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
  return { property, rooms, paymentType, gateway, payWith, paystack, today, now };
}

/**
 * A voucher code that matches none is a guess: counted, and refused before anything is held or
 * paid; so is any code from a client over its guesses (429). Spending checks the rest under a lock.
 */
async function refuseUnknownVoucher(context: AppContext, input: CreateReservationInput, propertyId: number): Promise<void> {
  const code = input.request.HopGiftVoucherCode;
  if (!code?.trim()) return;
  if (!(await findGuessedVoucher(context.database.db, input.voucherGuess, propertyId, code))) throw voucherRefused('UNKNOWN', undefined);
}

/** A voucher that cannot be spent: 409 when spent meanwhile, else 400 naming the field. */
function voucherRefused(refusal: GiftVoucherRefusal, voucher: GiftVoucherState | undefined): AppError {
  const message = giftVoucherRefusalMessage(refusal, voucher);
  return new AppError(refusal === 'SPENT' ? 'VOUCHER_SPENT' : 'VALIDATION_FAILED', message, {
    modelState: { HopGiftVoucherCode: [message] },
  });
}

/** The return address a 3-D Secure check or PayStack's page sends the guest to, kept sealed in the movement: it holds the booking's token. */
const returnUrlKey = (context: Pick<AppContext, 'config'>) => derivedKey(context.config.linkSecret, 'payment movement', 'return url');

/**
 * A booking held for its card: what the request knows of it to confirm it in one statement once
 * paid (its rows for the e-mails; the hotel's notice, undefined when webhooks must hear of it).
 */
type HeldForCard = { property: PropertyRow; rows: BookingRows; hotelNotice: Omit<OutboxMail, 'reservationId'> | null | undefined };

type Held = { answer: CreateReservationAnswer; movement: Movement | null; enqueued: Enqueued; forCard?: HeldForCard };

/** Step 2: one transaction that takes everything the booking needs and writes it, waiting for its card or confirmed. */
async function holdBooking(context: AppContext, input: CreateReservationInput, plan: PlannedBooking): Promise<Held> {
  const { request, user } = input;
  const { property, rooms, paymentType, gateway, payWith, paystack, today, now } = plan;
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
  const key = input.idempotencyKey;
  const answer: CreateReservationAnswer = {
    Success: true,
    ConfirmationToken: token,
    ReservationNumber: reservationNumber,
    ChallengeUrl: null,
  };

  const held = await context.database.db.transaction(async (tx): Promise<Held & { replay?: CreateReservationAnswer }> => {
    if (key) {
      const claim = await claimIdempotencyKey(tx, { key, scope, requestHash: requestHash(request, requestHashKey(context.config)), now });
      if (claim.kind === 'replay')
        return {
          answer: claim.body as CreateReservationAnswer,
          movement: null,
          enqueued: nothing,
          replay: claim.body as CreateReservationAnswer,
        };
      if (claim.kind === 'awaiting') throw new AwaitingMovement(claim.paymentId);
    }
    await takeInventory(tx, rooms);
    const voucher = await spendableVoucher(tx, property, request, today, roomsTotal + servicesTotal);
    const total = bookingTotal({ rooms: roomsTotal, extras: servicesTotal, giftDiscount: voucher.discount });
    const vatSettings: VatSettings = { rate: property.standardVatRate, isTaxExclusive: property.isStandardTaxExclusive };
    const vat = vatOfTotal(total, vatSettings);
    // What the card is charged: tax-exclusive prices have their VAT added (docs/pricing.md).
    const amountDue = totalToPay(total, vat, vatSettings.isTaxExclusive);
    const company =
      paymentType === PaymentType.PayByCompanyInvoice ? await findAuthorisedCompany(tx, property.id, request.AccountId!, user) : null;
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
      totals: { roomsTotal, servicesTotal, voucherDiscount: voucher.discount, total, vat },
      userId: user?.userId ?? null,
      vatSettings,
      now,
    });
    const payingGateway = amountDue > 0 ? (gateway ?? paystack) : null;
    const intent: BookingPaymentIntent & { returnUrl: string } = {
      ...(payWith?.saveFor != null && { saveCardFor: payWith.saveFor, nameOnCard: request.CardDetails?.NameOnCard ?? null }),
      returnUrl: sealText(input.statusPath(property.code, token), returnUrlKey(context)),
    };
    const movement = payingGateway && {
      gateway: payingGateway.name,
      kind: 'authorisation' as const,
      purpose: 'booking' as const,
      amount: amountDue,
      currency: property.currency,
      idempotencyKey: newMovementKey(reservationNumber),
      // PayStack's checkout takes the money when the guest pays: only a card gateway holds.
      captureMethod: gateway ? property.paymentCaptureMethod : ('automatic' as const),
      savedCardId: payWith?.savedCardId ?? null,
      intent,
      now,
    };
    // The hotel's notice, when it can be told without reading the booking back (newBookingNotice):
    // written now when nothing is taken from a card, or once the card has paid.
    const hotelNotice = newBookingNotice(context, property, bookingFacts(rows));
    const written = await writeBooking(tx, rows, {
      status: movement ? { status: 'pending_payment', confirmedAt: null } : { status: 'confirmed', confirmedAt: now },
      movement,
      mailKey: outboxKey(context.config),
      mails: movement
        ? []
        : [
            bookingConfirmationMail(context, { property, reservation: rows.reservation, rooms: rows.confirmedRooms, card: undefined }),
            ...(hotelNotice ? [hotelNotice] : []),
          ],
    });
    if (voucher.id !== null && voucher.discount > 0) await spendGiftVoucher(tx, voucher.id, written.reservationId, voucher.discount);
    if (movement && written.movementId !== null) {
      if (key) await awaitMovement(tx, { key, scope, paymentId: written.movementId, answer });
      const ids = { id: written.movementId, reservationId: written.reservationId, reservationNumber };
      return {
        answer,
        movement: recordedMovement({ ...movement, reservationId: written.reservationId }, ids),
        enqueued: nothing,
        forCard: { property, rows, hotelNotice },
      };
    }
    const enqueued =
      hotelNotice === undefined
        ? {
            ...(await recordReservationEvent(tx, context, { type: 'reservation.created', reservationId: written.reservationId }, property)),
            mail: true,
          }
        : { mail: true, webhooks: false };
    // A card saved while nothing was due (a voucher paid it all): the test gateway keeps it as a token.
    if (gateway && payWith?.saveFor && isTyped(payWith.card)) await saveCardForUser(tx, gateway, payWith.saveFor, payWith.card);
    if (key) await saveIdempotentAnswer(tx, { key, scope, status: 200, body: answer });
    return { answer, movement: null, enqueued };
  });
  return held.replay ? { answer: held.replay, movement: null, enqueued: nothing } : held;
}

const nothing: Enqueued = { mail: false, webhooks: false };

/** The voucher the request names, locked, and what it takes off; a refusal names the field. */
async function spendableVoucher(tx: Tx, property: PropertyRow, request: ReservationCreateRequest, today: string, price: number) {
  if (!request.HopGiftVoucherCode?.trim()) return { id: null, discount: 0 };
  const voucher = await lockGiftVoucher(tx, property.id, request.HopGiftVoucherCode);
  const refusal = giftVoucherRefusal(voucher, today);
  if (refusal || !voucher) throw voucherRefused(refusal ?? 'UNKNOWN', voucher);
  return { id: voucher.id, discount: giftVoucherDiscount(voucher.balance, price) };
}

/** The call that authorises the booking's card: the request's card, for the movement's amount and key. */
function authoriser(
  context: AppContext,
  plan: Pick<PlannedBooking, 'property' | 'gateway' | 'payWith' | 'paystack'>,
  request: ReservationCreateRequest,
) {
  return async (call: { idempotencyKey: string; amount: number; currency: string }, movement: Movement): Promise<AuthorisationResult> => {
    const returnUrl = openSealedText(String((movement.intent as { returnUrl?: string } | null)?.returnUrl ?? ''), returnUrlKey(context));
    const { gateway, payWith, paystack, property } = plan;
    if (gateway && payWith) {
      return gateway.authorise({
        ...call,
        reference: movement.reservationNumber,
        card: payWith.card,
        captureMethod: property.paymentCaptureMethod,
        returnUrl,
      });
    }
    // PayStack's hosted checkout is a redirect, as a 3-D Secure challenge: the booking waits for it.
    if (paystack) {
      return paystack.startCheckout({ ...call, reference: movement.reservationNumber, email: request.Booker.Email.trim(), returnUrl });
    }
    throw new Error(`booking ${movement.reservationNumber} has a card payment but no card`);
  };
}

/** Steps 1 to 4 for a request that is not a retry of one still waiting for its card's answer. */
async function book(context: AppContext, input: CreateReservationInput): Promise<CreateReservationAnswer> {
  const plan = await planBooking(context, input);
  const held = await holdBooking(context, input, plan);
  if (!held.movement) {
    // Committed: the confirmation goes out now rather than at the dispatcher's next poll.
    context.mailEnqueued.notify(held.enqueued);
    return held.answer;
  }
  const authorise = authoriser(context, plan, input.request);
  const movement = held.movement;
  const outcome = await makeMovement(context, movement, {
    authorise: (call) => authorise(call, movement),
    recordYes: recordYesOf(context, movement, held.forCard),
  });
  return answerOf(outcome, held.answer);
}

/**
 * How the request records its card's plain yes in one statement (confirmPaidAtOnce), when it holds
 * all that takes: not when a card is to be kept for the guest, nor when the hotel's webhooks must
 * hear of the booking (their message is built from the booking read back).
 */
function recordYesOf(context: AppContext, movement: Movement, held: HeldForCard | undefined) {
  const intent = movement.intent as BookingPaymentIntent | null;
  if (!held || held.hotelNotice === undefined || intent?.saveCardFor !== undefined) return undefined;
  const { property, rows, hotelNotice } = held;
  return async (answer: Extract<FinalAnswer, { status: 'succeeded' }>) => {
    const card = answer.card ? { brandCode: answer.card.brand, last4: answer.card.last4 } : undefined;
    const confirmation = bookingConfirmationMail(context, { property, reservation: rows.reservation, rooms: rows.confirmedRooms, card });
    const confirmed = await confirmPaidAtOnce(context.database.db, context, movement, answer, [
      confirmation,
      ...(hotelNotice ? [hotelNotice] : []),
    ]);
    // Committed: the confirmation goes out now rather than at the dispatcher's next poll.
    if (confirmed) context.mailEnqueued.notify({ mail: true, webhooks: false });
    return confirmed;
  };
}

/** The Create's answer for what its card came to: booked, sent to the bank's check, declined (402) or not known yet (503). */
function answerOf(outcome: MovementOutcome, answer: CreateReservationAnswer): CreateReservationAnswer {
  switch (outcome.status) {
    case 'succeeded':
      return answer;
    case 'requires_action':
      // Nowhere to send the guest yet: not known, as a lost answer is.
      if (!outcome.challengeUrl) throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_OUTCOME_UNKNOWN);
      return { ...answer, ChallengeUrl: outcome.challengeUrl };
    case 'failed':
    case 'cancelled':
      if (outcome.declineCode === 'provider_refused')
        throw new AppError('PAYMENT_UNAVAILABLE', outcome.declineMessage ?? PAYMENT_UNAVAILABLE_MESSAGE);
      throw new AppError('PAYMENT_DECLINED', outcome.declineMessage ?? MONEY_MESSAGES.declined);
    case 'unknown':
      throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_OUTCOME_UNKNOWN);
  }
}

/**
 * A Create sent again with the Idempotency-Key of one whose card's answer never came: that
 * payment is resumed, never made anew. The provider is asked what it did with it first, and
 * the same call (same key, same card) is made only if it has no trace of it.
 */
async function resumeBooking(context: AppContext, input: CreateReservationInput, paymentId: number): Promise<CreateReservationAnswer> {
  const { db } = context.database;
  const key = input.idempotencyKey!;
  const scope = reservationCreateScope(input.request.PropertyId);
  const movement = await findMovement(db, paymentId);
  if (!movement) throw new AppError('CONFLICT', 'A request with this Idempotency-Key has not finished. Wait a moment and send it again.');
  if (movement.status === 'pending') {
    const plan = await cardOf(context, input);
    const authorise = authoriser(context, plan, input.request);
    const outcome = await makeMovement(context, movement, { authorise: (call) => authorise(call, movement), askFirst: true });
    if (outcome.status === 'unknown') throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_OUTCOME_UNKNOWN);
  }
  const answer = await findCompletedAnswer(db, { key, scope, now: context.clock.now() });
  if (answer !== undefined) return answer as CreateReservationAnswer;
  // Refused (by this request's call, or answered meanwhile): the provider's reason, as the first answer would have said it.
  const settled = await findMovement(db, paymentId);
  if (settled?.status === 'failed' || settled?.status === 'cancelled')
    throw new AppError('PAYMENT_DECLINED', settled.failureReason ?? MONEY_MESSAGES.declined);
  throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_OUTCOME_UNKNOWN);
}

/** The card of a request being resumed: checked as a new request's is, from its own body (the card is never stored). */
async function cardOf(context: AppContext, input: CreateReservationInput) {
  const { request, user } = input;
  const versions = await context.availability.reads.propertyVersions(request.PropertyId);
  if (!versions) throw notFound(`There is no property ${request.PropertyId}.`);
  const { property } = await context.availability.catalogue.catalogue(versions);
  const today = todayIn(context.clock.now(), property.timeZone);
  const paymentType = parsePaymentType(request.PaymentType);
  const gateway = paymentType === PaymentType.PayByCard ? context.paymentGateways.forProperty(property) : null;
  const payWith = gateway && (await cardToPayWith(context, gateway, property, request, today, user));
  const paystack = paymentType === PaymentType.PayByPayStack ? checkPaystack(context, property) : null;
  return { property, gateway, payWith, paystack };
}
