import type { ConfirmationResponse } from '@hotel/domain/wire/confirmation-response';
import { toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import type { PropertyRow } from '../property';
import type { ReservationDetails, ReservationRow } from '../booking';

/** A reservation's state as the wire names it. */
export const reservationStatusNames = { pending_payment: 'PendingPayment', confirmed: 'Confirmed', cancelled: 'Cancelled' } as const;

/** The whole reservation as the confirmation page and integrators read it: card masked, links for the guest. */
export function toConfirmationResponse(
  property: PropertyRow,
  reservation: ReservationRow,
  details: ReservationDetails,
  links: { manageBookingUrl: string; preCheckInUrl: string },
): ConfirmationResponse {
  return {
    PropertyId: property.id,
    ReservationNumber: reservation.reservationNumber,
    Status: reservationStatusNames[reservation.status],
    DateFrom: reservation.dateFrom,
    DateTo: reservation.dateTo,
    Booker: toBookedBooker(reservation),
    Company: toBookedCompany(reservation),
    PONumber: reservation.poNumber,
    PaymentType: reservation.paymentType,
    Card: toMaskedCard(details.payment),
    Rooms: details.rooms.map((room) => ({
      ...toBookedRoom(room, reservation.currency),
      Vat: toMajor(room.vat, reservation.currency),
      PromotionCode: room.promotionCode,
      IsCancelled: room.status === 'cancelled',
    })),
    TotalAccommodationPrice: toMajor(reservation.totalRooms, reservation.currency),
    TotalServicesPrice: toMajor(reservation.totalServices, reservation.currency),
    GiftVoucherDiscount: toMajor(reservation.voucherDiscount, reservation.currency),
    TotalCost: toMajor(totalToPay(reservation.total, reservation.totalVat, reservation.isTaxExclusive), reservation.currency),
    TotalVat: toMajor(reservation.totalVat, reservation.currency),
    VatRate: reservation.vatRate,
    IsTaxExclusive: reservation.isTaxExclusive,
    Currency: reservation.currency,
    SpecialRequests: reservation.specialRequests,
    Comment: reservation.comment,
    Property: {
      Name: property.name,
      Address: property.address,
      Email: property.email,
      Telephone: property.telephone,
      WebsiteUrl: property.websiteUrl,
      LogoFileUrl: property.logoFileUrl,
    },
    ManageBookingUrl: links.manageBookingUrl,
    PreCheckInUrl: links.preCheckInUrl,
  };
}

type Room = ReservationDetails['rooms'][number];

/** The booker as the wire names it. */
export function toBookedBooker(reservation: ReservationRow): ConfirmationResponse['Booker'] {
  return {
    IndividualId: reservation.bookerIndividualId,
    FirstName: reservation.bookerFirstName,
    LastName: reservation.bookerLastName,
    Email: reservation.bookerEmail,
    Phone: reservation.bookerPhone,
    Street: reservation.bookerStreet,
    City: reservation.bookerCity,
    StateOrCounty: reservation.bookerStateOrCounty,
    ZipCode: reservation.bookerZipCode,
    CountryId: reservation.bookerCountryId,
    OptInToReceiveUpdates: reservation.optInToReceiveUpdates,
  };
}

/** The company invoiced, as it was when booked. */
export function toBookedCompany(reservation: ReservationRow): ConfirmationResponse['Company'] {
  return reservation.companyAccountId ? { AccountId: reservation.companyAccountId, Name: reservation.companyName ?? '' } : null;
}

/** The fields of a booked room that the confirmation and the manage pages both answer, in major units of the booking's currency. */
export function toBookedRoom(room: Room, currency: string) {
  return {
    ReservationItemId: room.id,
    RoomTypeId: room.roomTypeId,
    RoomTypeName: room.roomTypeName,
    RatePlanId: room.ratePlanId,
    RatePlanName: room.ratePlanName,
    Policy: room.policy,
    RoomConfiguration: room.roomConfigurationLabel,
    DateFrom: room.dateFrom,
    DateTo: room.dateTo,
    NumberOfAdults: room.adults,
    NumberOfChildren: room.children,
    NumberOfInfants: room.infants,
    Guests: room.guests.map(toBookedGuest),
    Services: room.services.map((service) => toBookedService(service, currency)),
    TotalCost: toMajor(room.total, currency),
    OriginalTotalCost: toMajor(room.originalTotal, currency),
  };
}

/** The card paid with, masked; null when the booking was not paid by card. */
export function toMaskedCard(payment: ReservationDetails['payment']): ConfirmationResponse['Card'] {
  return payment?.last4
    ? { Brand: payment.brand, Last4: payment.last4, ExpiryMonth: payment.expiryMonth, ExpiryYear: payment.expiryYear }
    : null;
}

export function toBookedGuest(guest: Room['guests'][number]): ConfirmationResponse['Rooms'][number]['Guests'][number] {
  return {
    IndividualId: guest.individualId,
    IsLeadGuest: guest.isLead,
    FirstName: guest.firstName,
    LastName: guest.lastName,
    Email: guest.email,
    Phone: guest.phone,
  };
}

export function toBookedService(
  service: Room['services'][number],
  currency: string,
): ConfirmationResponse['Rooms'][number]['Services'][number] {
  return {
    ServiceId: service.serviceId,
    ServiceName: service.name,
    ChargeType: service.chargeType,
    Quantity: service.quantity,
    TotalCost: toMajor(service.total, currency),
  };
}
