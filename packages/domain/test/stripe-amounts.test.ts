import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ISO_CURRENCIES } from '../src/money';
import { fromStripeAmount, stripeTakesEveryAmount, stripeUnitOf, toStripeAmount } from '../src/stripe-amounts';

// What docs.stripe.com/currencies says to send, worked for each kind of currency.
describe("Stripe's unit of each currency", () => {
  it.each([
    // Zero-decimal: ¥170,173 is 170173, as our yen are.
    [170173, 'JPY', 170173],
    [50000, 'KRW', 50000],
    [1000, 'CLP', 1000],
    // Two-decimal: £240.00 is 24,000 pence, as ours; HUF and TWD charge their 2 decimals.
    [24000, 'GBP', 24000],
    [123405, 'HUF', 123405],
    [80045, 'TWD', 80045],
    // ISK and UGX: whole units (ISO 0) written with two decimals "00": 5 ISK is 500.
    [5, 'ISK', 500],
    [17000, 'UGX', 1700000],
    // Three-decimal: 5.120 KWD is 5120 fils, its last digit 0.
    [5120, 'KWD', 5120],
    [10, 'BHD', 10],
    // MGA: 2 decimals in ISO, zero-decimal at Stripe: 12.00 ariary is 12.
    [1200, 'MGA', 12],
  ])('%s minor units of %s are sent as %s', (minor, currency, amount) => {
    expect(toStripeAmount(minor, currency)).toBe(amount);
    expect(fromStripeAmount(amount, currency)).toBe(minor);
  });

  it.each([
    [5124, 'KWD'], // 5.124 KWD: Stripe requires the last digit to be 0
    [1, 'OMR'],
    [12345, 'TND'],
    [1250, 'MGA'], // 12.50 ariary: no fraction of an ariary at Stripe
    [1234, 'IQD'], // 1.234 IQD: ISO's three decimals, "two-decimal unless otherwise specified" at Stripe
    [12345, 'CLF'],
  ])('%s minor units of %s cannot be sent exactly', (minor, currency) => {
    expect(toStripeAmount(minor, currency)).toBeUndefined();
  });

  it('tells which currencies Stripe can charge every amount of', () => {
    for (const currency of ['JPY', 'GBP', 'EUR', 'USD', 'ISK', 'UGX', 'HUF', 'KRW', 'NGN'])
      expect(stripeTakesEveryAmount(currency)).toBe(true);
    for (const currency of ['KWD', 'BHD', 'JOD', 'OMR', 'TND', 'MGA', 'IQD', 'LYD', 'CLF', 'UYW'])
      expect(stripeTakesEveryAmount(currency)).toBe(false);
    expect(stripeUnitOf('KWD')).toEqual({ exponent: 3, step: 10 });
    expect(stripeUnitOf('ISK')).toEqual({ exponent: 2, step: 100 });
  });

  it('sends every amount of a currency it takes exactly, and reads it back, always a multiple of its step', () => {
    const takes = ISO_CURRENCIES.filter(stripeTakesEveryAmount);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom(...takes), (minor, currency) => {
        const amount = toStripeAmount(minor, currency)!;
        expect(Number.isSafeInteger(amount)).toBe(true);
        expect(amount % stripeUnitOf(currency).step).toBe(0);
        expect(fromStripeAmount(amount, currency)).toBe(minor);
      }),
    );
  });

  it('sends a three-decimal amount exactly when, and only when, its last digit is 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom('BHD', 'JOD', 'KWD', 'OMR', 'TND'), (minor, currency) => {
        expect(toStripeAmount(minor, currency)).toBe(minor % 10 === 0 ? minor : undefined);
      }),
    );
  });
});
