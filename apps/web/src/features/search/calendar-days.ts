/**
 * What the availability calendar says about each day, for the date picker: which arrivals are
 * bookable and the minimum stay an arrival sets. Built from the calendar entries with the
 * domain's restriction rules.
 */
import { parseDate, type IsoDate } from '@hotel/domain/dates';
import { minLengthOfStay } from '@hotel/domain/restrictions';
import type { CalendarEntry } from '@hotel/domain/wire/calendar-response';

export interface CalendarDay {
  /** Enough rooms and an open rate: an arrival may be chosen. */
  bookable: boolean;
  /** The shortest minimum stay of the rates open on this arrival. */
  minimumStay: number;
  /** A short line under the day's number (the group calendar's lowest price), and what it says in words. */
  note?: { shown: string; spoken: string };
}

export type CalendarDays = ReadonlyMap<IsoDate, CalendarDay>;

/** The calendar by date, for `rooms` rooms. */
export function calendarDays(entries: readonly CalendarEntry[], rooms: number): CalendarDays {
  const days = new Map<IsoDate, CalendarDay>();
  for (const entry of entries) {
    const date = parseDate(entry.DateOfStay);
    if (date === null) continue;
    const open = entry.Rates.length > 0;
    days.set(date, {
      bookable: open && entry.AvailableRooms >= Math.max(1, rooms),
      minimumStay: open ? Math.min(...entry.Rates.map(minLengthOfStay)) : 1,
    });
  }
  return days;
}
