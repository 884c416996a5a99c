import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@hotel/domain/dates';
import { createAvailabilityCaches } from '../../src/availability';
import { availabilityCalendar } from '../../src/availability/calendar';
import { rawRows } from '../../src/database';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The calendar is kept per property and rewritten only where rooms free changed
 * (availability/calendar-model.ts). Whatever the changes, it must answer exactly what a calendar
 * worked out afresh answers: here, after each of a generated run of bookings and releases (of
 * several room types and nights at once, as a booking of several rooms makes), the calendar of
 * the application is compared with one computed by caches that never saw it before. Minimum
 * stays and nights closed to departure make an arrival depend on nights well after it.
 * Today is Monday 1 March 2027.
 */
const today = '2027-03-01';

const property = aProperty({
  Code: 'INCR',
  RoomTypes: [
    { Code: 'DBL', Name: 'Double', Rooms: ['101', '102', '103'] },
    { Code: 'TWN', Name: 'Twin', Rooms: ['201', '202'] },
    { Code: 'STE', Name: 'Suite', Rooms: ['301'] },
  ],
  RatePlans: [
    {
      Code: 'BAR',
      Name: 'Flexible',
      Prices: [
        { RoomType: 'DBL', BaseRate: 120 },
        { RoomType: 'DBL', BaseRate: 150, Weekdays: [5, 6], MinLengthOfStay: 2 },
        { RoomType: 'TWN', BaseRate: 110, PerPersonCostPerAdult: 5 },
        { RoomType: 'TWN', BaseRate: 110, From: '2027-03-20', To: '2027-03-27', ClosedToDeparture: true },
        { RoomType: 'STE', BaseRate: 300, MinLengthOfStay: 3 },
      ],
    },
    {
      Code: 'NRF',
      Name: 'Non-refundable',
      Prices: [
        { RoomType: 'DBL', BaseRate: 99.99, ClosedToArrival: false },
        { RoomType: 'DBL', BaseRate: 99.99, From: '2027-04-01', To: '2027-04-03', StopSell: true },
        { RoomType: 'STE', BaseRate: 250.01, MinLengthOfStay: 2 },
      ],
    },
    {
      // Sold on one room type only, for five nights at least: an arrival's entry moves with a change four nights later.
      Code: 'WEEK',
      Name: 'Five nights',
      Prices: [{ RoomType: 'TWN', BaseRate: 90, MinLengthOfStay: 5 }],
    },
  ],
});

const withAFourthDouble = {
  ...property,
  RoomTypes: (property.RoomTypes as object[]).map((roomType, n) =>
    n === 0 ? { ...roomType, Rooms: ['101', '102', '103', '104'] } : roomType,
  ),
};

let t: TestApp;
let propertyId: number;
let roomTypeIds: number[];
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  await givenDefinition(t.context, aDefinition(property));
  propertyId = (await request(t.app).get('/api/Property/INCR').expect(200)).body.PropertyId;
  roomTypeIds = (
    await rawRows<{ id: number }>(t.database.db, sql`SELECT id FROM room_types WHERE property_id = ${propertyId} ORDER BY id`)
  ).map((row) => row.id);
});
afterAll(() => t.close());

const query = { propertyId: 0, fromDate: today, toDate: addDays(today, 120) };
const calendarOf = async (app = t.app) =>
  (
    await request(app)
      .get('/api/Availability')
      .query({ ...query, propertyId })
      .expect(200)
  ).body as unknown[];
const calendarAfresh = async () => {
  const fresh = createAvailabilityCaches(t.database.db, t.context.clock);
  const answer = await availabilityCalendar({ ...t.context, availability: fresh }, { ...query, propertyId });
  return JSON.parse(answer.utf8().toString('utf8')) as unknown[];
};

/** A change of rooms sold on a stretch of nights of one room type, as a booking, a release or a hotel's correction makes. */
const change = fc.record({
  roomType: fc.nat(2),
  night: fc.integer({ min: 0, max: 100 }),
  nights: fc.integer({ min: 1, max: 6 }),
  sold: fc.integer({ min: 0, max: 3 }),
});

describe('the calendar kept current change by change', () => {
  it('answers what a calendar worked out afresh answers, after every change', async () => {
    expect(await calendarOf()).toEqual(await calendarAfresh());
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 3 }), async (changes) => {
        await t.database.db.transaction(async (tx) => {
          for (const { roomType, night, nights, sold } of changes) {
            const first = addDays(today, night);
            await tx.execute(
              sql`UPDATE room_type_inventory SET sold = least(total, ${sold})
                  WHERE room_type_id = ${roomTypeIds[roomType]!} AND night >= ${first}::date AND night < ${addDays(first, nights)}::date`,
            );
          }
        });
        expect(await calendarOf()).toEqual(await calendarAfresh());
      }),
      { numRuns: 40, seed: Number(process.env.FC_SEED ?? 20270301) },
    );
    // The runs did sell rooms: some night shows fewer than the six rooms of the property.
    const nights = (await calendarOf()) as { AvailableRooms: number }[];
    expect(nights.some((night) => night.AvailableRooms < 6)).toBe(true);
  }, 120_000);

  it('counts the rooms an import added even when the request read its versions before the import', async () => {
    const caches = createAvailabilityCaches(t.database.db, t.context.clock);
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0 WHERE sold <> 0`);
    const settled = (await caches.reads.propertyVersions(propertyId))!;
    // The rooms free are held (a search read them) before the calendar model is first built.
    await caches.inventory.freeUnits(settled, '2027-03-10', '2027-03-11');
    await givenDefinition(t.context, aDefinition(withAFourthDouble));
    const night = async (versions: typeof settled) =>
      (
        JSON.parse(Buffer.concat(await caches.calendars.json(versions, today, '2027-03-10', '2027-03-10')).toString()) as {
          AvailableRooms: number;
        }[]
      )[0];
    expect((await night(settled))?.AvailableRooms).toBe(7);
    expect((await night((await caches.reads.propertyVersions(propertyId))!))?.AvailableRooms).toBe(7);
    await givenDefinition(t.context, aDefinition(property));
  });
});
