// The API the scenarios drive: built when its sources are newer than its build, started on a
// free port over a throwaway embedded database (PGlite) with the demo properties.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { outputDir, repoRoot } from './paths.mjs';

/** The integrator key the suite's API runs with (PUT /api/Admin/Definition changes a price). */
export const ADMIN_API_KEY = 'e2e-admin-key-5c0e9d2a7f3b4816';

function newestMtime(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'e2e-output', 'coverage'].includes(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs `pnpm --filter <name> build` when any of `sources` changed after `output` was written. */
export function buildIfStale(name, output, sources) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((dir) => newestMtime(path.join(repoRoot, dir))));
  if (builtAt >= changedAt) return;
  console.log(`Building ${name}…`);
  const result = spawnSync('pnpm', ['--filter', name, 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`Building ${name} failed`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `apps/api/dist/main.js --demo` and waits until it answers, with what `envFor(baseUrl)`
 * answers added to its environment (the fake Stripe's address and keys: the fake needs the API's
 * address for its webhooks). Answers its address, a graceful `stop`, `removeData` and where its
 * data and log are (for the secrets scan).
 */
export async function startApi(envFor = async () => ({})) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hotel-e2e-'));
  const logFile = path.join(outputDir, 'api.log');
  const logStream = createWriteStream(logFile);
  const baseUrl = `http://localhost:${port}`;
  const env = await envFor(baseUrl);
  const api = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/main.js'), '--demo'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      // Plain http on this machine, which a production API allows only when told.
      ALLOW_HTTP_PUBLIC_URL: 'true',
      DATABASE_URL: '',
      HOST: 'localhost',
      // Test values, but not the published placeholders a production API refuses.
      SESSION_SECRET: 'e2e-session-secret-3f9a1c7d5b2e8f40a6c1d9e7',
      LINK_SECRET: 'e2e-link-secret-8b2d4f6a0c1e3579bdf2468ace',
      PAYMENTS: 'test',
      // One client books over and over: the hourly anti-automation limits would refuse it.
      BOOKINGS_PER_CLIENT_PER_HOUR: '1000000',
      MAILS_PER_ADDRESS_PER_HOUR: '1000000',
      ADMIN_API_KEY,
      // What production logs, every request included: the secrets scan reads all of it.
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let log = '';
  for (const output of [api.stdout, api.stderr]) {
    output.on('data', (chunk) => {
      if (log.length < 100_000) log += chunk;
      logStream.write(chunk);
    });
  }
  /** Stops the API gracefully (its database closed, its log complete); the data stays for the scan. */
  const stop = async () => {
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          api.kill('SIGKILL');
          resolve();
        }, 10_000);
        api.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (!logStream.closed) await new Promise((resolve) => logStream.end(resolve));
  };
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/api/Property/DEMO`);
      if (response.ok) return { baseUrl, stop, removeData, dataDir, logFile };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  removeData();
  throw new Error(`The API did not start:\n${log}`);
}
