import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, addMonths, isoWeekday, nightsOfStay } from '@hotel/domain/dates';
import { aBooking, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

// Today is Monday 1 March 2027 in London. The booking property sells 2 doubles and 1 single;
// the flexible rate (BAR) prices the double at £100.00 a night from Sunday to Thursday and
// £140.00 on Fridays and Saturdays, with £15.00 per child, and the single at £60.00.

const key = 'test-admin-key-0123456789';
let t: TestApp;
let ids: Ids;

beforeEach(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterEach(() => t.close());

const ari = (changes: unknown[]) =>
  request(t.app).post('/api/Admin/Ari').set('X-Api-Key', key).send({ PropertyCode: 'BOOK', Changes: changes });
const readBack = (query: Record<string, string>) => request(t.app).get('/api/Admin/Ari').set('X-Api-Key', key).query(query);

/** A night's price as the definition or a Price change with only `Price` and `CostPerChild` leaves it, in pounds. */
const price = (amount: number, costPerChild = 0) => ({
  Price: amount,
  BaseNumberOfAdults: 2,
  CostPerRoom: 0,
  CostPerAdult: 0,
  CostPerChild: costPerChild,
  CostPerInfant: 0,
  PerPersonCostPerAdult: 0,
  PerPersonCostPerChild: 0,
  PerPersonCostPerInfant: 0,
});
const open = {
  StopSell: false,
  MinimumStay: 1,
  ClosedToArrival: false,
  ClosedToDeparture: false,
  MaximumStay: null,
  MinimumStayThrough: null,
  MinimumAdvanceBooking: null,
  MaximumAdvanceBooking: null,
};

describe('GET /api/Admin/Ari', () => {
  it('reads back rooms to sell, sold and left, prices and restrictions, and whether ARI or the definition set them', async () => {
    await request(t.app).post('/api/Reservation/Create').send(aBooking(ids)).expect(200); // one double, nights of the 4th and 5th
    await ari([
      { Type: 'Price', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-05', To: '2027-03-05', Price: 150, CostPerChild: 20 },
      { Type: 'Rooms', RoomType: 'DBL', From: '2027-03-05', To: '2027-03-05', Available: 3 }, // 1 sold + 3 left = 4
      { Type: 'MinimumStay', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-06', To: '2027-03-06', MinimumStay: 2 },
      { Type: 'MaximumStay', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-06', To: '2027-03-06', MaximumStay: 7 },
      { Type: 'MinimumStayThrough', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-06', To: '2027-03-06', MinimumStayThrough: 3 },
      { Type: 'MinimumAdvanceBooking', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-06', To: '2027-03-06', MinimumAdvanceBooking: 2 },
      { Type: 'MaximumAdvanceBooking', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-06', To: '2027-03-06', MaximumAdvanceBooking: 400 },
    ]).expect(200);

    const { body } = await readBack({
      propertyCode: 'BOOK',
      from: '2027-03-04',
      to: '2027-03-06',
      roomType: 'DBL',
      ratePlan: 'BAR',
    }).expect(200);
    expect(body).toEqual({
      PropertyCode: 'BOOK',
      Currency: 'GBP',
      From: '2027-03-04',
      To: '2027-03-06',
      RoomTypes: [
        {
          RoomType: 'DBL',
          Nights: [
            { Night: '2027-03-04', Rooms: 2, Sold: 1, Available: 1, Source: 'Definition' },
            { Night: '2027-03-05', Rooms: 4, Sold: 1, Available: 3, Source: 'Ari' },
            { Night: '2027-03-06', Rooms: 2, Sold: 0, Available: 2, Source: 'Definition' },
          ],
        },
      ],
      Rates: [
        {
          RatePlan: 'BAR',
          RoomType: 'DBL',
          Nights: [
            { Night: '2027-03-04', ...price(100, 15), Restrictions: open, Source: 'Definition' },
            { Night: '2027-03-05', ...price(150, 20), Restrictions: open, Source: 'Ari' },
            // Saturday's price is still the definition's £140.00, but ARI set the night's restrictions: re-imports keep the night.
            {
              Night: '2027-03-06',
              ...price(140, 15),
              Restrictions: {
                ...open,
                MinimumStay: 2,
                MaximumStay: 7,
                MinimumStayThrough: 3,
                MinimumAdvanceBooking: 2,
                MaximumAdvanceBooking: 400,
              },
              Source: 'Ari',
            },
          ],
        },
      ],
    });
  });

  it('reads every room type and rate plan when none is named', async () => {
    const { body } = await readBack({ propertyCode: 'BOOK', from: '2027-03-04', to: '2027-03-04' }).expect(200);
    expect(body.RoomTypes.map((entry: { RoomType: string }) => entry.RoomType)).toEqual(['DBL', 'SGL']);
    // The non-refundable and corporate rates price only the double.
    expect(body.Rates.map((entry: { RatePlan: string; RoomType: string }) => `${entry.RatePlan} ${entry.RoomType}`)).toEqual([
      'BAR DBL',
      'BAR SGL',
      'NRF DBL',
      'CORP DBL',
    ]);
  });

  it('answers 400 for a range out of order or longer than 3 years, a bad date or an unknown code; 401 without the key; 404 for an unknown property', async () => {
    const problem = async (query: Record<string, string>) =>
      (await readBack({ propertyCode: 'BOOK', from: '2027-03-04', to: '2027-03-06', ...query }).expect(400)).body.ModelState;
    expect(await problem({ to: '2027-03-03' })).toEqual({ to: ['is before from (2027-03-04); the nights run from to to, both included'] });
    // 1 March 2027 to 1 March 2030 is 1,097 nights (2028 is a leap year); to 28 February 2030 is 1,096, the most.
    expect(await problem({ from: '2027-03-01', to: '2030-03-01' })).toEqual({
      to: ['a read covers at most 1096 nights (3 years); read a longer range in several parts'],
    });
    await readBack({ propertyCode: 'BOOK', from: '2027-03-01', to: '2030-02-28' }).expect(200);
    expect(Object.keys(await problem({ from: '2027-02-30' }))).toEqual(['from']);
    expect(await problem({ roomType: 'SUITE' })).toEqual({
      roomType: ['no room type "SUITE" is sold at this property; its room types are DBL, SGL'],
    });
    expect(await problem({ ratePlan: 'NOPE' })).toEqual({
      ratePlan: ['no rate plan "NOPE" is sold at this property; its rate plans are BAR, NRF, CORP'],
    });

    await request(t.app).get('/api/Admin/Ari').query({ propertyCode: 'BOOK', from: '2027-03-04', to: '2027-03-06' }).expect(401);
    const missing = await readBack({ propertyCode: 'NOWHERE', from: '2027-03-04', to: '2027-03-06' }).expect(404);
    expect(missing.body.Code).toBe('NOT_FOUND');
  });
});

describe('A full resync of two years', () => {
  // Month m (0 = March 2027 ... 23 = February 2029), rate plan r and room type k (in the order below):
  // - price £(50 + 10r + 5k + m) a night, £20.25 more on Fridays and Saturdays (a second change over the first);
  // - the double sells (m mod 4) + 1 rooms, sent as Rooms; the single (m mod 3), sent as Available (nothing is sold);
  // - each rate plan has a minimum stay of (m mod 3) + 1 on every room type;
  // - the non-refundable rate is off sale for the single on the 1st to the 7th of each month;
  // - the corporate rate is closed to arrival on Sundays, the whole two years in one change.
  const ratePlans = ['BAR', 'NRF', 'CORP'];
  const roomTypes = ['DBL', 'SGL'];
  const first = '2027-03-01';
  const last = '2029-02-28';
  const months = Array.from({ length: 24 }, (_, m) => ({ m, from: addMonths(first, m), to: addDays(addMonths(first, m + 1), -1) }));
  const nights = nightsOfStay(first, addDays(last, 1));
  const monthOf = (night: string) => months.find((month) => night >= month.from && night <= month.to)!.m;

  const changes = [
    ...ratePlans.flatMap((RatePlan, r) =>
      roomTypes.flatMap((RoomType, k) =>
        months.flatMap(({ m, from, to }) => [
          { Type: 'Price', RatePlan, RoomType, From: from, To: to, Price: 50 + 10 * r + 5 * k + m },
          { Type: 'Price', RatePlan, RoomType, From: from, To: to, Weekdays: ['Fri', 'Sat'], Price: 70.25 + 10 * r + 5 * k + m },
        ]),
      ),
    ),
    ...months.flatMap(({ m, from, to }) => [
      { Type: 'Rooms', RoomType: 'DBL', From: from, To: to, Rooms: (m % 4) + 1 },
      { Type: 'Rooms', RoomType: 'SGL', From: from, To: to, Available: m % 3 },
      ...ratePlans.map((RatePlan) => ({ Type: 'MinimumStay', RatePlan, From: from, To: to, MinimumStay: (m % 3) + 1 })),
      { Type: 'StopSell', RatePlan: 'NRF', RoomType: 'SGL', From: from, To: addDays(from, 6), StopSell: true },
    ]),
    { Type: 'ClosedToArrival', RatePlan: 'CORP', From: first, To: last, Weekdays: ['Sun'], ClosedToArrival: true },
  ];

  it('applies every change exactly, reads back every night as sent, and a second resync changes nothing', async () => {
    expect(changes.length).toBe(6 * 24 * 2 + 24 * 6 + 1); // 433 changes
    const applied = await ari(changes).expect(200);
    expect(applied.body.Changed).toBe(true);
    expect(applied.body.Adjusted).toEqual([]);

    const { body } = await readBack({ propertyCode: 'BOOK', from: first, to: last }).expect(200);
    expect(body.RoomTypes).toEqual(
      roomTypes.map((RoomType) => ({
        RoomType,
        Nights: nights.map((Night) => {
          const rooms = RoomType === 'DBL' ? (monthOf(Night) % 4) + 1 : monthOf(Night) % 3;
          return { Night, Rooms: rooms, Sold: 0, Available: rooms, Source: 'Ari' };
        }),
      })),
    );
    expect(body.Rates).toHaveLength(6);
    ratePlans.forEach((RatePlan, r) =>
      roomTypes.forEach((RoomType, k) => {
        const rate = body.Rates.find(
          (entry: { RatePlan: string; RoomType: string }) => entry.RatePlan === RatePlan && entry.RoomType === RoomType,
        );
        expect(rate.Nights).toMatchObject(
          nights.map((Night) => {
            const m = monthOf(Night);
            const weekend = isoWeekday(Night) >= 5 && isoWeekday(Night) <= 6;
            return {
              Night,
              Price: (weekend ? 70.25 : 50) + 10 * r + 5 * k + m,
              Restrictions: {
                StopSell: RatePlan === 'NRF' && RoomType === 'SGL' && Number(Night.slice(8)) <= 7,
                MinimumStay: (m % 3) + 1,
                ClosedToArrival: RatePlan === 'CORP' && isoWeekday(Night) === 7,
                ClosedToDeparture: false,
              },
              Source: 'Ari',
            };
          }),
        );
      }),
    );

    expect((await ari(changes).expect(200)).body.Changed).toBe(false);
  });
});
