// `pnpm start`: build whatever is missing or older than its sources, then run the API with the
// demo seeded on first run. The API process gets the signals, so Ctrl+C shuts it down gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

const api = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/main.js'), '--demo'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    // The demo takes the test cards (docs/test-cards.md); the start log and /readyz say so.
    PAYMENTS: 'test',
    ...demoSecrets(),
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
