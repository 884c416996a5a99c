import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addVat, splitGross, totalToPay, vatAddedTo, vatBreakdown, vatIncludedIn, vatOfTotal } from '../src/vat';

describe('VAT is extracted from the total', () => {
  it.each([
    // tax-inclusive: total/(100+rate)*rate
    [12000, 20, false, 2000],
    [10000, 20, false, 1667], // 16.666... -> 16.67
    [1999, 20, false, 333], // 3.3316... -> 3.33
    [11250, 12.5, false, 1250],
    [10000, 0, false, 0],
    // tax-exclusive: total/100*rate
    [10000, 20, true, 2000],
    [1999, 20, true, 400], // 3.998 -> 4.00
    [1005, 5, true, 50], // 0.5025 -> 0.50
    [1010, 5, true, 51], // 0.505 -> 0.51, half away from zero
    [10000, 8.875, true, 888], // New York: 100.00 x 8.875 / 100 = 8.875 -> 8.88
    [102667, 8.875, true, 9112], // 1026.67 x 8.875 / 100 = 91.1167... -> 91.12 (8.88 % would give 91.17)
    [10888, 8.875, false, 888], // 108.88 x 8.875 / 108.875 = 8.8754... -> 8.88
  ])('vat of %s at %s%% (exclusive: %s) = %s', (total, rate, isTaxExclusive, vat) => {
    expect(vatOfTotal(total, { rate, isTaxExclusive })).toBe(vat);
  });

  it('splits and adds so that net + VAT = gross', () => {
    expect(splitGross(12000, 20)).toEqual({ net: 10000, vat: 2000, gross: 12000 });
    expect(addVat(10000, 20)).toEqual({ net: 10000, vat: 2000, gross: 12000 });
    expect(vatBreakdown(1999, { rate: 20, isTaxExclusive: false })).toEqual({ net: 1666, vat: 333, gross: 1999 });
    expect(vatBreakdown(1999, { rate: 20, isTaxExclusive: true })).toEqual({ net: 1999, vat: 400, gross: 2399 });
  });

  it('the guest pays the VAT on top of a tax-exclusive total, and the total itself when it includes VAT', () => {
    // One night at $100.00 in New York, 8.875 % added: 100.00 + 8.88 = 108.88.
    expect(totalToPay(10000, vatOfTotal(10000, { rate: 8.875, isTaxExclusive: true }), true)).toBe(10888);
    // £120.00 including 20 % VAT: the guest pays 120.00, of which 20.00 is VAT.
    expect(totalToPay(12000, vatOfTotal(12000, { rate: 20, isTaxExclusive: false }), false)).toBe(12000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.constantFrom(0, 5, 8.875, 20), fc.boolean(), (total, rate, isTaxExclusive) => {
        const settings = { rate, isTaxExclusive };
        expect(totalToPay(total, vatOfTotal(total, settings), isTaxExclusive)).toBe(vatBreakdown(total, settings).gross);
      }),
    );
  });

  it('refuses a negative or unknown rate', () => {
    expect(() => vatIncludedIn(100, -1)).toThrow(RangeError);
    expect(() => vatAddedTo(100, Number.NaN)).toThrow(RangeError);
  });

  it('inclusive: net + VAT = gross to the penny, and VAT never exceeds the gross', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.constantFrom(0, 5, 7.7, 12.5, 15, 20, 21, 25), (gross, rate) => {
        const { net, vat } = splitGross(gross, rate);
        expect(net + vat).toBe(gross);
        expect(Number.isSafeInteger(vat)).toBe(true);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(vat).toBeLessThanOrEqual(gross);
        // rounding once: within half a penny of the exact figure
        expect(Math.abs(vat - (gross * rate) / (100 + rate))).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('exclusive: net + VAT = gross, and VAT is within half a penny of total/100*rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 30 }), (net, rate) => {
        const { vat, gross } = addVat(net, rate);
        expect(gross - vat).toBe(net);
        expect(Math.abs(vat - (net / 100) * rate)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});
