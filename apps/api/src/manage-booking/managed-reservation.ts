import { toMajor } from '@hotel/domain/money';
import { canBeCancelled, canBeEdited } from '@hotel/domain/manage-booking';
import type { ManagedReservation } from '@hotel/domain/wire/manage-booking-search';
import type { AppContext } from '../app-context';
import {
  findReservationById,
  findReservationDetails,
  stayTimingOf,
  type DescribeBooking,
  type ReservationDetails,
  type ReservationRow,
} from '../booking';
import { findProperty, type PropertyRow } from '../property';
import { toBookedBooker, toBookedCompany, toBookedRoom, toMaskedCard } from '../reservation';

/**
 * A booking as the manage pages read it, with what may still be done to it now: each standing
 * room cancellable and editable by its own rate and dates, the whole booking cancellable only
 * while every room is (docs/manage-booking.md). A cancelled booking shows the rooms it had.
 */
export function toManagedReservation(
  property: PropertyRow,
  reservation: ReservationRow,
  details: ReservationDetails,
  now: Date,
): ManagedReservation {
  const isCancelled = reservation.status === 'cancelled';
  const timeZone = property.timeZone;
  const rooms = details.rooms
    .filter((room) => isCancelled || room.status === 'booked')
    .map((room) => {
      const stay = stayTimingOf(property, reservation, room);
      return {
        ...toBookedRoom(room, reservation.currency),
        CanBeCancelled: canBeCancelled(stay, now),
        CanBeEdited: canBeEdited(stay, now),
        CancellationDeadlineHours: room.cancellationDeadlineHours,
        RoomConfigurationDropdownOptionId: room.roomConfigurationId,
      };
    });
  const card = toMaskedCard(details.payment);
  return {
    PropertyId: property.id,
    ReservationId: reservation.id,
    ReservationNumber: reservation.reservationNumber,
    DateFrom: reservation.dateFrom,
    DateTo: reservation.dateTo,
    SpecialRequests: reservation.specialRequests,
    CanBeEdited: canBeEdited({ isCancelled, dateFrom: reservation.dateFrom, timeZone }, now),
    CanBeCancelled: !isCancelled && rooms.length > 0 && rooms.every((room) => room.CanBeCancelled),
    IsCancelled: isCancelled,
    CreditCards: card ? [card] : [],
    Booker: toBookedBooker(reservation),
    Company: toBookedCompany(reservation),
    Rooms: rooms,
    TotalAccommodationPrice: toMajor(reservation.totalRooms, reservation.currency),
    TotalServicesPrice: toMajor(reservation.totalServices, reservation.currency),
    Currency: reservation.currency,
    LocationName: property.name,
  };
}

/** The booking of this id as a change's answer describes it (the booking module calls it once the change is written). */
export function describeBooking(context: Pick<AppContext, 'clock'>): DescribeBooking {
  return async (db, reservationId) => {
    const reservation = await findReservationById(db, reservationId);
    const property = reservation && (await findProperty(db, reservation.propertyId));
    if (!reservation || !property) throw new Error(`reservation ${reservationId} vanished`);
    return toManagedReservation(property, reservation, await findReservationDetails(db, reservationId), context.clock.now());
  };
}
