import type { ExchangeRatesResponse } from '@hotel/domain/wire/currency-exchange-rate-response';
import type { ExchangeRates } from '@hotel/domain/money';

export function toExchangeRatesResponse(table: ExchangeRates): ExchangeRatesResponse {
  return { Base: table.Base, Rates: { ...table.Rates } };
}
