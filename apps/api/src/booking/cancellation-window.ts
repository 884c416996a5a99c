import { canBeCancelled, canBeEdited } from '@hotel/domain/manage-booking';
import { parseTimeOfDay } from '@hotel/domain/time-of-day';
import type { PropertyRow } from '../property';
import type { ReservationDetails, ReservationRow } from './reservation-queries';

/** Definitions imported before the check-in time was asked for meant mid-afternoon (docs/property-definition.md). */
const DEFAULT_CHECK_IN = '15:00';

type Room = Pick<ReservationDetails['rooms'][number], 'dateFrom' | 'cancellationDeadlineHours'>;

/** How a room's cancellation deadline is worked out: its arrival day at the property's check-in time, in its zone, less its rate's hours. */
export function stayTimingOf(property: PropertyRow, reservation: Pick<ReservationRow, 'status'>, room: Room) {
  const checkInMinutes = parseTimeOfDay(property.manageBookingConfiguration.CheckInTime ?? DEFAULT_CHECK_IN) ?? 15 * 60;
  return {
    isCancelled: reservation.status === 'cancelled',
    dateFrom: room.dateFrom,
    timeZone: property.timeZone,
    checkInMinutes,
    cancellationDeadlineHours: room.cancellationDeadlineHours,
  };
}

/**
 * Whether the whole booking may be cancelled online now: every standing room inside its free
 * cancellation window (docs/manage-booking.md). `nonRefundable` says why not when a room's rate
 * has no window at all; `withinFreeCancellation` is what a cancellation now costs nothing by.
 */
export function canBeCancelledNow(property: PropertyRow, reservation: ReservationRow, details: ReservationDetails, now: Date) {
  const state = manageState(property, reservation, details, now);
  return {
    cancellable: state.canBeCancelled,
    nonRefundable: details.rooms.some((room) => room.status === 'booked' && room.cancellationDeadlineHours === null),
    withinFreeCancellation: state.canBeCancelled,
  };
}

/**
 * What may still be done to a booking now, room by room (docs/manage-booking.md): a room's stay
 * changes only while it could be cancelled for free; its guests and extras while the stay has
 * not begun. The whole booking is cancellable only while every standing room is.
 */
export function manageState(property: PropertyRow, reservation: ReservationRow, details: ReservationDetails, now: Date) {
  const standing = details.rooms.filter((room) => room.status === 'booked');
  const rooms = new Map(
    standing.map((room) => {
      const stay = stayTimingOf(property, reservation, room);
      return [room.id, { canBeCancelled: canBeCancelled(stay, now), canBeEdited: canBeEdited(stay, now) }] as const;
    }),
  );
  return {
    rooms,
    canBeCancelled: reservation.status !== 'cancelled' && standing.length > 0 && [...rooms.values()].every((room) => room.canBeCancelled),
    canBeEdited: canBeEdited(
      { isCancelled: reservation.status === 'cancelled', dateFrom: reservation.dateFrom, timeZone: property.timeZone },
      now,
    ),
  };
}
