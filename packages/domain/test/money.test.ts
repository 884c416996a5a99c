import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateMinor,
  applyFixedDiscount,
  applyPercentDiscount,
  assertMinor,
  convertForDisplay,
  CURRENCY_FORMATS,
  divideMinor,
  formatMoney,
  isSupportedCurrency,
  localeForCurrency,
  multiplyMinor,
  percentOf,
  ROUNDING_RULE,
  roundToMinor,
  scaleMinor,
  sumMinor,
  toMajor,
  toMinor,
  type ExchangeRates,
} from '../src/money';

// ICU separates some symbols with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('toMinor / toMajor: floats only at the wire', () => {
  it.each([
    [14.5, 1450],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 101], // the decimal 1.005 rounds half away from zero, not its binary neighbour
    [-1.005, -101],
    [-2.5, -250],
    [0, 0],
    [1e-7, 0],
    [123456789.12, 12345678912],
  ])('toMinor(%s) = %s', (major, minor) => {
    expect(toMinor(major)).toBe(minor);
  });

  it.each([
    [1450, 14.5],
    [30, 0.3],
    [1999, 19.99],
    [-5, -0.05],
  ])('toMajor(%s) = %s', (minor, major) => {
    expect(toMajor(minor)).toBe(major);
  });

  it('round-trips every amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        expect(toMinor(toMajor(minor))).toBe(minor);
        expect(String(toMajor(minor))).toMatch(/^-?\d+(\.\d{1,2})?$/);
      }),
    );
  });

  it('refuses what is not money', () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinor(1e300)).toThrow(RangeError);
    expect(() => toMajor(1.5)).toThrow(RangeError);
    expect(() => assertMinor(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});

describe(`one rounding rule: ${ROUNDING_RULE}`, () => {
  it.each([
    [0.5, 1],
    [1.5, 2],
    [2.5, 3],
    [-0.5, -1],
    [-2.5, -3],
    [2.4999, 2],
    [-2.4999, -2],
  ])('roundToMinor(%s) = %s', (value, expected) => {
    expect(roundToMinor(value)).toBe(expected);
  });

  it('multiplies, divides and takes percentages rounding once', () => {
    expect(multiplyMinor(1001, 0.5)).toBe(501);
    expect(multiplyMinor(-1001, 0.5)).toBe(-501);
    expect(multiplyMinor(1450, 3)).toBe(4350);
    expect(divideMinor(1000, 3)).toBe(333);
    expect(divideMinor(1001, 2)).toBe(501);
    expect(divideMinor(-1001, 2)).toBe(-501);
    expect(divideMinor(100, -3)).toBe(-33);
    expect(percentOf(1999, 10)).toBe(200);
    expect(percentOf(1000, 12.5)).toBe(125);
    expect(percentOf(1005, 10)).toBe(101);
    expect(scaleMinor(1000, 20, 120)).toBe(167);
    expect(() => divideMinor(100, 0)).toThrow(RangeError);
  });

  it('sums only whole minor units', () => {
    expect(sumMinor([])).toBe(0);
    expect(sumMinor([1450, 1999, -1])).toBe(3448);
    expect(() => sumMinor([1, 0.5])).toThrow(RangeError);
  });
});

describe('discounts', () => {
  it.each([
    [10000, 10, 9000],
    [1999, 15, 1699], // 15% of 19.99 is 2.9985 -> 3.00 off
    [1000, 0, 1000],
    [1000, 100, 0],
    [1000, 150, 0],
    [1000, -5, 1000],
  ])('%s less %s%% = %s', (amount, percent, expected) => {
    expect(applyPercentDiscount(amount, percent)).toBe(expected);
  });

  it.each([
    [10000, 2000, 8000],
    [1000, 2000, 0],
    [1000, -100, 1000],
  ])('%s less a fixed %s = %s', (amount, discount, expected) => {
    expect(applyFixedDiscount(amount, discount)).toBe(expected);
  });

  it('never goes below 0 nor above the original', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.double({ min: -50, max: 200, noNaN: true }),
        fc.integer({ min: -1e6, max: 1e10 }),
        (amount, percent, fixed) => {
          for (const discounted of [applyPercentDiscount(amount, percent), applyFixedDiscount(amount, fixed)]) {
            expect(Number.isSafeInteger(discounted)).toBe(true);
            expect(discounted).toBeGreaterThanOrEqual(0);
            expect(discounted).toBeLessThanOrEqual(amount);
          }
        },
      ),
    );
  });
});

describe('allocateMinor', () => {
  it('splits by weight, the remainder to the largest remainders, earlier first on a tie', () => {
    expect(allocateMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinor(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocateMinor(1000, [1, 3])).toEqual([250, 750]);
    expect(allocateMinor(5, [0, 1])).toEqual([0, 5]);
    expect(allocateMinor(5, [])).toEqual([]);
  });

  it('refuses weights it cannot use', () => {
    expect(() => allocateMinor(5, [0, 0])).toThrow(RangeError);
    expect(() => allocateMinor(5, [-1, 2])).toThrow(RangeError);
    expect(() => allocateMinor(5, [0.5])).toThrow(RangeError);
  });

  it('always adds back up to the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc
          .array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 10 })
          .filter((weights) => weights.some((weight) => weight > 0)),
        (amount, weights) => {
          const parts = allocateMinor(amount, weights);
          expect(parts.reduce((total, part) => total + part, 0)).toBe(amount);
          weights.forEach((weight, index) => {
            if (weight === 0) expect(parts[index]).toBe(0);
          });
        },
      ),
    );
  });
});

describe('formatMoney: every currency with a format of its own', () => {
  it.each([
    ['GBP', 'en-GB', '£1,234.50'],
    ['USD', 'en-US', '$1,234.50'],
    ['AED', 'en-AE', 'AED 1,234.50'],
    ['ZAR', 'en-ZA', 'R 1 234,50'],
    ['DKK', 'en-DK', '1.234,50 kr.'],
    ['EUR', 'en-EU', '€1,234.50'],
    ['AUD', 'en-AU', '$1,234.50'],
    ['CAD', 'en-CA', '$1,234.50'],
    ['MXN', 'en-MX', 'MX$1,234.50'],
    ['NGN', 'en-NG', '₦1,234.50'],
    ['KES', 'en-KE', 'Ksh 1,234.50'],
  ])('%s is formatted in %s: %s', (currency, locale, expected) => {
    expect(localeForCurrency(currency)).toBe(locale);
    expect(plain(formatMoney({ amount: 123450, currency }))).toBe(expected);
  });

  it('lists the eleven formats, each with two minor digits', () => {
    expect(CURRENCY_FORMATS).toHaveLength(11);
    for (const { locale, currency } of CURRENCY_FORMATS) {
      const digits = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
      expect(digits).toBe(2);
    }
  });

  it('formats other currencies in en-GB and honours an explicit locale', () => {
    expect(isSupportedCurrency('GBP')).toBe(true);
    expect(isSupportedCurrency('CHF')).toBe(false);
    expect(localeForCurrency('CHF')).toBe('en-GB');
    expect(plain(formatMoney({ amount: 1999, currency: 'GBP' }, 'en-US'))).toBe('£19.99');
    expect(plain(formatMoney({ amount: -1999, currency: 'GBP' }))).toBe('-£19.99');
  });
});

describe('convertForDisplay', () => {
  const rates: ExchangeRates = { Base: 'GBP', Rates: { EUR: 1.17, USD: 1.27, ZAR: 23.1, BAD: 0 } };

  it('converts from and to the base, and across, rounding once', () => {
    expect(convertForDisplay({ amount: 10000, currency: 'GBP' }, 'EUR', rates)).toEqual({
      amount: 11700,
      currency: 'EUR',
    });
    expect(convertForDisplay({ amount: 11700, currency: 'EUR' }, 'GBP', rates)).toEqual({
      amount: 10000,
      currency: 'GBP',
    });
    // 100 EUR = 100 / 1.17 * 1.27 USD = 108.547... USD
    expect(convertForDisplay({ amount: 10000, currency: 'EUR' }, 'USD', rates)).toEqual({
      amount: 10855,
      currency: 'USD',
    });
  });

  it('keeps the same currency and refuses an unknown or unusable rate', () => {
    const money = { amount: 500, currency: 'USD' };
    expect(convertForDisplay(money, 'USD', rates)).toBe(money);
    expect(convertForDisplay(money, 'JPY', rates)).toBeUndefined();
    expect(convertForDisplay(money, 'BAD', rates)).toBeUndefined();
  });
});
