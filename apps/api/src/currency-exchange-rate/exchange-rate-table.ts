import { DEFAULT_CURRENCY, type ExchangeRates } from '@hotel/domain/money';
import type { ExchangeRateRow } from './currency-exchange-rate-queries';

// Derived rates (inverses, cross rates) are rounded to this many significant digits: far
// finer than a displayed price needs, and short on the wire.
const significantDigits = 10;

type Edge = { to: string; factor: number; stated: boolean };

/**
 * One table against one base, the shape `convertForDisplay` reads, from rates that several
 * definition files may have stated against different bases. The base is that of the latest
 * import; a currency stated against another base is reached through the fewest conversions
 * (1 GBP = 1.17 EUR and 1 EUR = 7.46 DKK give 1 GBP = 8.7282 DKK), the latest rates first.
 */
export function toExchangeRateTable(rows: readonly ExchangeRateRow[]): ExchangeRates {
  const base = rows[0]?.base ?? DEFAULT_CURRENCY;
  const edges = new Map<string, Edge[]>();
  const link = (from: string, edge: Edge) => edges.set(from, [...(edges.get(from) ?? []), edge]);
  for (const row of rows) {
    link(row.base, { to: row.currency, factor: row.rate, stated: true });
    link(row.currency, { to: row.base, factor: 1 / row.rate, stated: false });
  }
  const unrounded = new Map<string, number>([[base, 1]]);
  const rates: Record<string, number> = { [base]: 1 };
  const queue = [base];
  for (let currency = queue.shift(); currency !== undefined; currency = queue.shift()) {
    for (const edge of edges.get(currency) ?? []) {
      if (unrounded.has(edge.to)) continue;
      const rate = unrounded.get(currency)! * edge.factor;
      unrounded.set(edge.to, rate);
      // A rate stated against the base itself is served exactly as the file wrote it.
      rates[edge.to] = currency === base && edge.stated ? edge.factor : Number(rate.toPrecision(significantDigits));
      queue.push(edge.to);
    }
  }
  return { Base: base, Rates: rates };
}
