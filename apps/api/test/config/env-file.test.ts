import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEnvFile, repositoryEnvFile } from '../../src/env-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hotel-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the .env file', () => {
  it('is the one beside .env.example at the repository root, wherever the process runs', () => {
    const file = repositoryEnvFile();
    expect(path.basename(file)).toBe('.env');
    expect(readdirSync(path.dirname(file))).toContain('.env.example');
  });

  it('fills in what the environment does not set, and the environment wins over it', () => {
    const file = path.join(dir, '.env');
    writeFileSync(
      file,
      '# a comment\nPORT=3411\nDATA_DIR=./elsewhere\nMAIL_FROM="Hotel <desk@example.com>"\nDATABASE_URL=postgres://file@localhost/hotel\n',
    );
    const env: NodeJS.ProcessEnv = { PORT: '3000', DATABASE_URL: '' };
    expect(loadEnvFile(file, env)).toEqual({ file, read: true, names: ['DATA_DIR', 'MAIL_FROM'] });
    // An empty DATABASE_URL in the environment still wins: it says "the embedded database".
    expect(env).toEqual({ PORT: '3000', DATABASE_URL: '', DATA_DIR: './elsewhere', MAIL_FROM: 'Hotel <desk@example.com>' });
  });

  it('is optional', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(path.join(dir, '.env'), env)).toBeUndefined();
    expect(env).toEqual({});
  });
});
