/** GET /api/StaticData/{id}/countries: the countries an address may be in (checkout, manage booking). */
import useSWR from 'swr';
import type { Country } from '@hotel/domain/wire/static-data-response';
import { apiGet } from '../lib/api-client';

export type { Country };

export const countriesKey = (propertyId: number) => ['StaticData/countries', propertyId] as const;

export function useCountries(propertyId: number) {
  return useSWR(countriesKey(propertyId), ([, id]) => apiGet<Country[]>(`/StaticData/${id}/countries`), { revalidateOnFocus: false });
}
