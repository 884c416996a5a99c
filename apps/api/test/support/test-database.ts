import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { DatabasePool } from '../../src/config';
import type { Database } from '../../src/database/db';
import { openPgliteDatabase } from '../../src/database/pglite-database';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { createLogger } from '../../src/logger';
import { runOnServer } from './postgres-admin';

export type TestDatabase = Database & {
  /** The connection string of this file's own Postgres database (undefined on PGlite). */
  url: string | undefined;
  /** Closes and, on Postgres, drops this file's database. */
  destroy(): Promise<void>;
};

/** A fresh, migrated database for one test file: a Postgres copy of the template, or a PGlite copy of the snapshot. */
export async function openTestDatabase(options: { pool?: Partial<DatabasePool> } = {}): Promise<TestDatabase> {
  const templateUrl = inject('templateDatabaseUrl');
  if (templateUrl) {
    const template = new URL(templateUrl);
    const name = `hotel_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    const serverUrl = new URL(templateUrl);
    serverUrl.pathname = '/postgres';
    await runOnServer(serverUrl.toString(), `CREATE DATABASE ${name} TEMPLATE ${template.pathname.slice(1)}`);
    const database = openPostgresDatabase({
      connectionString: url.toString(),
      logger: createLogger('silent'),
      pool: { writeConnections: 10, ...options.pool },
    });
    return {
      ...database,
      url: url.toString(),
      async destroy() {
        // A test may have closed it already (to make every query fail); it is dropped all the same.
        await database.close().catch(() => undefined);
        await runOnServer(serverUrl.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const snapshotPath = inject('pgliteSnapshotPath');
  if (!snapshotPath) throw new Error('the global test setup provided no database');
  const database = await openPgliteDatabase({ loadDataDir: new Blob([await readFile(snapshotPath)]) });
  return { ...database, url: undefined, destroy: () => database.close().catch(() => undefined) };
}

/** Whether this run has a real Postgres server (concurrency tests need one). */
export function onRealPostgres(): boolean {
  return inject('templateDatabaseUrl') !== undefined;
}
