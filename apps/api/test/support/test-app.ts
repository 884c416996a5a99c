import { Writable } from 'node:stream';
import type { Express } from 'express';
import type { AppContext, Clock } from '../../src/app-context';
import { createApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import { openTestDatabase, type TestDatabase } from './test-database';

export type TestApp = {
  app: Express;
  context: AppContext;
  database: TestDatabase;
  /** Every log line written so far, as raw JSON text (for "no secret in the logs" checks). */
  logLines: string[];
  /** Moves the pinned clock. */
  setNow(instant: string | Date): void;
  close(): Promise<void>;
};

/** An app on a fresh database with a pinned clock and captured logs. */
export async function createTestApp(options: { now?: string; config?: Partial<Config> } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  let now = new Date(options.now ?? '2027-03-01T09:00:00Z');
  const clock: Clock = { now: () => new Date(now) };
  const config = { ...loadConfig({ NODE_ENV: 'test', ADMIN_API_KEY: 'test-admin-key-0123456789' }), ...options.config };
  const context: AppContext = { config, database, logger: createLogger('info', sink), clock };
  const { app } = createApp(context);
  return {
    app,
    context,
    database,
    logLines,
    setNow(instant) {
      now = new Date(instant);
    },
    close: () => database.destroy(),
  };
}
