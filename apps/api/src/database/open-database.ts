import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from './db';
import { migratePglite, openPgliteDatabase } from './pglite-database';
import { migratePostgres, openPostgresDatabase } from './postgres-database';

/** Opens the configured database (Postgres when DATABASE_URL is set, else PGlite under DATA_DIR) and migrates it. */
export async function openMigratedDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, logger: Logger): Promise<Database> {
  if (config.databaseUrl) {
    await migratePostgres(config.databaseUrl);
    return openPostgresDatabase({ connectionString: config.databaseUrl, logger });
  }
  const database = await openPgliteDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
  await migratePglite(database);
  return database;
}
