import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, killApi, startApi, type ApiProcess } from '../faults/api-process';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The API process as an operator starts it in production (`src/main.ts`): its own database, no
 * SMTP_URL, an http PUBLIC_URL allowed by ALLOW_HTTP_PUBLIC_URL (the harness runs on loopback).
 */
describe('a production API started without a mail server, on an allowed http address', () => {
  let database: TestDatabase;
  let dataDir: string;
  let api: ApiProcess | undefined;
  beforeAll(async () => {
    database = await openTestDatabase({ pool: { writeConnections: 1, readConnections: 1 } });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-production-start-'));
    // Generous: about hangs, not speed, on a machine that may be busy.
    api = await startApi({ databaseUrl: database.url ?? '', dataDir, port: await freePort() }, 110_000);
  });
  afterAll(async () => {
    await killApi(api);
    await database?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('says in its start log and on /readyz that no mail leaves the server, and that it runs on http', async () => {
    const noMail = 'SMTP_URL is not set: no mail leaves this server; each e-mail is written as an .eml file under DATA_DIR/mail';
    const onHttp = 'PUBLIC_URL is http:// (ALLOW_HTTP_PUBLIC_URL=true)';
    // pino writes to a pipe asynchronously: its lines may land after /readyz first answers.
    const logged = () =>
      api!
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
    await vi.waitFor(
      () => {
        expect(logged()).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining(noMail) }));
        expect(logged()).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining(onHttp) }));
      },
      { timeout: 60_000, interval: 50 },
    );
    const ready = (await (await fetch(`${api!.base}/readyz`)).json()) as { warnings: string[] };
    expect(ready.warnings).toContainEqual(expect.stringContaining(noMail));
    expect(ready.warnings).toContainEqual(expect.stringContaining(onHttp));
  });
});
