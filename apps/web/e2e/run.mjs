// End-to-end tests of the guest booking flow: the real API on a throwaway embedded database
// (PGlite, demo properties), driven through Debian's Chromium with playwright-core. Builds what
// is stale, starts the API on a free port, runs every scenario of e2e/scenarios/ (one module
// each, in file name order), saves a screenshot of each step under apps/web/e2e-output/ with the
// API's whole log (api.log), then scans the log, the database and the outbox for the secrets the
// scenarios typed and held (support/secrets-scan.mjs), prints "N passed, M failed" and exits
// non-zero on any failure.
//
// A scenario module default-exports `async run(session, env)`; it may export `options` (the
// browser context: viewport, isMobile...) and `skipped(env)` (a reason to skip it, or null).
// `env` holds `baseUrl`, `server`, the main stay's `arrival` and `departure`, and what the API
// offers (`restaurantsExist`, `accountExists`), `stripe`: the local fake Stripe the API
// takes a Stripe property's payments through, with that property's code (support/fake-stripe.mjs,
// support/stripe-property.mjs), and `paystack`, the fake PayStack (support/paystack.mjs). Both are
// null against E2E_BASE_URL. Scenarios share one API and database: each books what it needs
// without relying on another's bookings.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { api } from './support/api.mjs';
import { isoDaysAhead } from './support/dates.mjs';
import { outputDir, repoRoot, scenariosDir, webRoot } from './support/paths.mjs';
import { secrets } from './support/secrets.mjs';
import { scanForSecrets } from './support/secrets-scan.mjs';
import { FAKE_STRIPE_KEYS, startFakeStripe } from './support/fake-stripe.mjs';
import { PAYSTACK_SECRET_KEY, startPaystack } from './support/paystack.mjs';
import { buildIfStale, startApi } from './support/server.mjs';
import { importStripeProperty, STRIPE_PROPERTY } from './support/stripe-property.mjs';
import { check, Session } from './support/session.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const only = process.argv.slice(2);

const results = [];
const problems = [];

function pass(name, started) {
  results.push({ name, ok: true });
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function fail(name, error) {
  results.push({ name, ok: false });
  problems.push(`${name}: ${error.message}`);
  console.log(`✗ ${name}\n    ${String(error.message).split('\n').join('\n    ')}`);
}

/** The scenario modules, in file name order: `{ name, module }`. */
async function loadScenarios() {
  const files = readdirSync(scenariosDir)
    .filter((file) => file.endsWith('.mjs'))
    .sort();
  return Promise.all(
    files.map(async (file) => ({
      name: path.basename(file, '.mjs'),
      module: await import(pathToFileURL(path.join(scenariosDir, file)).href),
    })),
  );
}

/** Runs one scenario in its own browser context; console errors and serious axe findings fail it. */
async function runScenario(browser, env, { name, module }) {
  const options = module.options ?? {};
  const context = await browser.newContext({
    baseURL: env.baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.context ?? {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const session = new Session(context, page, name);
  const started = Date.now();
  try {
    await module.default(session, env);
    check(session.consoleErrors.length === 0, `console errors:\n  ${session.consoleErrors.join('\n  ')}`);
    check(session.axeProblems.length === 0, `serious or critical accessibility violations:\n  ${session.axeProblems.join('\n  ')}`);
    pass(name, started);
  } catch (error) {
    // What the page reported before the step failed often says why.
    if (session.consoleErrors.length > 0) error.message += `\nconsole errors before the failure:\n  ${session.consoleErrors.join('\n  ')}`;
    fail(name, error);
    await page.screenshot({ path: path.join(outputDir, `${name}-failure.png`), fullPage: true }).catch(() => undefined);
  } finally {
    await session.noteSessionCookie().catch(() => undefined);
    await context.close();
  }
}

async function run() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)`);
  // E2E_BASE_URL points the suite at a server already running (e.g. the Vite dev server with
  // React's development warnings); nothing is built or started then.
  const external = process.env.E2E_BASE_URL?.replace(/\/$/, '');
  if (!external)
    buildIfStale('@hotel/web', path.join(webRoot, 'dist/index.html'), [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'packages/domain/src',
    ]);
  if (!external)
    buildIfStale('@hotel/api', path.join(repoRoot, 'apps/api/dist/main.js'), ['apps/api/src', 'packages/domain/src', 'db/src']);
  rmSync(outputDir, { recursive: true, force: true });
  mkdirSync(outputDir, { recursive: true });
  const scenarios = (await loadScenarios()).filter(({ name }) => only.length === 0 || only.some((wanted) => name.includes(wanted)));

  // Payments through Stripe and PayStack go to local fakes: the API is told their addresses and keys.
  let stripe = null;
  const paystack = external ? null : await startPaystack();
  const server = external
    ? { baseUrl: external, stop: async () => undefined, removeData: () => undefined }
    : await startApi(async (apiBaseUrl) => {
        stripe = await startFakeStripe(apiBaseUrl);
        return {
          ...stripe.apiEnv,
          PAYSTACK_SECRET_KEY,
          PAYSTACK_API_URL: paystack.url,
          PAYSTACK_CHECKOUT_ORIGIN: paystack.url,
        };
      });
  if (paystack) paystack.webhookUrl = `${server.baseUrl}/api/Payments/Webhook/paystack`;
  const stopOnSignal = () => {
    void Promise.all([server.stop(), stripe?.stop()]).then(() => {
      server.removeData();
      process.exit(130);
    });
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const { baseUrl } = server;
  if (stripe) await importStripeProperty(baseUrl, FAKE_STRIPE_KEYS.publishable);
  const env = {
    baseUrl,
    server,
    arrival: isoDaysAhead(60),
    departure: isoDaysAhead(62),
    restaurantsExist: (await api(baseUrl, 'GET', '/RestaurantBooking/Restaurants?propertyId=1')).status === 200,
    accountExists: (await api(baseUrl, 'POST', '/Account/Logout', {})).status !== 404,
    /** The fake Stripe and the code of the property that pays through it; null against E2E_BASE_URL. */
    stripe: stripe && { fake: stripe, property: STRIPE_PROPERTY },
    paystack,
  };

  try {
    for (const scenario of scenarios) {
      const reason = scenario.module.skipped?.(env);
      if (reason) console.log(`- ${scenario.name}: skipped, ${reason}`);
      else await runScenario(browser, env, scenario);
    }
  } finally {
    await browser.close();
    await server.stop();
    await stripe?.stop();
    await paystack?.close();
    try {
      if (server.dataDir) await checkSecrets(server);
      else console.log('- secrets-scan: skipped, the server at E2E_BASE_URL keeps its own log and database');
    } finally {
      server.removeData();
    }
  }
}

/** The scan after every scenario, reported as one more test (support/secrets-scan.mjs says what it covers). */
async function checkSecrets(server) {
  const started = Date.now();
  try {
    const scan = await scanForSecrets({
      secrets,
      logFile: server.logFile,
      dataDir: server.dataDir,
      dumpFile: path.join(outputDir, 'database-dump.txt'),
    });
    console.log(`    secrets scan: ${scan.summary}`);
    check(scan.problems.length === 0, scan.problems.join('\n'));
    pass('secrets-scan', started);
  } catch (error) {
    fail('secrets-scan', error);
  }
}

let crashed = null;
try {
  await run();
} catch (error) {
  crashed = error;
  console.error(error);
}
const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed + (crashed ? 1 : 0);
if (problems.length > 0) console.log(`\nFailures:\n- ${problems.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
