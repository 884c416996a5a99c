import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateMinor,
  applyFixedDiscount,
  applyPercentDiscount,
  assertMinor,
  convertForDisplay,
  currencyExponent,
  CURRENCY_FORMATS,
  divideMinor,
  formatMoney,
  hasCurrencyDecimals,
  isIsoCurrency,
  ISO_CURRENCIES,
  ISO_CURRENCY_EXPONENTS,
  isSupportedCurrency,
  localeForCurrency,
  MAX_CURRENCY_EXPONENT,
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

describe('the currencies of ISO 4217 and their minor units', () => {
  it.each([
    ['JPY', 0],
    ['KRW', 0],
    ['VND', 0],
    ['CLP', 0],
    ['ISK', 0],
    ['UGX', 0],
    ['GBP', 2],
    ['EUR', 2],
    ['USD', 2],
    ['HUF', 2],
    ['MGA', 2],
    ['IDR', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['OMR', 3],
    ['JOD', 3],
    ['TND', 3],
    ['IQD', 3],
    ['LYD', 3],
    ['CLF', 4],
    ['UYW', 4],
  ])('%s has %s decimals', (currency, exponent) => {
    expect(isIsoCurrency(currency)).toBe(true);
    expect(currencyExponent(currency)).toBe(exponent);
  });

  it('lists the active codes only, upper case, each with 0, 2, 3 or 4 decimals', () => {
    expect(ISO_CURRENCIES).toHaveLength(165);
    for (const code of ISO_CURRENCIES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3, 4]).toContain(ISO_CURRENCY_EXPONENTS[code]);
    }
    expect(Math.max(...Object.values(ISO_CURRENCY_EXPONENTS))).toBe(MAX_CURRENCY_EXPONENT);
    // Withdrawn codes, codes without a minor unit, made-up codes and other spellings are not currencies.
    for (const code of ['HRK', 'SLL', 'BGN', 'ANG', 'XAU', 'XDR', 'XXX', 'XTS', 'XYZ', 'gbp', 'GB', 'toString', '']) {
      expect(isIsoCurrency(code)).toBe(false);
      expect(() => currencyExponent(code)).toThrow(RangeError);
    }
  });
});

describe('toMinor / toMajor: floats only at the wire, in the minor unit of the currency', () => {
  it.each([
    [14.5, 'GBP', 1450],
    [0.1 + 0.2, 'GBP', 30],
    [19.99, 'GBP', 1999],
    [1.005, 'GBP', 101], // the decimal 1.005 rounds half away from zero, not its binary neighbour
    [-1.005, 'GBP', -101],
    [-2.5, 'GBP', -250],
    [0, 'GBP', 0],
    [1e-7, 'GBP', 0],
    [123456789.12, 'GBP', 12345678912],
    // The oracle's stay: ¥170,173 is 170,173 yen, not 17,017,300 hundredths of a yen.
    [170173, 'JPY', 170173],
    [0.5, 'JPY', 1], // float noise or a typed fraction rounds once to a whole yen, half away from zero
    [-0.5, 'JPY', -1],
    [5.124, 'KWD', 5124], // fils: 1/1000 of a dinar
    [0.0005, 'KWD', 1], // half a fils rounds away from zero
    [12.3456, 'CLF', 123456],
  ])('toMinor(%s, %s) = %s', (major, currency, minor) => {
    expect(toMinor(major, currency)).toBe(minor);
  });

  it.each([
    [1450, 'GBP', 14.5],
    [30, 'GBP', 0.3],
    [1999, 'GBP', 19.99],
    [-5, 'GBP', -0.05],
    [170173, 'JPY', 170173],
    [5124, 'KWD', 5.124],
    [5, 'BHD', 0.005],
    [123456, 'CLF', 12.3456],
  ])('toMajor(%s, %s) = %s', (minor, currency, major) => {
    expect(toMajor(minor, currency)).toBe(major);
  });

  it.each([
    [0, 'JPY'],
    [2, 'GBP'],
    [3, 'KWD'],
    [4, 'UYW'],
  ])('round-trips every amount exactly with %s decimals (%s)', (exponent, currency) => {
    const decimals = new RegExp(exponent === 0 ? '^-?\\d+$' : `^-?\\d+(\\.\\d{1,${exponent}})?$`);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        const major = toMajor(minor, currency);
        expect(toMinor(major, currency)).toBe(minor);
        expect(String(major)).toMatch(decimals);
        expect(hasCurrencyDecimals(major, currency)).toBe(true);
      }),
    );
  });

  it('tells whether a wire amount has no more decimals than its currency', () => {
    expect(hasCurrencyDecimals(170173, 'JPY')).toBe(true);
    expect(hasCurrencyDecimals(100.5, 'JPY')).toBe(false);
    expect(hasCurrencyDecimals(14.5, 'GBP')).toBe(true);
    expect(hasCurrencyDecimals(14.505, 'GBP')).toBe(false);
    expect(hasCurrencyDecimals(0.1 + 0.2, 'GBP')).toBe(true); // float noise, not a third decimal
    expect(hasCurrencyDecimals(5.124, 'KWD')).toBe(true);
    expect(hasCurrencyDecimals(5.1245, 'KWD')).toBe(false);
    expect(hasCurrencyDecimals(1e21, 'JPY')).toBe(true);
  });

  it('holds any decimal amount to its currency: more decimals, never exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom('JPY', 'GBP', 'KWD'),
        (minor, digit, currency) => {
          // One more, non-zero digit after the currency's last one: 5.3 yen, 14.505 pounds, 5.1245 dinars.
          const finer = (minor * 10 + digit) / 10 ** (currencyExponent(currency) + 1);
          expect(hasCurrencyDecimals(finer, currency)).toBe(false);
        },
      ),
    );
  });

  it('refuses what is not money, and a currency that is not one', () => {
    expect(() => toMinor(Number.NaN, 'GBP')).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY, 'GBP')).toThrow(RangeError);
    expect(() => toMinor(1e300, 'GBP')).toThrow(RangeError);
    expect(() => toMajor(1.5, 'GBP')).toThrow(RangeError);
    expect(() => assertMinor(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
    expect(() => toMinor(1, 'XYZ')).toThrow(RangeError);
    expect(() => toMajor(1, 'XYZ')).toThrow(RangeError);
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

  it('shows exactly the decimals of the currency, whatever the locale data says', () => {
    expect(plain(formatMoney({ amount: 170173, currency: 'JPY' }))).toBe('JP¥170,173');
    expect(plain(formatMoney({ amount: 5124, currency: 'KWD' }))).toBe('KWD 5.124');
    expect(plain(formatMoney({ amount: 5000, currency: 'BHD' }))).toBe('BHD 5.000');
    // Intl's own data shows these without decimals; what is charged must show whole.
    expect(plain(formatMoney({ amount: 123405, currency: 'HUF' }))).toBe('HUF 1,234.05');
    expect(plain(formatMoney({ amount: 1234567, currency: 'IQD' }))).toBe('IQD 1,234.567');
    expect(plain(formatMoney({ amount: 123456, currency: 'CLF' }))).toBe('CLF 12.3456');
    expect(() => formatMoney({ amount: 1, currency: 'XYZ' })).toThrow(RangeError);
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

  it("rounds once to a whole minor unit of the target currency, whatever both currencies' decimals", () => {
    const mixed: ExchangeRates = { Base: 'GBP', Rates: { JPY: 188.7, KWD: 0.3873, EUR: 1.17 } };
    // £100.00 = 10,000 pence x 188.7 / 100 = ¥18,870
    expect(convertForDisplay({ amount: 10000, currency: 'GBP' }, 'JPY', mixed)).toEqual({ amount: 18870, currency: 'JPY' });
    // ¥170,173 / 188.7 = £901.8177... = 90,181.77 pence -> 90,182
    expect(convertForDisplay({ amount: 170173, currency: 'JPY' }, 'GBP', mixed)).toEqual({ amount: 90182, currency: 'GBP' });
    // ¥170,173 / 188.7 x 0.3873 = 349.273995... KWD = 349,273.995 fils -> 349,274
    expect(convertForDisplay({ amount: 170173, currency: 'JPY' }, 'KWD', mixed)).toEqual({ amount: 349274, currency: 'KWD' });
    // 5.124 KWD / 0.3873 x 1.17 = 15.479163... EUR = 1,547.9163 cents -> 1,548
    expect(convertForDisplay({ amount: 5124, currency: 'KWD' }, 'EUR', mixed)).toEqual({ amount: 1548, currency: 'EUR' });
    // ¥1 / 188.7 = 0.0052994... GBP = 0.53 pence -> 1 penny
    expect(convertForDisplay({ amount: 1, currency: 'JPY' }, 'GBP', mixed)).toEqual({ amount: 1, currency: 'GBP' });
  });

  it('keeps the same currency and refuses an unknown or unusable rate', () => {
    const money = { amount: 500, currency: 'USD' };
    expect(convertForDisplay(money, 'USD', rates)).toBe(money);
    expect(convertForDisplay(money, 'JPY', rates)).toBeUndefined();
    expect(convertForDisplay(money, 'BAD', rates)).toBeUndefined();
    expect(convertForDisplay(money, 'XYZ', { Base: 'USD', Rates: { XYZ: 2 } })).toBeUndefined();
  });
});
