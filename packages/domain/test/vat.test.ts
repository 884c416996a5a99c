import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPercentDiscount } from '../src/money';
import { pricePerNight } from '../src/pricing';
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

describe('VAT, discounts and prices per night round to a whole minor unit of any currency', () => {
  // The rules work on integer minor units: once the wire amount is read in its currency's unit,
  // a yen rounds to a yen and a fils to a fils, with nothing of 100 assumed.
  it('rounds a JPY VAT to a whole yen', () => {
    // ¥170,173 tax-exclusive at 10 %: 17,017.3 -> ¥17,017; the guest pays ¥187,190.
    expect(vatAddedTo(170173, 10)).toBe(17017);
    expect(addVat(170173, 10)).toEqual({ net: 170173, vat: 17017, gross: 187190 });
    // ¥170,173 tax-inclusive at 10 %: 170,173 x 10 / 110 = 15,470.27... -> ¥15,470.
    expect(vatIncludedIn(170173, 10)).toBe(15470);
    // ¥15 at 10 % added: 1.5 -> ¥2, half away from zero.
    expect(vatAddedTo(15, 10)).toBe(2);
  });

  it('rounds a KWD VAT to a whole fils', () => {
    // 12.345 KWD = 12,345 fils at 5 % added: 617.25 -> 617 fils (0.617 KWD).
    expect(vatAddedTo(12345, 5)).toBe(617);
    // 0.010 KWD = 10 fils at 5 %: 0.5 -> 1 fils, half away from zero.
    expect(vatAddedTo(10, 5)).toBe(1);
  });

  it('rounds a percentage discount and a price per night to a whole yen or fils', () => {
    // 15 % off ¥9,999: 1,499.85 -> ¥1,500 off, ¥8,499 left.
    expect(applyPercentDiscount(9999, 15)).toBe(8499);
    // 10 % off ¥15: 1.5 -> ¥2 off, half away from zero.
    expect(applyPercentDiscount(15, 10)).toBe(13);
    // 10 % off 0.125 KWD = 125 fils: 12.5 -> 13 fils off, 112 left.
    expect(applyPercentDiscount(125, 10)).toBe(112);
    // ¥170,173 over 3 nights: 56,724.33 -> ¥56,724 a night.
    expect(pricePerNight(170173, 3)).toBe(56724);
  });
});
