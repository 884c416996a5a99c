import { z } from 'zod';
import { toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import type { PropertyRow } from '../property';
import type { ReservationDetails, ReservationRow } from './reservation-queries';

const guestSchema = z.object({
  IndividualId: z.string(),
  IsLeadGuest: z.boolean(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
});

export const confirmationResponseSchema = z.object({
  PropertyId: z.number().int(),
  ReservationNumber: z.string(),
  Status: z.enum(['PendingPayment', 'Confirmed', 'Cancelled']),
  DateFrom: z.string(),
  DateTo: z.string(),
  Booker: z.object({
    IndividualId: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    Email: z.string(),
    Phone: z.string(),
    Street: z.string().nullable(),
    City: z.string().nullable(),
    StateOrCounty: z.string().nullable(),
    ZipCode: z.string().nullable(),
    CountryId: z.number().int().nullable(),
    OptInToReceiveUpdates: z.boolean(),
  }),
  Company: z.object({ AccountId: z.string(), Name: z.string() }).nullable(),
  PONumber: z.string().nullable(),
  PaymentType: z.string(),
  Card: z
    .object({
      Brand: z.string().nullable(),
      Last4: z.string(),
      ExpiryMonth: z.number().int().nullable(),
      ExpiryYear: z.number().int().nullable(),
    })
    .nullable(),
  Rooms: z.array(
    z.object({
      ReservationItemId: z.number().int(),
      RoomTypeId: z.number().int(),
      RoomTypeName: z.string(),
      RatePlanId: z.number().int(),
      RatePlanName: z.string(),
      Policy: z.string(),
      RoomConfiguration: z.string().nullable(),
      DateFrom: z.string(),
      DateTo: z.string(),
      NumberOfAdults: z.number().int(),
      NumberOfChildren: z.number().int(),
      NumberOfInfants: z.number().int(),
      Guests: z.array(guestSchema),
      Services: z.array(
        z.object({
          ServiceId: z.number().int(),
          ServiceName: z.string(),
          ChargeType: z.string(),
          Quantity: z.number().int(),
          TotalCost: z.number(),
        }),
      ),
      TotalCost: z.number(),
      OriginalTotalCost: z.number(),
      Vat: z.number(),
      PromotionCode: z.string().nullable(),
      IsCancelled: z.boolean(),
    }),
  ),
  TotalAccommodationPrice: z.number(),
  TotalServicesPrice: z.number(),
  GiftVoucherDiscount: z.number(),
  /** What the guest pays: accommodation + extras - gift voucher, with TotalVat added when IsTaxExclusive. */
  TotalCost: z.number(),
  /** The VAT of the booking: added on top of the prices when IsTaxExclusive, included in them otherwise. */
  TotalVat: z.number(),
  VatRate: z.number(),
  IsTaxExclusive: z.boolean(),
  Currency: z.string(),
  SpecialRequests: z.string().nullable(),
  Comment: z.string().nullable(),
  Property: z.object({
    Name: z.string(),
    Address: z.string().nullable(),
    Email: z.string().nullable(),
    Telephone: z.string().nullable(),
    WebsiteUrl: z.string().nullable(),
    LogoFileUrl: z.string().nullable(),
  }),
  ManageBookingUrl: z.string(),
  PreCheckInUrl: z.string(),
});

export type ConfirmationResponse = z.infer<typeof confirmationResponseSchema>;

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
