import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import { createAppContext, type AppContext, type Clock } from '../../src/app-context';
import { createApp } from '../../src/app';
import { loadConfig, type Config, type DatabasePool } from '../../src/config';
import { createLogger } from '../../src/logger';
import type { GatewayOverrides } from '../../src/payments';
import { checkAnswersOf } from './request';
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

/** An app on a fresh database (or the one given, which `close` then destroys) with a pinned clock and captured logs. */
export async function createTestApp(
  options: {
    now?: string;
    config?: Partial<Config>;
    gateways?: GatewayOverrides;
    databasePool?: Partial<DatabasePool>;
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase({ pool: options.databasePool }));
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  let now = new Date(options.now ?? '2027-03-01T09:00:00Z');
  const clock: Clock = { now: () => new Date(now) };
  // Its own DATA_DIR, so the .eml files a test sends are its own and go away with it.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-test-data-'));
  // Requests come from supertest on loopback, standing in for a reverse proxy: X-Forwarded-For
  // names the client. A test file books dozens of times as one client and one booker: the
  // hourly anti-automation limits are raised out of the way except where a test sets them.
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      ADMIN_API_KEY: 'test-admin-key-0123456789',
      TRUST_PROXY: 'loopback',
      BOOKINGS_PER_CLIENT_PER_HOUR: '100000',
      MAILS_PER_ADDRESS_PER_HOUR: '100000',
    }),
    dataDir,
    ...options.config,
  };
  const logger = createLogger('info', sink);
  const context = createAppContext({ config, database, logger, clock, gateways: options.gateways });
  const { app, api } = createApp(context);
  checkAnswersOf(app, api);
  return {
    app,
    context,
    database,
    logLines,
    setNow(instant) {
      now = new Date(instant);
    },
    async close() {
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
