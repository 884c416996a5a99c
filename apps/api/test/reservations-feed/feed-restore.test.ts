import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { createLogger } from '../../src/logger';
import { inCi } from '../support/ci';
import { runOnServer } from '../support/postgres-admin';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres, type TestDatabase } from '../support/test-database';
import { givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { feedClient, roomyProperty } from './feed-fixture';

/**
 * Issue 38: a backup of the database restored into another PostgreSQL cluster, or another
 * database of the same one. Today is Monday 1 March 2027; every booking is the fixture's
 * Thursday 4 to Saturday 6 March double (100 + 140 = 240.00), so only the feed's order matters.
 *
 * Before the backup the hotel's PMS read bookings A, B, C and stored its cursor; D was booked
 * after that read, and the backup taken. E was booked after the backup and read by the PMS, whose
 * cursor so went past everything the backup holds: that cursor is "ahead".
 */
const run = promisify(execFile);
const serverTools = ['pg_dump', 'pg_restore', 'initdb', 'pg_ctl'];
const haveServerTools = serverTools.every((tool) => spawnSync(tool, ['--version']).status === 0);

// Without the server's tools the file is left out on a developer's machine; CI must never pass without it.
describe.runIf(onRealPostgres() && (haveServerTools || inCi()))('the reservations feed across a backup restored (Postgres)', () => {
  let source: TestApp;
  let ids: Ids;
  let work: string;
  let cluster: { url: string; stop(): Promise<void> } | undefined;
  const restored: TestApp[] = [];
  const numbers: Record<'A' | 'B' | 'C' | 'D' | 'E', string> = { A: '', B: '', C: '', D: '', E: '' };
  let stored: string;
  let ahead: string;
  let latestInBackup: string;
  const onSource = feedClient(
    () => source,
    () => ids,
  );

  beforeAll(async () => {
    if (!haveServerTools) throw new Error(`CI runs this file with PostgreSQL's own tools on PATH: ${serverTools.join(', ')}`);
    work = await mkdtemp(path.join(os.tmpdir(), 'hotel-feed-restore-'));
    source = await createTestApp();
    ids = await givenBookingProperty(source, roomyProperty);
    // A production database has spent many more transaction ids than a cluster just made: the
    // source's bookings are written far above where a fresh cluster's counter starts.
    await burnTransactionIds(source.database.url!, 2_000);
    for (const name of ['A', 'B', 'C'] as const) numbers[name] = (await onSource.book()).number;
    const read = await onSource.readToEnd({});
    expect(read.numbers).toEqual([numbers.A, numbers.B, numbers.C]);
    stored = read.cursor;
    numbers.D = (await onSource.book()).number;
    await run('pg_dump', ['-Fc', '-f', path.join(work, 'backup.dump'), source.database.url!]);
    const [backupEnd] = await rawRows<{ latest: Date }>(source.database.db, sql`SELECT max(updated_at) AS latest FROM reservations`);
    latestInBackup = new Date(backupEnd!.latest).toISOString();
    numbers.E = (await onSource.book()).number;
    const past = await onSource.readToEnd({ cursor: stored });
    expect(past.numbers).toEqual([numbers.D, numbers.E]);
    ahead = past.cursor;
    cluster = await startCluster(work);
  }, 120_000);

  afterAll(async () => {
    for (const app of restored) await app.close().catch(() => undefined);
    await source?.close();
    await cluster?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  /** The backup restored into a new database on the server at `serverUrl`, and an app on it. */
  async function restoreInto(serverUrl: string): Promise<TestApp> {
    const name = `hotel_restored_${randomBytes(4).toString('hex')}`;
    await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await run('pg_restore', ['--no-owner', '-d', url.toString(), path.join(work, 'backup.dump')]);
    const database = openPostgresDatabase({ connectionString: url.toString(), logger: createLogger('silent') });
    const testDatabase: TestDatabase = {
      ...database,
      url: url.toString(),
      async destroy() {
        await database.close().catch(() => undefined);
        await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
    const app = await createTestApp({ database: testDatabase });
    restored.push(app);
    return app;
  }

  /** What the issue asks of every restore: each change served exactly once, from the start and from the stored cursor. */
  async function followAcross(target: TestApp): Promise<void> {
    const onTarget = feedClient(
      () => target,
      () => ids,
    );
    const { A, B, C, D } = numbers;
    // From the start: every booking the backup holds, once, in the order they were changed.
    expect((await onTarget.readToEnd({})).numbers).toEqual([A, B, C, D]);
    // The stored cursor goes on with the change it had not read.
    expect((await onTarget.readToEnd({ cursor: stored })).numbers).toEqual([D]);

    // After the restore: a change to an old booking, and a new one.
    await target.database.db.execute(sql`UPDATE reservations SET special_requests = 'A cot, please' WHERE reservation_number = ${A}`);
    const F = (await onTarget.book()).number;
    expect((await onTarget.readToEnd({ cursor: stored })).numbers).toEqual([D, A, F]);
    expect((await onTarget.readToEnd({})).numbers).toEqual([B, C, D, A, F]);

    // The PMS read E, which the backup lost, and the numbers after its cursor now belong to A
    // and F: it is told to read again, from the latest change the backup holds.
    const { body } = await onTarget.feed({ cursor: ahead }).expect(410);
    expect(body).toMatchObject({ Code: 'FEED_RESYNC_NEEDED', ResyncFrom: latestInBackup });
    expect(body.Message).toContain('restored from a backup');
    const resynced = await onTarget.readToEnd({ updatedSince: body.ResyncFrom });
    expect(resynced.numbers).toEqual(expect.arrayContaining([D, A, F]));
  }

  it('restored into a cluster just made (a low transaction counter): every change once, from the start and from a stored cursor', async () => {
    await followAcross(await restoreInto(cluster!.url));
  });

  it('restored into a new database of the same cluster: the same', async () => {
    const serverUrl = new URL(source.database.url!);
    serverUrl.pathname = '/postgres';
    await followAcross(await restoreInto(serverUrl.toString()));
  });
});

/** Commits `count` transactions that each take an id. */
async function burnTransactionIds(url: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DO $$ BEGIN FOR i IN 1..${count} LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`);
  } finally {
    await client.end();
  }
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A PostgreSQL cluster of its own under `work`, started on a free port. PostgreSQL refuses to
 * run as root: as root the cluster belongs to the postgres user.
 */
async function startCluster(work: string): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = path.join(work, 'cluster');
  const asRoot = process.getuid?.() === 0;
  const asOwner = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  if (asRoot) await run('chown', ['postgres:postgres', work]);
  await asOwner('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  let started = false;
  const stop = async () => {
    if (started) await asOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
  };
  try {
    started = true;
    await asOwner('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(dataDir, 'server.log'),
      '-w',
      'start',
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
