import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '@hotel/db/schema';
import { openPgliteDatabase } from '../../src/database/pglite-database';
import { aDefinition, aProperty } from '../support/builders';
import { demoGroup, runCli } from '../support/cli';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs the CLI as `pnpm property:*` does, on its own embedded database under a temporary DATA_DIR. */
const cli = (...args: string[]) => runCli(args, { dataDir });

describe('pnpm property:import', () => {
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
          aProperty({ Currency: 'pounds', RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'TWN', BaseRate: 1.234 }] }] }),
        ),
      ),
    );
    const result = await cli('property:import', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nothing was changed');
    expect(result.stderr).toContain('Properties[0].Currency: must be an ISO 4217 code such as GBP');
    expect(result.stderr).toContain('Properties[0].RatePlans[0].Prices[0].BaseRate: must have at most 2 decimals');
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

  it('explains itself when called wrongly', async () => {
    const result = await cli('property:import');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage:');
  });
});

describe('pnpm property:schema', () => {
  it('prints the JSON Schema of a definition', async () => {
    const result = await cli('property:schema');
    expect(result.code).toBe(0);
    const schema = JSON.parse(result.stdout);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.properties.Properties.items.properties.RatePlans).toBeDefined();
    expect(schema.required).toEqual(['Properties']);
  });
});
