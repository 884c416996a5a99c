// `pnpm start`: build whatever is missing or older than its sources, then run the API with the
// demo seeded on first run. The API process gets the signals, so Ctrl+C shuts it down gracefully
// and everything exits 0 (.npmrc's shell-emulator keeps a `sh` from dying of the Ctrl+C between
// pnpm and us, which pnpm reported as "ELIFECYCLE Command failed").
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import util from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The .env the API reads (apps/api/src/env-file.ts), read here too: DATA_DIR and PORT decide
// where the demo secrets go and which address the links name. The environment wins over it.
const envFile = path.join(root, '.env');
if (existsSync(envFile)) {
  if (typeof util.parseEnv === 'function') {
    for (const [name, value] of Object.entries(util.parseEnv(readFileSync(envFile, 'utf8')))) process.env[name] ??= value;
  } else console.warn(`${envFile} not read: this Node.js (${process.version}) cannot parse it; use Node 20.19 or later`);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfStale(name, output, sources) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((dir) => newestMtime(path.join(root, dir))));
  if (builtAt >= changedAt) return;
  console.log(`Building ${name}…`);
  // Run the same pnpm that runs us (it may be an npx copy that is not on PATH).
  const pnpm = process.env.npm_execpath?.includes('pnpm') ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
  const result = spawnSync(pnpm[0], [...pnpm.slice(1), '--filter', name, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale('@hotel/web', path.join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'apps/web/public', 'packages/domain/src']);
buildIfStale('@hotel/api', path.join(root, 'apps/api/dist/main.js'), ['apps/api/src', 'packages/domain/src', 'db/src']);

/**
 * The demo runs as production does, so it needs secrets no one else knows: made on first run
 * and kept beside the embedded database (sessions and e-mailed links survive a restart).
 */
function demoSecrets() {
  const dataDir = path.resolve(root, process.env.DATA_DIR || '.data');
  const file = path.join(dataDir, 'demo-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { SESSION_SECRET: randomBytes(32).toString('base64url'), LINK_SECRET: randomBytes(32).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The port to serve: PORT, 3000, or with PORT=0 one free now (the links must name it). */
async function port() {
  const wanted = process.env.PORT || '3000';
  if (wanted !== '0') return wanted;
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, process.env.HOST || '127.0.0.1', resolve));
  const { port: free } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return String(free);
}

const servedPort = await port();
// The heap options API workers have (apps/api/src/server.ts, workerExecArgv): V8 then collects before its garbage outgrows what is live, and does not mark the whole heap every few MB promoted.
const api = spawn(
  process.execPath,
  ['--enable-source-maps', '--max-old-space-size=1024', '--initial-old-space-size=128', path.join(root, 'apps/api/dist/main.js'), '--demo'],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'production',
      // The demo takes the test cards (docs/test-cards.md); the start log and /readyz say so.
      PAYMENTS: 'test',
      // A production API needs PUBLIC_URL; on this machine the served port is the address, over
      // http, which production allows only when told (nothing leaves this machine).
      PUBLIC_URL: `http://localhost:${servedPort}`,
      ALLOW_HTTP_PUBLIC_URL: 'true',
      ...demoSecrets(),
      ...process.env,
      PORT: servedPort,
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
