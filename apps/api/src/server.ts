import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from './logger';

export type RunningServer = {
  server: Server;
  port: number;
  /** Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then resolves. */
  stop(graceMs?: number): Promise<void>;
};

/** Listens on `host`:`port` (port 0 picks a free one) and knows how to stop without dropping requests. */
export function listen(app: Express, port: number, host: string, logger: Logger): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => {
      if (error) return reject(error);
      const actualPort = (server.address() as AddressInfo).port;
      resolve({
        server,
        port: actualPort,
        stop(graceMs = 10_000) {
          return new Promise<void>((done) => {
            const force = setTimeout(() => {
              logger.warn('in-flight requests still open after the grace period; closing them');
              server.closeAllConnections();
            }, graceMs);
            force.unref();
            // Keep-alive sockets hold close() open once their request is answered: drop them as they go idle.
            const sweep = setInterval(() => server.closeIdleConnections(), 100);
            server.close(() => {
              clearTimeout(force);
              clearInterval(sweep);
              done();
            });
            server.closeIdleConnections();
          });
        },
      });
    });
    // Slow clients must not hold sockets forever.
    server.headersTimeout = 20_000;
    server.requestTimeout = 30_000;
    server.keepAliveTimeout = 5_000;
  });
}

/** A port free on `host` now, for a process that must know its port before it listens (PORT=0). */
export async function freePort(host: string): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, host, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * V8's heap options each API process runs with, in MB, unless the operator gave the option.
 * - max-old-space-size: not for the headroom. V8 lets the heap grow to four times what is live
 *   between collections when its limit is 2 GB or more (the default on a large machine), and
 *   under thousands of searches a second that garbage was two thirds of a worker's memory
 *   (decision 0010). Below that limit it grows by less than twice; a process holds tens of MB
 *   live, far under the limit.
 * - initial-old-space-size: a process holds about 40 MB live, and V8 marked the whole heap
 *   again each time about 20 MB more had been promoted, four times a second under new-stay
 *   searches. Starting the old generation's limit at 128 MB cut those collections by two thirds;
 *   it costs 30 to 80 MB more resident memory (decision 0010, amendment of 2026-11-24, second).
 */
const HEAP_OPTIONS_MB = { 'max-old-space-size': 1024, 'initial-old-space-size': 128 };

/** The API processes' Node options: these, with each of HEAP_OPTIONS_MB the operator did not give (on the command line or in NODE_OPTIONS). */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  const missing = Object.entries(HEAP_OPTIONS_MB).filter(([name]) => {
    const option = new RegExp(`^--${name.replaceAll('-', '[-_]')}(=|$)`);
    return !given.some((arg) => option.test(arg));
  });
  return [...execArgv, ...missing.map(([name, mb]) => `--${name}=${mb}`)];
}
