import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  aRestaurantProperty,
  aTableBooking,
  givenRestaurantProperty,
  now,
  quayKitchen,
  storedTableBooking,
  thursday,
  type RestaurantIds,
} from './restaurant-fixture';

let t: TestApp;
let ids: RestaurantIds;
let kitchen: number;
let earlyBirdId: number;
beforeAll(async () => {
  t = await createTestApp({ now });
  ids = await givenRestaurantProperty(t);
  kitchen = ids.restaurants['The Quay Kitchen']!;
  const [earlyBird] = await rawRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM restaurant_promotions WHERE restaurant_id = ${kitchen} AND name = 'Early bird'`,
  );
  earlyBirdId = earlyBird!.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  t.setNow(now);
  await t.database.db.execute(sql`DELETE FROM mail_outbox`);
  await t.database.db.execute(sql`DELETE FROM table_bookings`);
});

const availability = (query: Record<string, unknown>, target: RestaurantIds = ids) =>
  request(t.app)
    .get('/api/RestaurantBooking/Availability')
    .query({ propertyId: target.propertyId, restaurantId: kitchen, date: thursday, partySize: 2, currencySymbol: '£', ...query });
const times = async (query: Record<string, unknown>, target?: RestaurantIds) =>
  (await availability(query, target).expect(200)).body.map((slot: { Time: string }) => slot.Time);
const book = async (overrides: Record<string, unknown>, target: RestaurantIds = ids) => {
  const { body } = await request(t.app).post('/api/RestaurantBooking/Create').send(aTableBooking(target, overrides)).expect(200);
  expect(body).toMatchObject({ Success: true });
  return body.BookingReference as string;
};

describe('GET /api/RestaurantBooking/Availability: times from the sittings', () => {
  it("offers every start from the weekday's first to its last, at its interval, with the promotions of each time's window", async () => {
    const { body } = await availability({}).expect(200);
    const earlyBird = { PromotionId: earlyBirdId, Name: 'Early bird', Description: 'Two courses for 25 before 19:00' };
    expect(body).toEqual([
      { Time: '18:00', IsLeaveTimeRequired: false, LeaveTime: null, Promotions: [earlyBird] },
      { Time: '18:30', IsLeaveTimeRequired: false, LeaveTime: null, Promotions: [earlyBird] },
      // the window runs up to 19:00, not including it
      { Time: '19:00', IsLeaveTimeRequired: false, LeaveTime: null, Promotions: [] },
      { Time: '19:30', IsLeaveTimeRequired: false, LeaveTime: null, Promotions: [] },
      { Time: '20:00', IsLeaveTimeRequired: false, LeaveTime: null, Promotions: [] },
      { Time: '20:30', IsLeaveTimeRequired: false, LeaveTime: null, Promotions: [] },
      { Time: '21:00', IsLeaveTimeRequired: false, LeaveTime: null, Promotions: [] },
    ]);
  });

  it("uses each weekday's own sittings: Saturday lunch, nothing on Sunday", async () => {
    expect(await times({ date: '2027-03-06' })).toEqual(['12:00', '12:30', '13:00']);
    expect(await times({ date: '2027/03/07' })).toEqual([]);
  });

  it('offers nothing to a party no table seats or that the restaurant does not take online', async () => {
    expect(await times({ partySize: 8 })).toHaveLength(7);
    expect(await times({ partySize: 9 })).toEqual([]);
    const roof = ids.restaurants['Roof Bar'];
    expect(await times({ restaurantId: roof, partySize: 1 })).toEqual([]);
    expect(await times({ restaurantId: roof, partySize: 2 })).toEqual(['17:00', '18:00', '19:00', '20:00', '21:00', '22:00']);
  });

  it('offers no time on a table retired by a later import', async () => {
    const retired = await givenRestaurantProperty(t, aRestaurantProperty({ Code: 'SMALL', Restaurants: [quayKitchen()] }));
    await givenRestaurantProperty(t, aRestaurantProperty({ Code: 'SMALL', Restaurants: [quayKitchen({ Tables: [2, 2, 4] })] }));
    const smallKitchen = retired.restaurants['The Quay Kitchen'];
    expect(await times({ restaurantId: smallKitchen, partySize: 4 }, retired)).toHaveLength(7);
    expect(await times({ restaurantId: smallKitchen, partySize: 6 }, retired)).toEqual([]);
  });
});

describe('GET /api/RestaurantBooking/Availability: durations and leave times', () => {
  it('keeps a table for the sitting, and offers a shorter stay with its leave time when the table is needed later', async () => {
    // The one table for 8 is booked 19:30 to 21:00.
    await book({ PartySize: 8, VisitTime: '19:30' });
    const { body } = await availability({ partySize: 8 }).expect(200);
    expect(
      body.map((slot: { Time: string; IsLeaveTimeRequired: boolean; LeaveTime: string | null }) => [slot.Time, slot.LeaveTime]),
    ).toEqual([
      // free 90 minutes until 19:30: the whole sitting
      ['18:00', null],
      // free 60 minutes: at least half the sitting, so offered with the leave time
      ['18:30', '19:30'],
      // 19:00 leaves 30 minutes, less than half; 19:30 to 20:30 start while it is taken
      ['21:00', null],
    ]);
    expect(body[1]).toMatchObject({ IsLeaveTimeRequired: true, LeaveTime: '19:30' });
  });

  it('gives a party the smallest free table that seats it, and the next one up when that is taken', async () => {
    const first = await book({ PartySize: 3 });
    const second = await book({ PartySize: 3 });
    expect((await storedTableBooking(t, first))?.capacity).toBe(4);
    expect((await storedTableBooking(t, second))?.capacity).toBe(6);
    // 4, 6 and 8 are all taken from 19:00 to 20:30 once a third party of 3 books:
    // 18:00 keeps a table for an hour (leave time), 18:30 only for half an hour
    await book({ PartySize: 3 });
    expect(await times({ partySize: 3 })).toEqual(['18:00', '20:30', '21:00']);
    // a pair still gets one of the tables for two
    expect(await times({ partySize: 2 })).toHaveLength(7);
  });

  it('frees the table again when the booking is cancelled', async () => {
    await book({ PartySize: 8, VisitTime: '19:00' });
    expect(await times({ partySize: 8 })).toEqual(['18:00', '20:30', '21:00']);
    await t.database.db.execute(sql`UPDATE table_bookings SET status = 'cancelled', cancelled_at = now()`);
    expect(await times({ partySize: 8 })).toHaveLength(7);
  });
});

describe('GET /api/RestaurantBooking/Availability: past times and time zones', () => {
  it("offers today only the times after now in the property's zone, and nothing on a past date", async () => {
    // 18:40 in London (GMT in early March)
    t.setNow('2027-03-04T18:40:00Z');
    expect(await times({})).toEqual(['19:00', '19:30', '20:00', '20:30', '21:00']);
    // a start at the current minute has passed
    t.setNow('2027-03-04T19:00:00Z');
    expect(await times({})).toEqual(['19:30', '20:00', '20:30', '21:00']);
    t.setNow('2027-03-05T09:00:00Z');
    expect(await times({})).toEqual([]);
  });

  it("reads sittings, today and bookings in a property's own zone", async () => {
    const york = await givenRestaurantProperty(t, aRestaurantProperty({ Code: 'NYC', TimeZone: 'America/New_York', Currency: 'USD' }));
    const yorkKitchen = york.restaurants['The Quay Kitchen'];
    // 23:40 UTC on Thursday is 18:40 on Thursday in New York (EST, UTC-5) but already Friday in London
    t.setNow('2027-03-04T23:40:00Z');
    expect(await times({ restaurantId: yorkKitchen }, york)).toEqual(['19:00', '19:30', '20:00', '20:30', '21:00']);
    expect(await times({})).toEqual([]);

    // 19:00 in New York is midnight UTC: the booking is stored at that instant and holds the table from 19:00 local
    const reference = await book({ RestaurantId: yorkKitchen, PartySize: 8, VisitTime: '19:00' }, york);
    expect(await storedTableBooking(t, reference)).toMatchObject({
      visitDate: thursday,
      visitTime: '19:00',
      startsAt: '2027-03-05T00:00Z',
      endsAt: '2027-03-05T01:30Z',
    });
    expect(await times({ restaurantId: yorkKitchen, partySize: 8 }, york)).toEqual(['20:30', '21:00']);
    // the London kitchen's table for 8 is untouched
    t.setNow(now);
    expect(await times({ partySize: 8 })).toHaveLength(7);
  });

  it('sees a booking begun the evening before as holding its table after midnight', async () => {
    const late = quayKitchen({
      Sittings: [{ Weekdays: [1, 2, 3, 4, 5, 6, 7], From: '00:00', To: '23:00', IntervalMinutes: 60, DurationMinutes: 120 }],
    });
    const night = await givenRestaurantProperty(t, aRestaurantProperty({ Code: 'NIGHT', Restaurants: [late] }));
    const nightKitchen = night.restaurants['The Quay Kitchen'];
    // Wednesday 23:00 to Thursday 01:00 on the table for 8
    await book({ RestaurantId: nightKitchen, PartySize: 8, VisitDate: '2027-03-03', VisitTime: '23:00' }, night);
    const thursdayTimes = await times({ restaurantId: nightKitchen, partySize: 8 }, night);
    // 00:00 is taken; 01:00 onwards is free
    expect(thursdayTimes[0]).toBe('01:00');
    expect(thursdayTimes).toHaveLength(23);
  });
});

describe('GET /api/RestaurantBooking/Availability: malformed and unknown', () => {
  it('answers 400 with ModelState for a bad date or party size, and 404 for an unknown restaurant', async () => {
    const bad = await availability({ date: '2027-02-30', partySize: 'four' }).expect(400);
    expect(Object.keys(bad.body.ModelState).sort()).toEqual(['date', 'partySize']);
    expect((await availability({ partySize: 0 }).expect(400)).body.ModelState).toHaveProperty('partySize');
    expect((await availability({ restaurantId: 999_999 }).expect(404)).body.Code).toBe('NOT_FOUND');
  });
});
