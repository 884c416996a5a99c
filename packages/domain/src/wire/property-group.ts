/**
 * The property-group search: GET /api/PropertyGroup/{id}, POST /api/Availability/SearchPropertyGroup
 * and POST /api/Availability/SearchPropertyGroupAreaAvailability. The spec names the calls but
 * not their bodies; these are ours (docs/property-group-search.md). Money is in major units, as
 * in every other answer.
 */
import { z } from 'zod';
import { searchRequestSchema } from './search-request';
import { wireDate, wireId } from './scalars';

/** Most nights the group calendar answers in one call (about two months). */
export const MAX_GROUP_CALENDAR_NIGHTS = 62;

/** A currency code as ISO 4217 writes it. */
const currencyCode = z.string().regex(/^[A-Z]{3}$/, { error: 'Use a three-letter currency code such as GBP.' });

/** `{id}` of GET /api/PropertyGroup/{id}: the group's number or its code, in any case (DEMOGROUP, demogroup). */
export const propertyGroupIdOrCodeParams = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_.-]+$/, { error: 'A property group number or code is required' }),
});

/** GET /api/PropertyGroup/{id}: `id` is the group's number or its code (DEMOGROUP). */
export const propertyGroupPropertySchema = z
  .object({
    PropertyId: z.number().int(),
    PropertyCode: z.string(),
    PropertyName: z.string(),
    /** One line, as the property page shows it. */
    Address: z.string(),
    ImageUrl: z.string().nullable(),
    HotelRating: z.number().int().nullable(),
    Currency: z.string(),
    TimeZone: z.string(),
  })
  .meta({ id: 'PropertyGroupProperty' });

export const propertyGroupResponseSchema = z
  .object({
    PropertyGroupId: z.number().int(),
    PropertyGroupCode: z.string(),
    Name: z.string(),
    /** In the definition's order. */
    Properties: z.array(propertyGroupPropertySchema),
  })
  .meta({ id: 'PropertyGroup' });
export type PropertyGroupResponse = z.infer<typeof propertyGroupResponseSchema>;
export type PropertyGroupProperty = z.infer<typeof propertyGroupPropertySchema>;

/**
 * The single-property Search body without PropertyId and LocationId, plus the group and, when
 * the guest chose one, the currency to show prices in (converted with the exchange rates).
 */
export const propertyGroupSearchRequestSchema = searchRequestSchema
  .omit({ PropertyId: true, LocationId: true })
  .extend({
    PropertyGroupId: wireId,
    DisplayCurrency: currencyCode.nullish(),
  })
  .meta({ id: 'PropertyGroupSearchRequest' });
export type PropertyGroupSearchRequest = z.infer<typeof propertyGroupSearchRequestSchema>;

/** Why a property cannot sell the stay, for a program; `Message` says it to the guest. */
export const GROUP_BLOCK_REASONS = [
  'SoldOut',
  'MinimumStay',
  'ClosedToArrival',
  'ClosedToDeparture',
  'MinimumStayThrough',
  'MaximumStay',
  'MinimumAdvanceBooking',
  'MaximumAdvanceBooking',
  'PartyDoesNotFit',
  'NotBookable',
] as const;
export type GroupBlockReason = (typeof GROUP_BLOCK_REASONS)[number];

/** A price in the property's currency and, when DisplayCurrency was asked and differs, converted. */
const groupPriceSchema = z.object({
  Total: z.number(),
  PerNight: z.number(),
  Currency: z.string(),
  /** Null when no DisplayCurrency was asked, it is the property's own, or no rate converts it. */
  Converted: z.object({ Total: z.number(), PerNight: z.number(), Currency: z.string() }).nullable(),
});

export const propertyGroupSearchResultSchema = z
  .object({
    PropertyId: z.number().int(),
    PropertyCode: z.string(),
    PropertyName: z.string(),
    /** Every searched room placed at once (each on its own free unit), on rates open for the whole stay. */
    CanSell: z.boolean(),
    /** The cheapest way to place every searched room; null when CanSell is false. */
    LowestPrice: groupPriceSchema.nullable(),
    /** Room types with a free unit and an open rate fitting at least one searched room. */
    AvailableRoomTypes: z.number().int(),
    /** The fewest units left among the room types of the cheapest placement ("Only 2 left"); null when CanSell is false. */
    RoomsLeft: z.number().int().nullable(),
    /** Null when CanSell is true. */
    Blocked: z.object({ Reason: z.enum(GROUP_BLOCK_REASONS), Message: z.string() }).nullable(),
    /** When CanSell is false: the nearest stays of the same length (up to 3, nearest first) that can be sold. */
    AlternativeDates: z.array(z.object({ DateFrom: z.string(), DateTo: z.string(), LowestPrice: groupPriceSchema })),
  })
  .meta({ id: 'PropertyGroupSearchResult' });

export const propertyGroupSearchResponseSchema = z
  .object({
    PropertyGroupId: z.number().int(),
    DateFrom: z.string(),
    DateTo: z.string(),
    Nights: z.number().int(),
    PromoCodeMessage: z.string().nullable(),
    /** As the single search's: true when some property's search answers a rate the code discounts; null without a code (docs/property-group-search.md). */
    IsPromoCodeValid: z.boolean().nullable(),
    /** Properties that can sell the stay first, cheapest first (compared in DisplayCurrency when converted); then the rest by name. */
    Properties: z.array(propertyGroupSearchResultSchema),
  })
  .meta({ id: 'PropertyGroupSearch' });
export type PropertyGroupSearchResult = z.infer<typeof propertyGroupSearchResultSchema>;
export type PropertyGroupSearchResponse = z.infer<typeof propertyGroupSearchResponseSchema>;

/** A group calendar for `DateFrom`..`DateTo` (both nights included, at most MAX_GROUP_CALENDAR_NIGHTS). */
export const propertyGroupAreaAvailabilityRequestSchema = z
  .object({
    PropertyGroupId: wireId,
    LanguageCode: searchRequestSchema.shape.LanguageCode,
    DateFrom: wireDate,
    DateTo: wireDate,
    Rooms: searchRequestSchema.shape.Rooms,
    PromoCode: searchRequestSchema.shape.PromoCode,
    /** Prices are given in this currency (default: the first property's currency in the group). */
    DisplayCurrency: currencyCode.nullish(),
  })
  .meta({ id: 'PropertyGroupAreaAvailabilityRequest' });
export type PropertyGroupAreaAvailabilityRequest = z.infer<typeof propertyGroupAreaAvailabilityRequestSchema>;

export const propertyGroupAreaAvailabilityResponseSchema = z
  .object({
    Currency: z.string(),
    Nights: z.array(
      z.object({
        Date: z.string(),
        /** Properties where every searched room has a free unit that night on a rate open that night. */
        PropertiesAvailable: z.number().int(),
        /** The lowest price of that night for the whole party among them, in Currency; null when none. */
        LowestPrice: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'PropertyGroupAreaAvailability' });
export type PropertyGroupAreaAvailabilityResponse = z.infer<typeof propertyGroupAreaAvailabilityResponseSchema>;
