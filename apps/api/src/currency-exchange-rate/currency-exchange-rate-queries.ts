import { desc } from 'drizzle-orm';
import { exchangeRates } from '@hotel/db/schema';
import type { Queryable } from '../database';

/** 1 `base` = `rate` `currency`, as a definition stated it. */
export type ExchangeRateRow = { base: string; currency: string; rate: number; updatedAt: Date };

/** Every stored rate, the most recently imported first. */
export async function findExchangeRates(db: Queryable): Promise<ExchangeRateRow[]> {
  return db
    .select({ base: exchangeRates.base, currency: exchangeRates.currency, rate: exchangeRates.rate, updatedAt: exchangeRates.updatedAt })
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.updatedAt), exchangeRates.base, exchangeRates.currency);
}
