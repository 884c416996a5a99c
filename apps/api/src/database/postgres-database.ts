import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from '@hotel/db/schema';
import type { Logger } from 'pino';
import { databasePoolDefaults, type DatabasePool } from '../config';
import type { Database, Db } from './db';
import { findMigrationsFolder } from './migrations-folder';

export type PostgresOptions = {
  connectionString: string;
  logger: Logger;
  /** Any setting left out takes its default (`databasePoolDefaults`). */
  pool?: Partial<DatabasePool>;
};

/**
 * Two node-postgres pools with bounded waits, so a slow, busy or absent database answers 503
 * in seconds instead of hanging requests. Transactions that write take their connection from
 * one; single statements and read-only transactions from the other. A writing transaction holds
 * its connection across round trips and may wait on a row lock for as long as another holds it
 * (an import, a stuck booking): sharing one pool, a burst of bookings queued on one lock took
 * every connection, and searches and calendars, which never wait on a lock, queued behind them
 * and failed. Apart, writers can only exhaust their own share.
 */
export function openPostgresDatabase({ connectionString, logger, pool: settings }: PostgresOptions): Database {
  const { writeConnections, readConnections, connectionWaitMs, lockWaitMs } = { ...databasePoolDefaults, ...settings };
  const poolOf = (max: number, use: string) => {
    const pool = new pg.Pool({
      connectionString,
      max,
      connectionTimeoutMillis: connectionWaitMs,
      idleTimeoutMillis: 30_000,
      statement_timeout: 15_000,
      // A statement behind another transaction's row lock gives its connection back (and its
      // request a 503) rather than holding it until the statement timeout.
      lock_timeout: lockWaitMs,
      idle_in_transaction_session_timeout: 30_000,
      application_name: `hotel-api ${use}`,
    });
    // An idle client losing its connection emits here; unhandled, it would crash the process.
    pool.on('error', (error) => logger.error({ err: error }, 'idle database connection failed'));
    // A checked-out client (a transaction between two statements, or mid-statement) emits
    // 'error' on itself when the server goes away, and the pool listens only to idle ones:
    // without this, a database restart during a booking would kill the process. The statement
    // in flight is rejected with the same error (the request answers 503) and the broken client
    // is discarded when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return pool;
  };
  const reads = poolOf(readConnections, 'reads');
  const writes = poolOf(writeConnections, 'writes');
  const db = drizzle({ client: reads, schema });
  const writer = drizzle({ client: writes, schema });
  // Every area writes `db.transaction(...)`: the choice of pool is made here, once.
  const readOnlyTransaction = db.transaction.bind(db);
  db.transaction = (run, config) =>
    config?.accessMode === 'read only' ? readOnlyTransaction(run, config) : writer.transaction(run, config);
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    async ping() {
      await reads.query('select 1');
    },
    async close() {
      await Promise.all([reads.end(), writes.end()]);
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
