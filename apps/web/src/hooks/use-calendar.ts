/**
 * The availability calendar (GET /api/Availability, today to 36 months ahead): the search's
 * disabled dates and minimum stays, and the alternative stays of a search that found nothing.
 */
import useSWR from 'swr';
import { calendarWindow, type IsoDate } from '@hotel/domain/dates';
import { apiGet, LANGUAGE_CODE } from '../lib/api-client';
import type { CalendarEntry } from '@hotel/domain/wire/calendar-response';

export const calendarKey = (propertyId: number, today: IsoDate) => {
  const window = calendarWindow(today);
  return ['Availability', propertyId, window.from, window.to] as const;
};

const fetchCalendar = ([, propertyId, fromDate, toDate]: readonly [string, number, string, string]) =>
  apiGet<CalendarEntry[]>('/Availability', { propertyId, fromDate, toDate, languageCode: LANGUAGE_CODE });

/** The calendar of the whole window; `enabled` false waits (the search loads it a little after the page). */
export function useCalendar(propertyId: number, today: IsoDate, enabled = true) {
  return useSWR(enabled ? calendarKey(propertyId, today) : null, fetchCalendar, {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
  });
}
