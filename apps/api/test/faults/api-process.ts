import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN_API_KEY = 'fault-test-admin-key-0123456789';
// The same secrets for every start, as a deployment keeps them across restarts: the keyed
// Idempotency-Key hashes of a killed API must match what its restarted successor computes.
const sessionSecret = randomBytes(24).toString('hex');
const linkSecret = randomBytes(24).toString('hex');

export type ApiSettings = {
  /** The database the API uses (through the test's proxy). */
  databaseUrl: string;
  /** Where its `.eml` files go (DATA_DIR/mail): the transport a self-hoster without SMTP gets. */
  dataDir: string;
  port: number;
  /** More environment, e.g. API_WORKERS. */
  env?: Record<string, string>;
  /** Sees each line the process writes as it comes, before the API is ready. */
  onLine?: (line: string) => void;
};

export type ApiProcess = {
  base: string;
  pid: number;
  /** Resolves when the process has exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  kill(signal: NodeJS.Signals): void;
  /** The last lines the process wrote (its warn and error logs), to explain a failure. */
  output(): string;
};

/** A free loopback port, so a restarted API can come back on the port its clients know. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The API as its own process (`node --import tsx src/main.ts`, no build needed), as it runs in
 * production: its own pool, mail dispatcher and signal handling. Resolves once `/readyz` is 200.
 */
export async function startApi(settings: ApiSettings, timeoutMs = 40_000): Promise<ApiProcess> {
  const base = `http://127.0.0.1:${settings.port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: 'UTC',
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      // One client books over and over: the hourly anti-automation limits would refuse it.
      BOOKINGS_PER_CLIENT_PER_HOUR: '1000000',
      MAILS_PER_ADDRESS_PER_HOUR: '1000000',
      PORT: String(settings.port),
      DATABASE_URL: settings.databaseUrl,
      DATA_DIR: settings.dataDir,
      PUBLIC_URL: base,
      // Plain http on loopback, which a production API allows only when told.
      ALLOW_HTTP_PUBLIC_URL: 'true',
      SESSION_SECRET: sessionSecret,
      LINK_SECRET: linkSecret,
      ADMIN_API_KEY,
      LOG_LEVEL: 'warn',
      ...settings.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    const written = chunk.toString('utf8').split('\n').filter(Boolean);
    written.forEach((line) => settings.onLine?.(line));
    lines.push(...written);
    lines.splice(0, Math.max(0, lines.length - 200));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let ended = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true;
      resolve({ code, signal });
    }),
  );
  const api: ApiProcess = {
    base,
    pid: child.pid!,
    exited,
    hasExited: () => ended,
    kill: (signal) => void child.kill(signal),
    output: () => lines.join('\n'),
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (ended) throw new Error(`the API exited before it was ready:\n${api.output()}`);
    const status = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return api;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API was not ready within ${timeoutMs} ms:\n${api.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops a process the test no longer needs: SIGKILL, since no test looks at what it does next. */
export async function killApi(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.hasExited()) return;
  api.kill('SIGKILL');
  await api.exited;
}

/** Whether the port refuses connections (the API has stopped listening), without sending a request. */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
