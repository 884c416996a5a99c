import { sumMinor, toMajor, type Minor } from '@hotel/domain/money';
import { vatOfTotal } from '@hotel/domain/vat';
import type { PreCheckInReservation } from '@hotel/domain/wire/pre-check-in';
import type { PropertyRow } from '../property';
import { toBookedBooker, toBookedCompany, toBookedService, toMaskedCard } from '../reservation';
import { type ReservationDetails, type ReservationRow } from '../booking';
import { bookedTotals } from '../booking';
import type { RoomTypeOptions } from './pre-check-in-queries';

/** The card kept on file at pre-check-in, masked; else the one the booking was paid with. */
function cardsOf(reservation: ReservationRow, details: ReservationDetails): PreCheckInReservation['CreditCards'] {
  if (reservation.cardOnFileLast4) {
    return [
      {
        Brand: reservation.cardOnFileBrand,
        Last4: reservation.cardOnFileLast4,
        ExpiryMonth: reservation.cardOnFileExpiryMonth,
        ExpiryYear: reservation.cardOnFileExpiryYear,
      },
    ];
  }
  const paid = toMaskedCard(details.payment);
  return paid ? [paid] : [];
}

/**
 * A booking as the pre-check-in pages read it: its standing rooms with their guests, extras and
 * the prices as booked (`Original*`: what the booking holds before this pre-check-in), each with
 * its VAT at the booking's rate.
 */
export function toPreCheckInReservation(
  property: PropertyRow,
  reservation: ReservationRow,
  details: ReservationDetails,
  options: RoomTypeOptions,
): PreCheckInReservation {
  const vat = { rate: reservation.vatRate, isTaxExclusive: reservation.isTaxExclusive };
  const rooms = details.rooms.filter((room) => room.status === 'booked');
  const totals = bookedTotals(reservation, details);
  const items = rooms.map((room) => {
    const services: Minor = sumMinor(room.services.map((line) => line.total));
    return {
      ReservationItemId: room.id,
      DateOfArrival: room.dateFrom,
      DateOfDeparture: room.dateTo,
      RoomTypeId: room.roomTypeId,
      RoomType: room.roomTypeName,
      RatePlanId: room.ratePlanId,
      RatePlan: room.ratePlanName,
      Policy: room.policy,
      RoomConfiguration: room.roomConfigurationLabel,
      RoomConfigurationDropdownOptionId: room.roomConfigurationId,
      RoomConfigurationOptions: options.configurations
        .filter((configuration) => configuration.roomTypeId === room.roomTypeId)
        .map((configuration) => ({ Id: configuration.id, Name: configuration.label })),
      NumberOfAdults: room.adults,
      NumberOfChildren: room.children,
      NumberOfInfants: room.infants,
      MaximumOccupancy: options.occupancy.get(room.roomTypeId) ?? null,
      Guests: room.guests.map((guest) => ({
        IndividualId: guest.individualId,
        FirstName: guest.firstName,
        LastName: guest.lastName,
        Email: guest.email,
        Phone: guest.phone,
      })),
      Services: room.services.map((service) => toBookedService(service, reservation.currency)),
      OriginalAccommodationPrice: toMajor(room.total, reservation.currency),
      OriginalAccommodationVat: toMajor(vatOfTotal(room.total, vat), reservation.currency),
      OriginalServicesPrice: toMajor(services, reservation.currency),
      OriginalServicesVat: toMajor(vatOfTotal(services, vat), reservation.currency),
    };
  });
  return {
    PropertyId: property.id,
    ReferenceNumber: reservation.reservationNumber,
    IsReservation: true,
    EntityId: reservation.id,
    SpecialRequests: reservation.specialRequests,
    NumberOfAdults: rooms.reduce((sum, room) => sum + room.adults, 0),
    NumberOfChildren: rooms.reduce((sum, room) => sum + room.children, 0),
    NumberOfInfants: rooms.reduce((sum, room) => sum + room.infants, 0),
    CreditCards: cardsOf(reservation, details),
    Booker: toBookedBooker(reservation),
    Company: toBookedCompany(reservation),
    ReservationItems: items,
    Currency: reservation.currency,
    PreCheckInCompletedAt: reservation.preCheckInCompletedAt?.toISOString() ?? null,
    Totals: {
      AccommodationTotal: toMajor(totals.rooms, reservation.currency),
      ServicesTotal: toMajor(totals.services, reservation.currency),
      VoucherDiscount: toMajor(reservation.voucherDiscount, reservation.currency),
      VatRate: reservation.vatRate,
      IsTaxExclusive: reservation.isTaxExclusive,
      TotalToPay: toMajor(totals.due, reservation.currency),
      PaidByCard: totals.paidByCard,
    },
  };
}
