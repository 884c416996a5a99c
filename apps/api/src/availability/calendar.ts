import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, calendarWindow, parseDate, todayIn, type IsoDate } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import type { AppContext } from '../app-context';
import type { Queryable } from '../database/db';
import { rawRows } from '../database/raw-rows';
import { invalidField, notFound } from '../http/app-error';
import type { JsonText } from '../http/json-text';
import { answerCache } from './answer-cache';
import { findPropertyVersions } from './availability-queries';
import { catalogueCache } from './catalogue-cache';

export const calendarResponseSchema = z.array(
  z.object({
    DateOfStay: z.string(),
    AvailableRooms: z.number().int(),
    Rates: z.array(z.object({ RatePlanId: z.number().int(), MinLengthOfStay: z.number().int(), MinimumRate: z.number() })),
  }),
);
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

type NightRow = { night: string; available: number };
type RateRow = { night: string; rate_plan_id: number; minimum_rate: number; min_length_of_stay: number };

/** Units free per night across the property's room types. */
function findFreeRoomsPerNight(db: Queryable, propertyId: number, first: string, last: string) {
  return rawRows<NightRow>(
    db,
    sql`SELECT to_char(i.night, 'YYYY-MM-DD') AS night, sum(i.total - i.sold)::int AS available
        FROM room_type_inventory i JOIN room_types rt ON rt.id = i.room_type_id
        WHERE rt.property_id = ${propertyId} AND rt.is_active AND i.night BETWEEN ${first}::date AND ${last}::date
        GROUP BY i.night ORDER BY i.night`,
  );
}

/** Per night and openly sold rate plan: its lowest base price over room types with a unit free, and its shortest minimum stay. */
function findOpenRatesPerNight(db: Queryable, propertyId: number, first: string, last: string) {
  return rawRows<RateRow>(
    db,
    sql`SELECT to_char(p.night, 'YYYY-MM-DD') AS night, p.rate_plan_id,
               min(p.base_rate + p.cost_per_room)::int AS minimum_rate, min(p.min_length_of_stay)::int AS min_length_of_stay
        FROM nightly_prices p
        JOIN rate_plans rp ON rp.id = p.rate_plan_id
        JOIN room_types rt ON rt.id = p.room_type_id
        JOIN room_type_inventory i ON i.room_type_id = p.room_type_id AND i.night = p.night
        WHERE rp.property_id = ${propertyId} AND rp.is_active AND NOT rp.requires_code AND rt.is_active
          AND p.night BETWEEN ${first}::date AND ${last}::date AND NOT p.stop_sell AND i.sold < i.total
        GROUP BY p.night, p.rate_plan_id ORDER BY p.night, p.rate_plan_id`,
  );
}

/**
 * GET /api/Availability: one entry per night from `fromDate` to `toDate` (clamped to today ..
 * 36 months ahead in the property's zone): rooms free that night and, per open rate, its
 * lowest nightly price and minimum stay. The client disables nights with no room or no rate.
 * Cached on the property's catalogue and inventory versions (answer-cache.ts).
 */
export async function availabilityCalendar(
  context: Pick<AppContext, 'database' | 'clock'>,
  query: { propertyId: number; fromDate: string; toDate: string },
): Promise<JsonText> {
  const db = context.database.db;
  const versions = await findPropertyVersions(db, query.propertyId);
  if (!versions) throw notFound(`There is no property ${query.propertyId}.`);
  const { property } = await catalogueCache(db).catalogue(versions);
  const from = parseDate(query.fromDate);
  const to = parseDate(query.toDate);
  if (!from) throw invalidField('fromDate', 'A valid date is required');
  if (!to) throw invalidField('toDate', 'A valid date is required');
  if (to < from) throw invalidField('toDate', 'The end of the calendar must not be before its start');
  const window = calendarWindow(todayIn(context.clock.now(), property.timeZone));
  const first = from > window.from ? from : window.from;
  const last = to < window.to ? to : window.to;
  const key = `calendar|${property.id}|${versions.catalogueVersion}|${versions.inventoryVersion}|${first}|${last}`;
  return answerCache(db).answer(key, () => calendarNights(db, property.id, first, last));
}

async function calendarNights(db: Queryable, propertyId: number, first: IsoDate, last: IsoDate): Promise<CalendarResponse> {
  if (first > last) return [];
  const [nights, rates] = await Promise.all([
    findFreeRoomsPerNight(db, propertyId, first, last),
    findOpenRatesPerNight(db, propertyId, first, last),
  ]);
  const free = new Map(nights.map((row) => [row.night, row.available]));
  const ratesByNight = new Map<string, CalendarResponse[number]['Rates']>();
  for (const row of rates) {
    const list = ratesByNight.get(row.night) ?? [];
    list.push({ RatePlanId: row.rate_plan_id, MinLengthOfStay: row.min_length_of_stay, MinimumRate: toMajor(row.minimum_rate) });
    ratesByNight.set(row.night, list);
  }
  const answer: CalendarResponse = [];
  for (let night = first; night <= last; night = addDays(night, 1)) {
    answer.push({ DateOfStay: night, AvailableRooms: free.get(night) ?? 0, Rates: ratesByNight.get(night) ?? [] });
  }
  return answer;
}
