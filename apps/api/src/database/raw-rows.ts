import type { SQL } from 'drizzle-orm';
import type { Queryable } from './db';

/**
 * Runs hand-written SQL and answers its rows. Both drivers (pg and PGlite) answer `{ rows }`,
 * but the shared `Db` type cannot know it, so the cast lives here once.
 */
export async function rawRows<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
