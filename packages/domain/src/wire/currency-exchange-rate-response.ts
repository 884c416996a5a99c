import { z } from 'zod';

/** 1 `Base` = `Rates[X]` X, `Base` itself included at 1: `ExchangeRates` of @hotel/domain/money. */
export const exchangeRatesResponseSchema = z
  .object({
    Base: z.string(),
    Rates: z.record(z.string(), z.number()),
  })
  .meta({ id: 'ExchangeRates' });

export type ExchangeRatesResponse = z.infer<typeof exchangeRatesResponseSchema>;
