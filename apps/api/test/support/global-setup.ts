import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratePglite, openPgliteDatabase } from '../../src/database/pglite-database';
import { migratePostgres } from '../../src/database/postgres-database';
import { inCi } from './ci';
import { runOnServer } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated Postgres database each test file copies (CREATE DATABASE ... TEMPLATE). */
    templateDatabaseUrl: string | undefined;
    /** A migrated PGlite data directory each test file loads. */
    pgliteSnapshotPath: string | undefined;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function startContainer(): Promise<{ url: string; stop: () => Promise<unknown> }> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:15-alpine').start();
  return { url: container.getConnectionUri(), stop: () => container.stop() };
}

/**
 * Migrates one database for the whole run; each test file then gets its own copy, so files
 * never see each other's data and nothing depends on what an earlier run left behind.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const container = process.env.TEST_DB === 'container' ? await startContainer() : undefined;
  const serverUrl = container?.url ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl && inCi()) {
    // On PGlite the concurrency and fault tests are left out: CI must never pass without them.
    throw new Error('CI runs the API tests on PostgreSQL: set TEST_DATABASE_URL (or TEST_DB=container). `.ci/run` creates one.');
  }

  if (serverUrl) {
    const template = `hotel_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
    await runOnServer(serverUrl, `CREATE DATABASE ${template}`);
    await migratePostgres(withDatabase(serverUrl, template));
    project.provide('templateDatabaseUrl', withDatabase(serverUrl, template));
    project.provide('pgliteSnapshotPath', undefined);
    return async () => {
      await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await container?.stop();
    };
  }

  const database = await openPgliteDatabase();
  await migratePglite(database);
  const snapshot = await database.dumpDataDir();
  await database.close();
  const snapshotPath = path.join(os.tmpdir(), `hotel-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar.gz`);
  await writeFile(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('templateDatabaseUrl', undefined);
  project.provide('pgliteSnapshotPath', snapshotPath);
  return async () => {
    await rm(snapshotPath, { force: true });
  };
}
