import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { isDatabaseUnavailable } from './database-unavailable';
import { lockDataDir } from './data-dir-lock';
import type { Database } from './db';
import { migratePglite, openPgliteDatabase } from './pglite-database';
import { migratePostgres, openPostgresDatabase } from './postgres-database';

/**
 * Opens the configured database (Postgres when DATABASE_URL is set, else PGlite under DATA_DIR,
 * locked for this process) and migrates it. A Postgres server that does not answer yet is waited for, up to
 * DATABASE_WAIT_SECONDS: a self-hosted stack starts its services together, and the API should
 * not die because it was quicker than the database.
 */
export async function openMigratedDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseWaitSeconds' | 'databasePool'>,
  logger: Logger,
): Promise<Database> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    await whenDatabaseAnswers(() => migratePostgres(url), { logger, waitSeconds: config.databaseWaitSeconds });
    return openPostgresDatabase({ connectionString: url, logger, pool: config.databasePool });
  }
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPgliteDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
    await migratePglite(database);
    return {
      ...database,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Runs `attempt` until it does not fail for want of a database, pausing 0.5 s, then twice as
 * long each time up to 5 s, for at most `waitSeconds`. Any other failure (a wrong password, a
 * database that does not exist) is thrown at once: waiting would not mend it.
 */
export async function whenDatabaseAnswers<T>(
  attempt: () => Promise<T>,
  { logger, waitSeconds, firstPauseMs = 500 }: { logger: Logger; waitSeconds: number; firstPauseMs?: number },
): Promise<T> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const pauseMs = Math.min(firstPauseMs * 2 ** (tries - 1), 5_000);
      if (!isDatabaseUnavailable(error) || Date.now() + pauseMs > deadline) throw error;
      logger.warn(
        { err: error, tries, retryInMs: pauseMs },
        `The database does not answer yet; trying again (giving up ${waitSeconds} s after start, DATABASE_WAIT_SECONDS).`,
      );
      await sleep(pauseMs);
    }
  }
}
