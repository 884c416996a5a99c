import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { nightlyPrices, serviceInventory } from '@hotel/db/schema';
import { type Tx, rawRows } from '../database';
import { toMinor } from '@hotel/domain/money';
import type { PriceDefinition } from './definition-schema';

/**
 * Prices and inventory are stored per night (fast to read: a search is one range scan) over a
 * rolling window; `extendSellableWindow` moves it forward as days pass. 37 months covers the
 * 36-month calendar plus a stay that starts at its end.
 */
export const sellableWindowDays = 37 * 31;

export type NightWindow = { first: string; last: string };

/** The later of two YYYY-MM-DD dates (string order is date order). */
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * Removes this property's prices from the window's first night on; past nights are history and
 * stay, and so do nights a rates-and-availability update set (the hotel's latest word on them).
 */
export async function clearNightlyPrices(tx: Tx, ratePlanIds: number[], window: NightWindow): Promise<void> {
  if (ratePlanIds.length === 0) return;
  await tx
    .delete(nightlyPrices)
    .where(and(inArray(nightlyPrices.ratePlanId, ratePlanIds), gte(nightlyPrices.night, window.first), eq(nightlyPrices.setByAri, false)));
}

/**
 * Writes one `Prices` entry onto every night it selects, in one statement. Entries are applied
 * in file order, so a later entry covering the same night replaces an earlier one.
 */
export async function writePriceEntry(
  tx: Tx,
  ratePlanId: number,
  roomTypeId: number,
  price: PriceDefinition,
  window: NightWindow,
  /** The property's currency: the prices are written in its minor units. */
  currency: string,
): Promise<void> {
  const minor = (amount: number) => toMinor(amount, currency);
  const first = price.From ? later(price.From, window.first) : window.first;
  const last = price.To ? earlier(price.To, window.last) : window.last;
  if (first > last) return;
  // As Postgres array literals: drizzle would spread a JS array into a row of parameters.
  const weekdays = price.Weekdays ? `{${price.Weekdays.join(',')}}` : null;
  const months = price.Months ? `{${price.Months.join(',')}}` : null;
  await tx.execute(sql`
    INSERT INTO nightly_prices (rate_plan_id, room_type_id, night, base_rate, base_number_of_adults, cost_per_room,
      cost_per_adult, cost_per_child, cost_per_infant, per_person_cost_per_adult, per_person_cost_per_child,
      per_person_cost_per_infant, min_length_of_stay, max_length_of_stay, min_length_of_stay_through, min_advance_booking_days,
      max_advance_booking_days, closed_to_arrival, closed_to_departure, stop_sell)
    SELECT ${ratePlanId}, ${roomTypeId}, night::date, ${minor(price.BaseRate)}, ${price.BaseNumberOfAdults}, ${minor(price.CostPerRoom)},
      ${minor(price.CostPerAdult)}, ${minor(price.CostPerChild)}, ${minor(price.CostPerInfant)}, ${minor(price.PerPersonCostPerAdult)},
      ${minor(price.PerPersonCostPerChild)}, ${minor(price.PerPersonCostPerInfant)}, ${price.MinLengthOfStay},
      ${price.MaxLengthOfStay ?? null}::smallint, ${price.MinLengthOfStayThrough ?? null}::smallint,
      ${price.MinAdvanceBookingDays ?? null}::smallint, ${price.MaxAdvanceBookingDays ?? null}::smallint, ${price.ClosedToArrival}, ${price.ClosedToDeparture}, ${price.StopSell}
    FROM generate_series(${first}::date, ${last}::date, interval '1 day') AS night
    WHERE (${weekdays}::int[] IS NULL OR extract(isodow FROM night)::int = ANY(${weekdays}::int[]))
      AND (${months}::int[] IS NULL OR extract(month FROM night)::int = ANY(${months}::int[]))
    ON CONFLICT (rate_plan_id, room_type_id, night) DO UPDATE SET
      base_rate = excluded.base_rate, base_number_of_adults = excluded.base_number_of_adults,
      cost_per_room = excluded.cost_per_room, cost_per_adult = excluded.cost_per_adult,
      cost_per_child = excluded.cost_per_child, cost_per_infant = excluded.cost_per_infant,
      per_person_cost_per_adult = excluded.per_person_cost_per_adult,
      per_person_cost_per_child = excluded.per_person_cost_per_child,
      per_person_cost_per_infant = excluded.per_person_cost_per_infant,
      min_length_of_stay = excluded.min_length_of_stay, max_length_of_stay = excluded.max_length_of_stay,
      min_length_of_stay_through = excluded.min_length_of_stay_through,
      min_advance_booking_days = excluded.min_advance_booking_days, max_advance_booking_days = excluded.max_advance_booking_days,
      closed_to_arrival = excluded.closed_to_arrival,
      closed_to_departure = excluded.closed_to_departure, stop_sell = excluded.stop_sell
    WHERE NOT nightly_prices.set_by_ari`);
}

/**
 * The SQL for a room type's sellable units on a night: its rooms minus the rooms closed that
 * night. Overlapping closures may name the same rooms twice, so their sum is capped at the rooms.
 */
const unitsOnNight = (roomTypeId: number, units: number, night: SQL) => sql`greatest(${units} - coalesce((
    SELECT sum(c.rooms) FROM closures c
    WHERE c.room_type_id = ${roomTypeId} AND ${night} BETWEEN c.first_night AND c.last_night), 0), 0)`;

/** Nights in the window where more rooms are already sold than the new definition would have (nights whose count ARI set keep it). */
export async function findOversoldNights(
  tx: Tx,
  roomTypeId: number,
  units: number,
  window: NightWindow,
): Promise<{ night: string; sold: number; total: number }[]> {
  return rawRows<{ night: string; sold: number; total: number }>(
    tx,
    sql`
    SELECT night, sold, total FROM (
      SELECT to_char(i.night, 'YYYY-MM-DD') AS night, i.sold, (${unitsOnNight(roomTypeId, units, sql`i.night`)})::int AS total
      FROM room_type_inventory i
      WHERE i.room_type_id = ${roomTypeId} AND i.night >= ${window.first}::date AND NOT i.total_set_by_ari) AS nights
    WHERE sold > total ORDER BY night LIMIT 5`,
  );
}

/** Sets every night's total units of a room type over the window, keeping what is sold and the counts ARI set. */
export async function writeRoomTypeInventory(tx: Tx, roomTypeId: number, units: number, window: NightWindow): Promise<void> {
  await tx.execute(sql`
    INSERT INTO room_type_inventory (room_type_id, night, total, sold)
    SELECT ${roomTypeId}, night::date, ${unitsOnNight(roomTypeId, units, sql`night::date`)}, 0
    FROM generate_series(${window.first}::date, ${window.last}::date, interval '1 day') AS night
    ON CONFLICT (room_type_id, night) DO UPDATE SET total = excluded.total
    WHERE NOT room_type_inventory.total_set_by_ari`);
}

/** Nights where a limited service already has more units used than the new starting inventory. */
export async function findOverusedServiceNights(tx: Tx, serviceId: number, total: number, window: NightWindow): Promise<string[]> {
  const rows = await tx
    .select({ night: serviceInventory.night })
    .from(serviceInventory)
    .where(
      and(eq(serviceInventory.serviceId, serviceId), gte(serviceInventory.night, window.first), sql`${serviceInventory.used} > ${total}`),
    )
    .limit(5);
  return rows.map((row) => row.night);
}

/** Sets a limited service's units per night over the window (unlimited services have no rows). */
export async function writeServiceInventory(
  tx: Tx,
  serviceId: number,
  total: number | null | undefined,
  window: NightWindow,
): Promise<void> {
  if (total == null) {
    await tx.delete(serviceInventory).where(and(eq(serviceInventory.serviceId, serviceId), gte(serviceInventory.night, window.first)));
    return;
  }
  await tx.execute(sql`
    INSERT INTO service_inventory (service_id, night, total, used)
    SELECT ${serviceId}, night::date, ${total}, 0
    FROM generate_series(${window.first}::date, ${window.last}::date, interval '1 day') AS night
    ON CONFLICT (service_id, night) DO UPDATE SET total = excluded.total`);
}
