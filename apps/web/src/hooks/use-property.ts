/**
 * The property and its booking configuration: every page of the flow reads them, so their
 * SWR keys, fetchers and hooks live here, shared, and a gate provides them once loaded.
 */
import { createContext, useContext } from 'react';
import useSWR from 'swr';
import { todayIn, type IsoDate } from '@hotel/domain/dates';
import { apiGet } from '../lib/api-client';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';

export const propertyKey = (propertyCode: string) => ['Property', propertyCode] as const;
export const bookConfigKey = (propertyCode: string) => ['Book/Config', propertyCode] as const;

export const fetchProperty = ([, propertyCode]: readonly [string, string]) =>
  apiGet<Property>(`/Property/${encodeURIComponent(propertyCode)}`);
export const fetchBookConfig = ([, propertyCode]: readonly [string, string]) =>
  apiGet<BookConfig>(`/Book/Config/${encodeURIComponent(propertyCode)}`);

/** Loads the property and its booking configuration, which every page needs before it shows. */
export function usePropertyData(propertyCode: string) {
  const property = useSWR(propertyKey(propertyCode), fetchProperty, { revalidateOnFocus: false });
  const config = useSWR(bookConfigKey(propertyCode), fetchBookConfig, { revalidateOnFocus: false });
  return { property: property.data, config: config.data, error: property.error ?? config.error };
}

export interface PropertyContextValue {
  property: Property;
  config: BookConfig;
}

export const PropertyContext = createContext<PropertyContextValue | null>(null);

/** The loaded property and configuration; only inside the property gate. */
export function useProperty(): PropertyContextValue {
  const value = useContext(PropertyContext);
  if (value === null) throw new Error('useProperty outside a loaded property');
  return value;
}

/** The property if one is loaded (the header and footer show without one). */
export function useOptionalProperty(): PropertyContextValue | null {
  return useContext(PropertyContext);
}

/** Today in the property's time zone. */
export function usePropertyToday(): IsoDate {
  const { property } = useProperty();
  return todayIn(new Date(), property.TimeZone);
}

/** The configurable word for a room (AccommodationUnitNoun, default "room"). */
export function useUnitNoun(): { one: string; many: string; One: string; Many: string; count: (n: number) => string } {
  const value = useContext(PropertyContext);
  const one = (value?.config.AccommodationUnitNoun || value?.property.AccommodationUnitNoun || 'room').trim().toLowerCase();
  const many = one.endsWith('s') ? one : `${one}s`;
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return { one, many, One: capital(one), Many: capital(many), count: (n: number) => `${n} ${n === 1 ? one : many}` };
}
