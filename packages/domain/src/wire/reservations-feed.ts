/**
 * The hotel's read side (`/api/Admin/Reservations`, `/api/Admin/Arrivals`): every booking as an
 * integrator's PMS or channel manager takes it in. Money in major units of `Currency`, dates
 * `YYYY-MM-DD` in the property's zone, instants ISO 8601 UTC. Card payments show only their
 * brand and last four digits, never a token.
 */
import { z } from 'zod';
import { adminPageSchema } from './admin-page';
import { bookedBookerSchema, bookedGuestSchema } from './confirmation-response';
import { wireDate } from './scalars';

const instant = z.iso.datetime();
const money = z.number();

/** `updatedSince`, `cursor`, `limit` of the feed; dates and cursors are checked here, the cursor's content by the server. */
export const reservationsFeedQuerySchema = z.object({
  propertyCode: z.string().trim().min(1).max(40).optional(),
  updatedSince: z.iso
    .datetime({ offset: true, error: 'updatedSince must be an ISO 8601 instant, such as 2026-12-01T00:00:00Z' })
    .optional(),
  cursor: z
    .string()
    .max(200, { error: 'This cursor was not given by this feed: start again with updatedSince' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'This cursor was not given by this feed: start again with updatedSince' })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int({ error: 'limit must be a whole number from 1 to 500' })
    .min(1, { error: 'limit must be a whole number from 1 to 500' })
    .max(500, { error: 'limit must be a whole number from 1 to 500' })
    .optional(),
});
export type ReservationsFeedQuery = z.infer<typeof reservationsFeedQuerySchema>;

export const feedReservationParamsSchema = z.object({ reservationNumber: z.string().trim().min(1).max(40) });

/** A guest of a booked room, as the confirmation shows one. */
export const feedGuestSchema = bookedGuestSchema.omit({ IndividualId: true });

/** Where a room's guest is, as the hotel's PMS told it (`POST /api/Admin/Reservations/{number}/Stay`). */
const stayStatus = z.enum(['Expected', 'CheckedIn', 'CheckedOut', 'NoShow']);

export const feedRoomSchema = z.object({
  ReservationItemId: z.number().int(),
  Status: z.enum(['Booked', 'Cancelled']),
  StayStatus: stayStatus,
  /** When the stay status last moved; null while Expected. */
  StayStatusAt: instant.nullable(),
  RoomTypeCode: z.string(),
  RoomTypeName: z.string(),
  RatePlanCode: z.string(),
  RatePlanName: z.string(),
  DateFrom: wireDate,
  DateTo: wireDate,
  /** Each night of the stay and its room price; `Price` is null on rooms booked before nightly prices were kept. */
  Nights: z.array(z.object({ Date: wireDate, Price: money.nullable() })),
  Adults: z.number().int(),
  Children: z.number().int(),
  Infants: z.number().int(),
  /** The room's price for the stay, extras apart. */
  TotalCost: money,
  Guests: z.array(feedGuestSchema),
  Extras: z.array(
    z.object({ ServiceId: z.number().int(), Name: z.string(), Quantity: z.number().int(), UnitPrice: money, TotalCost: money }),
  ),
});

export const feedPaymentSchema = z.object({
  Type: z.enum(['authorisation', 'capture', 'refund', 'void', 'charge']),
  Status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'cancelled']),
  Amount: money,
  Currency: z.string(),
  Gateway: z.string(),
  CardBrand: z.string().nullable(),
  CardLast4: z.string().nullable(),
  CreatedAt: instant,
  CompletedAt: instant.nullable(),
});

export const feedTotalsSchema = z.object({
  Rooms: money,
  Extras: money,
  VoucherDiscount: money,
  /** Rooms + extras - voucher: the booking's price in the hotel's prices. */
  Total: money,
  Vat: money,
  VatRate: z.number(),
  IsTaxExclusive: z.boolean(),
  /** What the guest owes for the booking as it stands: `Total`, plus `Vat` when prices are before tax; 0 once cancelled. */
  AmountToPay: money,
  /** Taken by card, net of what was refunded. */
  Paid: money,
  /** Given back to the card (a cancellation, a cheaper change). */
  Refunded: money,
  /** Reserved on the card at a property that captures later, not taken yet. */
  Held: money,
  /** `AmountToPay - Paid`: still owed when positive, owed back to the guest when negative (a refund not made yet). */
  Balance: money,
});

export const feedReservationSchema = z
  .object({
    ReservationNumber: z.string(),
    PropertyCode: z.string(),
    Status: z.enum(['PendingPayment', 'Confirmed', 'Cancelled']),
    CreatedAt: instant,
    /** The last change to the booking or anything of it. */
    UpdatedAt: instant,
    CancelledAt: instant.nullable(),
    /** The hotel's PMS's own number for the booking, once it acknowledged it (`.../Acknowledge`); null until then. */
    PmsConfirmationNumber: z.string().nullable(),
    /** When the PMS last acknowledged it (a new number acknowledges again); null until then. */
    AcknowledgedAt: instant.nullable(),
    /**
     * The rooms' stay as one: CheckedIn while any guest is in, Expected while any is still to
     * come, CheckedOut when anyone stayed, NoShow when nobody came; null when every room is cancelled.
     */
    StayStatus: stayStatus.nullable(),
    DateFrom: wireDate,
    DateTo: wireDate,
    Currency: z.string(),
    PaymentType: z.string(),
    Booker: bookedBookerSchema.omit({ IndividualId: true, OptInToReceiveUpdates: true }),
    Company: z.object({ AccountId: z.string().nullable(), Name: z.string().nullable(), PONumber: z.string().nullable() }).nullable(),
    Rooms: z.array(feedRoomSchema),
    Totals: feedTotalsSchema,
    Payments: z.array(feedPaymentSchema),
    SpecialRequests: z.string().nullable(),
    /**
     * What changed after booking, oldest first (the append-only history): the guest's changes
     * (`Via` link or name) and the hotel's (`Via` admin): the capture of a held payment, its PMS's
     * acknowledgement and stay statuses; totals are what the guest pays.
     */
    History: z.array(
      z.object({
        Action: z.enum(['cancel', 'cancel-room', 'amend', 'precheckin', 'capture', 'acknowledge', 'stay']),
        At: instant,
        Via: z.enum(['link', 'name', 'admin']),
        TotalBefore: money.nullable(),
        TotalAfter: money.nullable(),
        ChangedFields: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'FeedReservation' });
export type FeedReservation = z.infer<typeof feedReservationSchema>;

/**
 * A page of the feed. `NextCursor` is where the next call continues (never null: the same cursor
 * when nothing new has committed yet); `HasMore`, whether more changes are ready now.
 */
export const reservationsFeedResponseSchema = adminPageSchema(feedReservationSchema).meta({ id: 'ReservationsFeedPage' });
export type ReservationsFeedResponse = z.infer<typeof reservationsFeedResponseSchema>;

export const arrivalsQuerySchema = z.object({
  propertyCode: z.string({ error: 'propertyCode is required' }).trim().min(1, { error: 'propertyCode is required' }).max(40),
  date: wireDate,
});

export const arrivalsLineSchema = z.object({
  ReservationNumber: z.string(),
  ReservationItemId: z.number().int(),
  Status: feedReservationSchema.shape.Status,
  RoomTypeCode: z.string(),
  RoomTypeName: z.string(),
  DateFrom: wireDate,
  DateTo: wireDate,
  Nights: z.number().int(),
  Adults: z.number().int(),
  Children: z.number().int(),
  /** The room's guests, lead guest first, "First Last". */
  GuestNames: z.array(z.string()),
  BookerName: z.string(),
  Currency: z.string(),
  /** The booking's, not the room's: a booking of several rooms shows them on each. */
  AmountToPay: money,
  Paid: money,
  Balance: money,
});
export type ArrivalsLine = z.infer<typeof arrivalsLineSchema>;

export const arrivalsResponseSchema = z.object({
  PropertyCode: z.string(),
  Date: wireDate,
  /** Rooms arriving that day. */
  Arrivals: z.array(arrivalsLineSchema),
  /** Rooms leaving that day. */
  Departures: z.array(arrivalsLineSchema),
  /** Rooms staying over the night before and after that day. */
  InHouse: z.array(arrivalsLineSchema),
});
export type ArrivalsResponse = z.infer<typeof arrivalsResponseSchema>;
