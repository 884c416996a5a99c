/** POST /api/Availability/Search: its key, fetcher and hook. */
import useSWR from 'swr';
import type { SearchRequest } from '@hotel/domain/wire/search-request';
import { apiPost, LANGUAGE_CODE } from '../../lib/api-client';
import type { SearchCriteria } from '../../stores/booking-store';
import type { SearchResponse } from '@hotel/domain/wire/search-response';

/** The wire request of a search. */
export function searchRequest(criteria: SearchCriteria): SearchRequest {
  return {
    PropertyId: criteria.propertyId,
    LanguageCode: LANGUAGE_CODE,
    PromoCode: criteria.promoCode.trim() || null,
    RatePlanCode: criteria.ratePlanCode.trim() || null,
    DateFrom: criteria.dateFrom,
    DateTo: criteria.dateTo,
    LocationId: criteria.locationId,
    Rooms: criteria.rooms.map((room) => ({
      NumberOfAdults: room.NumberOfAdults,
      NumberOfChildren: room.NumberOfChildren,
      NumberOfInfants: room.NumberOfInfants,
    })),
  };
}

/** A search's key: its request and its number, so searching the same stay again asks the server again. */
export const searchKey = (criteria: SearchCriteria, searchNumber: number) =>
  ['Availability/Search', JSON.stringify(searchRequest(criteria)), searchNumber] as const;

const fetchSearch = ([, body]: readonly [string, string, number]) => apiPost<SearchResponse>('/Availability/Search', JSON.parse(body));

/** The answer to the current search; searched once per search, then kept while the guest moves through the wizard. */
export function useAvailabilitySearch(criteria: SearchCriteria | null, searchNumber: number) {
  return useSWR(criteria === null ? null : searchKey(criteria, searchNumber), fetchSearch, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
}
