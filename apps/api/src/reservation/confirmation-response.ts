import type { ConfirmationResponse } from '@hotel/domain/wire/confirmation-response';
import { toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import type { PropertyRow } from '../property';
import type { ReservationDetails, ReservationRow } from './reservation-queries';

/** A reservation's state as the wire names it. */
export const reservationStatusNames = { pending_payment: 'PendingPayment', confirmed: 'Confirmed', cancelled: 'Cancelled' } as const;

/** The whole reservation as the confirmation page and integrators read it: card masked, links for the guest. */
export function toConfirmationResponse(
  property: PropertyRow,
  reservation: ReservationRow,
  details: ReservationDetails,
  links: { manageBookingUrl: string; preCheckInUrl: string },
): ConfirmationResponse {
  const payment = details.payment;
  return {
    PropertyId: property.id,
    ReservationNumber: reservation.reservationNumber,
    Status: reservationStatusNames[reservation.status],
    DateFrom: reservation.dateFrom,
    DateTo: reservation.dateTo,
    Booker: {
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
    },
    Company: reservation.companyAccountId ? { AccountId: reservation.companyAccountId, Name: reservation.companyName ?? '' } : null,
    PONumber: reservation.poNumber,
    PaymentType: reservation.paymentType,
    Card: payment?.last4
      ? { Brand: payment.brand, Last4: payment.last4, ExpiryMonth: payment.expiryMonth, ExpiryYear: payment.expiryYear }
      : null,
    Rooms: details.rooms.map((room) => ({
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
      Guests: room.guests.map((guest) => ({
        IndividualId: guest.individualId,
        IsLeadGuest: guest.isLead,
        FirstName: guest.firstName,
        LastName: guest.lastName,
        Email: guest.email,
        Phone: guest.phone,
      })),
      Services: room.services.map((s) => ({
        ServiceId: s.serviceId,
        ServiceName: s.name,
        ChargeType: s.chargeType,
        Quantity: s.quantity,
        TotalCost: toMajor(s.total),
      })),
      TotalCost: toMajor(room.total),
      OriginalTotalCost: toMajor(room.originalTotal),
      Vat: toMajor(room.vat),
      PromotionCode: room.promotionCode,
      IsCancelled: room.status === 'cancelled',
    })),
    TotalAccommodationPrice: toMajor(reservation.totalRooms),
    TotalServicesPrice: toMajor(reservation.totalServices),
    GiftVoucherDiscount: toMajor(reservation.voucherDiscount),
    TotalCost: toMajor(totalToPay(reservation.total, reservation.totalVat, reservation.isTaxExclusive)),
    TotalVat: toMajor(reservation.totalVat),
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
