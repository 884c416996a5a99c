/**
 * A shareable search link (`?arrive=…&depart=…&adults=…&children=…&rooms=…&promo=…`, read by
 * the domain's `parseSearchLink`) as the search form would send it. A link whose search the
 * form could not make at this property (its rooms or guests beyond the property's limits,
 * children or infants where it searches none, a same-day arrival after the cut-off) is
 * treated as no link at all: the page opens on its usual form, without an error.
 */
import { parseSearchLink } from '@hotel/domain/search-link';
import type { IsoDate } from '@hotel/domain/dates';
import { isSameDayRestricted } from '@hotel/domain/restrictions';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { hasErrors } from '../../lib/form';
import { importChunk } from '../../lib/lazy-with-reload';
import { partyLimits } from './rooms-editor';
import { loadSearchRequestSchema, maxRoomsOf, ownLocationId, searchProblems, type SearchValues } from './search-check';

export type LinkedSearch = SearchValues & { dateFrom: IsoDate; dateTo: IsoDate };

/** True when the address asks for a search (it names a date), good or bad. */
export function hasSearchLink(query: URLSearchParams): boolean {
  return query.has('arrive') || query.has('depart');
}

/** The search the link asks for, or null when it asks for none this property's form could make. */
export async function linkedSearch(
  query: URLSearchParams,
  context: { property: Property; config: BookConfig; today: IsoDate; now: Date },
): Promise<LinkedSearch | null> {
  const { property, config, today } = context;
  const link = parseSearchLink(query, today);
  if (link === null) return null;
  const limits = partyLimits(property);
  const fits = link.rooms.every(
    (party) =>
      party.NumberOfAdults <= limits.adults &&
      party.NumberOfChildren + party.NumberOfInfants <= limits.childrenAndInfants &&
      (property.EnableChildrenSearch || party.NumberOfChildren === 0) &&
      (property.EnableInfantSearch || party.NumberOfInfants === 0),
  );
  if (!fits || isSameDayRestricted(config, link.arrive, context.now, property.TimeZone)) return null;
  const values: LinkedSearch = {
    dateFrom: link.arrive,
    dateTo: link.depart,
    rooms: link.rooms,
    promoCode: link.promo ?? '',
    ratePlanCode: '',
    locationId: ownLocationId(property, config),
  };
  const schema = await importChunk(loadSearchRequestSchema);
  return hasErrors(searchProblems(values, { property, today, maxRooms: maxRoomsOf(property, config), schema })) ? null : values;
}

/** True when two searches ask for the same stay, rooms and codes: a basket made for one fits the other. */
export function isSameSearch(a: SearchValues, b: SearchValues): boolean {
  const stay = (search: SearchValues) =>
    JSON.stringify([
      search.dateFrom,
      search.dateTo,
      search.rooms.map((party) => [party.NumberOfAdults, party.NumberOfChildren, party.NumberOfInfants]),
      search.promoCode.trim(),
      search.ratePlanCode.trim(),
    ]);
  return stay(a) === stay(b);
}
