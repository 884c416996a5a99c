import { calendarWindow, parseDate, todayIn } from '@hotel/domain/dates';
import type { CalendarResponse } from '@hotel/domain/wire/calendar-response';
import type { AppContext } from '../app-context';
import { type JsonText } from '../http';
import { invalidField, notFound } from '../errors';

/**
 * GET /api/Availability: one entry per night from `fromDate` to `toDate` (clamped to today ..
 * 36 months ahead in the property's zone): rooms free that night and the rates one adult can
 * arrive on that night, from the property's calendar model (calendar-model.ts). Cached on the
 * property's catalogue and inventory versions (answer-cache.ts).
 */
export async function availabilityCalendar(
  context: Pick<AppContext, 'database' | 'clock' | 'availability'>,
  query: { propertyId: number; fromDate: string; toDate: string },
): Promise<JsonText<CalendarResponse>> {
  const { availability } = context;
  const versions = await availability.reads.propertyVersions(query.propertyId);
  if (!versions) throw notFound(`There is no property ${query.propertyId}.`);
  const { property } = await availability.catalogue.catalogue(versions);
  const from = parseDate(query.fromDate);
  const to = parseDate(query.toDate);
  if (!from) throw invalidField('fromDate', 'A valid date is required');
  if (!to) throw invalidField('toDate', 'A valid date is required');
  if (to < from) throw invalidField('toDate', 'The end of the calendar must not be before its start');
  const window = calendarWindow(todayIn(context.clock.now(), property.timeZone));
  const first = from > window.from ? from : window.from;
  const last = to < window.to ? to : window.to;
  const key = `calendar|${property.id}|${versions.catalogueVersion}|${versions.inventoryVersion}|${first}|${last}`;
  return availability.answers.text<CalendarResponse>(key, () =>
    first > last ? Promise.resolve('[]') : availability.calendars.json(versions, window.from, first, last),
  );
}
