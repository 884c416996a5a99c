import { toMajor } from '@hotel/domain/money';
import { canBeCancelled, canBeEdited } from '@hotel/domain/manage-booking';
import { parseTimeOfDay } from '@hotel/domain/time-of-day';
import type { ManagedReservation } from '@hotel/domain/wire/manage-booking-search';
import type { PropertyRow } from '../property';
import { toBookedBooker, toBookedCompany, toBookedRoom, toMaskedCard, type ReservationDetails, type ReservationRow } from '../reservation';

/** Definitions imported before the check-in time was asked for meant mid-afternoon (docs/property-definition.md). */
const DEFAULT_CHECK_IN = '15:00';

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
  const checkInMinutes = parseTimeOfDay(property.manageBookingConfiguration.CheckInTime ?? DEFAULT_CHECK_IN) ?? 15 * 60;
  const timeZone = property.timeZone;
  const rooms = details.rooms
    .filter((room) => isCancelled || room.status === 'booked')
    .map((room) => {
      const stay = {
        isCancelled,
        dateFrom: room.dateFrom,
        timeZone,
        checkInMinutes,
        cancellationDeadlineHours: room.cancellationDeadlineHours,
      };
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
