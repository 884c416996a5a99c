import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../../src/database/pglite-database';
import { rawRows } from '../../src/database/raw-rows';
import { CLI_RUNS, demoGroup, runCli } from '../support/cli';

/**
 * `pnpm api-key:*` on its own embedded database, holding the demo group (DEMO and DEMO2): a key
 * is made for one property (or, asked for by name, all), shown once, listed without its secret,
 * and revoked.
 */
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-api-key-cli-'));
  expect((await cli('property:import', demoGroup)).code).toBe(0);
}, CLI_RUNS.timeout);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, { dataDir });

/** The secret part of a key, after `hk_live_<16 hex>_` (base64url: it may itself hold `_`). */
const secretOf = (key: string) => key.slice('hk_live_'.length + 17);

async function storedKeys() {
  const database = await openPgliteDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return await rawRows<Record<string, unknown>>(database.db, sql`SELECT * FROM api_keys ORDER BY created_at, id`);
  } finally {
    await database.close();
  }
}

// Each command starts a process that opens the embedded database: slow on a busy machine, so a
// generous guard against a hang.
describe('pnpm api-key:create, list and revoke', CLI_RUNS, () => {
  let key: string;
  let id: string;

  it('create prints the key once, alone on stdout; only the hash of its secret is kept', async () => {
    const made = await cli('api-key:create', '--property', 'DEMO', '--scope', 'reservations:read,ari:write', '--name', 'Channel manager');
    expect(made.code).toBe(0);
    key = made.stdout.trim();
    expect(key).toMatch(/^hk_live_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    id = key.slice('hk_live_'.length, 'hk_live_'.length + 16);
    expect(made.stderr).toContain(`API key ${id} (Channel manager), for DEMO: reservations:read, ari:write.`);
    expect(made.stderr).toContain('This is the only time the key is shown');

    const [row] = await storedKeys();
    const secret = secretOf(key);
    expect(row).toMatchObject({
      id,
      name: 'Channel manager',
      scopes: ['reservations:read', 'ari:write'],
      revoked_at: null,
      last_used_at: null,
    });
    expect(row!.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('list names each key, its property, scopes and times, never its secret', async () => {
    const listed = await cli('api-key:list', '--property', 'DEMO');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${id}\\tChannel manager\\tDEMO\\treservations:read,ari:write\\tcreated \\S+\\tlast used never\\tlive\\n$`),
    );
    expect(listed.stdout).not.toContain(secretOf(key));
    expect((await cli('api-key:list', '--property', 'DEMO2')).stdout).toBe('No API keys.\n');
  });

  it('revoke closes the key, and the list says so', async () => {
    const revoked = await cli('api-key:revoke', id);
    expect(revoked).toMatchObject({ code: 0, stdout: `API key ${id} revoked: its next call is refused.\n` });
    expect((await cli('api-key:list')).stdout).toMatch(new RegExp(`^${id}\\t.*\\trevoked \\S+\\n$`));
    const again = await cli('api-key:revoke', id);
    expect(again).toMatchObject({ code: 1, stderr: `There is no live API key ${id}: see pnpm api-key:list.\n` });
  });

  it('a key for every property is made only when asked for by name', async () => {
    const unsaid = await cli('api-key:create', '--scope', 'reservations:read', '--name', 'Group office');
    expect(unsaid.code).toBe(2);
    expect(unsaid.stderr).toContain('say which property the key is for: --property CODE, or --all-properties');
    const all = await cli('api-key:create', '--all-properties', '--scope', 'reservations:read', '--name', 'Group office');
    expect(all.code).toBe(0);
    expect(all.stderr).toContain('for every property');
    expect((await cli('api-key:list', '--property', 'DEMO2')).stdout).toContain('\tGroup office\tevery property\t');
  });

  it('refuses an unknown scope, a missing name and an unknown property, making no key', async () => {
    const before = (await storedKeys()).length;
    const wrong = await cli('api-key:create', '--property', 'DEMO', '--scope', 'reservations:read,everything');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--scope: everything is not a scope; the scopes are reservations:read, reservations:write');
    expect(wrong.stderr).toContain('--name: say who holds the key');
    const nowhere = await cli('api-key:create', '--property', 'NOWHERE', '--scope', 'ari:write', '--name', 'Lost');
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('NOWHERE');
    expect(await storedKeys()).toHaveLength(before);
  });
});
