// fast-check generators shared by the property tests.
import fc from 'fast-check';
import type { Party } from '../src/occupancy';
import { PRICE_FIELDS, withOriginals, type PriceComponents, type RatePrices } from '../src/pricing';

export const partyArbitrary: fc.Arbitrary<Party> = fc.record({
  NumberOfAdults: fc.integer({ min: 0, max: 6 }),
  NumberOfChildren: fc.integer({ min: 0, max: 6 }),
  NumberOfInfants: fc.integer({ min: 0, max: 4 }),
});

const amount = fc.integer({ min: 0, max: 100_000_00 });

export function componentsArbitrary(baseNumberOfAdults?: number): fc.Arbitrary<PriceComponents> {
  return fc
    .tuple(
      fc.array(amount, { minLength: PRICE_FIELDS.length, maxLength: PRICE_FIELDS.length }),
      baseNumberOfAdults === undefined ? fc.integer({ min: 0, max: 4 }) : fc.constant(baseNumberOfAdults),
    )
    .map(([amounts, base]) => {
      const components = { BaseNumberOfAdults: base } as PriceComponents;
      PRICE_FIELDS.forEach((field, index) => (components[field] = amounts[index] ?? 0));
      return components;
    });
}

export function ratePricesArbitrary(baseNumberOfAdults?: number): fc.Arbitrary<RatePrices> {
  return componentsArbitrary(baseNumberOfAdults).map(withOriginals);
}
