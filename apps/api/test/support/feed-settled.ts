import { sql } from 'drizzle-orm';
import { rawRows } from '../../src/database/raw-rows';
import { settledHorizon } from '../../src/reservations-feed/reservations-feed-queries';
import type { TestApp } from './test-app';

/**
 * Waits until every transaction of the app's database that had begun writing by now has ended.
 * The reservations feed serves a change only then, and the app's own background work (the mail
 * dispatcher claiming a confirmation) may be mid-transaction at the moment a test reads.
 */
export async function feedSettled(t: TestApp): Promise<void> {
  const [now] = await rawRows<{ end: string }>(t.database.db, sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS end`);
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const [horizon] = await rawRows<{ passed: boolean }>(t.database.db, sql`SELECT ${settledHorizon} >= ${now!.end}::xid8 AS passed`);
    if (horizon!.passed) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('a transaction of the test database stayed open for 10 s');
}
