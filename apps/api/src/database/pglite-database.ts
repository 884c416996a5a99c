import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from '@hotel/db/schema';
import type { Database, Db } from './db';
import { findMigrationsFolder } from './migrations-folder';

/**
 * The embedded database: Postgres in WebAssembly, in this process. `dataDir` undefined keeps it
 * in memory (tests); a folder keeps it on disk (`pnpm start`).
 */
export type EmbeddedDatabase = Database & {
  /** The whole data directory as a tarball: tests migrate once and load copies of it. */
  dumpDataDir(): Promise<Blob>;
};

export async function openPgliteDatabase(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<EmbeddedDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist },
  });
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
    async dumpDataDir() {
      return (await client.dumpDataDir('gzip')) as Blob;
    },
  };
}

/** Applies every pending migration (PGlite is one connection, so no lock is needed). */
export async function migratePglite(database: Database): Promise<void> {
  await migrate(database.db as never, { migrationsFolder: findMigrationsFolder() });
}
