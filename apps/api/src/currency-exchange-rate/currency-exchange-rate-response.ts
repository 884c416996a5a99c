import { z } from 'zod';
import type { ExchangeRates } from '@hotel/domain/money';

/** 1 `Base` = `Rates[X]` X, `Base` itself included at 1: `ExchangeRates` of @hotel/domain/money. */
export const exchangeRatesResponseSchema = z.object({
  Base: z.string(),
  Rates: z.record(z.string(), z.number()),
});

export type ExchangeRatesResponse = z.infer<typeof exchangeRatesResponseSchema>;

export function toExchangeRatesResponse(table: ExchangeRates): ExchangeRatesResponse {
  return { Base: table.Base, Rates: { ...table.Rates } };
}
