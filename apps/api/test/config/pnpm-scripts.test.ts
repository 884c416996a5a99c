import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_RUNS } from '../support/cli';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hotel-pnpm-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** pnpm as the README runs it, from the repository root: the pnpm running the tests, which may be an npx copy. */
function pnpm(...args: string[]) {
  const execPath = process.env.npm_execpath;
  const [command, ...prefix] = execPath?.includes('pnpm') ? [process.execPath, execPath] : ['pnpm'];
  return run(command!, [...prefix, ...args], { cwd: root, env: { ...process.env, NODE_OPTIONS: '' } });
}

describe('the root scripts a new user runs', CLI_RUNS, () => {
  it('run without a sh between pnpm and the script, which Ctrl+C would kill and pnpm report as a failure', async () => {
    const { stdout } = await pnpm('config', 'get', 'shell-emulator');
    expect(stdout.trim()).toBe('true');
  });

  it('`pnpm property:schema FILE` writes a file that is the JSON Schema and nothing else', async () => {
    const file = path.join(dir, 'definition.schema.json');
    await pnpm('property:schema', file);
    const schema = JSON.parse(await readFile(file, 'utf8'));
    expect(schema.title).toBe('Property definition');
    expect(schema.required).toEqual(['Properties']);
  });

  it('`pnpm -s property:schema` prints the JSON alone, without the banner pnpm puts before a script', async () => {
    const { stdout } = await pnpm('-s', 'property:schema');
    expect(JSON.parse(stdout).title).toBe('Property definition');
  });
});
