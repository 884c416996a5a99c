import { sql } from 'drizzle-orm';
import { rawRows, type Queryable } from '../database';

/** Where the data lives now: the cluster, its timeline and the database within it. */
const liveIdentity = sql`
  (SELECT system_identifier::text FROM pg_control_system()),
  (SELECT timeline_id FROM pg_control_checkpoint()),
  (SELECT oid::bigint FROM pg_database WHERE datname = current_database())`;

/**
 * Gives every booking changed since the last run the next feed numbers. Run it in a writing
 * transaction at READ COMMITTED, the default, and commit straight after: each statement then
 * sees every change committed before it, and the numbers become visible in the order they were
 * given, so a reader that serves `feed_seq` above its cursor from one snapshot never passes a
 * number that shows up later.
 *
 * - The state row's lock makes sequencers take turns: one that waits reads the last number its
 *   predecessor committed.
 * - A booking a writer holds is left for the next run (SKIP LOCKED): the sequencer never waits
 *   on a booking, and the writer's commit leaves it pending again anyway.
 * - In another database than the one that numbered last (a restored backup, a promoted replica),
 *   a new generation starts after the last number the data carries.
 */
export async function sequenceFeed(tx: Queryable): Promise<void> {
  const [state] = await rawRows<{ moved: boolean }>(
    tx,
    sql`SELECT (g.system_identifier, g.timeline_id, g.database_oid) IS DISTINCT FROM (${liveIdentity}) AS moved
        FROM reservations_feed_state s JOIN reservations_feed_generations g ON g.id = s.generation_id
        FOR UPDATE OF s`,
  );
  if (!state) throw new Error('reservations_feed_state has no row: migration 0025 makes it');
  if (state.moved) await startGeneration(tx);
  await tx.execute(sql`
    WITH pending AS (
      SELECT id FROM reservations WHERE feed_seq IS NULL ORDER BY id FOR UPDATE SKIP LOCKED
    ), numbered AS (
      UPDATE reservations r SET feed_seq = s.last_seq + p.rank
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS rank FROM pending) p, reservations_feed_state s
      WHERE r.id = p.id
      RETURNING r.id
    )
    UPDATE reservations_feed_state SET last_seq = last_seq + (SELECT count(*) FROM numbered)
    WHERE EXISTS (SELECT 1 FROM numbered)`);
}

/** Records where the data now lives, after the last number it came with, and the latest change it holds. */
async function startGeneration(tx: Queryable): Promise<void> {
  await tx.execute(sql`
    WITH generation AS (
      INSERT INTO reservations_feed_generations (system_identifier, timeline_id, database_oid, started_after, resync_from)
      SELECT ${liveIdentity}, s.last_seq, (SELECT max(updated_at) FROM reservations)
      FROM reservations_feed_state s
      RETURNING id
    )
    UPDATE reservations_feed_state SET generation_id = (SELECT id FROM generation)`);
}
