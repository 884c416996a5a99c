import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './shared-columns';

/**
 * Each stretch of the feed's numbering lived in one database: a generation starts when the feed's
 * sequencer finds itself in a database other than the one that numbered last (a backup restored
 * into another cluster or database, a promoted replica). Numbers up to `started_after` came with
 * the data; a cursor of an earlier generation beyond them may have seen changes the copy lost.
 */
export const reservationsFeedGenerations = pgTable('reservations_feed_generations', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The order generations began in. */
  position: serial('position').notNull().unique(),
  /** `pg_control_system().system_identifier`: the cluster (initdb), as text. */
  systemIdentifier: text('system_identifier').notNull(),
  /** `pg_control_checkpoint().timeline_id`: a point-in-time recovery or promotion starts a new timeline. */
  timelineId: integer('timeline_id').notNull(),
  /** The database's oid within its cluster: a restore into a new database of the same cluster gets another. */
  databaseOid: bigint('database_oid', { mode: 'number' }).notNull(),
  /** The highest number given before this generation began: every cursor at or below it is still good. */
  startedAfter: bigint('started_after', { mode: 'number' }).notNull(),
  /** The latest change the data held when this generation began: where a PMS resyncs from. */
  resyncFrom: instant('resync_from'),
  startedAt: instant('started_at').notNull().defaultNow(),
});

/** The sequencer's one row: the last number given and the generation giving them. Its row lock serialises sequencers. */
export const reservationsFeedState = pgTable(
  'reservations_feed_state',
  {
    one: boolean('one').primaryKey().default(true),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => reservationsFeedGenerations.id, { onDelete: 'restrict' }),
  },
  (t) => [check('reservations_feed_state_one_row', sql`${t.one}`)],
);
