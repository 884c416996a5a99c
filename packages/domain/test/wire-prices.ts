// Rate components written as a definition or the wire writes them, for the tests.
import { toMinor } from '../src/money';
import { DEFAULT_BASE_NUMBER_OF_ADULTS, PRICE_FIELDS, type OriginalPriceField, type PriceField, type RatePrices } from '../src/pricing';

/** Components in major units, any of them possibly absent. */
export type WirePrices = Partial<Record<PriceField | OriginalPriceField, number | null>> & {
  BaseNumberOfAdults?: number | null;
};

/**
 * Reads components in major units of GBP (the tests' currency): an absent component is 0, an absent twin equals its
 * component, BaseNumberOfAdults defaults to 2.
 */
export function pricesFromWire(wire: WirePrices): RatePrices {
  const prices = {
    BaseNumberOfAdults: wire.BaseNumberOfAdults ?? DEFAULT_BASE_NUMBER_OF_ADULTS,
  } as RatePrices;
  for (const field of PRICE_FIELDS) {
    prices[field] = toMinor(wire[field] ?? 0, 'GBP');
    prices[`Original${field}`] = toMinor(wire[`Original${field}`] ?? wire[field] ?? 0, 'GBP');
  }
  return prices;
}
