import fc from 'fast-check';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@hotel/domain/dates';
import { pricePerNight } from '@hotel/domain/pricing';
import { toMajor, toMinor } from '@hotel/domain/money';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The calendar's figure for a night is what a search for one adult arriving that night
 * answers (docs/pricing.md), checked over generated definitions. The calendar covers a year;
 * a search per night of it would take minutes, so each definition is searched on the nights
 * where its prices, restrictions and closures begin and end (where a wrong figure shows
 * first), on the first and last of each month, and on nights fast-check picks at random.
 * Today is Monday 1 March 2027.
 */
const today = '2027-03-01';
const lastNight = addDays(today, 365);

/** True about `tenths` times in ten. */
const sometimes = (tenths: number) => fc.integer({ min: 0, max: 9 }).map((n) => n < tenths);
const money = fc.integer({ min: 0, max: 30_000 }).map((minor) => toMajor(minor, 'GBP'));
const dateInYear = fc.integer({ min: 0, max: 380 }).map((day) => addDays(today, day));
const nightSelector = fc.record(
  {
    Weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    Months: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 }),
    From: dateInYear,
    Span: fc.integer({ min: 0, max: 120 }),
  },
  { requiredKeys: [] },
);
const priceEntry = fc.record({
  selector: nightSelector,
  BaseRate: money,
  BaseNumberOfAdults: fc.integer({ min: 0, max: 2 }),
  CostPerRoom: money,
  CostPerAdult: money,
  PerPersonCostPerAdult: fc.oneof(fc.constant(0), money),
  MinLengthOfStay: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 4 }) }),
  ClosedToArrival: sometimes(2),
  ClosedToDeparture: sometimes(2),
  StopSell: sometimes(1),
});
/** Mostly unbounded, so that most generated rooms and rates take one adult and are compared. */
const bound = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) });

const definitionArbitrary = fc
  .record({
    timeZone: fc.constantFrom('America/New_York', 'Pacific/Auckland', 'Europe/London'),
    roomTypes: fc.array(fc.record({ rooms: fc.integer({ min: 1, max: 2 }), MinimumOccupancy: bound, MaximumOccupancy: bound }), {
      minLength: 1,
      maxLength: 3,
    }),
    ratePlans: fc.array(fc.record({ RequiresCode: sometimes(2), UseOccupancyForRatePlan: fc.boolean(), MinimumOccupancy: bound }), {
      minLength: 1,
      maxLength: 3,
    }),
    prices: fc.array(fc.array(fc.array(priceEntry, { maxLength: 3 }), { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 }),
    closures: fc.array(fc.record({ roomType: fc.nat(2), From: dateInYear, Span: fc.integer({ min: 0, max: 20 }) }), { maxLength: 3 }),
    randomNights: fc.uniqueArray(fc.integer({ min: 0, max: 365 }), { minLength: 10, maxLength: 10 }),
  })
  .map((generated) => {
    const roomTypes = generated.roomTypes.map((roomType, i) => ({
      Code: `RT${i}`,
      Name: `Room type ${i}`,
      Rooms: Array.from({ length: roomType.rooms }, (_, room) => `${i}${room}`),
      MinimumOccupancy: roomType.MinimumOccupancy,
      MaximumOccupancy: roomType.MaximumOccupancy === null ? null : Math.max(roomType.MaximumOccupancy, roomType.MinimumOccupancy ?? 0),
    }));
    const ratePlans = generated.ratePlans.map((ratePlan, p) => ({
      Code: `RP${p}`,
      Name: `Rate plan ${p}`,
      RequiresCode: ratePlan.RequiresCode,
      UseOccupancyForRatePlan: ratePlan.UseOccupancyForRatePlan,
      MinimumOccupancy: ratePlan.MinimumOccupancy,
      // The first entry of each room type covers every night, so most nights are priced.
      Prices: roomTypes.flatMap((roomType, r) =>
        generated.prices[p]![r]!.map(({ selector, ...price }, e) => ({
          RoomType: roomType.Code,
          ...price,
          ...(e === 0
            ? {}
            : {
                ...(selector.Weekdays ? { Weekdays: selector.Weekdays } : {}),
                ...(selector.Months ? { Months: selector.Months } : {}),
                ...(selector.From ? { From: selector.From, To: addDays(selector.From, selector.Span ?? 0) } : {}),
              }),
        })),
      ),
    }));
    const closures = generated.closures
      .filter((closure) => closure.roomType < roomTypes.length)
      .map((closure) => {
        const roomType = roomTypes[closure.roomType]!;
        return { RoomType: roomType.Code, From: closure.From, To: addDays(closure.From, closure.Span), Rooms: roomType.Rooms.length };
      });
    const edges = [
      ...ratePlans.flatMap((ratePlan) => ratePlan.Prices.flatMap((price) => [price.From, price.To])),
      ...closures.flatMap((closure) => [closure.From, closure.To]),
    ]
      .filter((date): date is string => date !== undefined)
      .flatMap((date) => [addDays(date, -1), date, addDays(date, 1)]);
    const nightsToSearch = new Set([...edges, ...generated.randomNights.map((day) => addDays(today, day))]);
    return {
      definition: { TimeZone: generated.timeZone, RoomTypes: roomTypes, RatePlans: ratePlans, Closures: closures },
      nightsToSearch,
    };
  });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
});
afterAll(() => t.close());

type SearchAnswer = { RoomTypes: { Rates: { RatePlanId: number; RoomCosts: ({ TotalCost: number } | null)[] }[] }[] };
type CalendarEntry = { DateOfStay: string; Rates: { RatePlanId: number; MinLengthOfStay: number; MinimumRate: number }[] };

/** The lowest price one adult pays per rate plan in a search answer, in minor units. */
function lowestPerRate(answer: SearchAnswer): Map<number, number> {
  const lowest = new Map<number, number>();
  for (const roomType of answer.RoomTypes) {
    for (const rate of roomType.Rates) {
      const cost = rate.RoomCosts[0];
      if (!cost) continue;
      const price = toMinor(cost.TotalCost, 'GBP');
      lowest.set(rate.RatePlanId, Math.min(lowest.get(rate.RatePlanId) ?? price, price));
    }
  }
  return lowest;
}

let run = 0;
let ratesCompared = 0;

describe('the calendar and a search for one adult', () => {
  it('agree on the nights where prices change, over generated definitions', async () => {
    await fc.assert(
      fc.asyncProperty(definitionArbitrary, async ({ definition, nightsToSearch }) => {
        run += 1;
        const code = `GEN${run}`;
        await givenDefinition(t.context, aDefinition(aProperty({ Code: code, ...definition })));
        const propertyId: number = (await request(t.app).get(`/api/Property/${code}`).expect(200)).body.PropertyId;
        const search = async (from: string, nights: number): Promise<SearchAnswer> =>
          (
            await request(t.app)
              .post('/api/Availability/Search')
              .send({
                PropertyId: propertyId,
                LanguageCode: 'en',
                DateFrom: from,
                DateTo: addDays(from, nights),
                Rooms: [{ NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 }],
              })
              .expect(200)
          ).body;
        const calendar: CalendarEntry[] = (
          await request(t.app).get('/api/Availability').query({ propertyId, fromDate: today, toDate: lastNight }).expect(200)
        ).body;
        expect(calendar).toHaveLength(366);

        const monthEnds = (date: string) => date.endsWith('-01') || addDays(date, 1).endsWith('-01');
        for (const night of calendar.filter((entry) => nightsToSearch.has(entry.DateOfStay) || monthEnds(entry.DateOfStay))) {
          const oneNight = lowestPerRate(await search(night.DateOfStay, 1));
          const shown = new Map(night.Rates.map((rate) => [rate.RatePlanId, rate]));
          ratesCompared += night.Rates.length;
          // Every rate a one-night search answers is shown at its price, for one night.
          for (const [ratePlanId, price] of oneNight) {
            expect({ night: night.DateOfStay, ratePlanId, rate: shown.get(ratePlanId) }).toEqual({
              night: night.DateOfStay,
              ratePlanId,
              rate: { RatePlanId: ratePlanId, MinLengthOfStay: 1, MinimumRate: toMajor(price, 'GBP') },
            });
          }
          // Every other rate shown needs a longer stay, which a search of that length answers at that price per night.
          for (const rate of night.Rates.filter((shownRate) => !oneNight.has(shownRate.RatePlanId))) {
            expect(rate.MinLengthOfStay).toBeGreaterThan(1);
            const longer = lowestPerRate(await search(night.DateOfStay, rate.MinLengthOfStay)).get(rate.RatePlanId);
            expect({
              night: night.DateOfStay,
              rate,
              perNight: longer === undefined ? undefined : toMajor(pricePerNight(longer, rate.MinLengthOfStay), 'GBP'),
            }).toEqual({
              night: night.DateOfStay,
              rate,
              perNight: rate.MinimumRate,
            });
          }
        }
      }),
      // One seed, so CI checks the same definitions every time; FC_SEED=<n> explores others.
      { numRuns: 12, seed: Number(process.env.FC_SEED ?? 20270301) },
    );
    // Generated definitions that price nothing for one adult would make the comparison empty.
    expect(ratesCompared).toBeGreaterThan(100);
  }, 120_000);
});
