import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { createAppContext, systemClock, type AppContext } from './app-context';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { DataDirInUse, openMigratedDatabase } from './database';
import { loadEnvFile, repositoryEnvFile, type EnvFileOutcome } from './env-file';
import { scheduleIdempotencyPurge } from './idempotency';
import { configurationWarnings, testPaymentsWarning } from './health';
import { createLogger, type Logger } from './logger';
import { startWebhookDispatcher } from './hotel-events';
import { startMailDispatcher } from './mail';
import { importDemoWhenEmpty, scheduleSellableWindowRefresh } from './property-definition';
import { schedulePreCheckInReminders } from './pre-check-in';
import { scheduleAbandonedPaymentRelease, scheduleMovementReconciler } from './booking';
import { freePort, listen, workerExecArgv } from './server';

// Buffered, asynchronous writes: a synchronous write per request line cost a fifth of the
// request rate under load. Flushed at shutdown and on a fatal error; a kill -9 may lose the
// last few lines.
const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
// A quiet server must not sit on its last lines: at most a second behind.
setInterval(() => logDestination.flush(), 1_000).unref();

const demoFlag = process.argv.includes('--demo');
const withDemo = (config: Config) => demoFlag || config.demo;

async function openContext(config: Config, logger: Logger): Promise<AppContext> {
  const database = await openMigratedDatabase(config, logger);
  return createAppContext({ config, database, logger, clock: systemClock });
}

/**
 * The jobs one process of a deployment runs: the sellable window, idempotency keys, abandoned
 * payments, the reconciler of payments whose answer was lost, pre-check-in reminders.
 */
function startHousekeeping(context: AppContext): () => void {
  const stops = [
    scheduleSellableWindowRefresh(context),
    scheduleIdempotencyPurge(context),
    scheduleAbandonedPaymentRelease(context),
    scheduleMovementReconciler(context),
    schedulePreCheckInReminders(context),
  ];
  return () => stops.forEach((stop) => stop());
}

function printDemoAddress(port: number): void {
  process.stdout.write(
    `\n  Demo booking page: http://localhost:${port}/Book/DEMO\n  API docs:          http://localhost:${port}/api/docs\n\n`,
  );
}

/**
 * Loud on purpose, in the log and on the terminal: a production site on the test gateway confirms
 * bookings nobody paid for, one without SMTP_URL mails nobody, one on http sends cookies in clear.
 */
function warnOfConfiguration(config: Config, logger: Logger): void {
  for (const warning of configurationWarnings(config)) {
    logger.warn(warning);
    const advice = warning === testPaymentsWarning ? ' Do not sell real stays on this site.' : '';
    process.stderr.write(`\n  WARNING: ${warning}.${advice}\n\n`);
  }
}

function exitAfter(logger: Logger, code: number): never {
  logger.info('stopped');
  logDestination.flushSync();
  process.exit(code);
}

/**
 * Serves HTTP until SIGTERM/SIGINT, then lets in-flight requests finish, sends the mail they
 * queued and closes the database. `housekeeping` is false in the workers of a cluster (the
 * primary runs it once for all of them).
 */
async function serve(config: Config, logger: Logger, housekeeping: boolean): Promise<void> {
  const context = await openContext(config, logger);
  if (withDemo(config) && housekeeping) await importDemoWhenEmpty(context);
  const stopHousekeeping = housekeeping ? startHousekeeping(context) : () => undefined;
  // Every process sends mail: claims skip rows another dispatcher holds, and a booking's
  // confirmation goes out from the process that took it without waiting for a poll.
  const mailDispatcher = startMailDispatcher(context);
  // Webhooks likewise: each message is claimed by one process and POSTed from there.
  const webhookDispatcher = startWebhookDispatcher(context);
  const { app } = createApp(context);
  const running = await listen(app, config.port, config.host, logger);
  if (cluster.isPrimary) warnOfConfiguration(config, logger);
  logger.info({ host: config.host, port: running.port, database: context.database.driver, pid: process.pid }, 'listening');
  if (withDemo(config) && cluster.isPrimary) printDemoAddress(running.port);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    stopHousekeeping();
    await running.stop();
    // After the last request (which may have queued mail), before the database closes.
    await Promise.all([mailDispatcher.stop(), webhookDispatcher.stop()]);
    context.mailTransport.close();
    await context.database.close();
    exitAfter(logger, 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * With API_WORKERS > 1: this process migrates, seeds the demo, runs the housekeeping jobs and
 * keeps `workers` HTTP workers running on the shared port (a worker that dies is replaced).
 * SIGTERM/SIGINT stop the workers gracefully, then this process.
 */
async function superviseWorkers(config: Config, logger: Logger): Promise<void> {
  const context = await openContext(config, logger);
  if (withDemo(config)) await importDemoWhenEmpty(context);
  const stopHousekeeping = startHousekeeping(context);
  let stopping = false;
  let printed = false;
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const fork = () => cluster.fork();
  cluster.on('listening', (_worker: Worker, address) => {
    if (printed) return;
    printed = true;
    logger.info({ port: address.port, workers: config.workers }, 'workers listening');
    warnOfConfiguration(config, logger);
    if (withDemo(config)) printDemoAddress(address.port);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'API worker exited; starting another');
    fork();
  });
  for (let i = 0; i < config.workers; i += 1) fork();

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: stopping the workers');
    stopHousekeeping();
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await context.database.close();
    exitAfter(logger, 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function logEnvFile(outcome: EnvFileOutcome, logger: Logger): void {
  if (outcome?.read) logger.info({ file: outcome.file, variables: outcome.names }, 'read the .env file; the environment wins over it');
  else if (outcome) logger.warn({ file: outcome.file }, `.env not read: ${outcome.reason}`);
}

/**
 * PORT=0 asks for any free port. It is chosen here, before anything is built, because the
 * e-mailed links (PUBLIC_URL unset) name it; the workers of a cluster inherit it.
 */
async function configWithPort(): Promise<Config> {
  const config = loadConfig();
  if (config.port !== 0 || !cluster.isPrimary) return config;
  process.env.PORT = String(await freePort(config.host));
  return loadConfig();
}

/** The API process: migrate, optionally seed the demo, serve (in API_WORKERS processes), and stop gracefully. */
async function main(): Promise<void> {
  const envFile = loadEnvFile(repositoryEnvFile());
  const config = await configWithPort();
  const logger = createLogger(config.logLevel, logDestination);
  if (cluster.isPrimary) logEnvFile(envFile, logger);
  if (config.workers === 1) return serve(config, logger, true);
  if (cluster.isPrimary) return superviseWorkers(config, logger);
  return serve(config, logger.child({ worker: cluster.worker?.id }), false);
}

main().catch((error: unknown) => {
  logDestination.flushSync();
  console.error(error instanceof DataDirInUse ? error.message : error);
  process.exit(1);
});
