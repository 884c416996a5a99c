import { z } from 'zod';
import { STAY_STATUS_NAMES } from '../stay';
import { HOTEL_EVENT_TYPES, type HotelEventType } from './webhook-deliveries';

const TAX_BASIS =
  'Every amount is in major units of `Currency` and includes VAT, as the guest pays it: at a tax-exclusive property (`IsTaxExclusive`) VAT is added to each room and extra, rounded per line, so the lines may differ from `Total` by the rounding of VAT, which the booking counts once on its whole.';

const stayStatusSchema = z.enum(Object.values(STAY_STATUS_NAMES));

const extraSchema = z.object({
  Code: z.string().describe("The extra's code, as the property definition names it"),
  Name: z.string(),
  Quantity: z.number().int(),
  Total: z.number().describe('Including VAT'),
});

const roomSchema = z.object({
  ReservationItemId: z.number().int(),
  Status: z.enum(['Booked', 'Cancelled']),
  StayStatus: stayStatusSchema.describe('Where the guest is, as the PMS last said (Expected until then)'),
  RoomTypeCode: z.string(),
  RoomType: z.string().describe("The room type's name"),
  RatePlanCode: z.string(),
  RatePlan: z.string().describe("The rate plan's name"),
  DateFrom: z.string(),
  DateTo: z.string(),
  Adults: z.number().int(),
  Children: z.number().int(),
  Infants: z.number().int(),
  Total: z.number().describe("The room's price, including VAT"),
  Extras: z.array(extraSchema),
});

const changeSchema = z.object({
  PreviousTotal: z.number().nullable(),
  NewTotal: z.number().nullable(),
  Payment: z.object({ Kind: z.string(), Amount: z.number() }).nullable(),
  CancellationReason: z.string().nullable(),
  Fields: z.array(z.object({ Field: z.string(), Old: z.unknown(), New: z.unknown() })),
});

/** A booking event's `data`: the booking as it stands after the event. */
export const reservationEventDataSchema = z
  .object({
    ReservationNumber: z.string(),
    PropertyCode: z.string(),
    Status: z.enum(['Confirmed', 'Cancelled', 'PendingPayment']),
    DateFrom: z.string(),
    DateTo: z.string(),
    Currency: z.string(),
    Total: z.number().describe('What the guest owes for the booking as it stands, VAT included: 0 once cancelled'),
    Paid: z.number(),
    Refunded: z.number(),
    Held: z.number(),
    Balance: z.number(),
    TotalVat: z.number(),
    VatRate: z.number(),
    IsTaxExclusive: z.boolean(),
    GiftVoucherDiscount: z.number(),
    PaymentType: z.string(),
    Booker: z.object({
      FirstName: z.string(),
      LastName: z.string(),
      Email: z.string(),
      Phone: z.string().nullable(),
      CompanyName: z.string().nullable(),
    }),
    SpecialRequests: z.string().nullable(),
    PmsConfirmationNumber: z.string().nullable().describe("The hotel PMS's own number, once it acknowledged the booking"),
    AcknowledgedAt: z.string().nullable(),
    StayStatus: stayStatusSchema.nullable().describe("The booking's stay, from its rooms': null when every room is cancelled"),
    Rooms: z.array(roomSchema),
    Change: changeSchema.nullable().describe("For a change: the booking's history row, before and after"),
  })
  .describe(TAX_BASIS)
  .meta({ id: 'ReservationEventData' });

/** A table booking event's `data`. */
export const tableBookingEventDataSchema = z
  .object({
    BookingReference: z.string(),
    PropertyCode: z.string(),
    Restaurant: z.string().describe("The restaurant's name"),
    Status: z.enum(['Confirmed', 'Cancelled']),
    VisitDate: z.string(),
    VisitTime: z.string(),
    LeaveBy: z.string().nullable(),
    PartySize: z.number().int(),
    Email: z.string(),
    ContactNumber: z.string().nullable(),
    SpecialRequests: z.string().nullable(),
    Identifier: z.string().nullable(),
  })
  .meta({ id: 'TableBookingEventData' });

/** The body POSTed for an event (Standard Webhooks' shape); its `data` by the kind of event: a booking's or a table's. */
function payloadSchema(type: HotelEventType) {
  const data = type.startsWith('table_booking.') ? tableBookingEventDataSchema : reservationEventDataSchema;
  return z.object({ type: z.literal(type), timestamp: z.string().describe('When the event happened (ISO 8601 UTC)'), data });
}

/** Each event type's payload schema: a new event type has one by construction. */
export const HOTEL_EVENT_PAYLOADS = Object.fromEntries(HOTEL_EVENT_TYPES.map((type) => [type, payloadSchema(type)])) as {
  [Type in HotelEventType]: ReturnType<typeof payloadSchema>;
};
