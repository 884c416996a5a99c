/**
 * `pnpm bench`: the production build on a fresh Postgres database filled with the large group,
 * driven by autocannon on loopback for fixed durations. Writes bench/REPORT.md at the repo root
 * and prints one JSON object as its last stdout line. Measures; never tunes, never fails on a
 * slow figure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { addDays, addMonths, calendarWindow, isoWeekday, monthOf, todayIn } from '@hotel/domain/dates';
import { systemClock } from '../src/app-context';
import { findLedgerBreaches } from '../src/booking';
import { migratePostgres, openPostgresDatabase } from '../src/database/postgres-database';
import { createLogger } from '../src/logger';
import { workerExecArgv } from '../src/server';
import { profilesIn, selfTimes, type ProfileSummary } from './cpu-profile';
import { apiProcessIds, cpuMsPerRequest, cpuPerRequest, cpuUse, residentMb, type CpuUse } from './cpu-use';
import { generateLargeGroup, inventoryMismatches, LARGE_GROUP, type LargeGroup } from './generate-large-group';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 3);
const CONNECTIONS = 32;
/**
 * `BENCH_ONLY=ari` runs the rates-and-availability scenario alone; `BENCH_ONLY=reads` the new-stay
 * searches, the new-window calendars and the mixed scenario (and reads the API's memory);
 * `BENCH_ONLY=create` the uncontended creates with their CPU per booking, then the profiled create
 * run. None of them builds the web client or writes the report.
 */
const ONLY = process.env.BENCH_ONLY;
/** A folder to keep the profiled create run's .cpuprofile files in (they go with the run's data otherwise). */
const KEEP_PROFILES = process.env.BENCH_KEEP_PROFILES;
const ADMIN_API_KEY = randomBytes(24).toString('hex');
/** Sequential ARI requests measured (after two unmeasured). */
const ARI_RUNS = Number(process.env.BENCH_ARI_RUNS ?? 20);
/**
 * As a deployment would run it: one HTTP worker per core given to the API (README, "Run it in
 * production"). PostgreSQL and the load generator run on this machine too, so the API is given
 * the cores less one (docs/decisions/0010-inventory-in-memory.md, amendment of 2026-11-24: on 2
 * cores, two workers did no better than one on any figure but the rate of new-stay searches).
 */
const API_WORKERS = Number(process.env.BENCH_API_WORKERS ?? Math.max(1, os.cpus().length - 1));
/** The API's heap options, on the command line as the README's production line has them (a process that does not fork gets them only there). */
const API_NODE_OPTIONS = workerExecArgv([]);

type Histogram = { average: number; mean: number; p50: number; p99: number; max: number };
type AutocannonResult = {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
};
type AutocannonRequest = {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
};
const autocannon = require('autocannon') as (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => unknown;

function run(options: AutocannonOptions): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

/**
 * A scenario measured at its steady state: the same load runs for WARM_UP_S first, unmeasured,
 * so the figures are those of a server that has been running (code compiled by the JIT, pools
 * and caches filled), not of its first second. The contended scenario goes without: it is a
 * count of what was booked, not a rate.
 */
async function load(options: AutocannonOptions, { warmUp = true, beforeMeasuring = () => {} } = {}): Promise<AutocannonResult> {
  if (warmUp && WARM_UP_S > 0) await run({ ...options, duration: WARM_UP_S });
  beforeMeasuring();
  return run(options);
}

type Row = {
  scenario: string;
  connections: number;
  rps: number;
  okPerS: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  note: string;
  /** Requests/s of the same statements sent straight through pg, when the row has a SQL ceiling. */
  sqlCeilingRps?: number;
};
const rows: Row[] = [];
function record(scenario: string, connections: number, result: AutocannonResult, note = ''): Row {
  const row = {
    scenario,
    connections,
    rps: result.requests.average,
    okPerS: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    note,
  };
  rows.push(row);
  console.log(
    `${scenario}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}`,
  );
  return row;
}

/** A statement of the raw-SQL ceiling; `name` makes it a prepared statement, as the API prepares it. */
type Statement = { text: string; values: unknown[]; name?: string };

/**
 * The raw SQL ceiling of a request: the statements it runs against the database, sent straight
 * through a pg pool of the API's size by as many concurrent loops as autocannon has
 * connections, for the same duration. What the API could answer if it did nothing else.
 */
async function sqlCeiling(scenario: string, databaseUrl: string, statements: (i: number) => Statement[]): Promise<Row> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const latencies: number[] = [];
  const deadline = Date.now() + DURATION_S * 1000;
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < deadline) {
          const started = performance.now();
          for (const statement of statements(next++)) await pool.query(statement);
          latencies.push(performance.now() - started);
        }
      }),
    );
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const row: Row = {
    scenario,
    connections: CONNECTIONS,
    rps: latencies.length / DURATION_S,
    okPerS: latencies.length / DURATION_S,
    p50: at(0.5),
    p99: at(0.99),
    non2xx: 0,
    errors: 0,
    note: 'pg straight to PostgreSQL, pool of 20 (as the API)',
  };
  rows.push(row);
  console.log(`${scenario}: ${row.rps.toFixed(0)} /s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
  return row;
}

/** What every search and calendar reads: the property's catalogue and inventory versions (see availability-queries.ts). */
function versionsStatement(propertyId: number): Statement {
  return {
    name: 'property_versions',
    text: `SELECT p.id, p.group_id, p.catalogue_version, coalesce(sum(v.version), 0) AS inventory_version
           FROM properties p LEFT JOIN room_types rt ON rt.property_id = p.id
           LEFT JOIN room_type_inventory_versions v ON v.room_type_id = rt.id
           WHERE p.id = any($1::int[]) GROUP BY p.id`,
    values: [`{${propertyId}}`],
  };
}

/** What a search whose answer is not cached reads once the catalogue and price caches are warm. */
function searchStatements(propertyId: number, from: string, to: string): Statement[] {
  return [
    versionsStatement(propertyId),
    {
      name: 'free_units',
      text: `SELECT i.room_type_id, min(i.total - i.sold), count(*)::int FROM room_type_inventory i
             JOIN room_types rt ON rt.id = i.room_type_id
             WHERE rt.property_id = $1 AND rt.is_active AND i.night >= $2 AND i.night < $3 GROUP BY i.room_type_id`,
      values: [propertyId, from, to],
    },
  ];
}

/** What a calendar reads when it is not cached (see calendar.ts). */
function calendarStatements(propertyId: number, first: string, last: string): Statement[] {
  // Prices come from the catalogue cache, as a search's do; a stay may run 60 nights past the last arrival.
  return [
    {
      text: `SELECT i.room_type_id, array_agg(i.night - $2::date) AS days, array_agg(i.total - i.sold) AS free
             FROM room_type_inventory i JOIN room_types rt ON rt.id = i.room_type_id
             WHERE rt.property_id = $1 AND rt.is_active AND i.night BETWEEN $2::date AND ($3::date + 60)
             GROUP BY i.room_type_id`,
      values: [propertyId, first, last],
    },
  ];
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The newest modification time under `dir`, skipping what builds and installs write. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'e2e-output', 'coverage'].includes(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web client and the API when their build is missing or older than their sources: the report is of this tree. */
function buildIfStale(): void {
  const wanted: [string, string, string[]][] = [
    ['@hotel/web', 'apps/web/dist/index.html', ['apps/web', 'packages/domain']],
    ['@hotel/api', 'apps/api/dist/main.js', ['apps/api/src', 'packages/domain', 'db/src', 'db/migrations']],
  ];
  for (const [name, file, sources] of wanted) {
    if (ONLY && name === '@hotel/web') continue;
    const builtAt = existsSync(path.join(root, file)) ? statSync(path.join(root, file)).mtimeMs : 0;
    if (builtAt >= Math.max(...sources.map((dir) => newestSource(path.join(root, dir))))) continue;
    console.log(`building ${name}`);
    const result = spawnSync('pnpm', ['--filter', name, 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${name} build failed`);
  }
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    import('node:net').then(({ createServer }) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    }, reject);
  });
}

/** SIGTERM, then SIGKILL after `timeoutMs`; answers how the process ended. */
async function stopProcess(
  child: ChildProcess | undefined,
  timeoutMs = 10_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null } | undefined> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const ended = await exited;
  clearTimeout(timer);
  return ended;
}

/** The party of the benchmark's searches and bookings. */
const twoAdults = { NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 };

/** The first Tuesday outside July and August at least `days` ahead: a weekday base-rate night. */
function plainWeekday(today: string, days: number): string {
  let night = addDays(today, days);
  while (isoWeekday(night) !== 2 || [7, 8].includes(monthOf(night))) night = addDays(night, 1);
  return night;
}

type RoomRate = {
  RoomType: { RoomTypeId: number; RoomTypeCode: string };
  Rates: (Record<string, unknown> & { RatePlanId: number; RatePlanCode: string })[];
};

async function search(base: string, body: object): Promise<{ RoomTypes: RoomRate[] }> {
  const response = await fetch(`${base}/api/Availability/Search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { RoomTypes: RoomRate[] };
}

/** The room's TotalCost the client would send: what the search answered for its one room. */
function totalCostOf(rate: Record<string, unknown>): number {
  return (rate.RoomCosts as { TotalCost: number }[])[0]!.TotalCost;
}

function booking(propertyId: number, roomTypeId: number, ratePlanId: number, night: string, totalCost: number, n: number) {
  return {
    LanguageCode: 'en',
    PropertyId: propertyId,
    DateFrom: night,
    DateTo: addDays(night, 1),
    Booker: { FirstName: 'Load', LastName: `Tester${n}`, Email: `load${n}@example.com`, Phone: '+441234567890', CountryId: 826 },
    CardDetails: {
      NameOnCard: 'Load Tester',
      CardNumber: '4242424242424242',
      SecurityCode: '123',
      ExpiryMonth: 12,
      ExpiryYear: 2035,
      CreditCardTypeId: 1,
    },
    PaymentType: 'PayByCard',
    Rooms: [
      {
        ReservationItemId: 1,
        DateFrom: night,
        DateTo: addDays(night, 1),
        RoomTypeId: roomTypeId,
        RatePlanId: ratePlanId,
        ...twoAdults,
        Guests: [{ FirstName: 'Load', LastName: `Tester${n}` }],
        Services: [],
        TotalCost: totalCost,
      },
    ],
  };
}

/** Waits until no confirmation e-mail is pending; answers how many were sent and how long the wait was. */
async function waitForSentMail(databaseUrl: string, timeoutMs: number): Promise<{ sent: number; pending: number; waitedMs: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ sent: number; pending: number }>(
        `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM mail_outbox`,
      );
      const { sent, pending } = rows[0]!;
      if (pending === 0 || Date.now() - started > timeoutMs) return { sent, pending, waitedMs: Date.now() - started };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

/** The little of playwright-core the benchmark uses (it is a dependency of apps/web, not of the API). */
type BrowserPage = {
  on(event: 'response', listener: (response: { url(): string }) => void): void;
  goto(url: string, options: { waitUntil: 'commit' }): Promise<unknown>;
  getByRole(role: 'button', options: { name: RegExp }): { waitFor(options: { state: 'visible'; timeout: number }): Promise<void> };
  waitForFunction(source: string): Promise<unknown>;
};
type ChromiumLauncher = {
  launch(options: { executablePath: string; args: string[] }): Promise<{
    newContext(): Promise<{ newPage(): Promise<BrowserPage>; close(): Promise<void> }>;
    close(): Promise<void>;
  }>;
};

/** Web client: the gzip size of each first-page asset, and the time to a usable search form in Chromium. */
async function measureWeb(
  base: string,
  propertyCode: string,
): Promise<{ jsGzipKb: number; cssGzipKb: number; searchFormMs: number | null; note: string; files: string[] }> {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const staticAssets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const gzipKb = (files: string[]) =>
    files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0) / 1024;
  const chromium = '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    return {
      jsGzipKb: gzipKb(staticAssets.filter((f) => f.endsWith('.js'))),
      cssGzipKb: gzipKb(staticAssets.filter((f) => f.endsWith('.css'))),
      searchFormMs: null,
      note: 'Chromium is absent (/usr/bin/chromium): the time to a usable search form was not measured; sizes are those index.html names.',
      files: staticAssets,
    };
  }
  const webRequire = createRequire(path.join(root, 'apps/web/package.json'));
  const { chromium: launcher } = webRequire('playwright-core') as { chromium: ChromiumLauncher };
  const browser = await launcher.launch({
    executablePath: chromium,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const timings: number[] = [];
    let loaded: string[] = [];
    // A cold first visit, then warm ones; the figure is the median of the warm-cache-less runs (new context each time).
    for (let run = 0; run < 5; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const assets = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (/^\/assets\/.+\.(js|css)$/.test(url.pathname)) assets.add(url.pathname.slice(1));
      });
      const started = Date.now();
      await page.goto(`${base}/Book/${propertyCode}`, { waitUntil: 'commit' });
      const button = page.getByRole('button', { name: /search availability/i });
      await button.waitFor({ state: 'visible', timeout: 15_000 });
      await page.waitForFunction(
        "[...document.querySelectorAll('button')].some((b) => /search availability/i.test(b.textContent || '') && !b.disabled)",
      );
      timings.push(Date.now() - started);
      loaded = [...assets];
      await context.close();
    }
    timings.sort((a, b) => a - b);
    const files = [...new Set([...staticAssets, ...loaded])];
    return {
      jsGzipKb: gzipKb(files.filter((f) => f.endsWith('.js'))),
      cssGzipKb: gzipKb(files.filter((f) => f.endsWith('.css'))),
      searchFormMs: timings[Math.floor(timings.length / 2)]!,
      note: `Median of 5 fresh browser contexts, from navigation to an enabled "Search availability" button (runs: ${timings.join(', ')} ms). Sizes: every JS and CSS file the page loaded by then, gzip level 9.`,
      files,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Load whose i-th request (warm-up included) is `requestOf(i)`. One options object serves the
 * warm-up and the measured run, so the count goes on and no request repeats an earlier one.
 */
function inTurn(base: string, requestOf: (i: number) => AutocannonRequest, connections = CONNECTIONS): AutocannonOptions {
  let index = 0;
  return {
    url: base,
    connections,
    duration: DURATION_S,
    requests: [{ setupRequest: (req) => ({ ...req, ...requestOf(index++) }) }],
  };
}

function postJson(apiPath: string, body: string): AutocannonRequest {
  return { method: 'POST', path: apiPath, headers: { 'content-type': 'application/json' }, body };
}

/** Load that POSTs `bodies` to `path` in turn, one body per request. */
function postInTurn(base: string, apiPath: string, bodies: readonly object[]): Promise<AutocannonResult> {
  return load(inTurn(base, (i) => postJson(apiPath, JSON.stringify(bodies[i % bodies.length]))));
}

/**
 * The i-th search of a series whose searches all differ: 1,000 arrival days, then `lengths`
 * stay lengths, then `adults` party sizes, then 1 or 2 rooms (each of the same party).
 */
function newStayBody(propertyId: number, today: string, i: number, series: { lengths: number; adults: number; children: number }) {
  const arrival = 1 + (i % 1000);
  const { lengths, adults, children } = series;
  return {
    PropertyId: propertyId,
    LanguageCode: 'en',
    DateFrom: addDays(today, arrival),
    DateTo: addDays(today, arrival + 1 + (Math.floor(i / 1000) % lengths)),
    Rooms: Array.from({ length: 1 + (Math.floor(i / (1000 * lengths * adults)) % 2) }, () => ({
      NumberOfAdults: 1 + (Math.floor(i / (1000 * lengths)) % adults),
      NumberOfChildren: children,
      NumberOfInfants: 0,
    })),
  };
}

/** Searches of BENCH1 for a stay and party no earlier request had: no answer comes from the cache. */
function newStayBodies(propertyId: number, today: string) {
  return Array.from({ length: 40_000 }, (_, i) => newStayBody(propertyId, today, i, { lengths: 10, adults: 2, children: 0 }));
}

/** The start days (after today) and end days (before the window's last night) the new-window calendars combine. */
const NEW_WINDOW_STARTS = 400;
const NEW_WINDOW_ENDS = 90;

/**
 * The i-th calendar of a window no earlier one had. Every window lies inside the one the API
 * clamps to (today .. 36 months ahead), so they stay distinct after clamping.
 */
function newWindowCalendarPath(propertyId: number, today: string, i: number): string {
  const latest = calendarWindow(today).to;
  const fromDate = addDays(today, i % NEW_WINDOW_STARTS);
  const toDate = addDays(latest, -(Math.floor(i / NEW_WINDOW_STARTS) % NEW_WINDOW_ENDS));
  return `/api/Availability?propertyId=${propertyId}&fromDate=${fromDate}&toDate=${toDate}`;
}

/** The calendar the web client asks for (apps/web/src/hooks/use-calendar.ts): the whole window in one request. */
function webCalendarPath(propertyId: number, today: string): string {
  const window = calendarWindow(today);
  return `/api/Availability?propertyId=${propertyId}&fromDate=${window.from}&toDate=${window.to}&languageCode=en`;
}

/** Ends with a note when the load outran the distinct requests and repeated some (which the cache may answer). */
function repeatsNote(sent: number, distinct: number): string {
  return sent > distinct ? ` (${sent} sent: ${sent - distinct} repeated an earlier one)` : '';
}

async function measureNewStaySearch(base: string, bodies: readonly object[]): Promise<Row> {
  let sent = 0;
  const result = await load(
    inTurn(base, (i) => {
      sent = i + 1;
      return postJson('/api/Availability/Search', JSON.stringify(bodies[i % bodies.length]));
    }),
  );
  return record(
    'POST /api/Availability/Search, every request a new stay',
    CONNECTIONS,
    result,
    `${bodies.length} distinct searches over 1,000 arrival days: no answer from the cache (prices by month are)${repeatsNote(sent, bodies.length)}`,
  );
}

async function measureNewWindowCalendar(base: string, propertyId: number, today: string): Promise<Row> {
  const distinct = NEW_WINDOW_STARTS * NEW_WINDOW_ENDS;
  let sent = 0;
  const result = await load(
    inTurn(base, (i) => {
      sent = i + 1;
      return { method: 'GET', path: newWindowCalendarPath(propertyId, today, i) };
    }),
  );
  return record(
    'GET /api/Availability, 36 months, every request a new window',
    CONNECTIONS,
    result,
    `each request a window no earlier one had (from today + 0..${NEW_WINDOW_STARTS - 1} days to 36 months ahead less 0..${NEW_WINDOW_ENDS - 1} days, ${distinct} windows): no answer from the cache${repeatsNote(sent, distinct)}`,
  );
}

type BookingStream = { made: number; refused: number; failed: number; latencies: number[] };

/**
 * POSTs one prepared booking every 1/`perSecond` s on a fixed clock for `seconds`, not waiting
 * for earlier answers: the rate is the clock's, whatever the API answers. A timer that fires
 * late sends what fell due at once.
 */
function bookAtFixedRate(base: string, bodies: string[], perSecond: number, seconds: number): Promise<BookingStream> {
  const count = Math.round(perSecond * seconds);
  if (bodies.length < count) throw new Error(`${count} bookings wanted, ${bodies.length} prepared`);
  const stream: BookingStream = { made: 0, refused: 0, failed: 0, latencies: [] };
  const book = async (body: string) => {
    const sent = performance.now();
    try {
      const response = await fetch(`${base}/api/Reservation/Create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const answer = await response.text();
      stream.latencies.push(performance.now() - sent);
      if (response.ok && answer.includes('"Success":true')) stream.made += 1;
      else stream.refused += 1;
    } catch {
      stream.failed += 1;
    }
  };
  const interval = 1000 / perSecond;
  const started = performance.now();
  const sending: Promise<void>[] = [];
  return new Promise((resolve) => {
    let due = 0;
    const tick = () => {
      while (due < count && performance.now() >= started + due * interval) {
        sending.push(book(bodies.pop()!));
        due += 1;
      }
      if (due < count) setTimeout(tick, started + due * interval - performance.now());
      else void Promise.all(sending).then(() => resolve(stream));
    };
    tick();
  });
}

const MIXED_BOOKINGS_PER_S = 20;
const MIXED_CONNECTIONS = 16;

/** Bookings the mixed scenario sends, its warm-up included. */
function mixedBookingCount(): number {
  return MIXED_BOOKINGS_PER_S * (DURATION_S + WARM_UP_S);
}

/**
 * Searches for new stays and the web client's calendar of BENCH1, each by its own autocannon
 * at once, while the bench books rooms of BENCH1 at a fixed 20 a second: reads while every
 * booking changes the inventory they read. Warmed up as `load` does, all three together.
 */
async function measureMixed(
  base: string,
  propertyId: number,
  today: string,
  bookingBodies: string[],
): Promise<{ search: Row; calendar: Row; errors: number }> {
  // A child in every party: no earlier search had one, so none of these is answered from the cache.
  const searches = inTurn(
    base,
    (i) => postJson('/api/Availability/Search', JSON.stringify(newStayBody(propertyId, today, i, { lengths: 7, adults: 3, children: 1 }))),
    MIXED_CONNECTIONS,
  );
  const calendars: AutocannonOptions = {
    url: base + webCalendarPath(propertyId, today),
    connections: MIXED_CONNECTIONS,
    duration: DURATION_S,
  };
  const together = (seconds: number) =>
    Promise.all([
      run({ ...searches, duration: seconds }),
      run({ ...calendars, duration: seconds }),
      bookAtFixedRate(base, bookingBodies, MIXED_BOOKINGS_PER_S, seconds),
    ]);
  if (WARM_UP_S > 0) await together(WARM_UP_S);
  const [searchResult, calendarResult, bookings] = await together(DURATION_S);
  const sorted = [...bookings.latencies].sort((a, b) => a - b);
  const bookingsNote = `${bookings.made} bookings made, ${bookings.refused} refused (non-2xx), ${bookings.failed} failed in the ${DURATION_S} s, ${(bookings.made / DURATION_S).toFixed(1)}/s achieved of ${MIXED_BOOKINGS_PER_S}/s sent on a fixed clock by the bench (booking p50 ${Math.round(percentile(sorted, 0.5))} ms, p99 ${Math.round(percentile(sorted, 0.99))} ms)`;
  console.log(`Mixed: ${bookingsNote}`);
  const search = record(
    'Mixed: POST /api/Availability/Search, every request a new stay, while 20 bookings/s commit',
    MIXED_CONNECTIONS,
    searchResult,
    `searches of BENCH1 for stays no earlier search had (a child in every party), beside the calendar row below; ${bookingsNote}`,
  );
  const calendar = record(
    'Mixed: GET /api/Availability, 36 months, while 20 bookings/s commit',
    MIXED_CONNECTIONS,
    calendarResult,
    `the web client's calendar of BENCH1 (today to 36 months ahead), beside the search row above; ${bookingsNote}`,
  );
  return {
    search,
    calendar,
    errors: search.non2xx + search.errors + calendar.non2xx + calendar.errors + bookings.refused + bookings.failed,
  };
}

type Memory = { processes: { pid: number; role: string; mb: number; atRestMb: number }[]; maxMb: number; maxAtRestMb: number };

/** How long the API is left without requests before its memory at rest is read: V8 gives back what it grew under load once idle. */
const REST_S = 10;

/**
 * The API's resident memory once searches and calendars have read every property of the group:
 * each process of the API tree (cluster workers take requests in turn, so each property is
 * asked a few times per worker).
 */
async function measureMemory(base: string, apiPid: number | undefined, propertyIds: readonly number[], today: string): Promise<Memory> {
  for (const propertyId of propertyIds) {
    const night = plainWeekday(today, 30);
    for (let i = 0; i < 3 * API_WORKERS; i += 1) {
      const calendar = await fetch(base + webCalendarPath(propertyId, today));
      if (!calendar.ok) throw new Error(`the calendar of ${propertyId} answered ${calendar.status}`);
      await calendar.arrayBuffer();
      await search(base, { PropertyId: propertyId, LanguageCode: 'en', DateFrom: night, DateTo: addDays(night, 1), Rooms: [twoAdults] });
    }
  }
  const pids = apiProcessIds(apiPid);
  const justAfter = new Map(pids.map((pid) => [pid, residentMb(pid)]));
  await new Promise((resolve) => setTimeout(resolve, REST_S * 1000));
  const processes = pids.flatMap((pid) => {
    const mb = justAfter.get(pid);
    const atRest = residentMb(pid);
    return mb === undefined || atRest === undefined
      ? []
      : [
          {
            pid,
            role: API_WORKERS === 1 ? 'API' : pid === apiPid ? 'supervisor' : 'worker',
            mb: Math.round(mb),
            atRestMb: Math.round(atRest),
          },
        ];
  });
  const memory = {
    processes,
    maxMb: Math.max(0, ...processes.map((p) => p.mb)),
    maxAtRestMb: Math.max(0, ...processes.map((p) => p.atRestMb)),
  };
  console.log(
    `API resident memory: ${processes.map((p) => `${p.role} ${p.pid} ${p.mb} MB just after the load, ${p.atRestMb} MB after ${REST_S} s at rest`).join(', ')}`,
  );
  return memory;
}

/** Fisher–Yates, in place. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * One-room, one-plain-weekday-night bookings, one per room free, of every room type but the
 * contended one, at the TotalCost a search answered for that room type and rate; by property
 * code, each list shuffled so concurrent creates rarely touch the same inventory row.
 */
async function prepareBookings(
  base: string,
  databaseUrl: string,
  propertyIds: Record<string, number>,
  today: string,
): Promise<Map<string, string[]>> {
  const prepared = new Map<string, string[]>();
  let n = 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [code, id] of Object.entries(propertyIds)) {
      const bodies: string[] = [];
      const night = plainWeekday(today, 30);
      const answer = await search(base, {
        PropertyId: id,
        LanguageCode: 'en',
        DateFrom: night,
        DateTo: addDays(night, 1),
        Rooms: [twoAdults],
      });
      for (const roomType of answer.RoomTypes) {
        if (roomType.RoomType.RoomTypeCode === LARGE_GROUP.contendedRoomType.code) continue;
        const rate = roomType.Rates.find((r) => r.RatePlanCode === 'BAR');
        if (!rate) continue;
        const free = await client.query<{ night: string; free: number }>(
          `SELECT to_char(night, 'YYYY-MM-DD') AS night, total - sold AS free FROM room_type_inventory
           WHERE room_type_id = $1 AND night >= $2 AND total > sold AND extract(isodow FROM night) BETWEEN 1 AND 4
             AND extract(month FROM night) NOT IN (7, 8) AND night < $3 ORDER BY night`,
          [roomType.RoomType.RoomTypeId, night, addDays(today, 365 * 3 - 40)],
        );
        for (const row of free.rows) {
          for (let i = 0; i < row.free; i += 1) {
            bodies.push(JSON.stringify(booking(id, roomType.RoomType.RoomTypeId, rate.RatePlanId, row.night, totalCostOf(rate), n++)));
          }
        }
      }
      prepared.set(code, shuffle(bodies));
      console.log(`${code}: ${n} distinct one-night bookings prepared so far`);
    }
  } finally {
    await client.end();
  }
  return prepared;
}

/** An uncontended create load: `bodies` POSTed in turn; `taken` says how many it sent. */
async function createLoad(
  base: string,
  bodies: readonly string[],
  onMeasuring: () => void,
): Promise<{ result: AutocannonResult; taken: number }> {
  let taken = 0;
  const result = await load(
    inTurn(base, (i) => {
      taken = i + 1;
      return postJson('/api/Reservation/Create', bodies[i % bodies.length]!);
    }),
    { beforeMeasuring: onMeasuring },
  );
  return { result, taken };
}

const ceilingScript = `
const http = require('node:http');
const body = Buffer.alloc(Number(process.argv[1]), 'x');
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); });
});
server.listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** The value at fraction `q` of sorted `values` (nearest rank). */
function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * `POST /api/Admin/Ari` with a year of prices (365 nights) for one rate plan and room type,
 * sent one request after another by one client, alternating two prices so that every run
 * rewrites every night (the same request twice would change nothing).
 */
async function measureAri(base: string, target: { propertyCode: string; ratePlan: string; roomType: string }, today: string): Promise<Row> {
  const send = async (run: number) => {
    const started = performance.now();
    const response = await fetch(`${base}/api/Admin/Ari`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': ADMIN_API_KEY },
      body: JSON.stringify({
        PropertyCode: target.propertyCode,
        Changes: [
          {
            Type: 'Price',
            RatePlan: target.ratePlan,
            RoomType: target.roomType,
            From: addDays(today, 1),
            To: addDays(today, 365),
            Price: 150 + (run % 2),
          },
        ],
      }),
    });
    const answer = (await response.json()) as { Changes?: { NightsChanged: number }[] };
    const ms = performance.now() - started;
    if (response.status !== 200 || answer.Changes?.[0]?.NightsChanged !== 365)
      throw new Error(`an ARI run answered ${response.status}: ${JSON.stringify(answer)}`);
    return ms;
  };
  await send(0);
  await send(1);
  const started = performance.now();
  const times: number[] = [];
  for (let run = 0; run < ARI_RUNS; run += 1) times.push(await send(run));
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  const row: Row = {
    scenario: 'POST /api/Admin/Ari, a year of prices (365 nights, one rate plan and room type)',
    connections: 1,
    rps: ARI_RUNS / seconds,
    okPerS: ARI_RUNS / seconds,
    p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
    p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
    non2xx: 0,
    errors: 0,
    note: `${ARI_RUNS} requests one after another, each rewriting all 365 nights in one statement and raising the catalogue version; fastest ${sorted[0]!.toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms`,
  };
  rows.push(row);
  console.log(`${row.scenario}: p50 ${row.p50} ms, p99 ${row.p99} ms over ${ARI_RUNS} runs`);
  return row;
}

/** The figures of the rows `BENCH_ONLY=reads` measures too. */
function readFigures(uncachedRow: Row, newWindowRow: Row, mixed: { search: Row; calendar: Row; errors: number }, memory: Memory) {
  return {
    uncachedSearchP99Ms: uncachedRow.p99,
    uncachedCalendarP99Ms: newWindowRow.p99,
    mixedSearchP99Ms: mixed.search.p99,
    mixedCalendarP99Ms: mixed.calendar.p99,
    mixedErrors: mixed.errors,
    apiMaxRssMb: memory.maxMb,
    apiMaxRssAtRestMb: memory.maxAtRestMb,
  };
}

/** The report's section on the profiled create run. */
function profileSection(
  profile: ProfileSummary,
  run: {
    profiledRps: number;
    measuredRps: number;
    workers: number;
    profiledWorkers: number;
    ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  },
): string[] {
  const share = (ms: number) => (profile.busyMs > 0 ? (ms / profile.busyMs) * 100 : 0);
  const sampled = profile.busyMs + profile.idleMs;
  const whose =
    API_WORKERS > 1
      ? {
          inherit: ', which its workers inherit',
          profiles: `Profiles of ${run.profiledWorkers} of ${run.workers} workers (the supervisor's left out;`,
          summed: ', summed over the workers',
        }
      : {
          inherit: '',
          profiles: `The profile of the API's one process (${run.profiledWorkers === 1 ? 'written' : 'not written'};`,
          summed: '',
        };
  const engine = ['(garbage collector)', '(program)'].map((name) => {
    const found = profile.functions.find((f) => f.name === name && f.where === '');
    return `${name} ${found ? `${found.ms.toFixed(0)} ms (${share(found.ms).toFixed(1)} %)` : 'not sampled'}`;
  });
  return [
    '## Where the API spends its time while booking',
    '',
    `The uncontended create load once more (prepared stays not booked yet), ${DURATION_S} s after ${WARM_UP_S} s unmeasured, on the same database with the API started again under V8's profiler (\`node --cpu-prof\`${whose.inherit}): ${run.profiledRps.toFixed(0)} creates/s, against ${run.measuredRps.toFixed(0)}/s unprofiled above (the profiler slows it). ${whose.profiles} the API ended with ${run.ended ? `code ${run.ended.code}, signal ${run.ended.signal}` : 'no stop'}), counting only the samples of the measured seconds: ${profile.busyMs.toFixed(0)} ms busy, idle ${sampled > 0 ? ((profile.idleMs / sampled) * 100).toFixed(1) : 0} % of the time sampled. Self time per function${whose.summed}; locations are the sources' (through the bundle's source map) or the dependency's file.`,
    '',
    '| # | Function | Where | Self ms | % of non-idle |',
    '| ---: | --- | --- | ---: | ---: |',
    ...profile.functions
      .slice(0, 15)
      .map((f, i) => `| ${i + 1} | \`${f.name}\` | ${f.where} | ${f.ms.toFixed(0)} | ${share(f.ms).toFixed(1)} % |`),
    '',
    `V8's own: ${engine.join(', ')}.`,
    '',
  ];
}

async function main(): Promise<void> {
  const started = Date.now();
  buildIfStale();
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const host = new URL(serverUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`the benchmark runs on loopback only, not on ${host}`);
  const databaseName = `hotel_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDatabase(serverUrl, databaseName);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-bench-'));
  let api: ChildProcess | undefined;
  let ceiling: ChildProcess | undefined;
  await admin(serverUrl, `CREATE DATABASE ${databaseName}`);
  console.log(`database ${databaseName}`);
  const database = openPostgresDatabase({ connectionString: databaseUrl, logger: createLogger('silent'), pool: { writeConnections: 4 } });
  try {
    await migratePostgres(databaseUrl);
    const generated: LargeGroup = await generateLargeGroup({ database, clock: systemClock }, { log: (line) => console.log(line) });

    const apiPort = await freePort();
    const base = `http://127.0.0.1:${apiPort}`;
    const sessionSecret = randomBytes(24).toString('hex');
    const linkSecret = randomBytes(24).toString('hex');
    // `nodeOptions` go on the command line: cluster workers inherit the supervisor's (--cpu-prof is not allowed in NODE_OPTIONS).
    const startApi = async (nodeOptions: string[] = []) => {
      api = spawn(process.execPath, [...API_NODE_OPTIONS, ...nodeOptions, path.join(root, 'apps/api/dist/main.js')], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          PAYMENTS: 'test',
          // One client books over and over: the hourly anti-automation limits would refuse it.
          BOOKINGS_PER_CLIENT_PER_HOUR: '1000000',
          MAILS_PER_ADDRESS_PER_HOUR: '1000000',
          PORT: String(apiPort),
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          PUBLIC_URL: base,
          // Plain http on loopback, which a production API allows only when told.
          ALLOW_HTTP_PUBLIC_URL: 'true',
          LOG_LEVEL: 'info',
          SESSION_SECRET: sessionSecret,
          LINK_SECRET: linkSecret,
          WEB_DIST: path.join(root, 'apps/web/dist'),
          API_WORKERS: String(API_WORKERS),
          ADMIN_API_KEY,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitFor(`${base}/readyz`, 30_000);
    };
    /** Books `bodies` under load, one after another, with the CPU each party spent per booking. */
    const uncontendedCreates = async (bodies: readonly string[]) => {
      let cpuBefore: CpuUse | undefined;
      const { result, taken } = await createLoad(base, bodies, () => (cpuBefore = cpuUse(api?.pid)));
      const cpu = cpuMsPerRequest(cpuBefore, cpuUse(api?.pid), result['2xx']);
      const row = record(
        'POST /api/Reservation/Create, uncontended',
        CONNECTIONS,
        result,
        `${result['2xx']} created, ${result.non2xx} refused, of ${bodies.length} prepared stays${taken > bodies.length ? ' (some sent twice: the refusals are sold-out repeats)' : ''}. ${cpuPerRequest(cpu)}`,
      );
      return { row, taken, cpu };
    };
    /**
     * Books `bodies` under load on an API started under V8's profiler in each of its processes
     * (the caller has stopped the API), and ranks the workers' self time over the measured seconds.
     */
    const profiledCreates = async (bodies: readonly string[]) => {
      const profileDir = path.join(dataDir, 'cpu-profiles');
      await mkdir(profileDir);
      await startApi(['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
      const supervisorPid = api?.pid;
      let fromUs = 0;
      const { result } = await createLoad(base, bodies, () => (fromUs = Number(process.hrtime.bigint() / 1000n)));
      const toUs = Number(process.hrtime.bigint() / 1000n);
      const workerPids = API_WORKERS > 1 ? apiProcessIds(supervisorPid).filter((pid) => pid !== supervisorPid) : [supervisorPid!];
      // A worker writes its profile as it exits normally: after it has sent the mail the creates queued.
      await waitForSentMail(databaseUrl, 120_000);
      const ended = await stopProcess(api, 60_000);
      api = undefined;
      const profiles = profilesIn(profileDir);
      const profiledWorkers = workerPids.filter((pid) => profiles.has(pid));
      const files = profiledWorkers.map((pid) => profiles.get(pid)!);
      if (KEEP_PROFILES) {
        await mkdir(KEEP_PROFILES, { recursive: true });
        for (const file of files) copyFileSync(file, path.join(KEEP_PROFILES, path.basename(file)));
      }
      const profiledRps = result['2xx'] / result.duration;
      console.log(
        `profiled create run: ${profiledRps.toFixed(0)} creates/s, profiles of ${profiledWorkers.length} of ${workerPids.length} workers, API ended ${JSON.stringify(ended)}`,
      );
      return {
        profile: selfTimes(files, fromUs, toUs),
        run: { profiledRps, workers: workerPids.length, profiledWorkers: profiledWorkers.length, ended },
      };
    };
    await startApi();

    const today = todayIn(new Date(), LARGE_GROUP.timeZone);
    const propertyId = generated.propertyIds.BENCH1!;
    const searchBodies = Array.from({ length: 60 }, (_, i) => ({
      PropertyId: propertyId,
      LanguageCode: 'en',
      DateFrom: addDays(today, 14 + i * 5),
      DateTo: addDays(today, 17 + i * 5),
      Rooms: [twoAdults, twoAdults],
    }));
    const sample = await search(base, searchBodies[0]!);
    const searchAnswerBytes = Buffer.byteLength(JSON.stringify(sample));
    const ariTarget = { propertyCode: 'BENCH1', ratePlan: 'BAR', roomType: sample.RoomTypes[0]!.RoomType.RoomTypeCode };
    if (ONLY === 'ari') {
      await measureAri(base, ariTarget, today);
      return;
    }
    if (ONLY === 'reads') {
      const uncachedRow = await measureNewStaySearch(base, newStayBodies(propertyId, today));
      const newWindowRow = await measureNewWindowCalendar(base, propertyId, today);
      const prepared = await prepareBookings(base, databaseUrl, { BENCH1: propertyId }, today);
      const mixed = await measureMixed(base, propertyId, today, prepared.get('BENCH1')!.slice(0, mixedBookingCount()));
      const memory = await measureMemory(base, api?.pid, Object.values(generated.propertyIds), today);
      console.log(
        JSON.stringify({ uncachedSearchRps: Math.round(uncachedRow.rps), ...readFigures(uncachedRow, newWindowRow, mixed, memory) }),
      );
      return;
    }

    if (ONLY === 'create') {
      const prepared = await prepareBookings(base, databaseUrl, generated.propertyIds, today);
      const bodies = shuffle([...prepared.values()].flat());
      const { row, taken, cpu } = await uncontendedCreates(bodies);
      console.log(cpuPerRequest(cpu));
      await waitForSentMail(databaseUrl, 120_000);
      await stopProcess(api);
      const profiled = await profiledCreates(bodies.slice(taken));
      console.log(profileSection(profiled.profile, { ...profiled.run, measuredRps: row.okPerS }).join('\n'));
      const ledgerBreaches = (await findLedgerBreaches(database.db)).length;
      console.log(
        JSON.stringify({
          createRps: Math.round(row.okPerS),
          apiCpuMsPerBooking: cpu ? Math.round(cpu.api * 100) / 100 : null,
          ledgerBreaches,
        }),
      );
      return;
    }

    // The ceiling: a bare node:http server answering as many bytes as a search answer.
    const ceilingPort = await freePort();
    ceiling = spawn(process.execPath, ['-e', ceilingScript, String(searchAnswerBytes), String(ceilingPort)], { stdio: 'inherit' });
    await waitFor(`http://127.0.0.1:${ceilingPort}/`, 10_000);
    const ceilingRow = record(
      'Ceiling: bare node:http, same bytes',
      CONNECTIONS,
      await load({
        url: `http://127.0.0.1:${ceilingPort}/`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        method: 'POST',
        body: JSON.stringify(searchBodies[0]),
      }),
    );
    await stopProcess(ceiling);

    const searchRow = record(
      'POST /api/Availability/Search (2 rooms, 3 nights)',
      CONNECTIONS,
      await postInTurn(base, '/api/Availability/Search', searchBodies),
      `${searchAnswerBytes} bytes per answer, 60 different stays (repeats are answered from the cache until a booking or an import changes them)`,
    );
    const versionsSql = await sqlCeiling('Raw SQL of a cached search or calendar (the versions query)', databaseUrl, () => [
      versionsStatement(propertyId),
    ]);
    searchRow.sqlCeilingRps = versionsSql.rps;
    const searchSql = await sqlCeiling('Raw SQL of a search not cached (versions, rooms free)', databaseUrl, (i) => {
      const body = searchBodies[i % searchBodies.length]!;
      return searchStatements(propertyId, body.DateFrom, body.DateTo);
    });

    const uncachedBodies = newStayBodies(propertyId, today);
    const uncachedRow = await measureNewStaySearch(base, uncachedBodies);
    uncachedRow.sqlCeilingRps = searchSql.rps;

    // The same stays searched over the whole group (its 3 properties) instead of BENCH1 alone.
    const groupResponse = await fetch(`${base}/api/PropertyGroup/${LARGE_GROUP.groupCode}`);
    const groupId = ((await groupResponse.json()) as { PropertyGroupId: number }).PropertyGroupId;
    const asGroupSearch = ({ PropertyId: _, ...body }: { PropertyId: number }) => ({ ...body, PropertyGroupId: groupId });
    const groupRow = record(
      'POST /api/Availability/SearchPropertyGroup (3 properties, 2 rooms, 3 nights)',
      CONNECTIONS,
      await postInTurn(base, '/api/Availability/SearchPropertyGroup', searchBodies.map(asGroupSearch)),
      'the 60 stays of the search row over the group: repeats answered from the cache',
    );
    const groupUncachedRow = record(
      'POST /api/Availability/SearchPropertyGroup, every request a new stay',
      CONNECTIONS,
      await postInTurn(base, '/api/Availability/SearchPropertyGroup', uncachedBodies.map(asGroupSearch)),
      'the distinct stays of the row above it over the group: each property quoted afresh, exact placement, alternatives where one cannot sell',
    );

    const calendarPath = `/api/Availability?propertyId=${propertyId}&fromDate=${today}&toDate=${addDays(addMonths(today, 36), -1)}`;
    const calendarSample = await fetch(base + calendarPath);
    const calendarBytes = (await calendarSample.arrayBuffer()).byteLength;
    const calendarSingle = record(
      'GET /api/Availability, 36 months, single client',
      1,
      await load({ url: base + calendarPath, connections: 1, duration: DURATION_S }),
      `${calendarBytes} bytes per answer (status ${calendarSample.status})`,
    );
    const calendarLoaded = record(
      'GET /api/Availability, 36 months',
      CONNECTIONS,
      await load({ url: base + calendarPath, connections: CONNECTIONS, duration: DURATION_S }),
      'uncompressed (autocannon sends no Accept-Encoding); the answer is cached until a booking or an import changes it',
    );
    // fetch inflates what it reads; the length sent is in the header.
    const gzipBytes = Number((await fetch(base + calendarPath, { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-length'));
    record(
      'GET /api/Availability, 36 months, gzip (as a browser asks)',
      CONNECTIONS,
      await load({ url: base + calendarPath, connections: CONNECTIONS, duration: DURATION_S, headers: { 'accept-encoding': 'gzip' } }),
      `the cached answer's compressed copy, made once: about ${Math.round(calendarBytes / 1000)} kB of JSON sent as ${Math.round(gzipBytes / 1000)} kB`,
    );
    await sqlCeiling('Raw SQL of a calendar not cached (versions, rooms free per room type and night)', databaseUrl, () => [
      versionsStatement(propertyId),
      ...calendarStatements(propertyId, today, addDays(addMonths(today, 36), -1)),
    ]);
    calendarSingle.sqlCeilingRps = versionsSql.rps;
    calendarLoaded.sqlCeilingRps = versionsSql.rps;
    const newWindowRow = await measureNewWindowCalendar(base, propertyId, today);

    // Uncontended creates: one room for one plain weekday night each, where a room is free. The
    // mixed scenario's bookings are of BENCH1 and set aside first, so no create run takes them.
    const prepared = await prepareBookings(base, databaseUrl, generated.propertyIds, today);
    const mixedBodies = prepared.get('BENCH1')!.splice(0, mixedBookingCount());
    const createBodies = shuffle([...prepared.values()].flat());
    // One create before the load, so a refusal the benchmark causes itself shows plainly.
    const probe = await fetch(`${base}/api/Reservation/Create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: createBodies.pop(),
    });
    const probeAnswer = await probe.text();
    if (probe.status !== 200 || !probeAnswer.includes('"Success":true'))
      throw new Error(`a prepared create answered ${probe.status}: ${probeAnswer}`);
    const { row: createRow, taken: createsTaken, cpu: createCpu } = await uncontendedCreates(createBodies);

    const mixed = await measureMixed(base, propertyId, today, mixedBodies);

    // Contended: every client books the same night of the 3-room type at once.
    const night = plainWeekday(today, 45);
    const lastAnswer = await search(base, {
      PropertyId: generated.contended.propertyId,
      LanguageCode: 'en',
      DateFrom: night,
      DateTo: addDays(night, 1),
      Rooms: [twoAdults],
    });
    const lastRate = lastAnswer.RoomTypes.find((r) => r.RoomType.RoomTypeId === generated.contended.roomTypeId)?.Rates.find(
      (r) => r.RatePlanCode === 'BAR',
    );
    if (!lastRate) throw new Error('the contended room type is not for sale on the chosen night');
    const lastCost = totalCostOf(lastRate);
    let contendedIndex = 0;
    const contendedResult = await load(
      {
        url: base,
        connections: CONNECTIONS,
        duration: Math.min(DURATION_S, 5),
        requests: [
          {
            method: 'POST',
            path: '/api/Reservation/Create',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify(
                booking(
                  generated.contended.propertyId,
                  generated.contended.roomTypeId,
                  lastRate.RatePlanId,
                  night,
                  lastCost,
                  1_000_000 + contendedIndex++,
                ),
              ),
            }),
          },
        ],
      },
      { warmUp: false },
    );
    const verify = new pg.Client({ connectionString: databaseUrl });
    await verify.connect();
    const [{ booked, total, sold }] = (
      await verify.query<{ booked: number; total: number; sold: number }>(
        `SELECT (SELECT count(*)::int FROM reservation_rooms rr JOIN reservations r ON r.id = rr.reservation_id
                 WHERE rr.room_type_id = $1 AND rr.status = 'booked' AND r.status <> 'cancelled' AND rr.date_from <= $2 AND rr.date_to > $2) AS booked,
                i.total, i.sold FROM room_type_inventory i WHERE i.room_type_id = $1 AND i.night = $2`,
        [generated.contended.roomTypeId, night],
      )
    ).rows as [{ booked: number; total: number; sold: number }];
    await verify.end();
    const oversold = Math.max(0, booked - total, sold - total);
    const contendedAttempts = contendedResult.requests.total;
    record(
      'POST /api/Reservation/Create, contended (3 last rooms)',
      CONNECTIONS,
      contendedResult,
      `${contendedAttempts} attempts, ${contendedResult['2xx']} booked, ${booked} rooms held of ${total}, inventory sold ${sold}: oversold ${oversold}`,
    );
    const mismatches = await inventoryMismatches(database);
    // Every booking's money as its movements say it (authorised - released >= captured >= refunded, the columns equal).
    const ledgerBreaches = (await findLedgerBreaches(database.db)).length;
    // Last of the API rows: each run raises the catalogue version, which empties the caches the rows above measure.
    const ariRow = await measureAri(base, ariTarget, today);

    // The confirmations of the create runs are sent first: the web client's figures are those
    // of a visitor to a server that is not still writing thousands of e-mails.
    const outboxDrained = await waitForSentMail(databaseUrl, 120_000);
    const web = await measureWeb(base, 'BENCH1');
    const memory = await measureMemory(base, api?.pid, Object.values(generated.propertyIds), today);

    // The create load once more, on the API started again with V8's profiler in each of its processes.
    await stopProcess(api);
    const remainingBodies = createBodies.slice(createsTaken);
    const profiled = await profiledCreates(remainingBodies.length > 0 ? remainingBodies : createBodies);

    const ratio = (row: Row) => (ceilingRow.rps > 0 ? row.rps / ceilingRow.rps : 0);
    const figures = {
      searchRps: Math.round(searchRow.rps),
      searchP99Ms: searchRow.p99,
      groupSearchRps: Math.round(groupRow.rps),
      groupSearchUncachedRps: Math.round(groupUncachedRow.rps),
      uncachedSearchRps: Math.round(uncachedRow.rps),
      ...readFigures(uncachedRow, newWindowRow, mixed, memory),
      apiCpuMsPerBooking: createCpu ? Math.round(createCpu.api * 100) / 100 : null,
      calendarP50Ms: calendarSingle.p50,
      calendarRps: Math.round(calendarLoaded.rps),
      createRps: Math.round(createRow.okPerS),
      contendedAttempts,
      oversold: oversold + mismatches.oversold,
      ledgerBreaches,
      ceilingRps: Math.round(ceilingRow.rps),
      firstPageJsGzipKb: Math.round(web.jsGzipKb * 10) / 10,
      searchFormMs: web.searchFormMs,
      ariYearP50Ms: ariRow.p50,
      ariYearP99Ms: ariRow.p99,
    };
    const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
    const report = [
      '# Benchmark report',
      '',
      `Written by \`pnpm bench\` on ${new Date().toISOString()}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}.`,
      `Production build (\`apps/api/dist/main.js\`, built ${statSync(path.join(root, 'apps/api/dist/main.js')).mtime.toISOString()}) on PostgreSQL (fresh database \`${databaseName}\`, dropped afterwards, over TCP on loopback), API_WORKERS=${API_WORKERS}, LOG_LEVEL=info.`,
      `Load: autocannon in the same machine on loopback, ${DURATION_S} s per scenario after ${WARM_UP_S} s of the same load unmeasured (the contended one ${Math.min(DURATION_S, 5)} s, no warm-up). The load generator shares the CPU with the API and the database.`,
      '',
      `Data: the large group (3 properties, 40 room types, 12 rate plans, nightly prices over the 37-month sellable window), ${generated.reservations} reservations with ${generated.reservationRooms} rooms, past and future; inventory recounted from them (${mismatches.miscounted} nights miscounted after the run); every booking's ledger checked against its payment movements (${ledgerBreaches} breaches).`,
      '',
      '## API',
      '',
      '| Scenario | Connections | Requests/s | 2xx/s | p50 ms | p99 ms | Ratio to bare HTTP | Ratio to its raw SQL | Non-2xx | Errors | Notes |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...rows.map(
        (row) =>
          `| ${row.scenario} | ${row.connections} | ${row.rps.toFixed(0)} | ${row.okPerS.toFixed(0)} | ${row.p50} | ${row.p99} | ${(ratio(row) * 100).toFixed(1)} % | ${row.sqlCeilingRps ? `${((row.rps / row.sqlCeilingRps) * 100).toFixed(1)} %` : ''} | ${row.non2xx} | ${row.errors} | ${row.note} |`,
      ),
      '',
      "How the API answers: room types, rate plans, promotions and nightly prices are read once per catalogue version (raised by every import and ARI update) and kept in memory; so are the rooms free of every property per room type and night, which each process brings up to date by reading only the nights changed since the inventory versions it holds (a trigger raises them at commit and records the version each changed night is at); each property's calendar is a model over its whole window whose nights are kept as JSON and rewritten only where rooms free changed. Every search and calendar reads the versions in one small query, shared by the requests that arrive while the previous one is on its way (never one sent before they asked), and nothing else unless they moved. Answers are kept as JSON text keyed on the request and the versions from the second time the same request is made, and sent as they were kept, or as their gzip copy (made once) to clients that accept it. The raw-SQL rows send the statements the API ran before rooms free were kept in memory, straight through pg: the ceiling an answer from SQL could reach.",
      '',
      `Confirmation e-mails of the create runs: ${outboxDrained.sent} sent${outboxDrained.pending > 0 ? `, ${outboxDrained.pending} still pending` : ''}, the last ${(outboxDrained.waitedMs / 1000).toFixed(1)} s after the contended run ended (the web client was measured after that).`,
      '',
      `Memory: resident (VmRSS) after every row above and the web client's measurement, then a calendar and a search of each of the 3 properties: ${memory.processes.map((p) => `${p.role} ${p.mb} MB`).join(', ')}; after ${REST_S} s without requests: ${memory.processes.map((p) => `${p.role} ${p.atRestMb} MB`).join(', ')} (target < 300 MB per process). The API runs with a 1 GB heap limit (docs/decisions/0010-inventory-in-memory.md), under which V8 collects before its garbage grows to more than about twice what is live; what it holds after the load it gives back only after a longer rest.`,
      '',
      ...profileSection(profiled.profile, { ...profiled.run, measuredRps: createRow.okPerS }),
      '## Web client',
      '',
      '| Figure | Value |',
      '| --- | ---: |',
      `| First page JavaScript (gzip) | ${web.jsGzipKb.toFixed(1)} kB |`,
      `| First page CSS (gzip) | ${web.cssGzipKb.toFixed(1)} kB |`,
      `| Time to a usable search form (headless Chromium) | ${web.searchFormMs === null ? 'not measured' : `${web.searchFormMs} ms`} |`,
      '',
      `${web.note} Files: ${web.files.map((f) => `\`${f}\``).join(', ')}.`,
      '',
      '## Against the targets (2 cores, 32 connections)',
      '',
      '| Target | Measured | |',
      '| --- | ---: | --- |',
      `| Search >= 2,000 requests/s | ${figures.searchRps} | ${verdict(figures.searchRps >= 2000)} |`,
      `| Search p99 <= 30 ms | ${figures.searchP99Ms} ms | ${verdict(figures.searchP99Ms <= 30)} |`,
      `| Group search (3 properties) at least half the single search's requests/s, cached | ${figures.groupSearchRps} against ${figures.searchRps} | ${verdict(figures.groupSearchRps * 2 >= figures.searchRps)} |`,
      `| Group search (3 properties) at least half the single search's requests/s, every request a new stay | ${figures.groupSearchUncachedRps} against ${figures.uncachedSearchRps} | ${verdict(figures.groupSearchUncachedRps * 2 >= figures.uncachedSearchRps)} |`,
      `| Calendar p50 <= 15 ms, single client | ${figures.calendarP50Ms} ms | ${verdict(figures.calendarP50Ms <= 15)} |`,
      `| Calendar >= 500 requests/s | ${figures.calendarRps} | ${verdict(figures.calendarRps >= 500)} |`,
      `| Search, every request a new stay >= 2,000/s | ${figures.uncachedSearchRps} | ${verdict(figures.uncachedSearchRps >= 2000)} |`,
      `| Search, every request a new stay p99 <= 30 ms | ${figures.uncachedSearchP99Ms} ms | ${verdict(figures.uncachedSearchP99Ms <= 30)} |`,
      `| Calendar 36 months, every request a new window, p99 <= 50 ms | ${figures.uncachedCalendarP99Ms} ms | ${verdict(figures.uncachedCalendarP99Ms <= 50)} |`,
      `| Mixed: search p99 <= 40 ms | ${figures.mixedSearchP99Ms} ms | ${verdict(figures.mixedSearchP99Ms <= 40)} |`,
      `| Mixed: calendar p99 <= 100 ms | ${figures.mixedCalendarP99Ms} ms | ${verdict(figures.mixedCalendarP99Ms <= 100)} |`,
      `| Mixed: 0 errors | ${figures.mixedErrors} | ${verdict(figures.mixedErrors === 0)} |`,
      `| API resident memory < 300 MB per process, the large group loaded | ${figures.apiMaxRssMb} MB at most just after the load, ${figures.apiMaxRssAtRestMb} MB at rest | ${verdict(figures.apiMaxRssMb < 300)} just after the load, ${verdict(figures.apiMaxRssAtRestMb < 300)} at rest |`,
      `| API CPU per booking < 2.5 ms | ${figures.apiCpuMsPerBooking === null ? 'not measured' : `${figures.apiCpuMsPerBooking} ms`} | ${figures.apiCpuMsPerBooking === null ? 'not measured' : verdict(figures.apiCpuMsPerBooking < 2.5)} |`,
      `| Contended create: 0 oversold | ${figures.oversold} of ${figures.contendedAttempts} attempts | ${verdict(figures.oversold === 0)} |`,
      `| Every booking's ledger true (movements against paid, refunded, held) | ${figures.ledgerBreaches} breaches | ${verdict(figures.ledgerBreaches === 0)} |`,
      `| A year of prices (ARI, 365 nights) p99 < 200 ms | ${figures.ariYearP99Ms} ms | ${verdict(figures.ariYearP99Ms < 200)} |`,
      `| First page <= 120 kB JavaScript gzip | ${figures.firstPageJsGzipKb} kB | ${verdict(figures.firstPageJsGzipKb <= 120)} |`,
      `| Usable search form < 1 s | ${figures.searchFormMs === null ? 'not measured' : `${figures.searchFormMs} ms`} | ${figures.searchFormMs === null ? 'not measured' : verdict(figures.searchFormMs < 1000)} |`,
      '',
      `Whole run: ${Math.round((Date.now() - started) / 1000)} s.`,
      '',
    ].join('\n');
    await mkdir(path.join(root, 'bench'), { recursive: true });
    writeFileSync(path.join(root, 'bench/REPORT.md'), report);
    console.log('wrote bench/REPORT.md');
    console.log(JSON.stringify(figures));
  } finally {
    await stopProcess(api);
    await stopProcess(ceiling);
    await database.close().catch(() => undefined);
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch((error: unknown) =>
      console.error(`could not drop ${databaseName}:`, error),
    );
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
