/**
 * POST /api/Admin/Ari: a hotel's day-to-day rates and availability (ARI) over ranges of nights,
 * without re-importing its definition (docs/hotel-integration.md).
 */
import { z } from 'zod';
import { wireDate, wireMoney } from './scalars';

/** The weekday names a change may be limited to, Monday first (ISO weekday 1..7). */
export const ARI_WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The most changes one request may carry. */
export const MAX_ARI_CHANGES = 1000;

const code = z.string().trim().min(1).max(40);

/** Nights From..To, both included, optionally only on some weekdays. */
const nights = {
  From: wireDate,
  To: wireDate,
  Weekdays: z
    .array(z.enum(ARI_WEEKDAYS, { error: `weekdays are ${ARI_WEEKDAYS.join(', ')}` }))
    .min(1)
    .max(7)
    .nullish(),
};

const priceChange = z.object({
  Type: z.literal('Price'),
  ...nights,
  RatePlan: code,
  RoomType: code,
  /** The nightly price for the base number of adults, major units. */
  Price: wireMoney,
  /** The optional price components (docs/property-definition.md, RatePlans[].Prices): absent keeps what the night has. */
  BaseNumberOfAdults: z.number().int().min(0).max(20).nullish(),
  CostPerRoom: wireMoney.nullish(),
  CostPerAdult: wireMoney.nullish(),
  CostPerChild: wireMoney.nullish(),
  CostPerInfant: wireMoney.nullish(),
  PerPersonCostPerAdult: wireMoney.nullish(),
  PerPersonCostPerChild: wireMoney.nullish(),
  PerPersonCostPerInfant: wireMoney.nullish(),
});

/** The most rooms of a room type a night may sell. */
const MAX_ROOMS = 10_000;

const roomsChange = z
  .object({
    Type: z.literal('Rooms'),
    ...nights,
    RoomType: code,
    /** Rooms to sell each night, sold ones included (ARI's total). A night with more sold is set to what is sold: none left. */
    Rooms: z.number().int().min(0).max(MAX_ROOMS).nullish(),
    /** Rooms left to sell each night, as channel managers count them: the night sells its sold rooms plus these. */
    Available: z.number().int().min(0).max(MAX_ROOMS).nullish(),
  })
  .refine((change) => (change.Rooms == null) !== (change.Available == null), {
    error: 'give either Rooms (the rooms to sell, sold ones included) or Available (the rooms left to sell), not both',
    path: ['Rooms'],
  });

const stopSellChange = z.object({
  Type: z.literal('StopSell'),
  ...nights,
  /** Absent: every room type of the rate plan. */
  RoomType: code.nullish(),
  /** Absent: every rate plan of the room type. */
  RatePlan: code.nullish(),
  /** True closes the nights to sale, false opens them again. */
  StopSell: z.boolean(),
});

const minimumStayChange = z.object({
  Type: z.literal('MinimumStay'),
  ...nights,
  RatePlan: code,
  /** Absent: every room type of the rate plan. */
  RoomType: code.nullish(),
  /** The fewest nights a stay arriving on the night must last. */
  MinimumStay: z.number().int().min(1).max(365),
});

const closedToArrivalChange = z.object({
  Type: z.literal('ClosedToArrival'),
  ...nights,
  RatePlan: code,
  RoomType: code.nullish(),
  ClosedToArrival: z.boolean(),
});

const closedToDepartureChange = z.object({
  Type: z.literal('ClosedToDeparture'),
  ...nights,
  RatePlan: code,
  RoomType: code.nullish(),
  /** The night's date as a departure day: true refuses stays that leave that day. */
  ClosedToDeparture: z.boolean(),
});

const maximumStayChange = z.object({
  Type: z.literal('MaximumStay'),
  ...nights,
  RatePlan: code,
  RoomType: code.nullish(),
  /** The most nights a stay arriving on the night may last; null lifts it. */
  MaximumStay: z.number().int().min(1).max(365).nullable(),
});

const minimumStayThroughChange = z.object({
  Type: z.literal('MinimumStayThrough'),
  ...nights,
  RatePlan: code,
  RoomType: code.nullish(),
  /** The fewest nights of any stay that includes the night, whatever its arrival; null lifts it. */
  MinimumStayThrough: z.number().int().min(1).max(365).nullable(),
});

/** Days between the property's today and an arrival on the night: at least 1, or null to lift the bound. */
const advanceDays = z.number().int().min(1).max(1500).nullable();

const minimumAdvanceBookingChange = z.object({
  Type: z.literal('MinimumAdvanceBooking'),
  ...nights,
  RatePlan: code,
  RoomType: code.nullish(),
  MinimumAdvanceBooking: advanceDays,
});

const maximumAdvanceBookingChange = z.object({
  Type: z.literal('MaximumAdvanceBooking'),
  ...nights,
  RatePlan: code,
  RoomType: code.nullish(),
  MaximumAdvanceBooking: advanceDays,
});

/** One change of an ARI request: what it sets, on which nights. */
export const ariChangeSchema = z
  .discriminatedUnion('Type', [
    priceChange,
    roomsChange,
    stopSellChange,
    minimumStayChange,
    closedToArrivalChange,
    closedToDepartureChange,
    maximumStayChange,
    minimumStayThroughChange,
    minimumAdvanceBookingChange,
    maximumAdvanceBookingChange,
  ])
  .meta({ id: 'AriChange' });

export const ariRequestSchema = z.object({
  PropertyCode: code,
  Changes: z.array(ariChangeSchema).min(1).max(MAX_ARI_CHANGES),
});

/** What one change did: the nights it selected, those whose values it changed and, for Rooms, the counts before and after. */
export const ariChangeResultSchema = z.object({
  Type: z.enum([
    'Price',
    'Rooms',
    'StopSell',
    'MinimumStay',
    'ClosedToArrival',
    'ClosedToDeparture',
    'MaximumStay',
    'MinimumStayThrough',
    'MinimumAdvanceBooking',
    'MaximumAdvanceBooking',
  ]),
  Nights: z.number().int(),
  NightsChanged: z.number().int(),
  Rooms: z.array(z.object({ Night: z.string(), Before: z.number().int(), After: z.number().int(), Sold: z.number().int() })).nullish(),
});

/** A night a `Rooms` change asked fewer rooms of than were sold: set to what is sold, none left to sell. */
export const ariAdjustedNightSchema = z.object({
  /** The index of the change in `Changes`. */
  Change: z.number().int(),
  RoomType: z.string(),
  Night: z.string(),
  /** The rooms to sell the change asked for. */
  Asked: z.number().int(),
  Sold: z.number().int(),
  /** The rooms to sell the night now has: its sold rooms. */
  Set: z.number().int(),
});

export const ariResponseSchema = z.object({
  Success: z.literal(true),
  PropertyCode: z.string(),
  /** Whether some stored figure differs from before the request: false for a request applied before, however its changes overlap. */
  Changed: z.boolean(),
  Changes: z.array(ariChangeResultSchema),
  /** The nights set to their sold rooms instead of the fewer asked for; the rest of the request is applied all the same. */
  Adjusted: z.array(ariAdjustedNightSchema),
});

/** `GET /api/Admin/Ari`: the nights From..To (both included, at most three years) of a property, optionally of one room type or rate plan. */
export const ariReadQuerySchema = z.object({
  propertyCode: z.string({ error: 'propertyCode is required' }).trim().min(1, { error: 'propertyCode is required' }).max(40),
  from: wireDate,
  to: wireDate,
  roomType: code.optional(),
  ratePlan: code.optional(),
});

/** Who set a night's figures last: an ARI change, or the definition (its import, or the nightly window refresh). */
const sourceSchema = z.enum(['Ari', 'Definition']);

/** A room type's night: `Rooms` to sell (sold ones included), `Sold`, and `Available`, those left to sell. */
export const ariRoomsNightSchema = z.object({
  Night: z.string(),
  Rooms: z.number().int(),
  Sold: z.number().int(),
  Available: z.number().int(),
  /** Who set `Rooms`. */
  Source: sourceSchema,
});

/** A rate's restrictions on a night; more kinds may be added as fields. */
export const ariRestrictionsSchema = z.object({
  StopSell: z.boolean(),
  MinimumStay: z.number().int(),
  ClosedToArrival: z.boolean(),
  ClosedToDeparture: z.boolean(),
  /** Null: no such restriction on that night. */
  MaximumStay: z.number().int().nullable(),
  MinimumStayThrough: z.number().int().nullable(),
  MinimumAdvanceBooking: z.number().int().nullable(),
  MaximumAdvanceBooking: z.number().int().nullable(),
});

/** A rate's night: its price, with the fields and major units a `Price` change takes, and its restrictions. */
export const ariRateNightSchema = z.object({
  Night: z.string(),
  Price: z.number(),
  BaseNumberOfAdults: z.number().int(),
  CostPerRoom: z.number(),
  CostPerAdult: z.number(),
  CostPerChild: z.number(),
  CostPerInfant: z.number(),
  PerPersonCostPerAdult: z.number(),
  PerPersonCostPerChild: z.number(),
  PerPersonCostPerInfant: z.number(),
  Restrictions: ariRestrictionsSchema,
  /** Who set the night's price and restrictions: ARI keeps them all through a re-import of the definition. */
  Source: sourceSchema,
});

export const ariReadBackSchema = z
  .object({
    PropertyCode: z.string(),
    /** The currency of every price. */
    Currency: z.string(),
    From: z.string(),
    To: z.string(),
    /** Each room type's nights on sale in the range; a night not listed has no rooms to sell. */
    RoomTypes: z.array(z.object({ RoomType: z.string(), Nights: z.array(ariRoomsNightSchema) })),
    /** Each rate plan and room type's priced nights in the range; a night not listed has no price, so is not sold on that rate. */
    Rates: z.array(z.object({ RatePlan: z.string(), RoomType: z.string(), Nights: z.array(ariRateNightSchema) })),
  })
  .meta({ id: 'AriReadBack' });

export type AriChange = z.infer<typeof ariChangeSchema>;
export type AriRequest = z.infer<typeof ariRequestSchema>;
export type AriChangeResult = z.infer<typeof ariChangeResultSchema>;
export type AriResponse = z.infer<typeof ariResponseSchema>;
export type AriAdjustedNight = z.infer<typeof ariAdjustedNightSchema>;
export type AriReadQuery = z.infer<typeof ariReadQuerySchema>;
export type AriReadBack = z.infer<typeof ariReadBackSchema>;
