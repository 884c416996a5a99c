import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertForDisplay, formatMoney, toMinor, type ExchangeRates } from '@hotel/domain/money';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rates = async (): Promise<ExchangeRates> => (await request(t.app).get('/api/CurrencyExchangeRate').expect(200)).body;

describe('GET /api/CurrencyExchangeRate', () => {
  it('answers the default currency alone before any definition gives rates, cacheable by anyone for 5 minutes', async () => {
    const response = await request(t.app).get('/api/CurrencyExchangeRate').expect(200);
    expect(response.body).toEqual({ Base: 'GBP', Rates: { GBP: 1 } });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it("answers the definition's rates exactly as written, with the base itself at 1", async () => {
    await givenDefinition(t.context, {
      ...aDefinition(aProperty({ Code: 'PARIS', Currency: 'EUR', AvailableCurrencies: ['EUR', 'GBP', 'USD'] })),
      ExchangeRates: { Base: 'GBP', Rates: { EUR: 1.17, USD: 1.27 } },
    });
    expect(await rates()).toEqual({ Base: 'GBP', Rates: { GBP: 1, EUR: 1.17, USD: 1.27 } });
  });

  it('lets the web convert a price from the property currency to each available currency with convertForDisplay', async () => {
    const table = await rates();
    const price = { amount: toMinor(100, 'EUR'), currency: 'EUR' };
    // €100 = 100 / 1.17 GBP = £85.470... -> £85.47
    expect(convertForDisplay(price, 'GBP', table)).toEqual({ amount: 8547, currency: 'GBP' });
    // €100 = 100 x 1.27 / 1.17 USD = $108.547... -> $108.55
    expect(convertForDisplay(price, 'USD', table)).toEqual({ amount: 10855, currency: 'USD' });
    expect(formatMoney(convertForDisplay(price, 'USD', table)!)).toBe('$108.55');
  });

  it('joins rates another definition states against another base, through the fewest conversions', async () => {
    await givenDefinition(t.context, {
      ...aDefinition(aProperty({ Code: 'COPENHAGEN', Currency: 'DKK', AvailableCurrencies: ['DKK', 'EUR', 'GBP', 'USD'] })),
      ExchangeRates: { Base: 'EUR', Rates: { DKK: 7.46 } },
    });
    // The latest import's base; GBP and USD reached through the earlier GBP rates.
    expect(await rates()).toEqual({
      Base: 'EUR',
      Rates: { EUR: 1, DKK: 7.46, GBP: 0.8547008547, USD: 1.085470085 },
    });
    const table = await rates();
    // £100 = 100 x 1.17 x 7.46 DKK = 872.82 kr exactly, whichever way round the rates are stored.
    expect(convertForDisplay({ amount: toMinor(100, 'GBP'), currency: 'GBP' }, 'DKK', table)).toEqual({ amount: 87282, currency: 'DKK' });
    // 1,000 kr = 1000 / 7.46 EUR = €134.048... -> €134.05
    expect(convertForDisplay({ amount: toMinor(1000, 'DKK'), currency: 'DKK' }, 'EUR', table)).toEqual({ amount: 13405, currency: 'EUR' });
    // $50 = 50 / 1.27 x 1.17 x 7.46 DKK = 436.41 / 1.27 = 343.6299... -> 343.63 kr
    expect(convertForDisplay({ amount: toMinor(50, 'USD'), currency: 'USD' }, 'DKK', table)).toEqual({ amount: 34363, currency: 'DKK' });
  });

  it('follows a re-import that changes a rate', async () => {
    await givenDefinition(t.context, {
      ...aDefinition(aProperty({ Code: 'PARIS', Currency: 'EUR', AvailableCurrencies: ['EUR', 'GBP', 'USD'] })),
      ExchangeRates: { Base: 'GBP', Rates: { EUR: 1.2, USD: 1.25 } },
    });
    expect(await rates()).toEqual({ Base: 'GBP', Rates: { GBP: 1, EUR: 1.2, USD: 1.25, DKK: 8.952 } });
  });

  it("converts into and out of currencies without two decimals, rounding once to the target currency's minor unit", async () => {
    await givenDefinition(t.context, {
      ...aDefinition(aProperty({ Code: 'TOKYO', Currency: 'JPY', AvailableCurrencies: ['JPY', 'GBP', 'KWD'] })),
      ExchangeRates: { Base: 'GBP', Rates: { JPY: 188.7, KWD: 0.3873 } },
    });
    const table = await rates();
    const stay = { amount: toMinor(170173, 'JPY'), currency: 'JPY' };
    // ¥170,173 / 188.7 = £901.8177 = 90,181.77 pence -> 90,182 (not 901.82 pence from yen read as hundredths).
    expect(convertForDisplay(stay, 'GBP', table)).toEqual({ amount: 90182, currency: 'GBP' });
    expect(formatMoney(convertForDisplay(stay, 'GBP', table)!)).toBe('£901.82');
    // ¥170,173 / 188.7 x 0.3873 = 349.273995 KWD = 349,273.995 fils -> 349,274.
    expect(formatMoney(convertForDisplay(stay, 'KWD', table)!).replace(/\u00a0/g, ' ')).toBe('KWD 349.274');
    // £100.00 = 10,000 pence x 188.7 / 100 = ¥18,870.
    expect(convertForDisplay({ amount: toMinor(100, 'GBP'), currency: 'GBP' }, 'JPY', table)).toEqual({ amount: 18870, currency: 'JPY' });
  });

  it('is in the OpenAPI document', async () => {
    const { body } = await request(t.app).get('/api/openapi.json').expect(200);
    expect(body.paths['/api/CurrencyExchangeRate'].get.responses['200']).toBeDefined();
  });
});
