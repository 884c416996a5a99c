import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/database/data-dir-lock';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-local-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Started = { pid: number; output: () => string; exited: Promise<number | null>; kill: (signal: NodeJS.Signals) => void };

/**
 * The API as someone trying it starts it: the embedded database, no PUBLIC_URL, here on any free
 * port (PORT=0). Empty values keep a developer's own .env out of the test (the environment wins).
 */
function startApi(): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return {
    pid: child.pid!,
    output: () => output,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    kill: (signal) => void child.kill(signal),
  };
}

async function listeningPort(api: Started): Promise<number> {
  for (let waited = 0; waited < 90_000; waited += 100) {
    const line = api
      .output()
      .split('\n')
      .find((text) => text.includes('"msg":"listening"'));
    if (line) return (JSON.parse(line) as { port: number }).port;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the API did not start:\n${api.output()}`);
}

describe('starting the API locally on the embedded database', () => {
  it('links to the port it got, refuses a second process on its data directory, and exits 0 on Ctrl+C', async () => {
    const first = startApi();
    try {
      const port = await listeningPort(first);
      expect(port).toBeGreaterThan(0);
      const openApi = (await (await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).json()) as { servers: { url: string }[] };
      expect(openApi.servers).toEqual([{ url: `http://localhost:${port}`, description: 'This server' }]);
      expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.pid));

      const second = startApi();
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The embedded database in ${dataDir} is in use by another process (PID ${first.pid})`);
      expect(second.output()).not.toContain('    at ');

      first.kill('SIGINT');
      expect(await first.exited).toBe(0);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    } finally {
      first.kill('SIGKILL');
    }
  }, 150_000);
});
