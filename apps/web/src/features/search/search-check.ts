/**
 * What keeps a search from being made, per field: the domain's search rule (in the guest's
 * words) and the search request's wire schema. The search form and a shareable search link
 * are checked by this one function, so a link can only make a search the form could.
 */
import type { IsoDate } from '@hotel/domain/dates';
import type { Party } from '@hotel/domain/occupancy';
import { searchRefusal } from '@hotel/domain/restrictions';
import type { searchRequestSchema as SearchRequestSchema } from '@hotel/domain/wire/search-request';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { LANGUAGE_CODE } from '../../lib/api-client';
import type { FieldErrors } from '@hotel/domain/validation';
import { mergeErrors, schemaErrors } from '../../lib/form';
import { refusalErrors } from './search-messages';

/** What the search form holds, and what a search link fills it with. */
export interface SearchValues {
  dateFrom: IsoDate | null;
  dateTo: IsoDate | null;
  rooms: Party[];
  promoCode: string;
  ratePlanCode: string;
  locationId: number | null;
}

/** The most rooms one booking may have: the booking configuration's limit, else the property's; null for none. */
export function maxRoomsOf(property: Property, config: BookConfig): number | null {
  return config.MaxNumberOfRoomsOnBooking ?? property.MaxNumberOfRoomsOnBooking;
}

/** The property's own entry among the booking configuration's locations (a group's), which a search names. */
export function ownLocationId(property: Property, config: BookConfig): number | null {
  const own = config.Locations.find((location) => location.PropertyCode.toLowerCase() === property.PropertyCode.toLowerCase());
  return own?.LocationId ?? null;
}

/** The wire schema of a search; loaded with its first use, so the first page stays small. */
export const loadSearchRequestSchema = () => import('@hotel/domain/wire/search-request').then((module) => module.searchRequestSchema);

export function searchProblems(
  chosen: SearchValues,
  context: { property: Property; today: IsoDate; maxRooms: number | null; schema: typeof SearchRequestSchema },
): FieldErrors {
  const { property } = context;
  const refusal = searchRefusal({
    propertyId: property.PropertyId,
    dateFrom: chosen.dateFrom,
    dateTo: chosen.dateTo,
    rooms: chosen.rooms,
    maxNumberOfRoomsOnBooking: context.maxRooms,
    today: context.today,
  });
  const request = {
    PropertyId: property.PropertyId,
    LanguageCode: LANGUAGE_CODE,
    PromoCode: chosen.promoCode.trim() || null,
    RatePlanCode: chosen.ratePlanCode.trim() || null,
    DateFrom: chosen.dateFrom ?? '',
    DateTo: chosen.dateTo ?? '',
    LocationId: chosen.locationId,
    Rooms: chosen.rooms,
  };
  // The dates' messages are the search rule's, said in the guest's words.
  const { DateFrom: _from, DateTo: _to, ...shapeErrors } = schemaErrors(context.schema, request);
  return mergeErrors(refusalErrors(refusal), shapeErrors);
}
