import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_BASE_NUMBER_OF_ADULTS } from '@hotel/domain/pricing';
import { type Queryable, type Tx, rawRows } from '../database';

/** The nights a change selects: From..To, both included, on the given ISO weekdays (all when null). */
export type NightSelection = { from: string; to: string; weekdays: number[] | null };

/** As a Postgres array literal: drizzle would spread a JS array into a row of parameters. */
const intArray = (values: readonly number[] | null) => (values === null ? null : `{${values.join(',')}}`);

/** The selected nights as a row source `g(night)`, one set-based scan instead of a statement per night. */
const selectedNights = (nights: NightSelection) => sql`
  SELECT g.night::date AS night
  FROM generate_series(${nights.from}::date, ${nights.to}::date, interval '1 day') AS g(night)
  WHERE ${intArray(nights.weekdays)}::int[] IS NULL OR extract(isodow FROM g.night)::int = ANY(${intArray(nights.weekdays)}::int[])`;

export type AriProperty = { id: number; code: string; timeZone: string; currency: string };

const propertyByCode = (code: string) => sql`SELECT id, code, time_zone AS "timeZone", currency FROM properties WHERE code = ${code}`;

/** The property by its code, for reading. */
export async function findPropertyByCode(db: Queryable, code: string): Promise<AriProperty | undefined> {
  const [row] = await rawRows<AriProperty>(db, propertyByCode(code));
  return row;
}

/**
 * The property by its code, its row locked until commit: ARI updates of one property and its
 * imports (which update the same row first) take turns. A no-key lock, so bookings, whose rows
 * only reference the property, never wait on it.
 */
export async function lockPropertyByCode(tx: Tx, code: string): Promise<AriProperty | undefined> {
  const [row] = await rawRows<AriProperty>(tx, sql`${propertyByCode(code)} FOR NO KEY UPDATE`);
  return row;
}

export type SoldCodes = { roomTypes: Map<string, number>; ratePlans: Map<string, number> };

/** The codes of the room types and rate plans the property still sells, with their ids. */
export async function findSoldCodes(db: Queryable, propertyId: number): Promise<SoldCodes> {
  const rows = await rawRows<{ kind: 'room' | 'rate'; code: string; id: number }>(
    db,
    sql`SELECT 'room' AS kind, code, id FROM room_types WHERE property_id = ${propertyId} AND is_active
      UNION ALL SELECT 'rate', code, id FROM rate_plans WHERE property_id = ${propertyId} AND is_active`,
  );
  const pick = (kind: 'room' | 'rate') => new Map(rows.filter((row) => row.kind === kind).map((row) => [row.code, row.id]));
  return { roomTypes: pick('room'), ratePlans: pick('rate') };
}

/** Price components in minor units; null keeps what the night has (or the column's default on a night without a price). */
export type PriceWrite = {
  baseRate: number;
  baseNumberOfAdults: number | null;
  costPerRoom: number | null;
  costPerAdult: number | null;
  costPerChild: number | null;
  costPerInfant: number | null;
  perPersonCostPerAdult: number | null;
  perPersonCostPerChild: number | null;
  perPersonCostPerInfant: number | null;
};

export type NightCounts = { nights: number; changed: number };

/** Each optional component's column, the value given (null: keep the night's) and the value a night without a price starts from. */
const components = (price: PriceWrite): [column: string, given: number | null, fresh: number][] => [
  ['base_number_of_adults', price.baseNumberOfAdults, DEFAULT_BASE_NUMBER_OF_ADULTS],
  ['cost_per_room', price.costPerRoom, 0],
  ['cost_per_adult', price.costPerAdult, 0],
  ['cost_per_child', price.costPerChild, 0],
  ['cost_per_infant', price.costPerInfant, 0],
  ['per_person_cost_per_adult', price.perPersonCostPerAdult, 0],
  ['per_person_cost_per_child', price.perPersonCostPerChild, 0],
  ['per_person_cost_per_infant', price.perPersonCostPerInfant, 0],
];

const commaList = (parts: SQL[]) => sql.join(parts, sql`, `);

/**
 * Prices one rate plan and room type on the selected nights in one statement (INSERT ... SELECT
 * FROM generate_series ... ON CONFLICT DO UPDATE), marking them set by ARI. Answers the nights
 * selected and those whose price differs from before (a night that had no price counts).
 */
export async function writePrices(
  tx: Tx,
  target: { ratePlanId: number; roomTypeId: number },
  nights: NightSelection,
  price: PriceWrite,
): Promise<NightCounts> {
  const parts = components(price);
  const columns = ['base_rate', ...parts.map(([column]) => column)];
  const named = (prefix: string) => commaList(columns.map((column) => sql`${sql.raw(prefix)}${sql.identifier(column)}`));
  const [counts] = await rawRows<NightCounts>(
    tx,
    sql`
    WITH before AS (
      SELECT night, ${named('')} FROM nightly_prices
      WHERE rate_plan_id = ${target.ratePlanId} AND room_type_id = ${target.roomTypeId}
        AND night BETWEEN ${nights.from}::date AND ${nights.to}::date
    ), written AS (
      INSERT INTO nightly_prices (rate_plan_id, room_type_id, night, ${named('')}, set_by_ari)
      SELECT ${target.ratePlanId}, ${target.roomTypeId}, s.night, ${price.baseRate}::int,
        ${commaList(parts.map(([, given, fresh]) => sql`coalesce(${given}::int, ${fresh}::int)`))}, true
      FROM (${selectedNights(nights)}) AS s
      ON CONFLICT (rate_plan_id, room_type_id, night) DO UPDATE SET
        base_rate = excluded.base_rate,
        ${commaList(parts.map(([column, given]) => sql`${sql.identifier(column)} = coalesce(${given}::int, nightly_prices.${sql.identifier(column)})`))},
        set_by_ari = true
      RETURNING night, ${named('')}
    )
    SELECT count(*)::int AS nights,
      count(*) FILTER (WHERE b.night IS NULL OR (${named('b.')}) IS DISTINCT FROM (${named('w.')}))::int AS changed
    FROM written w LEFT JOIN before b USING (night)`,
  );
  return counts!;
}

/** The restrictions a change may set, by their column. */
export type Restriction =
  | { column: 'stop_sell'; value: boolean }
  | { column: 'closed_to_arrival'; value: boolean }
  | { column: 'closed_to_departure'; value: boolean }
  | { column: 'min_length_of_stay'; value: number }
  | {
      column: 'max_length_of_stay' | 'min_length_of_stay_through' | 'min_advance_booking_days' | 'max_advance_booking_days';
      /** Null lifts the restriction. */
      value: number | null;
    };

/**
 * Sets one restriction on the priced nights of the given rate plans and room types (a night
 * without a price is not sold, so it has nothing to restrict), marking them set by ARI.
 * Answers the nights selected and those on which some rate's value changed.
 */
export async function writeRestriction(
  tx: Tx,
  targets: { ratePlanIds: number[]; roomTypeIds: number[] },
  nights: NightSelection,
  restriction: Restriction,
): Promise<NightCounts> {
  const column = sql.identifier(restriction.column);
  const value = typeof restriction.value === 'boolean' ? sql`${restriction.value}::boolean` : sql`${restriction.value}::int`;
  const rates = sql`p.rate_plan_id = ANY(${intArray(targets.ratePlanIds)}::int[]) AND p.room_type_id = ANY(${intArray(targets.roomTypeIds)}::int[])`;
  const [counts] = await rawRows<NightCounts>(
    tx,
    sql`
    WITH selected AS (${selectedNights(nights)}),
    before AS (
      SELECT p.night, p.${column} AS value FROM nightly_prices p JOIN selected s ON s.night = p.night WHERE ${rates}
    ), written AS (
      UPDATE nightly_prices p SET ${column} = ${value}, set_by_ari = true FROM selected s WHERE s.night = p.night AND ${rates}
      RETURNING p.night
    )
    SELECT (SELECT count(*) FROM selected)::int AS nights,
      (SELECT count(DISTINCT night) FROM before WHERE value IS DISTINCT FROM ${value})::int AS changed`,
  );
  return counts!;
}

/** What a Rooms change asks for each night: the rooms to sell (sold ones included), or those left to sell. */
export type RoomsAsk = { rooms: number } | { available: number };

export type RoomsNight = { night: string; before: number | null; after: number; sold: number; asked: number };

/**
 * Sets the rooms to sell of a room type on the selected nights in one statement, never below
 * the rooms sold: a night asked fewer is set to its sold rooms (`asked` says what was asked).
 * `sold` is read from the row the upsert locks, the lock a booking's conditional update waits
 * on, so a booking committing meanwhile is counted and can never push sold above the new total.
 */
export async function writeRooms(tx: Tx, roomTypeId: number, nights: NightSelection, ask: RoomsAsk): Promise<RoomsNight[]> {
  const askedWith = (sold: SQL) => ('rooms' in ask ? sql`${ask.rooms}::int` : sql`(${sold} + ${ask.available}::int)`);
  return rawRows<RoomsNight>(
    tx,
    sql`
    WITH selected AS (${selectedNights(nights)}),
    before AS (
      SELECT i.night, i.total FROM room_type_inventory i JOIN selected s ON s.night = i.night WHERE i.room_type_id = ${roomTypeId}
    ), written AS (
      INSERT INTO room_type_inventory (room_type_id, night, total, sold, total_set_by_ari)
      SELECT ${roomTypeId}, s.night, ${askedWith(sql`0`)}, 0, true FROM selected s
      ON CONFLICT (room_type_id, night) DO UPDATE
        SET total = greatest(${askedWith(sql`room_type_inventory.sold`)}, room_type_inventory.sold), total_set_by_ari = true
      RETURNING night, total, sold
    )
    SELECT to_char(w.night, 'YYYY-MM-DD') AS night, b.total AS before, w.total AS after, w.sold, ${askedWith(sql`w.sold`)} AS asked
    FROM written w LEFT JOIN before b ON b.night = w.night
    ORDER BY w.night`,
  );
}

/**
 * A digest of the figures ARI sets on a property's nights From..To: every price and restriction
 * column (so restriction kinds added later count too) and rooms to sell. Not rooms sold, which
 * bookings change meanwhile, nor the set-by-ARI marks, which are no figure.
 */
export async function digestFigures(tx: Tx, propertyId: number, from: string, to: string): Promise<string> {
  const [row] = await rawRows<{ digest: string }>(
    tx,
    sql`SELECT md5(concat(
      (SELECT string_agg((to_jsonb(p) - 'set_by_ari')::text, ',' ORDER BY p.rate_plan_id, p.room_type_id, p.night)
        FROM nightly_prices p JOIN rate_plans r ON r.id = p.rate_plan_id
        WHERE r.property_id = ${propertyId} AND p.night BETWEEN ${from}::date AND ${to}::date),
      '|',
      (SELECT string_agg(concat_ws(':', i.room_type_id, i.night, i.total), ',' ORDER BY i.room_type_id, i.night)
        FROM room_type_inventory i JOIN room_types t ON t.id = i.room_type_id
        WHERE t.property_id = ${propertyId} AND i.night BETWEEN ${from}::date AND ${to}::date))) AS digest`,
  );
  return row!.digest;
}

/** The nights From..To of the given room types and rate plans. */
export type ReadSelection = { from: string; to: string; roomTypeIds: number[]; ratePlanIds: number[] };

export type RoomsRow = { roomType: string; night: string; total: number; sold: number; setByAri: boolean };

/** Each night's rooms to sell and sold, by room type then night. */
export async function readRoomsNights(db: Queryable, selection: ReadSelection): Promise<RoomsRow[]> {
  return rawRows<RoomsRow>(
    db,
    sql`SELECT t.code AS "roomType", to_char(i.night, 'YYYY-MM-DD') AS night, i.total, i.sold, i.total_set_by_ari AS "setByAri"
      FROM room_type_inventory i JOIN room_types t ON t.id = i.room_type_id
      WHERE i.room_type_id = ANY(${intArray(selection.roomTypeIds)}::int[]) AND i.night BETWEEN ${selection.from}::date AND ${selection.to}::date
      ORDER BY t.id, i.night`,
  );
}

export type RateRow = {
  ratePlan: string;
  roomType: string;
  night: string;
  baseRate: number;
  baseNumberOfAdults: number;
  costPerRoom: number;
  costPerAdult: number;
  costPerChild: number;
  costPerInfant: number;
  perPersonCostPerAdult: number;
  perPersonCostPerChild: number;
  perPersonCostPerInfant: number;
  stopSell: boolean;
  minLengthOfStay: number;
  closedToArrival: boolean;
  maxLengthOfStay: number | null;
  minLengthOfStayThrough: number | null;
  minAdvanceBookingDays: number | null;
  maxAdvanceBookingDays: number | null;
  closedToDeparture: boolean;
  setByAri: boolean;
};

/** Each priced night's components (minor units) and restrictions, by rate plan, room type, then night. */
export async function readRateNights(db: Queryable, selection: ReadSelection): Promise<RateRow[]> {
  return rawRows<RateRow>(
    db,
    sql`SELECT r.code AS "ratePlan", t.code AS "roomType", to_char(p.night, 'YYYY-MM-DD') AS night,
        p.base_rate AS "baseRate", p.base_number_of_adults AS "baseNumberOfAdults", p.cost_per_room AS "costPerRoom",
        p.cost_per_adult AS "costPerAdult", p.cost_per_child AS "costPerChild", p.cost_per_infant AS "costPerInfant",
        p.per_person_cost_per_adult AS "perPersonCostPerAdult", p.per_person_cost_per_child AS "perPersonCostPerChild",
        p.per_person_cost_per_infant AS "perPersonCostPerInfant", p.stop_sell AS "stopSell", p.min_length_of_stay AS "minLengthOfStay",
        p.closed_to_arrival AS "closedToArrival", p.closed_to_departure AS "closedToDeparture",
        p.max_length_of_stay AS "maxLengthOfStay", p.min_length_of_stay_through AS "minLengthOfStayThrough",
        p.min_advance_booking_days AS "minAdvanceBookingDays", p.max_advance_booking_days AS "maxAdvanceBookingDays", p.set_by_ari AS "setByAri"
      FROM nightly_prices p JOIN rate_plans r ON r.id = p.rate_plan_id JOIN room_types t ON t.id = p.room_type_id
      WHERE p.rate_plan_id = ANY(${intArray(selection.ratePlanIds)}::int[]) AND p.room_type_id = ANY(${intArray(selection.roomTypeIds)}::int[])
        AND p.night BETWEEN ${selection.from}::date AND ${selection.to}::date
      ORDER BY r.id, t.id, p.night`,
  );
}

/** Makes every API process read the property's catalogue (prices, rooms, restrictions) again on its next request. */
export async function raiseCatalogueVersion(tx: Tx, propertyId: number): Promise<void> {
  await tx.execute(sql`UPDATE properties SET catalogue_version = catalogue_version + 1 WHERE id = ${propertyId}`);
}
