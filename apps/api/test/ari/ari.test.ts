import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currencyDecimalsMessage } from '@hotel/domain/messages';
import { createApp } from '../../src/app';
import { createAppContext } from '../../src/app-context';
import type { Database } from '../../src/database';
import { rawRows } from '../../src/database/raw-rows';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { createLogger } from '../../src/logger';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { aDefinition, givenDefinition } from '../support/builders';
import { checkAnswersOf, request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';

// Today is Monday 1 March 2027 in London. The booking property sells the double on the
// flexible rate (BAR) at £100.00 a night from Sunday to Thursday and £140.00 on Fridays and
// Saturdays; the stay searched is Thursday 4 to Saturday 6 March (a Thursday and a Friday night).

const key = 'test-admin-key-0123456789';
let t: TestApp;
let ids: Ids;

// Each test gets its own database: the definition as imported, nothing sold, nothing set by ARI.
beforeEach(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterEach(() => t.close());

const ari = (changes: unknown[], app: Express = t.app) =>
  request(app).post('/api/Admin/Ari').set('X-Api-Key', key).send({ PropertyCode: 'BOOK', Changes: changes });

const twoAdults = { NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 };
type Party = typeof twoAdults;
const search = (from: string, to: string, app: Express = t.app, party: Party = twoAdults) =>
  request(app)
    .post('/api/Availability/Search')
    .send({ PropertyId: ids.propertyId, LanguageCode: 'en', DateFrom: from, DateTo: to, Rooms: [party] })
    .expect(200);

type SearchBody = {
  RoomTypes: { RoomType: { RoomTypeCode: string }; Rates: { RatePlanCode: string; RoomCosts: { TotalCost: number }[] }[] }[];
};
/** What the stay costs the party (two adults) in the double on a rate, or undefined when the rate is not offered. */
const doubleCost = async (from: string, to: string, ratePlan = 'BAR', app: Express = t.app, party: Party = twoAdults) => {
  const body = (await search(from, to, app, party)).body as SearchBody;
  const double = body.RoomTypes.find((entry) => entry.RoomType.RoomTypeCode === 'DBL');
  return double?.Rates.find((rate) => rate.RatePlanCode === ratePlan)?.RoomCosts[0]?.TotalCost;
};

const doublePrices = (from: string, to: string) =>
  rawRows<{ night: string; base_rate: number; set_by_ari: boolean }>(
    t.database.db,
    sql`SELECT to_char(night, 'YYYY-MM-DD') AS night, base_rate, set_by_ari FROM nightly_prices
      WHERE rate_plan_id = ${ids.ratePlans.BAR} AND room_type_id = ${ids.roomTypes.DBL} AND night BETWEEN ${from} AND ${to} ORDER BY night`,
  );

const doublesToSell = (from: string, to: string) =>
  rawRows<{ night: string; total: number }>(
    t.database.db,
    sql`SELECT to_char(night, 'YYYY-MM-DD') AS night, total FROM room_type_inventory
      WHERE room_type_id = ${ids.roomTypes.DBL} AND night BETWEEN ${from} AND ${to} ORDER BY night`,
  );

const newPrice = { Type: 'Price', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-05', Price: 150 };

/** Guest n books one double on the flexible rate, by default for the nights of Thursday 4 and Friday 5 March (£100.00 + £140.00). */
const bookDouble = (n: number, stay = { DateFrom: '2027-03-04', DateTo: '2027-03-06', TotalCost: 240 }) => {
  const { TotalCost, ...dates } = stay;
  return request(t.app)
    .post('/api/Reservation/Create')
    .send(
      aBooking(ids, {
        ...dates,
        Booker: { ...aBooking(ids).Booker, Email: `guest${n}@example.com` },
        Rooms: [aRoom(ids, { ...dates, TotalCost })],
      }),
    );
};

const doublesLeft = async (from: string, to: string) =>
  (await search(from, to)).body.NumberOfRoomsPerRoomTypeId[String(ids.roomTypes.DBL)] as number | undefined;

describe('POST /api/Admin/Ari: prices', () => {
  it('refuses a missing or wrong API key with 401 and changes nothing', async () => {
    await request(t.app)
      .post('/api/Admin/Ari')
      .send({ PropertyCode: 'BOOK', Changes: [newPrice] })
      .expect(401);
    await request(t.app)
      .post('/api/Admin/Ari')
      .set('X-Api-Key', 'test-admin-key-0123456780')
      .send({ PropertyCode: 'BOOK', Changes: [newPrice] })
      .expect(401);
    expect(await doubleCost('2027-03-04', '2027-03-06')).toBe(240); // £100.00 Thursday + £140.00 Friday
  });

  it('is seen by the next search and booking: 2 nights at the new £150.00 cost £300.00', async () => {
    expect(await doubleCost('2027-03-04', '2027-03-06')).toBe(240); // £100.00 + £140.00, cached now

    const { body } = await ari([newPrice]).expect(200);
    expect(body).toEqual({
      Success: true,
      PropertyCode: 'BOOK',
      Changed: true,
      Changes: [{ Type: 'Price', Nights: 2, NightsChanged: 2 }],
      Adjusted: [],
    });

    expect(await doubleCost('2027-03-04', '2027-03-06')).toBe(300); // 2 nights x £150.00
    // The booking prices the stay the same way: the old £240.00 is now a changed price.
    const stale = await request(t.app).post('/api/Reservation/Create').send(aBooking(ids)).expect(409);
    expect(stale.body.Code).toBe('PRICE_CHANGED');
    await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { Rooms: [aRoom(ids, { TotalCost: 300 })] }))
      .expect(200);
  });

  it('is seen at once by another API process with caches of its own on the same database', async () => {
    const other = anotherProcess(t);
    try {
      expect(await doubleCost('2027-03-04', '2027-03-06', 'BAR', other.app)).toBe(240); // £100.00 + £140.00, cached there now
      await ari([newPrice]).expect(200);
      expect(await doubleCost('2027-03-04', '2027-03-06', 'BAR', other.app)).toBe(300); // 2 x £150.00
    } finally {
      await other.close();
    }
  });

  it('changes only the weekdays named', async () => {
    // Thursday 4 to Wednesday 10 March, Fridays and Saturdays only: the 5th and the 6th.
    const { body } = await ari([{ ...newPrice, To: '2027-03-10', Weekdays: ['Fri', 'Sat'], Price: 175.5 }]).expect(200);
    expect(body.Changes).toEqual([{ Type: 'Price', Nights: 2, NightsChanged: 2 }]);
    expect((await doublePrices('2027-03-04', '2027-03-08')).map((row) => [row.night, row.base_rate])).toEqual([
      ['2027-03-04', 10000],
      ['2027-03-05', 17550],
      ['2027-03-06', 17550],
      ['2027-03-07', 10000],
      ['2027-03-08', 10000],
    ]);
    expect(await doubleCost('2027-03-04', '2027-03-06')).toBe(275.5); // £100.00 Thursday + £175.50 Friday
  });

  it('sets the occupancy components too, and keeps those it is not given', async () => {
    // The double charges £15.00 per child in the definition; a child is now £20.00.
    await ari([{ ...newPrice, CostPerChild: 20 }]).expect(200);
    const withChild = { NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 };
    expect(await doubleCost('2027-03-04', '2027-03-06', 'BAR', t.app, withChild)).toBe(340); // 2 nights x (£150.00 + £20.00 for the child)

    await ari([{ ...newPrice, Price: 160 }]).expect(200);
    const [night] = await rawRows<{ cost_per_child: number }>(
      t.database.db,
      sql`SELECT cost_per_child FROM nightly_prices WHERE rate_plan_id = ${ids.ratePlans.BAR} AND room_type_id = ${ids.roomTypes.DBL} AND night = '2027-03-04'`,
    );
    expect(night!.cost_per_child).toBe(2000); // still £20.00
  });

  it('puts a rate on sale for a room type it had no price for', async () => {
    // The non-refundable rate prices only the double; the single gets it at £55.00 a night.
    const oneAdult = { NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 };
    const singleRates = async () => {
      const body = (await search('2027-03-04', '2027-03-06', t.app, oneAdult)).body as SearchBody;
      const single = body.RoomTypes.find((entry) => entry.RoomType.RoomTypeCode === 'SGL')!;
      return Object.fromEntries(single.Rates.map((rate) => [rate.RatePlanCode, rate.RoomCosts[0]!.TotalCost]));
    };
    expect(await singleRates()).toEqual({ BAR: 120 }); // 2 x £60.00
    await ari([{ ...newPrice, RatePlan: 'NRF', RoomType: 'SGL', Price: 55, BaseNumberOfAdults: 1 }]).expect(200);
    expect(await singleRates()).toEqual({ BAR: 120, NRF: 110 }); // 2 x £55.00
  });

  it('changes nothing when sent again, and an Idempotency-Key retry answers the first answer', async () => {
    await ari([newPrice]).expect(200);
    const again = await ari([newPrice]).expect(200);
    expect(again.body).toEqual({
      Success: true,
      PropertyCode: 'BOOK',
      Changed: false,
      Changes: [{ Type: 'Price', Nights: 2, NightsChanged: 0 }],
      Adjusted: [],
    });

    const keyed = (price: number) =>
      request(t.app)
        .post('/api/Admin/Ari')
        .set('X-Api-Key', key)
        .set('Idempotency-Key', 'ari-2027-03-01-0001')
        .send({ PropertyCode: 'BOOK', Changes: [{ ...newPrice, Price: price }] });
    const first = await keyed(155).expect(200);
    expect(first.body.Changed).toBe(true);
    const retry = await keyed(155).expect(200);
    expect(retry.body).toEqual(first.body);
    expect((await keyed(156).expect(422)).body.Code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await doubleCost('2027-03-04', '2027-03-06')).toBe(310); // 2 x £155.00
  });

  it('survives a re-import of the definition, as the nightly window refresh does', async () => {
    await ari([newPrice, { Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', Rooms: 1 }]).expect(200);
    await givenDefinition(t.context, aDefinition(bookingProperty));
    expect(await doubleCost('2027-03-04', '2027-03-06')).toBe(300); // still 2 x £150.00
    expect((await doublePrices('2027-03-06', '2027-03-06'))[0]!.base_rate).toBe(14000); // a night ARI never set follows the definition
    expect(await doublesToSell('2027-03-04', '2027-03-05')).toEqual([
      { night: '2027-03-04', total: 1 },
      { night: '2027-03-05', total: 2 },
    ]);
  });
});

describe('POST /api/Admin/Ari: rooms to sell', () => {
  it('sets the rooms to sell per night and answers the counts before and after', async () => {
    const { body } = await ari([{ Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-06', Rooms: 5 }]).expect(200);
    expect(body.Changes).toEqual([
      {
        Type: 'Rooms',
        Nights: 3,
        NightsChanged: 3,
        Rooms: ['2027-03-04', '2027-03-05', '2027-03-06'].map((night) => ({ Night: night, Before: 2, After: 5, Sold: 0 })),
      },
    ]);
    const free = (await search('2027-03-04', '2027-03-06')).body.NumberOfRoomsPerRoomTypeId[String(ids.roomTypes.DBL)];
    expect(free).toBe(5);
  });

  it('sells what is left with Available: 2 sold and 1 more available is 3 to sell, and a search shows 1 left', async () => {
    await bookDouble(1).expect(200);
    await bookDouble(2).expect(200); // both doubles sold on the 4th and the 5th
    expect(await doublesLeft('2027-03-04', '2027-03-06')).toBe(0);

    const { body } = await ari([{ Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-05', Available: 1 }]).expect(200);
    expect(body.Changes).toEqual([
      {
        Type: 'Rooms',
        Nights: 2,
        NightsChanged: 2,
        Rooms: ['2027-03-04', '2027-03-05'].map((night) => ({ Night: night, Before: 2, After: 3, Sold: 2 })), // 2 sold + 1 left
      },
    ]);
    expect(body.Adjusted).toEqual([]);
    expect(await doublesLeft('2027-03-04', '2027-03-06')).toBe(1);
  });

  it('sets a night asked fewer rooms than are sold to those sold, reports it, and applies the rest of the request', async () => {
    await bookDouble(1).expect(200);
    await bookDouble(2).expect(200); // both doubles sold on the 4th and the 5th
    const { body } = await ari([
      newPrice,
      { Type: 'Rooms', RoomType: 'DBL', From: '2027-03-03', To: '2027-03-06', Rooms: 1 },
      { Type: 'Rooms', RoomType: 'SGL', From: '2027-03-04', To: '2027-03-04', Rooms: 4 },
    ]).expect(200);
    expect(body.Changed).toBe(true);
    expect(body.Adjusted).toEqual([
      { Change: 1, RoomType: 'DBL', Night: '2027-03-04', Asked: 1, Sold: 2, Set: 2 },
      { Change: 1, RoomType: 'DBL', Night: '2027-03-05', Asked: 1, Sold: 2, Set: 2 },
    ]);
    expect(body.Changes[1].Rooms).toEqual([
      { Night: '2027-03-03', Before: 2, After: 1, Sold: 0 },
      { Night: '2027-03-06', Before: 2, After: 1, Sold: 0 },
    ]);
    expect((await doublesToSell('2027-03-03', '2027-03-06')).map((row) => row.total)).toEqual([1, 2, 2, 1]);
    expect((await doublePrices('2027-03-04', '2027-03-05')).map((row) => row.base_rate)).toEqual([15000, 15000]); // £150.00 both nights
    const [single] = await rawRows<{ total: number }>(
      t.database.db,
      sql`SELECT total FROM room_type_inventory WHERE room_type_id = ${ids.roomTypes.SGL} AND night = '2027-03-04'`,
    );
    expect(single!.total).toBe(4);
  });

  it('closes out a partly sold night with zero rooms, or zero available, and applies the rest of the request', async () => {
    await bookDouble(1).expect(200); // one double sold on the 4th and the 5th
    const { body } = await ari([
      { Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-06', Rooms: 0 },
      { Type: 'StopSell', RatePlan: 'NRF', From: '2027-03-10', To: '2027-03-10', StopSell: true },
    ]).expect(200);
    expect(body.Adjusted).toEqual([
      { Change: 0, RoomType: 'DBL', Night: '2027-03-04', Asked: 0, Sold: 1, Set: 1 },
      { Change: 0, RoomType: 'DBL', Night: '2027-03-05', Asked: 0, Sold: 1, Set: 1 },
    ]);
    expect(body.Changes[1]).toEqual({ Type: 'StopSell', Nights: 1, NightsChanged: 1 });
    expect((await doublesToSell('2027-03-04', '2027-03-06')).map((row) => row.total)).toEqual([1, 1, 0]);
    expect(await doubleCost('2027-03-04', '2027-03-06')).toBeUndefined();

    // Available 0 closes out too, with nothing to adjust: the sold rooms are counted in.
    const again = await ari([{ Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-07', Available: 0 }]).expect(200);
    expect(again.body.Adjusted).toEqual([]);
    expect((await doublesToSell('2027-03-04', '2027-03-07')).map((row) => row.total)).toEqual([1, 1, 0, 0]);
  });

  it('answers 400 for a Rooms change with both Rooms and Available, or neither, and changes nothing', async () => {
    const { body } = await ari([
      newPrice,
      { Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', Rooms: 3, Available: 1 },
      { Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04' },
    ]).expect(400);
    const message = 'give either Rooms (the rooms to sell, sold ones included) or Available (the rooms left to sell), not both';
    expect(body.ModelState).toEqual({ 'Changes[1].Rooms': [message], 'Changes[2].Rooms': [message] });
    expect((await doublePrices('2027-03-04', '2027-03-05')).map((row) => row.base_rate)).toEqual([10000, 14000]);
  });

  it('closes a room type with zero rooms on nights nothing is sold', async () => {
    await ari([{ Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-05', Rooms: 0 }]).expect(200);
    expect(await doubleCost('2027-03-04', '2027-03-06')).toBeUndefined();
  });
});

describe('POST /api/Admin/Ari: Changed', () => {
  const catalogueVersion = async () =>
    (await rawRows<{ v: number }>(t.database.db, sql`SELECT catalogue_version AS v FROM properties WHERE id = ${ids.propertyId}`))[0]!.v;

  it('answers false for a re-send whose changes overlap, though each change moves a night on the way', async () => {
    // The Friday (5th) is £150.00 after the first change and £160.00 after the second; the double
    // is 5 rooms after the third and 3 after the fourth.
    const overlapping = [
      newPrice,
      { ...newPrice, From: '2027-03-05', To: '2027-03-06', Price: 160 },
      { Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', Rooms: 5 },
      { Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', Available: 3 },
    ];
    expect((await ari(overlapping).expect(200)).body.Changed).toBe(true);
    const version = await catalogueVersion();

    const { body } = await ari(overlapping).expect(200);
    expect(body.Changes.map((change: { NightsChanged: number }) => change.NightsChanged)).toEqual([1, 1, 1, 1]);
    expect(body.Changed).toBe(false);
    expect(await catalogueVersion()).toBe(version); // caches stay warm
    expect((await doublePrices('2027-03-04', '2027-03-06')).map((row) => row.base_rate)).toEqual([15000, 16000, 16000]);
    expect((await doublesToSell('2027-03-04', '2027-03-04'))[0]!.total).toBe(3);
  });

  it('answers false for changes that set what the definition already has', async () => {
    // Thursday the 4th is £100.00 and the double has 2 rooms in the definition.
    const { body } = await ari([
      { ...newPrice, To: '2027-03-04', Price: 100 },
      { Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', Rooms: 2 },
    ]).expect(200);
    expect(body.Changed).toBe(false);
  });
});

describe('POST /api/Admin/Ari: restrictions', () => {
  it('stops and reopens sales of a room type on every rate', async () => {
    await ari([{ Type: 'StopSell', RoomType: 'DBL', From: '2027-03-05', To: '2027-03-05', StopSell: true }]).expect(200);
    expect(await doubleCost('2027-03-04', '2027-03-06', 'BAR')).toBeUndefined();
    expect(await doubleCost('2027-03-04', '2027-03-06', 'NRF')).toBeUndefined();
    expect(await doubleCost('2027-03-06', '2027-03-07', 'BAR')).toBe(140); // Saturday is still on sale
    expect((await request(t.app).post('/api/Reservation/Create').send(aBooking(ids)).expect(409)).body.Code).toBe('ROOM_SOLD_OUT');

    await ari([{ Type: 'StopSell', RoomType: 'DBL', From: '2027-03-05', To: '2027-03-05', StopSell: false }]).expect(200);
    expect(await doubleCost('2027-03-04', '2027-03-06', 'NRF')).toBe(180); // 2 x £90.00
  });

  it('stops sales of one rate plan only', async () => {
    const { body } = await ari([{ Type: 'StopSell', RatePlan: 'NRF', From: '2027-03-04', To: '2027-03-05', StopSell: true }]).expect(200);
    expect(body.Changes).toEqual([{ Type: 'StopSell', Nights: 2, NightsChanged: 2 }]);
    expect(await doubleCost('2027-03-04', '2027-03-06', 'NRF')).toBeUndefined();
    expect(await doubleCost('2027-03-04', '2027-03-06', 'BAR')).toBe(240); // £100.00 + £140.00
  });

  it('keeps a minimum stay: search offers the rate for three nights, and a booking of two is refused', async () => {
    await ari([{ Type: 'MinimumStay', RatePlan: 'BAR', From: '2027-03-04', To: '2027-03-04', MinimumStay: 3 }]).expect(200);
    expect(await doubleCost('2027-03-04', '2027-03-06', 'BAR')).toBeUndefined();
    expect(await doubleCost('2027-03-04', '2027-03-07', 'BAR')).toBe(380); // £100.00 + £140.00 + £140.00
    expect((await request(t.app).post('/api/Reservation/Create').send(aBooking(ids)).expect(409)).body.Code).toBe('ROOM_SOLD_OUT');
    const threeNights = { DateFrom: '2027-03-04', DateTo: '2027-03-07' };
    await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { ...threeNights, Rooms: [aRoom(ids, { ...threeNights, TotalCost: 380 })] }))
      .expect(200);
  });

  it('keeps closed to arrival and closed to departure', async () => {
    await ari([
      { Type: 'ClosedToArrival', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', ClosedToArrival: true },
    ]).expect(200);
    expect(await doubleCost('2027-03-04', '2027-03-06')).toBeUndefined();
    expect(await doubleCost('2027-03-05', '2027-03-06')).toBe(140); // arriving on Friday is open
    expect((await request(t.app).post('/api/Reservation/Create').send(aBooking(ids)).expect(409)).body.Code).toBe('ROOM_SOLD_OUT');

    await ari([
      { Type: 'ClosedToArrival', RatePlan: 'BAR', From: '2027-03-04', To: '2027-03-04', ClosedToArrival: false },
      { Type: 'ClosedToDeparture', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-06', To: '2027-03-06', ClosedToDeparture: true },
    ]).expect(200);
    expect(await doubleCost('2027-03-04', '2027-03-06')).toBeUndefined(); // leaving on Saturday the 6th is closed
    expect(await doubleCost('2027-03-04', '2027-03-05')).toBe(100);
  });
});

describe('POST /api/Admin/Ari: refusals', () => {
  it('lists every problem by path, all or nothing: one bad change and nothing is applied', async () => {
    const { body } = await ari([
      newPrice,
      { ...newPrice, From: '2027-03-10', To: '2027-03-09' },
      { ...newPrice, RatePlan: 'NOPE' },
      { Type: 'Rooms', RoomType: 'SUITE', From: '2027-03-04', To: '2027-03-04', Rooms: 1 },
      { ...newPrice, From: '2027-03-01', To: '2030-05-31' },
      { ...newPrice, From: '2027-02-27' },
      { Type: 'StopSell', From: '2027-03-04', To: '2027-03-04', StopSell: true },
    ]).expect(400);
    expect(body.Message).toBe('The changes have 7 problem(s); nothing was changed.');
    expect(body.ModelState).toEqual({
      'Changes[1].To': ['is before From (2027-03-10); the nights run From to To, both included'],
      'Changes[2].RatePlan': ['no rate plan "NOPE" is sold at this property; its rate plans are BAR, NRF, CORP'],
      'Changes[3].RoomType': ['no room type "SUITE" is sold at this property; its room types are DBL, SGL'],
      'Changes[4].To': [
        'a change covers at most 1096 nights (3 years); split it into several changes',
        'is beyond the last night on sale (2030-04-21)', // today + 37 x 31 days
      ],
      'Changes[5].From': ["is in the past: the property's today is 2027-03-01"],
      'Changes[6].RatePlan': ['name a RatePlan, a RoomType or both to stop or reopen sales of'],
    });
    expect((await doublePrices('2027-03-04', '2027-03-05')).map((row) => row.base_rate)).toEqual([10000, 14000]);
  });

  it('answers 400 for bad weekdays, money and types before anything runs', async () => {
    const { body } = await ari([
      { ...newPrice, Weekdays: ['Mon', 'Funday'] },
      { ...newPrice, Price: 150.55555 },
      { ...newPrice, Price: -1 },
      { ...newPrice, Type: 'Discount' },
      { ...newPrice, From: '2027-02-30' },
    ]).expect(400);
    expect(Object.keys(body.ModelState).sort()).toEqual([
      'Changes[0].Weekdays[1]',
      'Changes[1].Price',
      'Changes[2].Price',
      'Changes[3].Type',
      'Changes[4].From',
    ]);
  });

  it("answers 400 for a price with more decimals than the property's currency has, naming each, and changes nothing", async () => {
    const { body } = await ari([
      { ...newPrice, Price: 150.555 },
      { ...newPrice, Price: 150.55, CostPerAdult: 10.001 },
    ]).expect(400);
    // The test property is in GBP: pence are the smallest unit, a third decimal is no price.
    expect(body.ModelState).toEqual({
      'Changes[0].Price': [currencyDecimalsMessage('GBP', 2)],
      'Changes[1].CostPerAdult': [currencyDecimalsMessage('GBP', 2)],
    });
    expect((await doublePrices('2027-03-04', '2027-03-05')).map((row) => row.base_rate)).toEqual([10000, 14000]);
  });

  it('answers 404 for an unknown property', async () => {
    const { body } = await request(t.app)
      .post('/api/Admin/Ari')
      .set('X-Api-Key', key)
      .send({ PropertyCode: 'NOWHERE', Changes: [newPrice] })
      .expect(404);
    expect(body).toEqual({ Message: 'No property has the code "NOWHERE". Check the PropertyCode of its definition.', Code: 'NOT_FOUND' });
  });
});

/** A second application with caches of its own on the same database: another API process (its own pool on PostgreSQL). */
function anotherProcess(t: TestApp): { app: Express; close: () => Promise<void> } {
  const database: Database = t.database.url
    ? openPostgresDatabase({ connectionString: t.database.url, logger: createLogger('silent'), pool: { writeConnections: 2 } })
    : t.database;
  const { app, api } = createApp(createAppContext({ ...t.context, database }));
  checkAnswersOf(app, api);
  return { app, close: async () => (database === t.database ? undefined : database.close()) };
}

describe.runIf(onRealPostgres())('POST /api/Admin/Ari: under concurrent bookings', () => {
  // Thursday 4 March, one night at £100.00: two guests book the double's last 2 rooms while the hotel changes its rooms.
  const oneNight = { DateFrom: '2027-03-04', DateTo: '2027-03-05', TotalCost: 100 };
  const doubleOnThe4th = async () =>
    (
      await rawRows<{ total: number; sold: number }>(
        t.database.db,
        sql`SELECT total, sold FROM room_type_inventory WHERE room_type_id = ${ids.roomTypes.DBL} AND night = '2027-03-04'`,
      )
    )[0]!;

  it('never sells more rooms than the new count, whichever commits first', async () => {
    const cut = ari([{ Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', Rooms: 1 }]);
    const [first, second, hotel] = await Promise.all([bookDouble(1, oneNight), bookDouble(2, oneNight), cut]);

    const booked = [first, second].filter((answer) => answer.status === 200).length;
    expect([first.status, second.status].every((status) => status === 200 || status === 409)).toBe(true);
    expect(hotel.status).toBe(200);
    const night = await doubleOnThe4th();
    expect(night.sold).toBe(booked);
    if (booked === 2) {
      // Both bookings committed first: the cut sets the night to its 2 sold rooms, and says so.
      expect(night.total).toBe(2);
      expect(hotel.body.Adjusted).toEqual([{ Change: 0, RoomType: 'DBL', Night: '2027-03-04', Asked: 1, Sold: 2, Set: 2 }]);
    } else {
      // The cut committed first, or after one booking: one room to sell, one sold.
      expect(night).toEqual({ total: 1, sold: 1 });
      expect(hotel.body.Adjusted).toEqual([]);
    }
  });

  it('counts in the rooms sold when Available commits, and bookings after it see the new count', async () => {
    const more = ari([{ Type: 'Rooms', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', Available: 1 }]);
    const [first, second, hotel] = await Promise.all([bookDouble(1, oneNight), bookDouble(2, oneNight), more]);

    expect(hotel.status).toBe(200);
    const booked = [first, second].filter((answer) => answer.status === 200).length;
    // The night's rooms sold when the change committed: its answer lists the night unless 1 + 1 left the 2 rooms as they were.
    const soldThen: number = hotel.body.Changes[0].Rooms[0]?.Sold ?? 1;
    const night = await doubleOnThe4th();
    expect(night).toEqual({ total: soldThen + 1, sold: booked });
    // Booked before the change, or into the room it left: 0 sold then leaves 1 to book, 1 or 2 leave room for both.
    expect(booked).toBe(Math.min(2, soldThen + 1));
  });
});
