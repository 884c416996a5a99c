import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate, parseDate, type IsoDate } from '@hotel/domain/dates';
import { bookingsOnDate, offeredTime, type OfferedTime } from '@hotel/domain/restaurant';
import { validateRestaurantBooking, type FieldErrors } from '@hotel/domain/validation';
import { restaurantBookingRequestSchema } from '@hotel/domain/wire/restaurant-booking-request';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { recordTableBookingEvent } from '../hotel-events';
import { idempotently, idempotentRequest, replayingCompletedKey } from '../idempotency';
import type { PropertyRow } from '../property';
import { hashConfirmationToken, manageAccessOf, newReservationNumber } from '../booking';
import {
  findActiveTables,
  findPromotions,
  findReservationByNumber,
  findSittings,
  findStandingBookings,
  insertTableBooking,
  isBookingReferenceTaken,
  type ReservationProofRow,
  type RestaurantPromotionRow,
  type RestaurantRow,
} from './restaurant-queries';
import type { CreateTableBookingResponse } from '@hotel/domain/wire/restaurant-response';
import { propertyOrNotFound, restaurantOrNotFound } from './restaurant-service';
import { enqueueTableBookingConfirmation } from './table-booking-mail';

/**
 * The wire's request, except that a missing or invalid contact number, e-mail or identifier
 * is a refusal (200, `Success: false`, with the domain's message) rather than a 400: the guest
 * fills them in the form, so they are a refusal the guest can act on. Anything else malformed
 * is a 400.
 */
export const tableBookingRequestSchema = restaurantBookingRequestSchema.extend({
  Identifier: z.string().max(100).nullish(),
  Email: z.string().max(254).nullish(),
  ContactNumber: z.string().max(40).nullish(),
});

export type TableBookingRequest = z.infer<typeof tableBookingRequestSchema>;

const displayDate = (date: IsoDate) => formatDate(date, 'dddd Do MMMM YYYY');

const refusal = (InfoMessage: string): CreateTableBookingResponse => ({ Success: false, BookingReference: null, InfoMessage });

function invalidFieldsMessage(errors: FieldErrors): string {
  return `${Object.values(errors).flat().join('. ')}.`;
}

function partySizeMessage(restaurant: RestaurantRow, partySize: number): string {
  const { minOnlinePartySize: min, maxOnlinePartySize: max } = restaurant;
  const sizes = min === max ? `${min}` : `${min} to ${max}`;
  return `${restaurant.name} takes online bookings for parties of ${sizes}. For a party of ${partySize}, please contact us.`;
}

type Booked = { reference: string; offer: OfferedTime<number, RestaurantPromotionRow>; link: ReservationLink };

/** Who asks for the table, beyond the body: the retry key and the logged-in account, if any. */
export type TableBookingCaller = { idempotencyKey?: string; userId: number | null };

/**
 * The room booking a table booking is linked to. `linked`: the request proved the guest holds
 * it; `unproven`: a `Code` was sent that does not prove the booking `Identifier` names (or no
 * booking has that number: both answer alike, so the answer tells nothing of which numbers
 * exist); `none`: no proof was asked for, the Identifier is the guest's own reference.
 */
type ReservationLink = { kind: 'linked'; reservationId: number; reservationNumber: string } | { kind: 'unproven' } | { kind: 'none' };

/**
 * POST /api/RestaurantBooking/Create: checks the request against the domain's rules and the
 * restaurant's party sizes, then in one transaction re-reads the bookings, takes the table
 * the time is offered with (the smallest that fits) and writes the booking with its
 * confirmation e-mail. The exclusion constraint `table_bookings_no_overlap` is the truth:
 * when a simultaneous booking took that table first, the next fitting table is tried, and
 * when none is left the answer is a refusal. With an `Idempotency-Key`, a retry (after a
 * timeout, a double tap) gets the first answer again instead of a second table.
 */
export async function createTableBooking(
  context: AppContext,
  request: TableBookingRequest,
  caller: TableBookingCaller,
): Promise<CreateTableBookingResponse> {
  const retry = idempotentRequest(context, { key: caller.idempotencyKey, scope: tableBookingScope(request.PropertyId), body: request });
  // A retry of a booking already made gets its answer, whatever the restaurant's rules now say.
  return replayingCompletedKey(
    context.database.db,
    retry,
    () => bookOnce(context, request, caller),
    (answer) => !answer.Success,
  );
}

export const tableBookingScope = (propertyId: number) => `table-booking-create:${propertyId}`;

async function bookOnce(
  context: AppContext,
  request: TableBookingRequest,
  caller: TableBookingCaller,
): Promise<CreateTableBookingResponse> {
  const db = context.database.db;
  const property = await propertyOrNotFound(db, request.PropertyId);
  const restaurant = await restaurantOrNotFound(db, property, request.RestaurantId);
  const errors = validateRestaurantBooking(request);
  if (Object.keys(errors).length > 0) return refusal(invalidFieldsMessage(errors));
  if (request.PartySize < restaurant.minOnlinePartySize || request.PartySize > restaurant.maxOnlinePartySize) {
    return refusal(partySizeMessage(restaurant, request.PartySize));
  }

  const date = parseDate(request.VisitDate)!;
  const scope = tableBookingScope(property.id);
  const answer = await db.transaction((tx) =>
    idempotently(tx, idempotentRequest(context, { key: caller.idempotencyKey, scope, body: request }), async () => {
      const outcome = await bookTable(tx, context, { property, restaurant, request, date, userId: caller.userId });
      return typeof outcome === 'string' ? refusal(outcome) : bookedAnswer(restaurant, request, date, outcome);
    }),
  );
  if (answer.Success) context.mailEnqueued.notify();
  return answer;
}

function bookedAnswer(
  restaurant: RestaurantRow,
  request: TableBookingRequest,
  date: IsoDate,
  { reference, offer, link }: Booked,
): CreateTableBookingResponse {
  const leave = offer.LeaveTime ? ` Please note the table is needed again at ${offer.LeaveTime}.` : '';
  return {
    Success: true,
    BookingReference: reference,
    InfoMessage: `Your table for ${request.PartySize} at ${restaurant.name} on ${displayDate(date)} at ${offer.time} is booked.${leave}${linkNote(link)}`,
  };
}

function linkNote(link: ReservationLink): string {
  if (link.kind === 'linked') return ` It is noted on your room booking ${link.reservationNumber}.`;
  if (link.kind === 'unproven') {
    return ' It is not linked to a room booking, as the link you opened does not match that booking number: to link it, book from your booking confirmation or Manage Booking.';
  }
  return '';
}

/**
 * The room booking `Identifier` names, linked only with proof the guest holds it: its
 * confirmation token or manage code as `Code`, or the logged-in account that made it. A
 * reservation number alone is not proof: it is printed, read out and shared.
 */
async function linkedReservation(
  tx: Tx,
  context: AppContext,
  input: { property: PropertyRow; identifier: string; code: string | null; userId: number | null },
): Promise<ReservationLink> {
  const { property, code, userId } = input;
  const reservation = await findReservationByNumber(tx, property.id, input.identifier.toUpperCase());
  const proven =
    reservation !== undefined &&
    ((userId !== null && reservation.userId === userId) || (code !== null && holdsReservation(context, property, reservation, code)));
  if (proven) return { kind: 'linked', reservationId: reservation.id, reservationNumber: reservation.reservationNumber };
  return code === null ? { kind: 'none' } : { kind: 'unproven' };
}

function holdsReservation(context: AppContext, property: PropertyRow, reservation: ReservationProofRow, code: string): boolean {
  if (hashConfirmationToken(code) === reservation.confirmationTokenHash) return true;
  return manageAccessOf(context.config.linkSecret, property.code, reservation.reservationNumber, code) !== null;
}

/** The advisory-lock namespace of table bookings (an arbitrary constant, distinct from the others in use). */
const tableBookingLockSpace = 727_003;

/** The booking written, or why it was refused. */
async function bookTable(
  tx: Tx,
  context: AppContext,
  input: { property: PropertyRow; restaurant: RestaurantRow; request: TableBookingRequest; date: IsoDate; userId: number | null },
): Promise<Booked | string> {
  const { property, restaurant, request, date } = input;
  // Bookings of one restaurant queue here: each then sees the others' committed tables and
  // refuses at once, instead of every loser inserting, failing and retrying table after table.
  // The exclusion constraint stays the guarantee; this keeps contention short.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${tableBookingLockSpace}, ${restaurant.id})`);
  const identifier = request.Identifier!.trim();
  const code = request.Code?.trim() || null;
  const link = await linkedReservation(tx, context, { property, identifier, code, userId: input.userId });
  const sittings = await findSittings(tx, restaurant.id);
  const tables = await findActiveTables(tx, restaurant.id);
  const promotions = await findPromotions(tx, restaurant.id);
  const reference = await freeBookingReference(tx);
  const lost = new Set<number>();

  // Each pass sees the bookings committed so far; a table lost to a simultaneous booking is not tried again.
  for (;;) {
    const offer = offeredTime({
      date,
      now: context.clock.now(),
      timeZone: property.timeZone,
      sittings,
      tables: tables.filter((table) => !lost.has(table.id)),
      bookings: bookingsOnDate(date, property.timeZone, await findStandingBookings(tx, restaurant.id, date)),
      partySize: request.PartySize,
      promotions,
      time: request.VisitTime,
    });
    if (offer === null) {
      return `${request.VisitTime} on ${displayDate(date)} is not available for a party of ${request.PartySize}. Please choose another time.`;
    }
    if (offer.LeaveTime !== null && request.IsLeaveTimeRequired !== true) {
      return `At ${offer.time} the table is free only until ${offer.LeaveTime}. Please choose the time again to accept leaving by then.`;
    }
    if (request.PromotionId != null && !offer.Promotions.some((promotion) => promotion.id === request.PromotionId)) {
      return `The promotion chosen is not offered at ${offer.time}. Please choose the time and promotion again.`;
    }
    let tableBookingId: number;
    try {
      tableBookingId = await tx.transaction((savepoint) =>
        insertTableBooking(savepoint, {
          restaurantId: restaurant.id,
          tableId: offer.tableId,
          bookingReference: reference,
          visitDate: date,
          visitTime: offer.time,
          timeZone: property.timeZone,
          minutesHeld: offer.minutesHeld,
          partySize: request.PartySize,
          email: request.Email!.trim(),
          contactNumber: request.ContactNumber!.trim(),
          specialRequests: request.SpecialRequests?.trim() || null,
          promotionId: request.PromotionId ?? null,
          identifier,
          reservationId: link.kind === 'linked' ? link.reservationId : null,
          isLeaveTimeRequired: offer.LeaveTime !== null,
        }),
      );
    } catch (error) {
      if (!isTableTaken(error)) throw error;
      lost.add(offer.tableId);
      continue;
    }
    await enqueueTableBookingConfirmation(tx, context, property, tableBookingId);
    await recordTableBookingEvent(tx, context, tableBookingId);
    return { reference, offer, link };
  }
}

/** A booking reference no table booking has yet (short and unambiguous: the reservation number alphabet). */
async function freeBookingReference(tx: Tx): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const reference = newReservationNumber();
    if (!(await isBookingReferenceTaken(tx, reference))) return reference;
  }
  throw new Error('could not find a free table booking reference in 5 attempts');
}

/** Whether Postgres refused the booking because a standing booking holds the table (SQLSTATE 23P01, exclusion violation). */
function isTableTaken(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}
