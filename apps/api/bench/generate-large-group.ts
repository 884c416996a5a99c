/**
 * The benchmark's data: one property group of 3 properties, 40 room types, 12 rate plans,
 * nightly prices over the whole sellable window (37 months, open-ended price rules expanded
 * by the product's own import), and 50,000 past and future reservations written as the rows
 * the product writes, with `room_type_inventory.sold` recounted from them.
 *
 *   DATABASE_URL=postgres://... tsx bench/generate-large-group.ts   (a migrated database)
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, isoWeekday, monthOf, nightsOfStay, todayIn } from '@hotel/domain/dates';
import type { Clock } from '../src/app-context';
import type { Database } from '../src/database/db';
import { rawRows } from '../src/database/raw-rows';
import { importDefinition, sellableWindow } from '../src/property-definition/import-definition';

type Json = Record<string, unknown>;

export const LARGE_GROUP = {
  groupCode: 'BENCHGROUP',
  propertyCodes: ['BENCH1', 'BENCH2', 'BENCH3'],
  /** Room types per property: 14 + 13 + 13 = 40. */
  roomTypesPerProperty: [14, 13, 13],
  ratePlanCodes: ['BAR', 'NRF', 'BB', 'LONG'],
  /** A small room type no generated booking touches: the contended benchmark sells its last rooms. */
  contendedRoomType: { property: 'BENCH1', code: 'LAST', rooms: 3 },
  timeZone: 'Europe/London',
};

/** Weekday, weekend (Friday and Saturday nights) and summer (July, August) rates, in pounds. */
function nightlyRate(baseRate: number, night: string): number {
  if ([7, 8].includes(monthOf(night))) return baseRate + 60;
  if ([5, 6].includes(isoWeekday(night))) return baseRate + 30;
  return baseRate;
}

/** Rooms of the i-th room type of a property: 6 to 20, a deterministic spread. */
function roomsOf(propertyIndex: number, roomTypeIndex: number): number {
  return 6 + ((propertyIndex * 7 + roomTypeIndex * 5) % 15);
}

function baseRateOf(roomTypeIndex: number, ratePlanIndex: number): number {
  return 80 + roomTypeIndex * 10 - ratePlanIndex * 5;
}

/** The definition: the same input form a hotel writes and `pnpm property:import` reads. */
export function largeGroupDefinition(): Json {
  const properties = LARGE_GROUP.propertyCodes.map((code, p) => {
    const roomTypes: Json[] = [];
    for (let r = 0; r < LARGE_GROUP.roomTypesPerProperty[p]!; r += 1) {
      const contended = code === LARGE_GROUP.contendedRoomType.property && r === 0;
      const rooms = contended ? LARGE_GROUP.contendedRoomType.rooms : roomsOf(p, r);
      roomTypes.push({
        Code: contended ? LARGE_GROUP.contendedRoomType.code : `RT${String(r).padStart(2, '0')}`,
        Name: contended ? 'Last Rooms Double' : `Room type ${r + 1}`,
        Description: `Room type ${r + 1} of ${code}, generated for the benchmark.`,
        Rooms: Array.from({ length: rooms }, (_, n) => `${r + 1}${String(n + 1).padStart(2, '0')}`),
        MaximumOccupancy: 4,
        AdultMaximumOccupancy: 3,
        ChildMaximumOccupancy: 2,
      });
    }
    const ratePlans = LARGE_GROUP.ratePlanCodes.map((ratePlan, q) => ({
      Code: ratePlan,
      Name: `${ratePlan} rate`,
      Description: `The ${ratePlan} rate of ${code}.`,
      Prices: roomTypes.flatMap((roomType, r) => {
        const baseRate = baseRateOf(r, q);
        return [
          { RoomType: roomType.Code, BaseRate: baseRate, BaseNumberOfAdults: 2, CostPerAdult: 20, CostPerChild: 10 },
          { RoomType: roomType.Code, Weekdays: [5, 6], BaseRate: baseRate + 30, BaseNumberOfAdults: 2, CostPerAdult: 20, CostPerChild: 10 },
          { RoomType: roomType.Code, Months: [7, 8], BaseRate: baseRate + 60, BaseNumberOfAdults: 2, CostPerAdult: 20, CostPerChild: 10 },
        ];
      }),
    }));
    return {
      Code: code,
      Name: `Benchmark Hotel ${p + 1}`,
      TimeZone: LARGE_GROUP.timeZone,
      Currency: 'GBP',
      Address: `${p + 1} Benchmark Road, Loadtown`,
      Email: `stay@bench${p + 1}.example`,
      Telephone: '+441000000000',
      StandardVatRate: 20,
      CreditCards: ['Visa', 'Mastercard'],
      BookingConfiguration: { MaxNumberOfRoomsOnBooking: 4 },
      RoomTypes: roomTypes,
      RatePlans: ratePlans,
    };
  });
  return {
    Groups: [{ Code: LARGE_GROUP.groupCode, Name: 'Benchmark Hotels', Properties: LARGE_GROUP.propertyCodes }],
    Properties: properties,
  };
}

/** A small deterministic generator, so two runs build the same data. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
function reservationNumberOf(index: number): string {
  let text = '';
  let n = index;
  for (let i = 0; i < 7; i += 1) {
    text = alphabet[n % alphabet.length] + text;
    n = Math.floor(n / alphabet.length);
  }
  return `Z${text}`;
}

type RoomTypeRow = { id: number; code: string; property_code: string; property_id: number; position: number; total: number };
type RatePlanRow = { id: number; code: string; property_id: number; position: number };

export type LargeGroup = {
  propertyIds: Record<string, number>;
  reservations: number;
  reservationRooms: number;
  contended: { propertyId: number; roomTypeId: number; ratePlanId: number; rooms: number };
};

/**
 * Imports the definition through `importDefinition`, then writes `count` reservations (a third
 * in the past, some cancelled) never selling more than a room type has on any night, and sets
 * `room_type_inventory.sold` to what the booked rooms hold.
 */
export async function generateLargeGroup(
  context: { database: Database; clock: Clock },
  options: { reservations?: number; seed?: number; log?: (line: string) => void } = {},
): Promise<LargeGroup> {
  const count = options.reservations ?? 50_000;
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed ?? 8);
  const db = context.database.db;

  let started = Date.now();
  const result = await importDefinition(context, largeGroupDefinition(), { checkOnly: false });
  if (!result.ok) throw new Error(`large group definition invalid:\n${result.problems.map((p) => `${p.path}: ${p.message}`).join('\n')}`);
  const [prices] = await rawRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM nightly_prices`);
  log(`imported ${result.summary.properties.join(', ')}: ${prices?.n} nightly prices in ${Date.now() - started} ms`);

  const roomTypes = await rawRows<RoomTypeRow>(
    db,
    sql`SELECT rt.id, rt.code, p.code AS property_code, p.id AS property_id,
          (row_number() OVER (PARTITION BY p.id ORDER BY rt.code))::int - 1 AS position,
          (SELECT count(*)::int FROM rooms r WHERE r.room_type_id = rt.id) AS total
        FROM room_types rt JOIN properties p ON p.id = rt.property_id
        WHERE p.code IN ('BENCH1', 'BENCH2', 'BENCH3') ORDER BY p.code, rt.code`,
  );
  const ratePlans = await rawRows<RatePlanRow>(
    db,
    sql`SELECT rp.id, rp.code, rp.property_id, 0 AS position FROM rate_plans rp JOIN properties p ON p.id = rp.property_id
        WHERE p.code IN ('BENCH1', 'BENCH2', 'BENCH3') ORDER BY rp.id`,
  );
  for (const ratePlan of ratePlans) ratePlan.position = LARGE_GROUP.ratePlanCodes.indexOf(ratePlan.code);
  if (roomTypes.length !== 40 || ratePlans.length !== 12) throw new Error(`expected 40 room types and 12 rate plans`);
  const propertyIds = Object.fromEntries(roomTypes.map((rt) => [rt.property_code, rt.property_id]));
  const contendedRoomType = roomTypes.find((rt) => rt.code === LARGE_GROUP.contendedRoomType.code)!;
  const bookable = roomTypes.filter((rt) => rt !== contendedRoomType);

  // Two years of history, the sellable window ahead: stays of 1 to 7 nights, 1 or 2 rooms.
  const today = todayIn(context.clock.now(), LARGE_GROUP.timeZone);
  const window = sellableWindow(context.clock.now(), LARGE_GROUP.timeZone);
  const pastDays = 730;
  const futureDays = 365 * 3 - 20;
  const sold = new Map<string, number>();
  type Room = { roomType: RoomTypeRow; ratePlan: RatePlanRow; adults: number; children: number; total: number; baseRate: number };
  type Booking = { index: number; from: string; to: string; status: 'confirmed' | 'cancelled'; rooms: Room[] };
  const bookings: Booking[] = [];
  let attempts = 0;
  started = Date.now();
  while (bookings.length < count && attempts < count * 20) {
    attempts += 1;
    const past = random() < 1 / 3;
    const from = past ? addDays(today, -1 - Math.floor(random() * pastDays)) : addDays(today, Math.floor(random() * futureDays));
    const nights = 1 + Math.floor(random() * random() * 7);
    const to = addDays(from, nights);
    if (to > window.last) continue;
    const roomType = bookable[Math.floor(random() * bookable.length)]!;
    const ratePlan = ratePlans.filter((rp) => rp.property_id === roomType.property_id)[Math.floor(random() * 4)]!;
    const roomCount = random() < 0.15 ? 2 : 1;
    const stayNights = nightsOfStay(from, to);
    const cancelled = random() < 0.05;
    if (!cancelled && stayNights.some((night) => (sold.get(`${roomType.id}|${night}`) ?? 0) + roomCount > roomType.total)) continue;
    if (!cancelled)
      for (const night of stayNights) sold.set(`${roomType.id}|${night}`, (sold.get(`${roomType.id}|${night}`) ?? 0) + roomCount);
    const baseRate = baseRateOf(roomType.position, ratePlan.position);
    const rooms: Room[] = Array.from({ length: roomCount }, () => {
      const adults = 1 + Math.floor(random() * 3);
      const children = adults < 3 && random() < 0.3 ? 1 : 0;
      const perNight = (night: string) => nightlyRate(baseRate, night) + 20 * Math.max(0, adults - 2) + 10 * children;
      const total = Math.round(stayNights.reduce((sum, night) => sum + perNight(night), 0) * 100);
      return { roomType, ratePlan, adults, children, total, baseRate };
    });
    bookings.push({ index: bookings.length, from, to, status: cancelled ? 'cancelled' : 'confirmed', rooms });
  }
  if (bookings.length < count) throw new Error(`only ${bookings.length} reservations fit`);
  log(`planned ${bookings.length} reservations in ${Date.now() - started} ms`);

  started = Date.now();
  let roomRows = 0;
  const batchSize = 2_500;
  for (let start = 0; start < bookings.length; start += batchSize) {
    const batch = bookings.slice(start, start + batchSize);
    const reservationsJson = batch.map((b) => {
      const total = b.rooms.reduce((sum, room) => sum + room.total, 0);
      return {
        property_id: b.rooms[0]!.roomType.property_id,
        reservation_number: reservationNumberOf(b.index),
        confirmation_token_hash: createHash('sha256').update(`bench-${b.index}`).digest('hex'),
        status: b.status,
        date_from: b.from,
        date_to: b.to,
        first_name: `Guest${b.index}`,
        last_name: 'Benchmark',
        email: `guest${b.index}@bench.example`,
        total,
        total_vat: Math.round(total / 6),
      };
    });
    const roomsJson = batch.flatMap((b) =>
      b.rooms.map((room, sortOrder) => {
        const components = {
          BaseRate: room.total,
          BaseNumberOfAdults: 2,
          CostPerRoom: 0,
          CostPerAdult: 0,
          CostPerChild: 0,
          CostPerInfant: 0,
          PerPersonCostPerAdult: 0,
          PerPersonCostPerChild: 0,
          PerPersonCostPerInfant: 0,
        };
        return {
          reservation_number: reservationNumberOf(b.index),
          room_type_id: room.roomType.id,
          rate_plan_id: room.ratePlan.id,
          adults: room.adults,
          children: room.children,
          date_from: b.from,
          date_to: b.to,
          price_components: { Components: components, OriginalComponents: components },
          total: room.total,
          vat: Math.round(room.total / 6),
          status: b.status === 'cancelled' ? 'cancelled' : 'booked',
          sort_order: sortOrder,
        };
      }),
    );
    roomRows += roomsJson.length;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO reservations (property_id, reservation_number, confirmation_token_hash, status, date_from, date_to,
          booker_first_name, booker_last_name, booker_email, booker_phone, payment_type, total_rooms, total, total_vat,
          currency, vat_rate, confirmed_at, cancelled_at)
        SELECT x.property_id, x.reservation_number, x.confirmation_token_hash, x.status::reservation_status, x.date_from, x.date_to,
          x.first_name, x.last_name, x.email, '+441000000000', 'PayByCard', x.total, x.total, x.total_vat,
          'GBP', 20, x.date_from::timestamptz - interval '20 days',
          CASE WHEN x.status = 'cancelled' THEN x.date_from::timestamptz - interval '10 days' END
        FROM json_to_recordset(${JSON.stringify(reservationsJson)}::json) AS x(property_id int, reservation_number text,
          confirmation_token_hash text, status text, date_from date, date_to date, first_name text, last_name text, email text,
          total int, total_vat int)`);
      await tx.execute(sql`
        WITH inserted AS (
          INSERT INTO reservation_rooms (reservation_id, room_type_id, rate_plan_id, adults, children, date_from, date_to,
            price_components, total, original_total, vat, status, cancelled_at, sort_order)
          SELECT r.id, x.room_type_id, x.rate_plan_id, x.adults, x.children, x.date_from, x.date_to, x.price_components,
            x.total, x.total, x.vat, x.status::reservation_room_status, r.cancelled_at, x.sort_order
          FROM json_to_recordset(${JSON.stringify(roomsJson)}::json) AS x(reservation_number text, room_type_id int,
            rate_plan_id int, adults int, children int, date_from date, date_to date, price_components jsonb, total int, vat int,
            status text, sort_order int)
          JOIN reservations r ON r.reservation_number = x.reservation_number
          RETURNING id, reservation_id
        )
        INSERT INTO guests (reservation_room_id, is_lead, first_name, last_name)
        SELECT i.id, true, r.booker_first_name, r.booker_last_name FROM inserted i JOIN reservations r ON r.id = i.reservation_id`);
    });
  }
  // What the booked rooms hold, night by night, is what the inventory counts as sold.
  await db.execute(sql`
    UPDATE room_type_inventory i SET sold = s.sold
    FROM (
      SELECT rr.room_type_id, n.night::date AS night, count(*)::int AS sold
      FROM reservation_rooms rr
      JOIN reservations r ON r.id = rr.reservation_id AND r.status <> 'cancelled'
      CROSS JOIN LATERAL generate_series(rr.date_from, rr.date_to - 1, interval '1 day') AS n(night)
      WHERE rr.status = 'booked'
      GROUP BY rr.room_type_id, n.night
    ) s
    WHERE i.room_type_id = s.room_type_id AND i.night = s.night`);
  await db.execute(sql`ANALYZE`);
  log(`wrote ${bookings.length} reservations (${roomRows} rooms) and recounted inventory in ${Date.now() - started} ms`);

  const contendedRatePlan = ratePlans.find((rp) => rp.property_id === contendedRoomType.property_id && rp.code === 'BAR')!;
  return {
    propertyIds,
    reservations: bookings.length,
    reservationRooms: roomRows,
    contended: {
      propertyId: contendedRoomType.property_id,
      roomTypeId: contendedRoomType.id,
      ratePlanId: contendedRatePlan.id,
      rooms: contendedRoomType.total,
    },
  };
}

/** Nights a room type has sold beyond its total, or booked rooms beyond the inventory count: both must be 0. */
export async function inventoryMismatches(database: Database): Promise<{ oversold: number; miscounted: number }> {
  const [row] = await rawRows<{ oversold: number; miscounted: number }>(
    database.db,
    sql`WITH booked AS (
          SELECT rr.room_type_id, n.night::date AS night, count(*)::int AS rooms
          FROM reservation_rooms rr
          JOIN reservations r ON r.id = rr.reservation_id AND r.status <> 'cancelled'
          CROSS JOIN LATERAL generate_series(rr.date_from, rr.date_to - 1, interval '1 day') AS n(night)
          WHERE rr.status = 'booked'
          GROUP BY rr.room_type_id, n.night
        )
        SELECT
          coalesce(sum(greatest(coalesce(b.rooms, i.sold), i.sold) - i.total) FILTER (WHERE greatest(coalesce(b.rooms, i.sold), i.sold) > i.total), 0)::int AS oversold,
          count(*) FILTER (WHERE coalesce(b.rooms, 0) <> i.sold)::int AS miscounted
        FROM room_type_inventory i LEFT JOIN booked b ON b.room_type_id = i.room_type_id AND b.night = i.night`,
  );
  return row ?? { oversold: 0, miscounted: 0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { openPostgresDatabase, migratePostgres } = await import('../src/database/postgres-database');
  const { createLogger } = await import('../src/logger');
  const { systemClock } = await import('../src/app-context');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to a database to fill');
  await migratePostgres(url);
  const database = openPostgresDatabase({ connectionString: url, logger: createLogger('silent') });
  try {
    const group = await generateLargeGroup({ database, clock: systemClock }, { log: (line) => console.log(line) });
    console.log(JSON.stringify({ ...group, ...(await inventoryMismatches(database)) }));
  } finally {
    await database.close();
  }
}
