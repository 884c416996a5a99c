/**
 * Changing a booking once found (docs/manage-booking.md): upgrade options, new dates, the price
 * preview (Quote), the amendment itself (Update), cancelling, and a booked room's extras.
 *
 * Every call after the search proves the guest found the booking: it carries the `Code` the
 * search answered (the code of the e-mailed link, or of a search by name), or it comes with the
 * session cookie of that search, which was granted the booking for a while (the specification's
 * payloads carry no code). A reservation id alone, which counts up, must never be enough to
 * read, change or cancel a stranger's booking.
 */
import { z } from 'zod';
import { bookerSchema } from './contact';
import { queryId } from './parameters';
import { rateSchema } from './search-response';
import { servicesResponseSchema } from './service-response';
import { guestCount, LONG_TEXT_MAX, optionalText, propertyIdSchema, wireDate, wireId, wireMoney } from './scalars';
import { managedReservationSchema } from './manage-booking-search';

/** The search's `Code`: the proof that this guest found this booking; absent, the session's grant proves it. */
const manageCode = z.string().trim().min(1).max(100).nullish();

/** What identifies the booking in every body: its property, its id and the search's code. */
const bookingShape = {
  PropertyId: propertyIdSchema,
  ReservationId: wireId,
  Code: manageCode,
};

/**
 * A request whose booking is proven, as the use cases take it: the `Code` and reservation id it
 * sent, or those of the booking its session was granted by a search.
 */
export type ProvenBody<T> = Omit<T, 'Code' | 'ReservationId'> & { ReservationId: number; Code: string };
export type ProvenQuery<T> = Omit<T, 'code'> & { code: string };

// ---------------------------------------------------------------------------------------------
// GET /api/ManageBooking/UpgradeOptions

export const upgradeOptionsQuerySchema = z.object({
  propertyId: queryId('propertyId'),
  reservationId: queryId('reservationId'),
  code: manageCode,
});

export type UpgradeOptionsQuery = ProvenQuery<z.infer<typeof upgradeOptionsQuerySchema>>;

const occupancyBound = z.number().int().nullable();

/**
 * A room type a booked room may move to on the same rate plan (the spec's upgrade eligibility:
 * rooms left, the same rate plan offered, the party fits the room type and, with
 * UseOccupancyForRatePlan, the rate too), priced for that room's dates and party.
 */
export const upgradeOptionSchema = z
  .object({
    /** The booked room this is an upgrade of. */
    ReservationItemId: z.number().int(),
    RoomType: z.object({
      RoomTypeId: z.number().int(),
      RoomTypeCode: z.string(),
      Name: z.string(),
      Description: z.string(),
      ImageUrls: z.array(z.string()),
      MaximumOccupancy: occupancyBound,
      MinimumOccupancy: occupancyBound,
      AdultMaximumOccupancy: occupancyBound,
      ChildMaximumOccupancy: occupancyBound,
      /** The rates of this room type for the room's dates; the one on the booked rate plan is `Rate`. */
      AvailableRates: z.array(rateSchema),
    }),
    /** The booked rate plan's rate in this room type; its RoomCosts has the one booked room's party. */
    Rate: rateSchema,
    /** The room's stay price in this room type (before tax at a tax-exclusive property). */
    TotalUpgradeCost: z.number(),
    /** TotalUpgradeCost less the room's current price: what the upgrade adds. */
    Difference: z.number(),
  })
  .meta({ id: 'UpgradeOption' });

export const upgradeOptionsResponseSchema = z
  .object({
    RoomTypes: z.array(upgradeOptionSchema),
    /** Rooms left per room type over the booked dates. */
    NumberOfRoomsPerRoomTypeId: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'UpgradeOptions' });

export type UpgradeOption = z.infer<typeof upgradeOptionSchema>;
export type UpgradeOptionsResponse = z.infer<typeof upgradeOptionsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/ManageBooking/SearchDateOptions

export const searchDateOptionsRequestSchema = z.object({
  ...bookingShape,
  /** Absent (as in the specification's payload): the booking the session's latest search found. */
  ReservationId: wireId.nullish(),
  DateFrom: wireDate,
  DateTo: wireDate,
  /** The booked rooms to move (at least one). */
  ReservationItemIds: z.array(wireId).min(1).max(20),
});

export type SearchDateOptionsRequest = ProvenBody<z.infer<typeof searchDateOptionsRequestSchema>>;

const money = z.number();

/** One booked room at the new dates, on its room type and rate plan (the spec's "Date-change result rows"). */
export const dateChangeRowSchema = z
  .object({
    ReservationItemId: z.number().int(),
    RoomTypeId: z.number().int(),
    RatePlanId: z.number().int(),
    DateFrom: z.string(),
    DateTo: z.string(),
    IsOccupancyBased: z.boolean(),
    BaseNumberOfAdults: z.number().int(),
    /** The rate's components summed over the new nights, after any promotion, and their Original twins. */
    BaseRate: money,
    CostPerRoom: money,
    CostPerAdult: money,
    CostPerChild: money,
    CostPerInfant: money,
    PerPersonCostPerAdult: money,
    PerPersonCostPerChild: money,
    PerPersonCostPerInfant: money,
    OriginalBaseRate: money,
    OriginalCostPerRoom: money,
    OriginalCostPerAdult: money,
    OriginalCostPerChild: money,
    OriginalCostPerInfant: money,
    OriginalPerPersonCostPerAdult: money,
    OriginalPerPersonCostPerChild: money,
    OriginalPerPersonCostPerInfant: money,
    NumberOfAdults: z.number().int(),
    NumberOfChildren: z.number().int(),
    NumberOfInfants: z.number().int(),
    Promotion: z.object({ Code: z.string(), Name: z.string(), Message: z.string().nullable() }).nullable(),
    /** The room's price for the new stay, priced night by night: what Update expects back as TotalCost. */
    TotalCost: money,
    OriginalTotalCost: money,
  })
  .meta({ id: 'DateChangeRow' });

export const searchDateOptionsResponseSchema = z
  .object({
    Success: z.boolean(),
    /** Why not, for the guest, when Success is false (no rooms left, a minimum stay, closed to arrival...). */
    Message: z.string().nullable(),
    ReservationItemRateRows: z.array(dateChangeRowSchema),
  })
  .meta({ id: 'DateChangeOptions' });

export type DateChangeRow = z.infer<typeof dateChangeRowSchema>;
export type SearchDateOptionsResponse = z.infer<typeof searchDateOptionsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/ManageBooking/Quote and /Update

/** A guest of a managed room; `IndividualId` keeps a known guest (and the booker's link) across the change. */
export const managedGuestSchema = z.object({
  IndividualId: z.uuid().nullish(),
  IsLeadGuest: z.boolean().nullish(),
  FirstName: optionalText(),
  LastName: optionalText(),
  Email: optionalText(),
  Phone: optionalText(),
});

/** An extra of a room and how many; a room names each extra once. */
export const serviceSelectionSchema = z.object({ ServiceId: wireId, Quantity: z.number().int().min(1).max(999) });

/**
 * A room as it should be after the change. `ReservationItemId` null is a room added now (its
 * guests may be the 'New Guest' placeholders). A booked room left out of ReservationItems and of
 * RoomsToCancel is refused: the request says what becomes of every room.
 */
export const managedRoomChangeSchema = z.object({
  ReservationItemId: wireId.nullish(),
  DateFrom: wireDate,
  DateTo: wireDate,
  RoomTypeId: wireId,
  RatePlanId: wireId,
  NumberOfAdults: guestCount,
  NumberOfChildren: guestCount,
  NumberOfInfants: guestCount,
  RoomConfigurationDropdownOptionId: wireId.nullish(),
  Guests: z.array(managedGuestSchema).max(50),
  Services: z.array(serviceSelectionSchema).max(100),
  /** The room's price the guest was shown (SearchDateOptions, UpgradeOptions, the booking); a stale one answers 409. */
  TotalCost: wireMoney,
});

export const manageBookingUpdateRequestSchema = z.object({
  ...bookingShape,
  SpecialRequests: optionalText(LONG_TEXT_MAX),
  /** Absent: the booker stays as booked. */
  Booker: bookerSchema.nullish(),
  // Optional rather than `.default([])`: a generator reads a default as "always there" and would
  // make every client send it.
  RoomsToCancel: z
    .array(z.object({ ReservationItemId: wireId, CancellationReasonId: wireId.nullish() }))
    .max(20)
    .nullish()
    .describe('The booked rooms to cancel, each with its reason. Absent or null: none (the same as `[]`).'),
  ReservationItems: z.array(managedRoomChangeSchema).max(20),
});

export type ManagedRoomChange = z.infer<typeof managedRoomChangeSchema>;
export type ManageBookingUpdateRequest = ProvenBody<z.infer<typeof manageBookingUpdateRequestSchema>>;

/** What the change does to the card: charge the difference, refund it, or nothing. */
export const paymentMovementSchema = z.object({
  Kind: z.enum(['Charge', 'Refund', 'None']),
  /** Major units, as the guest pays (VAT added at a tax-exclusive property). */
  Amount: z.number(),
});

/** The price preview of a change, saved nowhere (beyond the spec: the web shows it before Save). */
export const manageBookingQuoteResponseSchema = z
  .object({
    Rooms: z.array(
      z.object({
        /** Null for a room added by the change. */
        ReservationItemId: z.number().int().nullable(),
        IsCancelled: z.boolean(),
        /** New prices (zero for a cancelled room); before tax at a tax-exclusive property. */
        TotalCost: z.number(),
        OriginalTotalCost: z.number(),
        ServicesCost: z.number(),
        /** As booked (zero for an added room). */
        PreviousTotalCost: z.number(),
        PreviousServicesCost: z.number(),
      }),
    ),
    /** What the guest pays, before and after (VAT added at a tax-exclusive property; less a gift voucher). */
    PreviousTotal: z.number(),
    NewTotal: z.number(),
    /** NewTotal less PreviousTotal. */
    Difference: z.number(),
    Payment: paymentMovementSchema,
    /** The rule that applies, for the guest: e.g. why a lower price is not refunded. */
    Policy: z.string(),
    Currency: z.string(),
  })
  .meta({ id: 'ManageBookingQuote' });

export type ManageBookingQuote = z.infer<typeof manageBookingQuoteResponseSchema>;

/** Update's answer: Success and Message (the spec's), the money moved and the booking as it now stands. */
export const manageBookingUpdateResponseSchema = z
  .object({
    Success: z.boolean(),
    Message: z.string().nullable(),
    Payment: paymentMovementSchema.nullable(),
    Reservation: managedReservationSchema.nullable(),
  })
  .meta({ id: 'ManageBookingUpdateResult' });

export type ManageBookingUpdateResponse = z.infer<typeof manageBookingUpdateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/ManageBooking/Cancel

export const manageBookingCancelRequestSchema = z.object({
  ...bookingShape,
  /** One of /api/StaticData/{id}/CancellationReasons; required when the property says so. */
  CancellationReasonId: wireId.nullish(),
});

export type ManageBookingCancelRequest = ProvenBody<z.infer<typeof manageBookingCancelRequestSchema>>;

export const manageBookingCancelResponseSchema = z
  .object({
    Success: z.boolean(),
    Message: z.string().nullable(),
    /** What goes back to the card (major units); zero when nothing was paid by card. */
    RefundAmount: z.number(),
    /** What went back to the gift voucher that paid part of the booking (major units): a free cancellation gives it back; zero otherwise. */
    GiftVoucherReturned: z.number(),
  })
  .meta({ id: 'ManageBookingCancelResult' });

export type ManageBookingCancelResponse = z.infer<typeof manageBookingCancelResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/Service/GetReservationItemServices

export const reservationItemServicesQuerySchema = z.object({
  propertyId: queryId('propertyId'),
  reservationId: queryId('reservationId'),
  reservationItemId: queryId('reservationItemId'),
  code: manageCode,
  languageCode: z.string().max(35).optional(),
});

export type ReservationItemServicesQuery = ProvenQuery<z.infer<typeof reservationItemServicesQuerySchema>>;

/**
 * The extras a booked room may have, as Service/Get answers them for its dates, room type and
 * rate, with the room's booked ones (`Booked`). Units a room already holds count as free for it.
 */
export const reservationItemServicesResponseSchema = servicesResponseSchema
  .extend({
    Booked: z.array(z.object({ ServiceId: z.number().int(), Quantity: z.number().int(), TotalCost: z.number() })),
  })
  .meta({ id: 'ReservationItemServices' });

export type ReservationItemServicesResponse = z.infer<typeof reservationItemServicesResponseSchema>;
