import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type * as schema from '@hotel/db/schema';

export type Schema = typeof schema;

/** The one database type the application codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle: repositories take it so the use case owns the transaction. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Either a database or a transaction: read queries run in both. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
};
