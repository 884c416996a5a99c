import { sql } from 'drizzle-orm';
import { checkAnswersOf, request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { createAppContext } from '../../src/app-context';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { rawRows } from '../../src/database/raw-rows';
import { createLogger } from '../../src/logger';
import { aDefinition, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import {
  aRestaurantProperty,
  aTableBooking,
  givenRestaurantProperty,
  quayKitchen,
  type RestaurantIds,
} from '../restaurant/restaurant-fixture';

/**
 * A retry with the Idempotency-Key of a request that succeeded (what a client sends after a
 * lost answer) gets that first answer back, whatever has changed since: the room it took was
 * the last one, the price moved, the same-day cut-off passed, the restaurant's rules changed.
 */
let t: TestApp;
let ids: Ids;
let restaurant: RestaurantIds;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
  restaurant = await givenRestaurantProperty(t);
});
afterAll(() => t.close());

const create = (app: TestApp['app'], body: object, key: string) =>
  request(app).post('/api/Reservation/Create').set('Idempotency-Key', key).send(body);

const soldSingles = async () =>
  (
    await rawRows<{ sold: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(sold), 0)::int AS sold FROM room_type_inventory i JOIN room_types rt ON rt.id = i.room_type_id WHERE rt.code = 'SGL'`,
    )
  )[0]!.sold;

/** A booking of the one Single (room 001) for one adult, at 60 a night. */
const single = (from = '2027-03-04', to = '2027-03-06', total = 120) =>
  aBooking(ids, {
    DateFrom: from,
    DateTo: to,
    Rooms: [aRoom(ids, { RoomTypeId: ids.roomTypes.SGL, NumberOfAdults: 1, DateFrom: from, DateTo: to, TotalCost: total })],
  });
/** Thursday 4 to Saturday 6 March: 60 + 60 = 120. */
const lastSingle = () => single();

describe('a completed Idempotency-Key replays its answer whatever the checks now say', () => {
  it('gives the booking of the last room back instead of "sold out", and keeps the room sold once', async () => {
    const first = await create(t.app, lastSingle(), 'retry-last-room').expect(200);
    expect(await soldSingles()).toBe(2); // two nights of the one Single

    const retry = await create(t.app, lastSingle(), 'retry-last-room').expect(200);
    expect(retry.body).toEqual(first.body);
    // Another key for the same room is a new booking, and there is no room left for it.
    const other = await create(t.app, lastSingle(), 'another-guest').expect(409);
    expect(other.body.Code).toBe('ROOM_SOLD_OUT');
    expect(await soldSingles()).toBe(2);
  });

  it('gives the booking back after the price changed, though a new booking at the old price is refused', async () => {
    // Monday 8 March, one night of the Single at 60.
    const monday = single('2027-03-08', '2027-03-09', 60);
    const first = await create(t.app, monday, 'retry-price').expect(200);

    // The hotel raises the Single to 75 a night.
    const raised = structuredClone(bookingProperty) as { RatePlans: { Code: string; Prices: { RoomType: string; BaseRate: number }[] }[] };
    raised.RatePlans.find((plan) => plan.Code === 'BAR')!.Prices.find((price) => price.RoomType === 'SGL')!.BaseRate = 75;
    await givenDefinition(t.context, aDefinition(raised));

    const retry = await create(t.app, monday, 'retry-price').expect(200);
    expect(retry.body).toEqual(first.body);
    // Tuesday 9 March at the old 60 with a new key: the price is now 75.
    const refused = await create(t.app, single('2027-03-09', '2027-03-10', 60), 'new-price').expect(409);
    expect(refused.body).toMatchObject({ Code: 'PRICE_CHANGED', TotalCost: 75 });
    await givenDefinition(t.context, aDefinition(bookingProperty));
  });

  it('gives a booking for tonight back after the same-day cut-off has passed', async () => {
    // 17:59 in London (GMT in March): bookings for tonight close at 18:00.
    t.setNow('2027-03-01T17:59:00Z');
    const tonight = aBooking(ids, {
      DateFrom: '2027-03-01',
      DateTo: '2027-03-02',
      Rooms: [aRoom(ids, { DateFrom: '2027-03-01', DateTo: '2027-03-02', TotalCost: 100 })],
    });
    const first = await create(t.app, tonight, 'retry-tonight').expect(200);
    t.setNow('2027-03-01T18:05:00Z');
    const retry = await create(t.app, tonight, 'retry-tonight').expect(200);
    expect(retry.body).toEqual(first.body);
    const refused = await create(t.app, tonight, 'too-late').expect(400);
    expect(refused.body.ModelState.DateFrom).toEqual(['Bookings for tonight close at 18:00. Please call us.']);
    t.setNow('2027-03-01T09:00:00Z');
  });

  it('still refuses the key with a different body (422), not with what a check says', async () => {
    const response = await create(t.app, single('2027-03-04', '2027-03-06', 999), 'retry-last-room').expect(422);
    expect(response.body.Code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('gives a table booking back after the restaurant stopped taking parties of that size online', async () => {
    const party = aTableBooking(restaurant, { PartySize: 6 });
    const first = await request(t.app).post('/api/RestaurantBooking/Create').set('Idempotency-Key', 'retry-table').send(party).expect(200);
    expect(first.body).toMatchObject({ Success: true, BookingReference: expect.any(String) });

    await givenDefinition(t.context, aDefinition(aRestaurantProperty({ Restaurants: [quayKitchen({ MaxOnlinePartySize: 4 })] })));
    const retry = await request(t.app).post('/api/RestaurantBooking/Create').set('Idempotency-Key', 'retry-table').send(party).expect(200);
    expect(retry.body).toEqual(first.body);
    const refused = await request(t.app).post('/api/RestaurantBooking/Create').set('Idempotency-Key', 'new-table').send(party).expect(200);
    expect(refused.body).toMatchObject({ Success: false, BookingReference: null });
  });
});

// Two API processes share nothing but the database; only a real Postgres has several connections.
describe.runIf(onRealPostgres())('retries of the last room on Postgres, from two API processes', () => {
  it('answer every simultaneous retry, through either process, with the one booking', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
    const otherDatabase = openPostgresDatabase({
      connectionString: t.database.url!,
      logger: createLogger('silent'),
      pool: { writeConnections: 10 },
    });
    try {
      const { app: other, api } = createApp(createAppContext({ ...t.context, database: otherDatabase }));
      checkAnswersOf(other, api);
      // Ten copies of one request (a client retrying through a load balancer), on both processes at once.
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, n) => create(n % 2 === 0 ? t.app : other, lastSingle(), 'retry-storm')),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      expect(new Set(responses.map((response) => response.body.ReservationNumber)).size).toBe(1);
      expect(await soldSingles()).toBe(2);
      // And after the storm, a late retry through either process still gets the booking.
      for (const app of [t.app, other])
        expect((await create(app, lastSingle(), 'retry-storm').expect(200)).body).toEqual(responses[0]!.body);
    } finally {
      await otherDatabase.close();
    }
  });
});
