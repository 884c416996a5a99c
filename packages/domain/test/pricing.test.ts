import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingTotal,
  componentsOf,
  DEFAULT_BASE_NUMBER_OF_ADULTS,
  giftVoucherDiscount,
  lowestRate,
  nightlyRoomPrices,
  originalRoomPrice,
  originalsOf,
  ORIGINAL_PRICE_FIELDS,
  pricePerNight,
  pricesToWire,
  roomPrice,
  stayRoomCost,
  sumNightlyPrices,
  undiscountedNight,
  upgradePriceDifference,
  withOriginals,
  type RoomCost,
} from '../src/pricing';
import type { Party } from '../src/occupancy';
import { partyArbitrary, ratePricesArbitrary } from './arbitraries';
import { pricesFromWire } from './wire-prices';

const party = (adults: number, children = 0, infants = 0): Party => ({
  NumberOfAdults: adults,
  NumberOfChildren: children,
  NumberOfInfants: infants,
});

// Best Available Rate, Double Room, of property-definition.example.json (in pence)
const barDouble = pricesFromWire({ BaseRate: 110, BaseNumberOfAdults: 2, CostPerAdult: 25, CostPerChild: 15, CostPerInfant: 0 });
// Corporate Rate, Double Room: one adult in the base, per-person cost per adult
const corpDouble = pricesFromWire({ BaseRate: 99, BaseNumberOfAdults: 1, CostPerAdult: 15, PerPersonCostPerAdult: 12 });
const suite = pricesFromWire({
  BaseRate: 210,
  BaseNumberOfAdults: 2,
  CostPerAdult: 35,
  CostPerChild: 20,
  CostPerInfant: 5,
  CostPerRoom: 10,
});

describe('room price = BaseRate + CostPerRoom + CostPerAdult beyond the base + CostPerChild (one fewer without adults) + CostPerInfant + per-person rates', () => {
  it.each([
    [barDouble, party(2), 11000, 'two adults are in the base rate'],
    [barDouble, party(1), 11000, 'fewer adults than the base pay the base rate'],
    [barDouble, party(3), 13500, 'an adult beyond the base pays CostPerAdult'],
    [barDouble, party(2, 1), 12500, 'a child pays CostPerChild'],
    [barDouble, party(0, 2), 12500, 'no adults: one fewer child is charged'],
    [barDouble, party(0, 1), 11000, 'no adults and one child: no child is charged'],
    [corpDouble, party(2), 13800, '99 + 15 beyond one adult + 2 x 12 per person'],
    [suite, party(2, 0, 1), 22500, '210 + 10 per room + 5 per infant'],
  ])('%#: %o -> %s (%s)', (prices, guests, expected) => {
    expect(roomPrice(prices, guests)).toBe(expected);
  });

  it('charges per-person child and infant rates on every child and infant', () => {
    const perPerson = pricesFromWire({ BaseRate: 50, PerPersonCostPerChild: 10, PerPersonCostPerInfant: 3, CostPerChild: 7 });
    // no adults: CostPerChild on one fewer child, PerPersonCostPerChild on both
    expect(roomPrice(perPerson, party(0, 2, 1))).toBe(5000 + 700 + 2000 + 300);
  });
});

describe('wire and definition components', () => {
  it('fills absent components with 0, twins with their component, BaseNumberOfAdults with 2', () => {
    const prices = pricesFromWire({ BaseRate: 14.5, OriginalCostPerRoom: 3 });
    expect(prices.BaseRate).toBe(1450);
    expect(prices.OriginalBaseRate).toBe(1450);
    expect(prices.CostPerRoom).toBe(0);
    expect(prices.OriginalCostPerRoom).toBe(300);
    expect(prices.BaseNumberOfAdults).toBe(DEFAULT_BASE_NUMBER_OF_ADULTS);
  });

  it('splits a rate into the components charged and the undiscounted ones', () => {
    const discounted = { ...withOriginals(componentsOf(barDouble)), BaseRate: 9_900 };
    const asDefined = {
      BaseRate: 11_000,
      BaseNumberOfAdults: 2,
      CostPerRoom: 0,
      CostPerAdult: 2_500,
      CostPerChild: 1_500,
      CostPerInfant: 0,
      PerPersonCostPerAdult: 0,
      PerPersonCostPerChild: 0,
      PerPersonCostPerInfant: 0,
    };
    expect(componentsOf(discounted)).toEqual({ ...asDefined, BaseRate: 9_900 });
    expect(originalsOf(discounted)).toEqual(asDefined);
    fc.assert(
      fc.property(ratePricesArbitrary(), (prices) => {
        expect(componentsOf(withOriginals(componentsOf(prices)))).toEqual(componentsOf(prices));
        expect(roomPrice(originalsOf(prices), party(2))).toBe(originalRoomPrice(prices, party(2)));
      }),
    );
  });

  it('writes major units with every twin', () => {
    const wire = pricesToWire(withOriginals(barDouble), 'GBP');
    expect(wire.BaseRate).toBe(110);
    expect(wire.OriginalCostPerChild).toBe(15);
    expect(wire.BaseNumberOfAdults).toBe(2);
    expect(Object.keys(wire)).toHaveLength(1 + 2 * 8);
    expect(pricesFromWire(wire)).toEqual(barDouble);
  });
});

describe('stay sums with Original* twins', () => {
  it('sums each component and twin over the nights', () => {
    const friday = pricesFromWire({ BaseRate: 140, CostPerAdult: 25, CostPerChild: 15, OriginalBaseRate: 150 });
    const sum = sumNightlyPrices([barDouble, friday]);
    expect(sum.BaseRate).toBe(25000);
    expect(sum.OriginalBaseRate).toBe(26000);
    expect(sum.CostPerChild).toBe(3000);
    expect(roomPrice(sum, party(2, 1))).toBe(12500 + 15500);
    expect(originalRoomPrice(sum, party(2, 1))).toBe(12500 + 16500);
  });

  it('a stay has at least one night', () => {
    expect(() => sumNightlyPrices([])).toThrow(RangeError);
  });

  it("a stay's price equals the sum of its nights, for every party, when the nights share BaseNumberOfAdults", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }).chain((base) => fc.array(ratePricesArbitrary(base), { minLength: 1, maxLength: 30 })),
        partyArbitrary,
        (nights, guests) => {
          const sum = sumNightlyPrices(nights);
          const nightly = nights.map((night) => roomPrice(night, guests));
          expect(roomPrice(sum, guests)).toBe(nightly.reduce((total, price) => total + price, 0));
          expect(stayRoomCost(nights.map(undiscountedNight), guests)).toEqual({
            total: roomPrice(sum, guests),
            original: originalRoomPrice(sum, guests),
          });
          for (const field of ORIGINAL_PRICE_FIELDS) expect(Number.isSafeInteger(sum[field])).toBe(true);
        },
      ),
    );
  });
});

describe("a stay's room price: each night with its own BaseNumberOfAdults, less its fixed discount", () => {
  // Base 1 adult on weekdays, 2 at weekends (Friday and Saturday nights), 10 a night for each adult beyond.
  const weekday = pricesFromWire({ BaseRate: 100, BaseNumberOfAdults: 1, CostPerAdult: 10 });
  const weekend = pricesFromWire({ BaseRate: 120, BaseNumberOfAdults: 2, CostPerAdult: 10 });
  const fridayToMonday = [weekend, weekend, weekday].map(undiscountedNight);

  it('prices Friday to Monday for 2 adults at 120 + 120 + 110 = 350', () => {
    // Friday and Saturday: 120, both adults in the base; Sunday: 100 + 10 for the adult beyond the base of 1.
    expect(stayRoomCost(fridayToMonday, party(2))).toEqual({ total: 35000, original: 35000 });
    // 3 adults: (120 + 10) x 2 + (100 + 2 x 10) = 380.
    expect(stayRoomCost(fridayToMonday, party(3)).total).toBe(38000);
    // The summed components would say 340 + 30 x 0 = 340 for 2 adults: the sums cannot price such a stay.
    expect(roomPrice(sumNightlyPrices([weekend, weekend, weekday]), party(2))).toBe(34000);
  });

  it('keeps each night of that stay at its own price, which add up to the stay: 120 + 120 + 110', () => {
    expect(nightlyRoomPrices(fridayToMonday, party(2))).toEqual([12000, 12000, 11000]);
    // A fixed 25 off the second night only: 120 + (120 - 25) + 110 = 325.
    const discounted = [fridayToMonday[0]!, { ...fridayToMonday[1]!, amountOff: 2500 }, fridayToMonday[2]!];
    expect(nightlyRoomPrices(discounted, party(2))).toEqual([12000, 9500, 11000]);
    expect(stayRoomCost(discounted, party(2)).total).toBe(32500);
  });

  it("takes a fixed discount off each night's whole room price, never below 0", () => {
    // A per-person rate, 60 an adult a night: 2 adults for 2 nights = 240; 25 off each night: (120 - 25) x 2 = 190.
    const perPerson = { prices: pricesFromWire({ BaseRate: 0, PerPersonCostPerAdult: 60 }), amountOff: 2500 };
    expect(stayRoomCost([perPerson, perPerson], party(2))).toEqual({ total: 19000, original: 24000 });
    // 99.99 + 10.01 for the third adult = 110 a night; 150 off leaves 0.00, not the 10.01 beyond BaseRate.
    const night = { prices: pricesFromWire({ BaseRate: 99.99, CostPerAdult: 10.01 }), amountOff: 15000 };
    expect(stayRoomCost([night, night], party(3))).toEqual({ total: 0, original: 22000 });
  });

  it('is the sum of the nights, each between 0 and its undiscounted price', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ prices: ratePricesArbitrary(), amountOff: fc.integer({ min: 0, max: 500_000 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        partyArbitrary,
        (nights, guests) => {
          const cost = stayRoomCost(nights, guests);
          const each = nights.map((night) => stayRoomCost([night], guests));
          expect(cost.total).toBe(each.reduce((total, night) => total + night.total, 0));
          expect(cost.original).toBe(nights.reduce((total, night) => total + roomPrice(night.prices, guests), 0));
          for (const night of each) {
            expect(night.total).toBeGreaterThanOrEqual(0);
            expect(night.total).toBeLessThanOrEqual(night.original);
          }
        },
      ),
    );
  });
});

describe('price per night = total / nights', () => {
  it.each([
    [30000, 3, 10000],
    [10000, 3, 3333],
    [10001, 2, 5001],
  ])('%s over %s nights = %s', (total, nights, perNight) => {
    expect(pricePerNight(total, nights)).toBe(perNight);
  });

  it('refuses a stay without nights', () => {
    expect(() => pricePerNight(100, 0)).toThrow(RangeError);
    expect(() => pricePerNight(100, 1.5)).toThrow(RangeError);
  });
});

describe('lowest rate: the lowest stay price across fitting rate plans, summed per room', () => {
  const cost = (total: number, original = total): RoomCost => ({ total, original });

  it('takes the cheapest fitting rate and the original price of that same rate', () => {
    expect(lowestRate([[cost(11000), cost(9500, 10500)]])).toEqual({ LowestRate: 9500, OriginalLowestRate: 10500 });
  });

  it('sums over the rooms that have a fitting rate, skipping the others', () => {
    // Room 1: 95.00 (was 105.00); room 2: 125.00; room 3 fits no rate.
    expect(lowestRate([[cost(11000), cost(9500, 10500)], [cost(12500)], []])).toEqual({
      LowestRate: 9500 + 12500,
      OriginalLowestRate: 10500 + 12500,
    });
  });

  it('is null when no searched room fits a rate', () => {
    expect(lowestRate([[], []])).toBeNull();
    expect(lowestRate([])).toBeNull();
  });
});

describe('totals', () => {
  it.each([
    [{ rooms: 30000, extras: 4350 }, 34350],
    [{ rooms: 30000, extras: 4350, giftDiscount: 10000 }, 24350],
    [{ rooms: 3000, extras: 0, giftDiscount: 10000 }, 0],
    [{ rooms: 3000, extras: 0, giftDiscount: -50 }, 3000],
  ])('total cost = rooms + extras - gift discount, never below 0: %o = %s', (input, total) => {
    expect(bookingTotal(input)).toBe(total);
  });

  it('a gift voucher gives at most its balance and at most the total', () => {
    expect(giftVoucherDiscount(10000, 34350)).toBe(10000);
    expect(giftVoucherDiscount(15000, 12000)).toBe(12000);
    expect(giftVoucherDiscount(15000, -1)).toBe(0);
  });

  it('prices an upgrade as the difference against the current price', () => {
    expect(upgradePriceDifference(33000, 63000)).toBe(30000);
  });
});
