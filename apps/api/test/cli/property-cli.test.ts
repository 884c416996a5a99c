import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '@hotel/db/schema';
import { LOCK_FILE } from '../../src/database/data-dir-lock';
import { openPgliteDatabase } from '../../src/database/pglite-database';
import { aDefinition, aProperty } from '../support/builders';
import { demoGroup, runCli, CLI_RUNS } from '../support/cli';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs the CLI as `pnpm property:*` does, on its own embedded database under a temporary DATA_DIR. */
const cli = (...args: string[]) => runCli(args, { dataDir });

/** The CLI with `where` saying where the user typed the command (INIT_CWD) and which DATA_DIR they set. */
const cliIn = (where: { DATA_DIR: string; INIT_CWD: string }, ...args: string[]) =>
  runCli(args, { dataDir: where.DATA_DIR, initCwd: where.INIT_CWD });

describe('pnpm property:import', CLI_RUNS, () => {
  it('--check passes the demo group and writes nothing', async () => {
    const result = await cli('property:import', '--check', demoGroup);
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining('is valid: DEMO, DEMO2') });
  });

  it('refuses a file with several errors, listing each by path, with a non-zero exit', async () => {
    const file = path.join(dataDir, 'broken.json');
    await writeFile(
      file,
      JSON.stringify(
        aDefinition(
          aProperty({
            Currency: 'pounds',
            RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'TWN', BaseRate: 1.23456 }] }],
          }),
        ),
      ),
    );
    const result = await cli('property:import', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nothing was changed');
    expect(result.stderr).toContain(
      'Properties[0].Currency: must be an active ISO 4217 currency code in capitals, such as GBP, EUR, JPY or KWD',
    );
    expect(result.stderr).toContain(
      'Properties[0].RatePlans[0].Prices[0].BaseRate: must have at most 4 decimals, and no more than its currency has',
    );
  });

  it('--check reports a mistyped field and an unknown reference in the same run', async () => {
    const file = path.join(dataDir, 'two-problems.json');
    await writeFile(
      file,
      JSON.stringify(
        aDefinition(
          aProperty({ Currency: 826, RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'TWN', BaseRate: 90 }] }] }),
        ),
      ),
    );
    const result = await cli('property:import', '--check', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `${file}: 2 problem(s), nothing was changed:\n` +
        '  Properties[0].Currency: must be an active ISO 4217 currency code in capitals, such as GBP, EUR, JPY or KWD\n' +
        '  Properties[0].RatePlans[0].Prices[0].RoomType: unknown room type "TWN"\n',
    );
  });

  it('imports a valid file, and the import is then in the database', async () => {
    const result = await cli('property:import', demoGroup);
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining('imported: DEMO, DEMO2') });
    const database = await openPgliteDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await database.db.select({ code: properties.code }).from(properties).orderBy(properties.code);
      expect(rows).toEqual([{ code: 'DEMO' }, { code: 'DEMO2' }]);
    } finally {
      await database.close();
    }
  });

  it('refuses to open the embedded database while another process (here, this test) uses it', async () => {
    const lock = path.join(dataDir, LOCK_FILE);
    await writeFile(lock, `${process.pid}\n`);
    try {
      const result = await cli('property:import', '--check', demoGroup);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `The embedded database in ${dataDir} is in use by another process (PID ${process.pid}). Stop that process first, ` +
          'or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).',
      );
    } finally {
      await rm(lock);
    }
  });

  it('uses the embedded database under ./.data where the command is typed, the one `pnpm start` serves there', async () => {
    const repository = path.join(dataDir, 'checkout');
    await mkdir(repository);
    const result = await cliIn({ DATA_DIR: '', INIT_CWD: repository }, 'property:import', '--check', demoGroup);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(repository, '.data', 'pglite'))).toBe(true);
  });

  it('explains itself when called wrongly', async () => {
    const result = await cli('property:import');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage:');
  });
});

describe('pnpm property:schema', CLI_RUNS, () => {
  it('prints the JSON Schema of a definition', async () => {
    const result = await cli('property:schema');
    expect(result.code).toBe(0);
    const schema = JSON.parse(result.stdout);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.properties.Properties.items.properties.RatePlans).toBeDefined();
    expect(schema.required).toEqual(['Properties']);
  });
});
