import { describe, expect, it } from 'vitest';
import { currencyExponent } from '@hotel/domain/money';
import { PAYSTACK_CURRENCIES } from '../../src/payments';
import { stripeAmount, stripeCurrencyProblem } from '../../src/payments/stripe-amounts';

describe('the amounts each provider is sent, in its own unit of the currency', () => {
  it('sends Stripe its unit: yen as yen, pounds as pence, krónur as hundredths, dinars as fils ending in 0', () => {
    // ¥170,173 is 170173: Stripe's zero-decimal currencies are sent in whole units.
    expect(stripeAmount(170173, 'JPY')).toBe(170173);
    expect(stripeAmount(24000, 'GBP')).toBe(24000);
    // 5 ISK is 500: ISK and UGX are whole units written with two decimals "00".
    expect(stripeAmount(5, 'ISK')).toBe(500);
    expect(stripeAmount(5120, 'KWD')).toBe(5120);
    // 5.124 KWD cannot be sent: thrown, never rounded into another charge.
    expect(() => stripeAmount(5124, 'KWD')).toThrow(RangeError);
  });

  it('tells the definition import which currencies a Stripe property may not have, and why', () => {
    expect(stripeCurrencyProblem('JPY')).toBeNull();
    expect(stripeCurrencyProblem('ISK')).toBeNull();
    expect(stripeCurrencyProblem('KWD')).toBe(
      'Stripe cannot charge every KWD price exactly: it takes KWD amounts only in steps of 0.010, so a booking could be charged another amount than its price. Use another payment provider for this property.',
    );
    expect(stripeCurrencyProblem('MGA')).toBe(
      'Stripe cannot charge every MGA price exactly: it takes MGA amounts only in steps of 1, so a booking could be charged another amount than its price. Use another payment provider for this property.',
    );
  });

  it("sends PayStack our minor units as they are: each of its currencies has 2 decimals, kobo, pesewas or cents (PayStack's amounts)", () => {
    // paystack-api.ts passes minor units straight through; that is right only while this holds.
    for (const currency of PAYSTACK_CURRENCIES) expect(currencyExponent(currency)).toBe(2);
  });
});
