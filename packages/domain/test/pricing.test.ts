import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingTotal,
  componentsOf,
  DEFAULT_BASE_NUMBER_OF_ADULTS,
  giftVoucherDiscount,
  lowestRate,
  originalRoomPrice,
  originalsOf,
  ORIGINAL_PRICE_FIELDS,
  pricePerNight,
  pricesFromWire,
  pricesToWire,
  roomPrice,
  stayPrice,
  sumNightlyPrices,
  upgradePriceDifference,
  withOriginals,
  type PricedRate,
} from '../src/pricing';
import type { Party } from '../src/occupancy';
import { partyArbitrary, ratePricesArbitrary } from './arbitraries';

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
    const wire = pricesToWire(withOriginals(barDouble));
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
    expect(sum?.BaseRate).toBe(25000);
    expect(sum?.OriginalBaseRate).toBe(26000);
    expect(sum?.CostPerChild).toBe(3000);
    expect(sum && roomPrice(sum, party(2, 1))).toBe(12500 + 15500);
    expect(sum && originalRoomPrice(sum, party(2, 1))).toBe(12500 + 16500);
  });

  it('cannot sum nights that disagree on BaseNumberOfAdults, nor no nights', () => {
    expect(sumNightlyPrices([barDouble, corpDouble])).toBeNull();
    expect(sumNightlyPrices([])).toBeNull();
  });

  it("a stay's price equals the sum of its nights, for every party", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }).chain((base) => fc.array(ratePricesArbitrary(base), { minLength: 1, maxLength: 30 })),
        partyArbitrary,
        (nights, guests) => {
          const sum = sumNightlyPrices(nights);
          expect(sum).not.toBeNull();
          if (sum === null) return;
          const nightly = nights.map((night) => roomPrice(night, guests));
          expect(roomPrice(sum, guests)).toBe(nightly.reduce((total, price) => total + price, 0));
          expect(stayPrice(nights, guests)).toBe(roomPrice(sum, guests));
          expect(originalRoomPrice(sum, guests)).toBe(nights.reduce((total, night) => total + originalRoomPrice(night, guests), 0));
          for (const field of ORIGINAL_PRICE_FIELDS) expect(Number.isSafeInteger(sum[field])).toBe(true);
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
  const double = { MaximumOccupancy: 3, MinimumOccupancy: 1, AdultMaximumOccupancy: 2, ChildMaximumOccupancy: 1 };
  const flexible: PricedRate = { ...withOriginals(barDouble), UseOccupancyForRatePlan: false };
  const advance: PricedRate = {
    ...withOriginals(pricesFromWire({ BaseRate: 95, CostPerAdult: 20 })),
    OriginalBaseRate: 10500,
    UseOccupancyForRatePlan: true,
    MaximumOccupancy: 2,
  };

  it('takes the cheapest fitting rate and the original price of that same rate', () => {
    expect(lowestRate({ roomType: double, rates: [flexible, advance], parties: [party(2)] })).toEqual({
      LowestRate: 9500,
      OriginalLowestRate: 10500,
    });
  });

  it('skips a rate the party does not fit and sums over the rooms the room type fits', () => {
    expect(lowestRate({ roomType: double, rates: [flexible, advance], parties: [party(2), party(2, 1), party(4)] })).toEqual({
      LowestRate: 9500 + 12500,
      OriginalLowestRate: 10500 + 12500,
    });
  });

  it('is null when the room type fits no searched room', () => {
    expect(lowestRate({ roomType: double, rates: [flexible], parties: [party(4)] })).toBeNull();
    expect(lowestRate({ roomType: double, rates: [advance], parties: [party(2, 1)] })).toBeNull();
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
