import { systemClock } from './app-context';
import { createApp } from './app';
import { loadConfig } from './config';
import { openMigratedDatabase } from './database/open-database';
import { pino } from 'pino';
import { createLogger } from './logger';
import { startMailDispatcher } from './mail/mail-dispatcher';
import { createMailTransport } from './mail/mail-transport';
import { createPaymentGateway } from './payments/payment-gateway-factory';
import { scheduleIdempotencyPurge } from './http/idempotency';
import { importDemoWhenEmpty } from './property-definition/demo-import';
import { scheduleSellableWindowRefresh } from './property-definition/sellable-window-refresh';
import { scheduleAbandonedPaymentRelease } from './reservation/settle-reservation-payment';
import { listen } from './server';

// Buffered, asynchronous writes: a synchronous write per request line cost a fifth of the
// request rate under load. Flushed at shutdown and on a fatal error; a kill -9 may lose the
// last few lines.
const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
// A quiet server must not sit on its last lines: at most a second behind.
setInterval(() => logDestination.flush(), 1_000).unref();

/** The API process: migrate, optionally seed the demo, serve, and stop gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, logDestination);
  const database = await openMigratedDatabase(config, logger);
  const context = {
    config,
    database,
    logger,
    clock: systemClock,
    paymentGateway: createPaymentGateway(config, systemClock),
    mailTransport: createMailTransport(config, logger),
  };
  if (process.argv.includes('--demo')) await importDemoWhenEmpty(context);

  const stopRefreshing = scheduleSellableWindowRefresh(context);
  const stopPurging = scheduleIdempotencyPurge(context);
  const stopReleasing = scheduleAbandonedPaymentRelease(context);
  const mailDispatcher = startMailDispatcher(context);
  const { app } = createApp(context);
  const running = await listen(app, config.port, logger);
  logger.info({ port: running.port, database: database.driver }, 'listening');
  if (process.argv.includes('--demo')) {
    process.stdout.write(
      `\n  Demo booking page: http://localhost:${running.port}/Book/DEMO\n  API docs:          http://localhost:${running.port}/api/docs\n\n`,
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    stopRefreshing();
    stopPurging();
    stopReleasing();
    await running.stop();
    // After the last request (which may have queued mail), before the database closes.
    await mailDispatcher.stop();
    await database.close();
    logger.info('stopped');
    logDestination.flushSync();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  logDestination.flushSync();
  console.error(error);
  process.exit(1);
});
