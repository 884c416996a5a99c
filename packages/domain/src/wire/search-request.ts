/**
 * POST /api/Availability/Search body (also the property-group search).
 */
import { z } from 'zod';
import { guestCount, withGuestWhoTakesRoom, languageCodeSchema, optionalText, propertyIdSchema, wireDate, wireId } from './scalars';

/** Most rooms one search may carry, whatever the property allows. */
export const MAX_ROOMS_PER_SEARCH = 20;

/** One searched room: NumberOfAdults, NumberOfChildren, NumberOfInfants; at least one adult or child. */
export const searchRoomSchema = withGuestWhoTakesRoom(
  z.object({
    NumberOfAdults: guestCount,
    NumberOfChildren: guestCount,
    NumberOfInfants: guestCount,
  }),
);

/** PropertyId, LanguageCode, PromoCode, RatePlanCode, DateFrom, DateTo, LocationId, Rooms. */
export const searchRequestSchema = z.object({
  PropertyId: propertyIdSchema,
  LanguageCode: languageCodeSchema,
  PromoCode: optionalText(50),
  RatePlanCode: optionalText(50),
  DateFrom: wireDate,
  DateTo: wireDate,
  LocationId: wireId.nullish(),
  Rooms: z.array(searchRoomSchema).min(1).max(MAX_ROOMS_PER_SEARCH),
});

/** An availability search as the wire carries it. */
export type SearchRequest = z.infer<typeof searchRequestSchema>;
