/**
 * Online pre-check-in by the e-mailed link (docs/pre-check-in.md): the property's settings, the
 * booking as the pre-check-in pages read it (or a notice saying why not), and the save.
 *
 * Only the code of the e-mailed link opens a pre-check-in: the code a search by name answers
 * does not, so knowing a guest's name and a reservation number is never enough.
 */
import { z } from 'zod';
import { cardDetailsSchema } from './card-details';
import { bookedBookerSchema, bookedCompanySchema, bookedServiceSchema, maskedCardSchema } from './confirmation-response';
import { bookerSchema } from './contact';
import { managedGuestSchema, paymentMovementSchema, serviceSelectionSchema } from './manage-booking-change';
import { contactFieldRequirementsSchema } from './manage-booking-config-response';
import { queryId } from './parameters';
import { LONG_TEXT_MAX, optionalText, propertyIdSchema, wireId } from './scalars';

/** GET /api/PreCheckIn/Config/{id}: which details pre-check-in asks for at a property. */
export const preCheckInConfigurationResponseSchema = z
  .object({
    PropertyId: z.number().int(),
    ShowRoomConfigurationQuestion: z.boolean(),
    BookerConfiguration: contactFieldRequirementsSchema,
    GuestConfiguration: contactFieldRequirementsSchema,
  })
  .meta({ id: 'PreCheckInConfiguration' });

export type PreCheckInConfigurationResponse = z.infer<typeof preCheckInConfigurationResponseSchema>;

const referenceNumber = z.string({ error: 'The reservation number is required' }).trim().min(1).max(50);
const linkCode = z.string({ error: 'The code of your pre-check-in link is required' }).trim().min(1).max(100);

/** GET /api/PreCheckIn/Get: the three parts of the link `/PreCheckIn/{propertyCode}/{referenceNumber}/{code}`. */
export const preCheckInGetQuerySchema = z.object({
  propertyId: queryId('propertyId'),
  referenceNumber,
  hash: linkCode,
});

export type PreCheckInGetQuery = z.infer<typeof preCheckInGetQuerySchema>;

/** A guest of a room; `IndividualId` is the guest's (the booker's when the booker stays). */
const preCheckInGuestSchema = z.object({
  IndividualId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
});

/** A booked room; money in major units, VAT the share of the price (or added on top at a tax-exclusive property). */
const preCheckInItemSchema = z
  .object({
    ReservationItemId: z.number().int(),
    DateOfArrival: z.string(),
    DateOfDeparture: z.string(),
    RoomTypeId: z.number().int(),
    RoomType: z.string(),
    RatePlanId: z.number().int(),
    RatePlan: z.string(),
    Policy: z.string(),
    /** The chosen configuration's label, and its id (one of the room type's). */
    RoomConfiguration: z.string().nullable(),
    RoomConfigurationDropdownOptionId: z.number().int().nullable(),
    /** The configurations the room type offers, for the Room step's question. */
    RoomConfigurationOptions: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
    NumberOfAdults: z.number().int(),
    NumberOfChildren: z.number().int(),
    NumberOfInfants: z.number().int(),
    /** The room type's occupancy, so the pages add no guest beyond it. */
    MaximumOccupancy: z.number().int().nullable(),
    Guests: z.array(preCheckInGuestSchema),
    Services: z.array(bookedServiceSchema),
    OriginalAccommodationPrice: z.number(),
    OriginalAccommodationVat: z.number(),
    OriginalServicesPrice: z.number(),
    OriginalServicesVat: z.number(),
  })
  .meta({ id: 'PreCheckInReservationItem' });

/** The booking as the pre-check-in pages read it. `EntityId` is the reservation's id. */
export const preCheckInReservationSchema = z
  .object({
    PropertyId: z.number().int(),
    ReferenceNumber: z.string(),
    IsReservation: z.literal(true),
    EntityId: z.number().int(),
    SpecialRequests: z.string().nullable(),
    NumberOfAdults: z.number().int(),
    NumberOfChildren: z.number().int(),
    NumberOfInfants: z.number().int(),
    /** The card kept on file for the stay (pre-check-in's), else the one the booking was paid with; masked. */
    CreditCards: z.array(maskedCardSchema),
    Booker: bookedBookerSchema,
    Company: bookedCompanySchema,
    ReservationItems: z.array(preCheckInItemSchema),
    Currency: z.string(),
    /** When pre-check-in was completed (ISO 8601 UTC); null until then. */
    PreCheckInCompletedAt: z.string().nullable(),
    /**
     * The booking's totals as booked (major units), so the Extras step can show the new total
     * and the difference with the domain's own rules (amendedTotals, amendmentPayment).
     */
    Totals: z.object({
      AccommodationTotal: z.number(),
      ServicesTotal: z.number(),
      VoucherDiscount: z.number(),
      VatRate: z.number(),
      IsTaxExclusive: z.boolean(),
      /** What the guest pays: VAT added at a tax-exclusive property, less a gift voucher. */
      TotalToPay: z.number(),
      /** Paid by card here: a higher total is charged to the card; otherwise it is settled at the hotel. */
      PaidByCard: z.boolean(),
    }),
  })
  .meta({ id: 'PreCheckInReservation' });

export type PreCheckInReservation = z.infer<typeof preCheckInReservationSchema>;

/**
 * Why the link does not open a pre-check-in (Success false: invalid, cancelled, departed, closed),
 * or that it was completed already (Success true, with the saved details in `Reservation`).
 */
export const preCheckInNoticeSchema = z
  .object({
    Success: z.boolean(),
    Title: z.string(),
    Message: z.string(),
    // A union, not `.nullable()`: on a named schema that becomes `allOf[$ref, {type: [object, null]}]`,
    // which a null never satisfies (the $ref is an object) and generators type as never null.
    Reservation: z.union([preCheckInReservationSchema, z.null()]),
  })
  .meta({ id: 'PreCheckInNotice' });

export type PreCheckInNotice = z.infer<typeof preCheckInNoticeSchema>;

/** Get's answer: the booking to pre-check-in, or a notice (told apart by `Success`). */
export const preCheckInGetResponseSchema = z.union([preCheckInReservationSchema, preCheckInNoticeSchema]);

export type PreCheckInGetResponse = z.infer<typeof preCheckInGetResponseSchema>;

/**
 * A room as the guest completed it: its guests (no more than the room holds), its configuration
 * and its extras as they should stand after the save (the booked ones, at least as many of each,
 * and those added now, as GetReservationItemServices offers them). `Services` absent keeps the
 * room's extras as they are. It is the target, not what to add: the same list saved twice adds nothing.
 */
const preCheckInItemSaveSchema = z.object({
  ReservationItemId: wireId,
  RoomConfigurationDropdownOptionId: wireId.nullish(),
  Guests: z.array(managedGuestSchema).max(50),
  Services: z.array(serviceSelectionSchema).max(100).nullish(),
});

/** POST /api/PreCheckIn/Save. `CardDetails`, when given, is the card kept on file for the stay (PaymentDetails step). */
export const preCheckInSaveRequestSchema = z.object({
  PropertyId: propertyIdSchema,
  ReferenceNumber: referenceNumber,
  IsReservation: z.boolean().nullish(),
  EntityId: wireId,
  Code: linkCode,
  SpecialRequests: optionalText(LONG_TEXT_MAX),
  /** Absent: the booker stays as booked. */
  Booker: bookerSchema.nullish(),
  ReservationItems: z.array(preCheckInItemSaveSchema).max(20),
  CardDetails: cardDetailsSchema.nullish(),
});

export type PreCheckInSaveRequest = z.infer<typeof preCheckInSaveRequestSchema>;

/** Save's answer; `Payment` is what the save moved on the card for extras added (null when refused). */
export const preCheckInSaveResponseSchema = z
  .object({ Success: z.boolean(), Message: z.string(), Payment: paymentMovementSchema.nullable() })
  .meta({ id: 'PreCheckInSaveResult' });

export type PreCheckInSaveResponse = z.infer<typeof preCheckInSaveResponseSchema>;
