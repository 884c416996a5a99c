import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARTY,
  effectiveOccupancyLimits,
  fitsOccupancy,
  fitsRoomTypeAndRate,
  isUpgradeEligible,
  noRoomTypeFitsOccupancy,
  occupancyGuests,
  roomTypeShows,
  type OccupancyLimits,
  type Party,
  type RateOccupancy,
} from '../src/occupancy';

const party = (adults: number, children = 0, infants = 0): Party => ({
  NumberOfAdults: adults,
  NumberOfChildren: children,
  NumberOfInfants: infants,
});

// The Double Room of property-definition.example.json
const double: OccupancyLimits = {
  MaximumOccupancy: 3,
  MinimumOccupancy: 1,
  AdultMaximumOccupancy: 2,
  ChildMaximumOccupancy: 1,
};

describe('room occupancy', () => {
  it.each([
    [party(2), true, 'two adults fit'],
    [party(2, 1), true, 'three guests fit the maximum of 3'],
    [party(2, 0, 1), true, 'infants count as guests and against the child maximum'],
    [party(3), false, 'adults alone must not exceed the adult maximum'],
    [party(2, 1, 1), false, 'total guests must not exceed the maximum'],
    [party(1, 1, 1), false, 'children + infants must not exceed the child maximum'],
    [party(0), false, 'total guests must not fall below the minimum'],
  ])('%o -> %s: %s', (guests, fits) => {
    expect(fitsOccupancy(guests, double)).toBe(fits);
  });

  it('ignores a missing bound but treats 0 as a bound', () => {
    expect(fitsOccupancy(party(9, 9, 9), {})).toBe(true);
    expect(fitsOccupancy(party(9, 9, 9), { MaximumOccupancy: null, AdultMaximumOccupancy: undefined })).toBe(true);
    expect(fitsOccupancy(party(1, 1), { ChildMaximumOccupancy: 0 })).toBe(false);
  });

  it('counts adults, children and infants', () => {
    expect(occupancyGuests(party(2, 1, 1))).toBe(4);
    expect(DEFAULT_PARTY).toEqual(party(1));
  });
});

describe('UseOccupancyForRatePlan: smaller maxima, larger minima', () => {
  // The Advance Purchase rate of the example: UseOccupancyForRatePlan, max 2, 2 adults
  const advancePurchase: RateOccupancy = { UseOccupancyForRatePlan: true, MaximumOccupancy: 2, AdultMaximumOccupancy: 2 };

  it("combines the room type's and the rate's bounds", () => {
    expect(effectiveOccupancyLimits(double, advancePurchase)).toEqual({
      MaximumOccupancy: 2,
      MinimumOccupancy: 1,
      AdultMaximumOccupancy: 2,
      ChildMaximumOccupancy: 1,
    });
    expect(effectiveOccupancyLimits({ MinimumOccupancy: 1 }, { UseOccupancyForRatePlan: true, MinimumOccupancy: 2 })).toEqual({
      MaximumOccupancy: null,
      MinimumOccupancy: 2,
      AdultMaximumOccupancy: null,
      ChildMaximumOccupancy: null,
    });
  });

  it("uses only the room type's bounds without the flag", () => {
    expect(effectiveOccupancyLimits(double, { ...advancePurchase, UseOccupancyForRatePlan: false })).toEqual(double);
    expect(fitsRoomTypeAndRate(party(2, 1), double, { MaximumOccupancy: 1 })).toBe(true);
  });

  it.each([
    [party(2), true],
    [party(2, 1), false],
    [party(1, 1), true],
  ])('%o on the Advance Purchase double: %s', (guests, fits) => {
    expect(fitsRoomTypeAndRate(guests, double, advancePurchase)).toBe(fits);
  });
});

// A reference written from the rule's words, independently of the implementation: a missing
// maximum is infinite, a missing minimum is 0, and with UseOccupancyForRatePlan the party must
// satisfy the room type and the rate each on its own.
const bound = fc.option(fc.integer({ min: 0, max: 6 }), { nil: null });
const limitsArbitrary = fc.record({
  MaximumOccupancy: bound,
  MinimumOccupancy: bound,
  AdultMaximumOccupancy: bound,
  ChildMaximumOccupancy: bound,
});

function referenceFits(guests: Party, limits: OccupancyLimits): boolean {
  const total = guests.NumberOfAdults + guests.NumberOfChildren + guests.NumberOfInfants;
  const maximum = limits.MaximumOccupancy ?? Number.POSITIVE_INFINITY;
  const minimum = limits.MinimumOccupancy ?? 0;
  const adultMaximum = limits.AdultMaximumOccupancy ?? Number.POSITIVE_INFINITY;
  const childMaximum = limits.ChildMaximumOccupancy ?? Number.POSITIVE_INFINITY;
  return (
    total <= maximum &&
    total >= minimum &&
    guests.NumberOfAdults <= adultMaximum &&
    guests.NumberOfChildren + guests.NumberOfInfants <= childMaximum
  );
}

describe('the occupancy rule equals a brute-force reference', () => {
  const smallParties: Party[] = [];
  for (let adults = 0; adults <= 4; adults += 1) {
    for (let children = 0; children <= 4; children += 1) {
      for (let infants = 0; infants <= 3; infants += 1) smallParties.push(party(adults, children, infants));
    }
  }

  it('for every small party and any bounds', () => {
    fc.assert(
      fc.property(limitsArbitrary, (limits) => {
        for (const guests of smallParties) expect(fitsOccupancy(guests, limits)).toBe(referenceFits(guests, limits));
      }),
      { numRuns: 500 },
    );
  });

  it('with and without UseOccupancyForRatePlan', () => {
    fc.assert(
      fc.property(limitsArbitrary, limitsArbitrary, fc.boolean(), (roomType, rateLimits, useForRate) => {
        const rate: RateOccupancy = { ...rateLimits, UseOccupancyForRatePlan: useForRate };
        for (const guests of smallParties) {
          const expected = referenceFits(guests, roomType) && (!useForRate || referenceFits(guests, rateLimits));
          expect(fitsRoomTypeAndRate(guests, roomType, rate)).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a room type shows only if rooms remain, occupancy fits, a rate fits and the filter matches', () => {
  const base = {
    roomTypeId: 7,
    roomType: double,
    rates: [{ UseOccupancyForRatePlan: true, MaximumOccupancy: 2 }, { UseOccupancyForRatePlan: false }],
    roomsLeft: 2,
    party: party(2),
  };

  it.each([
    [{}, true, 'everything fits'],
    [{ roomsLeft: 0 }, false, 'no rooms remain'],
    [{ party: party(3) }, false, 'occupancy does not fit'],
    [{ rates: [{ UseOccupancyForRatePlan: true, MaximumOccupancy: 1 }] }, false, 'no rate fits'],
    [{ rates: [] }, false, 'no rate at all'],
    [{ roomTypeFilter: [7, 8] }, true, 'the filter matches'],
    [{ roomTypeFilter: [8] }, false, 'the filter does not match'],
    [{ roomTypeFilter: [] }, true, 'an empty filter filters nothing'],
  ])('%o -> %s (%s)', (change: object, shows: boolean, _reason: string) => {
    expect(roomTypeShows({ ...base, ...change })).toBe(shows);
  });

  it("warns 'not enough rooms based on occupancy' only when no room type fits", () => {
    expect(noRoomTypeFitsOccupancy([double, { MaximumOccupancy: 4 }], party(4))).toBe(false);
    expect(noRoomTypeFitsOccupancy([double], party(4))).toBe(true);
    expect(noRoomTypeFitsOccupancy([], party(1))).toBe(true);
  });
});

describe('upgrade eligibility: rooms remaining, a rate with the same rate plan, valid occupancy', () => {
  // The Superior Suite of the example
  const suite = {
    MaximumOccupancy: 4,
    MinimumOccupancy: 1,
    AdultMaximumOccupancy: 3,
    ChildMaximumOccupancy: 2,
    AvailableRates: [
      { RatePlanId: 1, UseOccupancyForRatePlan: false },
      { RatePlanId: 2, UseOccupancyForRatePlan: true, MaximumOccupancy: 2 },
    ],
  };

  it.each([
    [{ roomsLeft: 1, currentRatePlanId: 1, party: party(3, 1) }, true, 'fits and same plan'],
    [{ roomsLeft: 0, currentRatePlanId: 1, party: party(2) }, false, 'no room left'],
    [{ roomsLeft: 1, currentRatePlanId: 3, party: party(2) }, false, 'no rate with the same plan'],
    [{ roomsLeft: 1, currentRatePlanId: 1, party: party(4) }, false, 'too many adults for the room type'],
    [{ roomsLeft: 1, currentRatePlanId: 2, party: party(2, 1) }, false, "the rate's stricter limits apply"],
    [{ roomsLeft: 1, currentRatePlanId: 2, party: party(2) }, true, 'fits the stricter limits'],
  ])('%o -> %s (%s)', (input, eligible) => {
    expect(isUpgradeEligible({ upgrade: suite, ...input })).toBe(eligible);
  });
});
