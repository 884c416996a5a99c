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

const roomsChange = z.object({
  Type: z.literal('Rooms'),
  ...nights,
  RoomType: code,
  /** Rooms to sell each night, sold ones included; never below the rooms already sold. */
  Rooms: z.number().int().min(0).max(10_000),
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

export const ariResponseSchema = z.object({
  Success: z.literal(true),
  PropertyCode: z.string(),
  /** False when the request changed nothing (it was applied before). */
  Changed: z.boolean(),
  Changes: z.array(ariChangeResultSchema),
});

export type AriChange = z.infer<typeof ariChangeSchema>;
export type AriRequest = z.infer<typeof ariRequestSchema>;
export type AriChangeResult = z.infer<typeof ariChangeResultSchema>;
export type AriResponse = z.infer<typeof ariResponseSchema>;
