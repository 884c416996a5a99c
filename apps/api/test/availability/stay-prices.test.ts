import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aProperty } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';

/**
 * Stays whose nights are priced differently: a base number of adults that changes at the
 * weekend, per-person rates under a fixed discount, percentages with three decimals. Each
 * figure is what a search answers for a room and what Create then accepts and charges.
 * Auckland; today is Monday 1 March 2027 (22:00 there).
 */
const auckland = aProperty({
  Code: 'AKL',
  TimeZone: 'Pacific/Auckland',
  Currency: 'AUD',
  StandardVatRate: 15,
  RoomTypes: [{ Code: 'DBL', Name: 'Double', Rooms: ['1', '2', '3', '4', '5', '6'], MaximumOccupancy: 3 }],
  RatePlans: [
    {
      Code: 'FLEX',
      Name: 'Flexible',
      Prices: [
        // One adult in the base on weekdays, two at the weekend (Friday and Saturday nights); 10 a night per adult beyond.
        { RoomType: 'DBL', BaseRate: 100, BaseNumberOfAdults: 1, CostPerAdult: 10 },
        { RoomType: 'DBL', Weekdays: [5, 6], BaseRate: 120, BaseNumberOfAdults: 2, CostPerAdult: 10 },
      ],
    },
    { Code: 'PP', Name: 'Per person', Prices: [{ RoomType: 'DBL', BaseRate: 0, PerPersonCostPerAdult: 60 }] },
    { Code: 'HIGH', Name: 'Third adult', Prices: [{ RoomType: 'DBL', BaseRate: 99.99, CostPerAdult: 10.01 }] },
    { Code: 'FLAT', Name: 'Flat', Prices: [{ RoomType: 'DBL', BaseRate: 200 }] },
  ],
  Promotions: [
    { Code: 'AMTPP', Name: '25 off a night', DiscountAmountPerNight: 25, RatePlans: ['PP'] },
    { Code: 'BIG', Name: '150 off a night', DiscountAmountPerNight: 150, RatePlans: ['HIGH'] },
    { Code: 'THIRD', Name: 'A third off', DiscountPercent: 33.333, RatePlans: ['FLAT'] },
    { Code: 'ODD', Name: 'An odd percentage', DiscountPercent: 12.345, RatePlans: ['FLAT'] },
  ],
});

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t, auckland);
});
afterAll(() => t.close());

const party = (adults: number) => ({ NumberOfAdults: adults, NumberOfChildren: 0, NumberOfInfants: 0 });
type Rate = { RatePlanCode: string; RoomCosts: ({ TotalCost: number; OriginalTotalCost: number } | null)[] } & Record<string, unknown>;
type Answer = { RoomTypes: { Rates: Rate[]; LowestRate: number; OriginalLowestRate: number }[] };

async function search(stay: { DateFrom: string; DateTo: string }, rooms: object[], promoCode?: string): Promise<Answer> {
  const { body } = await request(t.app)
    .post('/api/Availability/Search')
    .send({ PropertyId: ids.propertyId, LanguageCode: 'en', ...stay, Rooms: rooms, PromoCode: promoCode })
    .expect(200);
  return body;
}
const rateOf = (answer: Answer, code: string) => answer.RoomTypes[0]?.Rates.find((rate) => rate.RatePlanCode === code);
const book = (stay: { DateFrom: string; DateTo: string }, room: Record<string, unknown>, promoCode?: string) =>
  request(t.app)
    .post('/api/Reservation/Create')
    .send(aBooking(ids, { ...stay, PromoCode: promoCode, Rooms: [aRoom(ids, { ...stay, ...room })] }));
const confirmation = (token: string) =>
  request(t.app).get('/api/Reservation/Confirmation').query({ propertyId: ids.propertyId, confirmationToken: token });

describe('a rate whose nights differ in BaseNumberOfAdults', () => {
  // Friday 5 to Monday 8 March: Friday, Saturday and Sunday nights.
  const fridayToMonday = { DateFrom: '2027-03-05', DateTo: '2027-03-08' };

  it('is answered, each room priced night by night with that night’s base', async () => {
    const answer = await search(fridayToMonday, [party(2), party(3)]);
    const flexible = rateOf(answer, 'FLEX');
    expect(flexible?.RoomCosts).toEqual([
      // 2 adults: Friday 120 + Saturday 120 (both in the base) + Sunday 100 + 10 (one beyond the base of 1) = 350.
      { TotalCost: 350, OriginalTotalCost: 350 },
      // 3 adults: (120 + 10) x 2 + (100 + 2 x 10) = 380.
      { TotalCost: 380, OriginalTotalCost: 380 },
    ]);
    // The components are still the nights' sums: 120 + 120 + 100 and 3 x 10.
    expect(flexible).toMatchObject({ BaseRate: 340, CostPerAdult: 30 });
  });

  it('is booked at that price', async () => {
    const { body } = await book(fridayToMonday, { RatePlanId: ids.ratePlans.FLEX, TotalCost: 350 }).expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({ TotalAccommodationPrice: 350, TotalCost: 350 });
  });

  it('is open in the calendar and in a one-night search alike', async () => {
    const calendar = await request(t.app)
      .get('/api/Availability')
      .query({ propertyId: ids.propertyId, fromDate: '2027-03-05', toDate: '2027-03-05' })
      .expect(200);
    // One adult on Friday night: 120, the base takes two.
    expect(calendar.body[0].Rates).toContainEqual({ RatePlanId: ids.ratePlans.FLEX, MinLengthOfStay: 1, MinimumRate: 120 });
    const oneNight = await search({ DateFrom: '2027-03-05', DateTo: '2027-03-06' }, [party(1)]);
    expect(rateOf(oneNight, 'FLEX')?.RoomCosts).toEqual([{ TotalCost: 120, OriginalTotalCost: 120 }]);
  });
});

describe('a fixed discount per night', () => {
  // Tuesday 2 to Thursday 4 March: two weekday nights.
  const twoNights = { DateFrom: '2027-03-02', DateTo: '2027-03-04' };

  it('comes off the whole night of a per-person rate: (2 x 60 - 25) x 2 nights = 190', async () => {
    const answer = await search(twoNights, [party(2)], 'AMTPP');
    expect(rateOf(answer, 'PP')).toMatchObject({
      Promotion: { Code: 'AMTPP' },
      RoomCosts: [{ TotalCost: 190, OriginalTotalCost: 240 }],
      PerPersonCostPerAdult: 120, // 60 x 2 nights: the fixed amount comes off each night's room price, not a component
    });
    const { body } = await book(twoNights, { RatePlanId: ids.ratePlans.PP, TotalCost: 190 }, 'AMTPP').expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({
      TotalCost: 190,
      Rooms: [expect.objectContaining({ TotalCost: 190, OriginalTotalCost: 240, PromotionCode: 'AMTPP' })],
    });
  });

  it('never takes a night below 0: 150 off a 110 night leaves 0.00, not the 10.01 beyond the base', async () => {
    // 3 adults: 99.99 + 10.01 for the adult beyond the base of 2 = 110 a night; 150 off each of 2 nights.
    const answer = await search(twoNights, [party(3)], 'BIG');
    expect(rateOf(answer, 'HIGH')?.RoomCosts).toEqual([{ TotalCost: 0, OriginalTotalCost: 220 }]);
    expect(answer.RoomTypes[0]).toMatchObject({ LowestRate: 0, OriginalLowestRate: 220 });
    const { body } = await book(twoNights, { RatePlanId: ids.ratePlans.HIGH, NumberOfAdults: 3, TotalCost: 0 }, 'BIG').expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({ TotalCost: 0, Card: null });
  });
});

describe('a percentage with three decimals', () => {
  const oneNight = { DateFrom: '2027-03-02', DateTo: '2027-03-03' };

  it.each([
    // 200 x 33.333 / 100 = 66.666 -> 66.67 off: 133.33 (33.33 % would leave 133.34).
    ['THIRD', 133.33],
    // 200 x 12.345 / 100 = 24.69 off: 175.31 (12.35 % would leave 175.30).
    ['ODD', 175.31],
  ])('%s takes exactly its percentage off 200: %s', async (code, price) => {
    const answer = await search(oneNight, [party(1)], code);
    expect(rateOf(answer, 'FLAT')).toMatchObject({
      BaseRate: price,
      OriginalBaseRate: 200,
      RoomCosts: [{ TotalCost: price, OriginalTotalCost: 200 }],
    });
    const { body } = await book(oneNight, { RatePlanId: ids.ratePlans.FLAT, NumberOfAdults: 1, TotalCost: price }, code).expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({ TotalCost: price });
  });
});
