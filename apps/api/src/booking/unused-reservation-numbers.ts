import { sql } from 'drizzle-orm';
import { type Queryable, rawRows } from '../database';
import { newReservationNumber } from './reservation-number';

/** Checked in one query when the stock runs out: one round trip per this many bookings instead of one each. */
const BATCH = 64;

/**
 * Reservation numbers no reservation had when they were checked, taken by bookings without a
 * query of their own. A number is random over about 6.5 x 10^11, so one checked a moment ago
 * is still unused unless another booking drew the very same number since, which the unique
 * index refuses (as it would refuse two bookings checking the same number at once without the
 * stock). One per application context, never shared between processes.
 */
export class ReservationNumberStock {
  private readonly stock: string[] = [];

  constructor(private readonly db: Queryable) {}

  async take(): Promise<string> {
    for (let attempt = 0; this.stock.length === 0; attempt += 1) {
      if (attempt === 5) throw new Error(`no unused reservation number among ${5 * BATCH} drawn`);
      this.stock.push(...(await withoutUsedNumbers(this.db, Array.from({ length: BATCH }, newReservationNumber))));
    }
    return this.stock.pop()!;
  }
}

/** The candidates no reservation has, in their order. */
export async function withoutUsedNumbers(db: Queryable, candidates: string[]): Promise<string[]> {
  // The alphabet has no comma, brace or quote, so the candidates make a plain array literal.
  const rows = await rawRows<{ number: string }>(
    db,
    sql`SELECT candidate AS number FROM unnest(${`{${candidates.join(',')}}`}::text[]) WITH ORDINALITY AS c(candidate, ordinality)
        WHERE NOT EXISTS (SELECT 1 FROM reservations WHERE reservation_number = candidate)
        ORDER BY ordinality`,
  );
  return rows.map((row) => row.number);
}
