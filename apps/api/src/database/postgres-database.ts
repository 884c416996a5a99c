import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from '@hotel/db/schema';
import type { Logger } from 'pino';
import type { Database, Db } from './db';
import { findMigrationsFolder } from './migrations-folder';

export type PostgresOptions = {
  connectionString: string;
  logger: Logger;
  maxConnections?: number;
};

/** A node-postgres pool with bounded waits, so a slow or absent database fails fast instead of hanging requests. */
export function openPostgresDatabase({ connectionString, logger, maxConnections = 20 }: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    idle_in_transaction_session_timeout: 30_000,
    application_name: 'hotel-api',
  });
  // An idle client losing its connection emits here; unhandled, it would crash the process.
  pool.on('error', (error) => logger.error({ err: error }, 'idle database connection failed'));
  // A checked-out client (a transaction between two statements, or mid-statement) emits
  // 'error' on itself when the server goes away, and the pool listens only to idle ones:
  // without this, a database restart during a booking would kill the process. The statement
  // in flight is rejected with the same error (the request answers 503) and the broken client
  // is discarded when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/** Arbitrary but fixed: every API process migrating at once queues on this advisory lock. */
const migrationLockId = 727_001;

/** Applies pending migrations under an advisory lock so several API processes can start together. */
export async function migratePostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockId]);
    await migrate(drizzle({ client, schema }), { migrationsFolder: findMigrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
    await client.end();
  }
}
