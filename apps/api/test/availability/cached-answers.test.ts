import { sql } from 'drizzle-orm';
import { checkAnswersOf, request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { createAppContext } from '../../src/app-context';
import { AvailabilityReads } from '../../src/availability/availability-queries';
import { CatalogueCache } from '../../src/availability/catalogue-cache';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { createLogger } from '../../src/logger';
import { aBooking, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { aDefinition, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';

// Search and calendar answers are cached on the property's catalogue and inventory versions
// (availability/answer-cache.ts). These tests pin down that nothing a guest or the hotel does
// can leave a stale answer behind: each repeats the same call before and after a change.

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());

const twoAdults = { NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 };
const searchStay = (app = t.app, promoCode?: string) =>
  request(app)
    .post('/api/Availability/Search')
    .send({
      PropertyId: ids.propertyId,
      LanguageCode: 'en',
      DateFrom: '2027-03-04',
      DateTo: '2027-03-06',
      Rooms: [twoAdults],
      PromoCode: promoCode,
    })
    .expect(200);
const doublesFree = async (app = t.app) => (await searchStay(app)).body.NumberOfRoomsPerRoomTypeId[String(ids.roomTypes.DBL)] as number;
const calendarNight = async (app = t.app) =>
  (
    await request(app)
      .get('/api/Availability')
      .query({ propertyId: ids.propertyId, fromDate: '2027-03-04', toDate: '2027-03-04' })
      .expect(200)
  ).body[0];

describe('cached availability answers', () => {
  it('show a booking at once: the same search and calendar answer one room fewer', async () => {
    expect(await doublesFree()).toBe(2);
    expect((await calendarNight()).AvailableRooms).toBe(3);

    await request(t.app).post('/api/Reservation/Create').send(aBooking(ids)).expect(200);

    expect(await doublesFree()).toBe(1);
    expect((await calendarNight()).AvailableRooms).toBe(2);
  });

  it('show a booking of any room type, whatever its id (the single here, not the double)', async () => {
    const singlesFree = async () => (await searchStay()).body.NumberOfRoomsPerRoomTypeId[String(ids.roomTypes.SGL)] as number;
    expect(ids.roomTypes.SGL).not.toBe(ids.propertyId);
    expect(await singlesFree()).toBe(1);
    const single = { ...aBooking(ids).Rooms[0], RoomTypeId: ids.roomTypes.SGL, NumberOfAdults: 1, TotalCost: 120 };
    await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { Rooms: [single] }))
      .expect(200);
    expect(await singlesFree()).toBe(0);
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0 WHERE room_type_id = ${ids.roomTypes.SGL}`);
    expect(await singlesFree()).toBe(1);
  });

  it('show a booking of two rooms of one room type on the same nights at once', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0 WHERE room_type_id = ${ids.roomTypes.DBL}`);
    expect(await doublesFree()).toBe(2);
    const room = aBooking(ids).Rooms[0];
    await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { Rooms: [room, { ...room, ReservationItemId: 2 }] }))
      .expect(200);
    expect(await doublesFree()).toBe(0);
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0 WHERE room_type_id = ${ids.roomTypes.DBL}`);
  });

  it('show rooms sold or given back by any path, even a hand-written update, because the database raises the version', async () => {
    const before = await doublesFree();
    await t.database.db.execute(
      sql`UPDATE room_type_inventory SET sold = sold + 1 WHERE room_type_id = ${ids.roomTypes.DBL} AND night = '2027-03-05'`,
    );
    expect(await doublesFree()).toBe(before - 1);
    await t.database.db.execute(
      sql`UPDATE room_type_inventory SET sold = sold - 1 WHERE room_type_id = ${ids.roomTypes.DBL} AND night = '2027-03-05'`,
    );
    expect(await doublesFree()).toBe(before);
  });

  it('show a re-imported definition at once: new prices, rates and promotions', async () => {
    const rateNames = (body: { RoomTypes: { Rates: { Name: string }[] }[] }) =>
      body.RoomTypes.flatMap((roomType) => roomType.Rates.map((rate) => rate.Name));
    const before = (await searchStay()).body;
    expect(before.RoomTypes[0].LowestRate).toBe(180);
    expect(rateNames(before)).toContain('Non-refundable');
    expect((await searchStay(t.app, 'SPRING')).body.IsPromoCodeValid).toBe(false);

    await givenDefinition(
      t.context,
      aDefinition({
        ...bookingProperty,
        RatePlans: [
          {
            Code: 'BAR',
            Name: 'Flexible',
            Prices: [
              { RoomType: 'DBL', BaseRate: 120 },
              { RoomType: 'SGL', BaseRate: 60, BaseNumberOfAdults: 1 },
            ],
          },
        ],
        Promotions: [{ Code: 'SPRING', Name: 'Spring', DiscountPercent: 5, RatePlans: ['BAR'] }],
      }),
    );

    const after = (await searchStay()).body;
    expect(after.RoomTypes[0].LowestRate).toBe(240);
    expect(rateNames(after)).not.toContain('Non-refundable');
    expect((await searchStay(t.app, 'SPRING')).body.IsPromoCodeValid).toBe(true);
    expect((await calendarNight()).Rates).toEqual([expect.objectContaining({ MinimumRate: 60 })]);
  });

  it('answer an identical repeat with the same ETag and body', async () => {
    const first = await searchStay();
    const second = await searchStay();
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('the catalogue cache', () => {
  it('reads the newest catalogue when asked for a version an import replaced a moment ago', async () => {
    const versions = await new AvailabilityReads(t.database.db).propertyVersions(ids.propertyId);
    await givenDefinition(t.context, aDefinition(bookingProperty));
    const catalogue = await new CatalogueCache(t.database.db).catalogue(versions!);
    expect(catalogue.version).toBe(versions!.catalogueVersion + 1);
    expect(catalogue.ratePlans.map((plan) => plan.code)).toEqual(['BAR', 'NRF', 'CORP']);
  });
});

describe.runIf(onRealPostgres())('cached availability answers across API processes', () => {
  it('show a booking made through another process on the same database', async () => {
    // A second application with its own pool and caches on the same database: another process.
    const other = openPostgresDatabase({
      connectionString: t.database.url!,
      logger: createLogger('silent'),
      pool: { writeConnections: 2 },
    });
    try {
      const { app: otherApp, api } = createApp(createAppContext({ ...t.context, database: other }));
      checkAnswersOf(otherApp, api);
      const before = await doublesFree(otherApp);
      expect(await doublesFree(t.app)).toBe(before);

      await request(t.app)
        .post('/api/Reservation/Create')
        .send(aBooking(ids, { Rooms: [{ ...aBooking(ids).Rooms[0], TotalCost: 240 }] }))
        .expect(200);

      expect(await doublesFree(otherApp)).toBe(before - 1);
    } finally {
      await other.close();
    }
  });
});
