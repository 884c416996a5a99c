import { and, asc, eq } from 'drizzle-orm';
import { reservationRooms, reservations } from '@hotel/db/schema';
import { bookingBalance } from '@hotel/domain/booking-balance';
import { todayIn } from '@hotel/domain/dates';
import { bookingStayStatus, STAY_STATUS_NAMES, stayMove, stayMoveOf, stayStatusName, type StayMove } from '@hotel/domain/stay';
import type { AcknowledgeRequest, AcknowledgeResponse, StayRequest, StayResponse } from '@hotel/domain/wire/pms-updates';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { AppError, invalidField, notFound } from '../errors';
import { recordReservationEvent } from '../hotel-events';
import type { Enqueued } from '../mail';
import { findProperty } from '../property';
import { recordReservationChange, type ReservationChangeDetails } from './reservation-history';

/** What the PMS calls refuse with, for the integrator's program and staff. */
export const PMS_MESSAGES = {
  noSuchBooking: (number: string) => `There is no booking ${number}. Check the reservation number the feed or webhook gave.`,
  notThisBooking: (id: number) => `Room ${id} is not a room of this booking: use the ReservationItemIds the feed gives for it.`,
  nothingStands: 'Every room of this booking is cancelled: it has no stay to move.',
  refused: (id: number, why: string) => `Room ${id} was not moved, nor any other: ${why}`,
} as const;

type PmsContext = Pick<AppContext, 'database' | 'clock' | 'config' | 'mailEnqueued'>;

const nothingQueued: Enqueued = { mail: false, webhooks: false };

const EVENT_OF = {
  checked_in: 'reservation.checked_in',
  checked_out: 'reservation.checked_out',
  no_show: 'reservation.no_show',
} as const satisfies Record<StayMove, string>;

/**
 * The booking of this number, its row locked: a second call on it waits here and then sees what
 * the first did. To a key of one property (`onlyPropertyId`), another property's booking is no booking.
 */
async function lockBooking(tx: Tx, reservationNumber: string, onlyPropertyId: number | undefined) {
  const [booking] = await tx
    .select({
      id: reservations.id,
      propertyId: reservations.propertyId,
      reservationNumber: reservations.reservationNumber,
      status: reservations.status,
      total: reservations.total,
      totalVat: reservations.totalVat,
      isTaxExclusive: reservations.isTaxExclusive,
      amountPaid: reservations.amountPaid,
      amountRefunded: reservations.amountRefunded,
      amountHeld: reservations.amountHeld,
      pmsConfirmationNumber: reservations.pmsConfirmationNumber,
      acknowledgedAt: reservations.acknowledgedAt,
    })
    .from(reservations)
    .where(eq(reservations.reservationNumber, reservationNumber))
    .for('update');
  if (!booking || (onlyPropertyId !== undefined && booking.propertyId !== onlyPropertyId)) {
    throw notFound(PMS_MESSAGES.noSuchBooking(reservationNumber));
  }
  return booking;
}

type LockedBooking = Awaited<ReturnType<typeof lockBooking>>;

/** A history row of the hotel's own: what the guest owes is the same before and after, and no money moved. */
const unpricedChange = (booking: LockedBooking, changes: ReservationChangeDetails['changes']): ReservationChangeDetails => {
  const owed = bookingBalance(booking).amountToPay;
  return { previousTotal: owed, newTotal: owed, payment: { kind: 'None', amount: 0, paymentIds: [] }, changes };
};

/** Runs a PMS call's transaction, then wakes the webhook dispatcher for what it queued. */
async function inTransaction<Answer>(
  context: PmsContext,
  work: (tx: Tx) => Promise<{ answer: Answer; enqueued: Enqueued }>,
): Promise<Answer> {
  const done = await context.database.db.transaction(work);
  context.mailEnqueued.notify(done.enqueued);
  return done.answer;
}

/**
 * POST /api/Admin/Reservations/{reservationNumber}/Acknowledge (docs/hotel-integration.md): the
 * PMS took the booking in under its own number. The same number again changes nothing and tells
 * nobody; a different one replaces it and is acknowledged afresh. Any booking may be acknowledged,
 * a cancelled one too: the PMS acknowledges the cancellation.
 */
export function acknowledgeBooking(
  context: PmsContext,
  reservationNumber: string,
  request: AcknowledgeRequest,
  onlyPropertyId?: number,
): Promise<AcknowledgeResponse> {
  return inTransaction(context, async (tx) => {
    const booking = await lockBooking(tx, reservationNumber, onlyPropertyId);
    const number = request.PmsConfirmationNumber;
    const answer = (at: Date) => ({
      ReservationNumber: booking.reservationNumber,
      PmsConfirmationNumber: number,
      AcknowledgedAt: at.toISOString(),
    });
    if (booking.pmsConfirmationNumber === number && booking.acknowledgedAt)
      return { answer: answer(booking.acknowledgedAt), enqueued: nothingQueued };

    const now = context.clock.now();
    await tx
      .update(reservations)
      .set({ pmsConfirmationNumber: number, acknowledgedAt: now, updatedAt: now })
      .where(eq(reservations.id, booking.id));
    const changeId = await recordReservationChange(tx, context, {
      reservationId: booking.id,
      via: 'admin',
      action: 'acknowledge',
      details: unpricedChange(booking, [{ field: 'PmsConfirmationNumber', old: booking.pmsConfirmationNumber, new: number }]),
    });
    const enqueued = await recordReservationEvent(tx, context, { type: 'reservation.acknowledged', reservationId: booking.id, changeId });
    return { answer: answer(now), enqueued };
  });
}

type StayRoomRow = {
  id: number;
  status: 'booked' | 'cancelled';
  stayStatus: keyof typeof STAY_STATUS_NAMES;
  stayStatusAt: Date | null;
  dateFrom: string;
};

/**
 * POST /api/Admin/Reservations/{reservationNumber}/Stay (docs/hotel-integration.md): moves the
 * rooms named (every room that stands, when none is) to the status asked, all or none: a room
 * that may not move (domain stay.ts) refuses the call with a 409 saying where it is and what it
 * allows. Rooms already there are left as they are; when no room moves, nobody is told.
 */
export function moveStay(
  context: PmsContext,
  reservationNumber: string,
  request: StayRequest,
  onlyPropertyId?: number,
): Promise<StayResponse> {
  return inTransaction(context, async (tx) => {
    const booking = await lockBooking(tx, reservationNumber, onlyPropertyId);
    const property = (await findProperty(tx, booking.propertyId))!;
    const rooms: StayRoomRow[] = await tx
      .select({
        id: reservationRooms.id,
        status: reservationRooms.status,
        stayStatus: reservationRooms.stayStatus,
        stayStatusAt: reservationRooms.stayStatusAt,
        dateFrom: reservationRooms.dateFrom,
      })
      .from(reservationRooms)
      .where(eq(reservationRooms.reservationId, booking.id))
      .orderBy(asc(reservationRooms.sortOrder), asc(reservationRooms.id));
    const to = stayMoveOf(request.Status);
    const now = context.clock.now();
    const moving = roomsToMove(rooms, request.RoomIds ?? null, to, todayIn(now, property.timeZone));

    let enqueued = nothingQueued;
    if (moving.length > 0) {
      for (const room of moving) {
        await tx
          .update(reservationRooms)
          .set({ stayStatus: to, stayStatusAt: now, updatedAt: now })
          .where(and(eq(reservationRooms.id, room.id), eq(reservationRooms.stayStatus, room.stayStatus)));
      }
      const changeId = await recordReservationChange(tx, context, {
        reservationId: booking.id,
        via: 'admin',
        action: 'stay',
        details: unpricedChange(
          booking,
          moving.map((room) => ({
            field: `Rooms[${room.id}].StayStatus`,
            old: STAY_STATUS_NAMES[room.stayStatus],
            new: STAY_STATUS_NAMES[to],
          })),
        ),
      });
      enqueued = await recordReservationEvent(tx, context, { type: EVENT_OF[to], reservationId: booking.id, changeId }, property);
    }
    const moved = new Set(moving.map((room) => room.id));
    const after = rooms.map((room) => (moved.has(room.id) ? { ...room, stayStatus: to, stayStatusAt: now } : room));
    return {
      answer: {
        ReservationNumber: booking.reservationNumber,
        StayStatus: stayStatusName(bookingStayStatus(after)),
        Rooms: after.map((room) => ({
          ReservationItemId: room.id,
          StayStatus: STAY_STATUS_NAMES[room.stayStatus],
          StayStatusAt: room.stayStatusAt?.toISOString() ?? null,
        })),
      },
      enqueued,
    };
  });
}

/** The rooms the call moves: a 400 for a room not of the booking, a 409 for one that may not move. */
function roomsToMove(rooms: readonly StayRoomRow[], roomIds: readonly number[] | null, to: StayMove, today: string): StayRoomRow[] {
  const named =
    roomIds === null
      ? rooms.filter((room) => room.status === 'booked')
      : roomIds.map((id, index) => {
          const room = rooms.find((candidate) => candidate.id === id);
          if (!room) throw invalidField(`RoomIds[${index}]`, PMS_MESSAGES.notThisBooking(id));
          return room;
        });
  if (named.length === 0) throw new AppError('CONFLICT', PMS_MESSAGES.nothingStands);
  return [...new Set(named)].filter((room) => {
    const move = stayMove(room, to, today);
    if (move.kind === 'refused') throw new AppError('CONFLICT', PMS_MESSAGES.refused(room.id, move.message));
    return move.kind === 'move';
  });
}
