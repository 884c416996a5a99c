/**
 * The property group and its searches: GET /api/PropertyGroup/{id}, POST
 * /api/Availability/SearchPropertyGroup and the group calendar, POST
 * /api/Availability/SearchPropertyGroupAreaAvailability. Keys, fetchers and hooks.
 */
import useSWR from 'swr';
import type { IsoDate } from '@hotel/domain/dates';
import type { Party } from '@hotel/domain/occupancy';
import { apiGet, apiPost, LANGUAGE_CODE } from '../../lib/api-client';
import type {
  PropertyGroupAreaAvailabilityRequest,
  PropertyGroupAreaAvailabilityResponse,
  PropertyGroupResponse,
  PropertyGroupSearchRequest,
  PropertyGroupSearchResponse,
} from '@hotel/domain/wire/property-group';

export const propertyGroupKey = (propertyGroupId: number) => ['PropertyGroup', propertyGroupId] as const;

const fetchPropertyGroup = ([, propertyGroupId]: readonly [string, number]) =>
  apiGet<PropertyGroupResponse>(`/PropertyGroup/${propertyGroupId}`);

/** The group the page's property belongs to; waits while `propertyGroupId` is null. */
export function usePropertyGroup(propertyGroupId: number | null) {
  return useSWR(propertyGroupId === null ? null : propertyGroupKey(propertyGroupId), fetchPropertyGroup, { revalidateOnFocus: false });
}

/** A group search's key: its request and its number, so searching the same stay again asks the server again. */
export const groupSearchKey = (request: PropertyGroupSearchRequest, searchNumber: number) =>
  ['Availability/SearchPropertyGroup', JSON.stringify(request), searchNumber] as const;

const fetchGroupSearch = ([, body]: readonly [string, string, number]) =>
  apiPost<PropertyGroupSearchResponse>('/Availability/SearchPropertyGroup', JSON.parse(body));

/** The answer to the guest's last search; none until they search. */
export function useGroupSearch(request: PropertyGroupSearchRequest | null, searchNumber: number) {
  return useSWR(request === null ? null : groupSearchKey(request, searchNumber), fetchGroupSearch, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
}

export const groupCalendarKey = (request: PropertyGroupAreaAvailabilityRequest) =>
  ['Availability/SearchPropertyGroupAreaAvailability', JSON.stringify(request)] as const;

const fetchGroupCalendar = ([, body]: readonly [string, string]) =>
  apiPost<PropertyGroupAreaAvailabilityResponse>('/Availability/SearchPropertyGroupAreaAvailability', JSON.parse(body));

/** The group calendar of the months in view, for the party being searched; null waits. */
export function useGroupCalendar(request: PropertyGroupAreaAvailabilityRequest | null) {
  return useSWR(request === null ? null : groupCalendarKey(request), fetchGroupCalendar, {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
  });
}

/** What the guest searches for across the group. */
export interface GroupSearch {
  dateFrom: IsoDate;
  dateTo: IsoDate;
  rooms: Party[];
  promoCode: string;
}

/** The wire request of a group search, with prices asked in `displayCurrency`. */
export function groupSearchRequest(search: GroupSearch, propertyGroupId: number, displayCurrency: string): PropertyGroupSearchRequest {
  return {
    PropertyGroupId: propertyGroupId,
    LanguageCode: LANGUAGE_CODE,
    PromoCode: search.promoCode.trim() || null,
    RatePlanCode: null,
    DateFrom: search.dateFrom,
    DateTo: search.dateTo,
    Rooms: search.rooms.map((room) => ({
      NumberOfAdults: room.NumberOfAdults,
      NumberOfChildren: room.NumberOfChildren,
      NumberOfInfants: room.NumberOfInfants,
    })),
    DisplayCurrency: displayCurrency,
  };
}
