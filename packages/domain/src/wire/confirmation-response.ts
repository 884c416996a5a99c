import { z } from 'zod';

/** A guest of a booked room. */
export const bookedGuestSchema = z.object({
  IndividualId: z.string(),
  IsLeadGuest: z.boolean(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
});

/** The booker of a booking. */
export const bookedBookerSchema = z.object({
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
});

/** The company a booking is invoiced to, if any. */
export const bookedCompanySchema = z.object({ AccountId: z.string(), Name: z.string() }).nullable();

/** The card a booking was paid with: never more than its brand, last four digits and expiry. */
export const maskedCardSchema = z.object({
  Brand: z.string().nullable(),
  Last4: z.string(),
  ExpiryMonth: z.number().int().nullable(),
  ExpiryYear: z.number().int().nullable(),
});

/** An extra booked on a room; money in major units. */
export const bookedServiceSchema = z.object({
  ServiceId: z.number().int(),
  ServiceName: z.string(),
  ChargeType: z.string(),
  Quantity: z.number().int(),
  TotalCost: z.number(),
});

/** What every answer that shows a booked room says of it: the confirmation and the manage pages. */
export const bookedRoomFields = {
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
  Guests: z.array(bookedGuestSchema),
  Services: z.array(bookedServiceSchema),
  TotalCost: z.number(),
  OriginalTotalCost: z.number(),
};

export const confirmationResponseSchema = z
  .object({
    PropertyId: z.number().int(),
    ReservationNumber: z.string(),
    Status: z.enum(['PendingPayment', 'Confirmed', 'Cancelled']),
    DateFrom: z.string(),
    DateTo: z.string(),
    Booker: bookedBookerSchema,
    Company: bookedCompanySchema,
    PONumber: z.string().nullable(),
    PaymentType: z.string(),
    Card: maskedCardSchema.nullable(),
    Rooms: z.array(
      z.object({
        ...bookedRoomFields,
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
  })
  .meta({ id: 'ReservationConfirmation' });

export type ConfirmationResponse = z.infer<typeof confirmationResponseSchema>;
