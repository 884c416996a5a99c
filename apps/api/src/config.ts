import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { estimatedSecretBits, MIN_SECRET_BITS } from './secret-strength';

/** Every environment variable the API reads, parsed once at start-up (see .env.example). */
const proxyNames: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (203.0.113.0/24, fd00::/8) or one of Express's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: unset trusts no proxy (X-Forwarded-For is ignored, the client is the socket's
 * peer); a number trusts that many hops in front of the API; a comma-separated list trusts
 * proxies at those addresses.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((text, ctx): number | string[] => {
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) ctx.addIssue({ code: 'custom', message: `not a hop count, an address or a CIDR range: ${wrong.join(', ')}` });
    return entries;
  });

/**
 * How many PostgreSQL connections each kind of work may hold, and how long a request waits for
 * the database before it answers 503 (docs/architecture.md, "Two databases, one schema").
 */
export type DatabasePool = {
  /** Connections for transactions that write (DATABASE_WRITE_CONNECTIONS). */
  writeConnections: number;
  /** Connections for everything else: single statements and read-only transactions (DATABASE_READ_CONNECTIONS). */
  readConnections: number;
  /** How long a request waits for a free connection of its kind (DATABASE_CONNECTION_WAIT_MS). */
  connectionWaitMs: number;
  /** How long a statement waits for a row another transaction has locked (DATABASE_LOCK_WAIT_MS). */
  lockWaitMs: number;
};

export const databasePoolDefaults: DatabasePool = { writeConnections: 15, readConnections: 5, connectionWaitMs: 5_000, lockWaitMs: 5_000 };

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise: a reverse proxy on the same host reaches it; the world does not.
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  // pg reads the URL itself, libpq's forms included. A WHATWG URL (z.url) refuses the usual Unix
  // socket form, a user with an empty host: postgres://hotel@/hotel?host=/var/run/postgresql.
  DATABASE_URL: z
    .string()
    .trim()
    .regex(
      /^postgres(?:ql)?:\/\//,
      'a postgres:// URL, e.g. postgres://hotel:secret@db.example.com:5432/hotel, or postgres://hotel@/hotel?host=/var/run/postgresql for a Unix socket',
    )
    .optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Booking Engine <bookings@localhost>'),
  SESSION_SECRET: z.string().min(32).optional(),
  LINK_SECRET: z.string().min(32).optional(),
  ADMIN_API_KEY: z.string().min(16).optional(),
  PUBLIC_URL: z.url().optional(),
  // A production site on an http:// PUBLIC_URL: only on a private network, where no one can read its cookies on the way.
  ALLOW_HTTP_PUBLIC_URL: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WEB_DIST: z.string().optional(),
  // The same as `--demo` (docker compose): import the demo group into an empty database.
  DEMO: z.enum(['true', 'false']).default('false'),
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  DATABASE_WRITE_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(databasePoolDefaults.writeConnections),
  DATABASE_READ_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(databasePoolDefaults.readConnections),
  DATABASE_CONNECTION_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(databasePoolDefaults.connectionWaitMs),
  // Above the statement timeout (15 s) it would never be reached.
  DATABASE_LOCK_WAIT_MS: z.coerce.number().int().min(10).max(15_000).default(databasePoolDefaults.lockWaitMs),
  PAYMENTS: z.enum(['test']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe secret or restricted key (sk_live_..., sk_test_..., rk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_]+$/, "the webhook endpoint's signing secret (whsec_...)")
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  STRIPE_JS_URL: z.url({ protocol: /^https?$/ }).default('https://js.stripe.com/v3/'),
  TRUST_PROXY: trustProxySchema.optional(),
  // PayStack (docs/paystack.md): the secret key turns it on; the URLs are for a local fake in tests.
  PAYSTACK_SECRET_KEY: z.string().trim().min(8).optional(),
  PAYSTACK_API_URL: z.url().default('https://api.paystack.co'),
  PAYSTACK_CHECKOUT_ORIGIN: z.url().default('https://checkout.paystack.com'),
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  BOOKINGS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  VOUCHER_GUESSES_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  VOUCHER_GUESSES_PER_PROPERTY: z.coerce.number().int().min(1).default(100),
  CODE_GUESSES_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  CODE_GUESSES_PER_PROPERTY: z.coerce.number().int().min(1).default(100),
});

type Environment = z.infer<typeof environmentSchema>;

export type Config = {
  port: number;
  /** The address the HTTP server listens on (HOST): 127.0.0.1 by default, 0.0.0.0 in a container. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long start-up waits for a PostgreSQL server that does not answer yet (DATABASE_WAIT_SECONDS). */
  databaseWaitSeconds: number;
  /** PostgreSQL's connections and waits (DATABASE_WRITE_CONNECTIONS, DATABASE_READ_CONNECTIONS, DATABASE_CONNECTION_WAIT_MS, DATABASE_LOCK_WAIT_MS). */
  databasePool: DatabasePool;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  linkSecret: string;
  adminApiKey: string | undefined;
  /** The address guests reach, without a trailing slash: PUBLIC_URL, else http://localhost:PORT. */
  publicUrl: string;
  logLevel: string;
  isProduction: boolean;
  webDist: string | undefined;
  /** DEMO=true: import the demo group at start when the database has no property (as `--demo` does). */
  demo: boolean;
  /** HTTP worker processes (API_WORKERS): one per core the API may use. More than one needs PostgreSQL. */
  workers: number;
  /** Which card gateways this site runs; each property names the one it takes payments with (payments/payment-gateways.ts). */
  payments: PaymentsConfig;
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY): none, a hop count, or their addresses. */
  trustProxy: false | number | string[];
  /** Anti-automation limits, counted in the database so every API process shares them (docs/security.md). */
  limits: {
    /** Room and table bookings one client address may make in an hour (BOOKINGS_PER_CLIENT_PER_HOUR). */
    bookingsPerClientPerHour: number;
    /** E-mails the calls that send one may address to one e-mail address in an hour (MAILS_PER_ADDRESS_PER_HOUR). */
    mailsPerAddressPerHour: number;
    /** Voucher codes matching none one client may try at one property in a quarter hour (VOUCHER_GUESSES_PER_CLIENT). */
    voucherGuessesPerClient: number;
    /** The same from every client together, over which clients that missed there are refused (VOUCHER_GUESSES_PER_PROPERTY). */
    voucherGuessesPerProperty: number;
    /** Searches with an unknown promo or rate code one client may make at one property in a quarter hour (CODE_GUESSES_PER_CLIENT). */
    codeGuessesPerClient: number;
    /** The same from every client together, over which clients that missed there are refused (CODE_GUESSES_PER_PROPERTY). */
    codeGuessesPerProperty: number;
  };
};

export type StripeConfig = {
  secretKey: string;
  /** Unset: the webhook route refuses every event (nothing unsigned is believed); /readyz warns. */
  webhookSecret: string | undefined;
  /** Where the SDK sends its calls instead of api.stripe.com: a local fake (STRIPE_API_URL). */
  apiUrl: URL | undefined;
  /** Each call's time limit (ms, default 20 s) and how often the SDK tries it again (default 2): set by tests only. */
  timeoutMs?: number;
  maxNetworkRetries?: number;
};

export type PaymentsConfig = {
  /**
   * The embedded test gateway: outside production it runs unasked; in production only when
   * PAYMENTS=test says so, because its public test cards confirm real reservations without
   * taking any money.
   */
  test: boolean;
  /** Stripe, when STRIPE_SECRET_KEY is set. */
  stripe: StripeConfig | undefined;
  /** Stripe.js, which a Stripe property's booking page loads (STRIPE_JS_URL). */
  stripeJsUrl: string;
  /**
   * PayStack, when PAYSTACK_SECRET_KEY is set. `checkoutOrigin` is the only origin a guest is
   * sent to for PayStack's hosted checkout.
   */
  paystack?: { secretKey: string; apiUrl: string; checkoutOrigin: string; timeoutMs: number };
};

const developmentSecret = 'development-only-secret-change-me-in-production!';

/**
 * The words of the placeholder secrets published in this repository and in the usual examples:
 * a production site must not run with a value anyone can read in a README.
 */
const placeholderSecret = /change[-_ ]?me|not[-_ ]for[-_ ]production|development[-_ ]only|placeholder|your[-_ ]secret/i;

type Secrets = Record<'SESSION_SECRET' | 'LINK_SECRET' | 'ADMIN_API_KEY', string | undefined>;

/** The names of the secrets that are set and `weak`. */
function namesOfWeak(secrets: Secrets, weak: (value: string) => boolean): string[] {
  return Object.entries(secrets)
    .filter(([, value]) => value !== undefined && weak(value))
    .map(([name]) => name);
}

function refusePlaceholders(secrets: Secrets): void {
  const named = namesOfWeak(secrets, (value) => placeholderSecret.test(value));
  if (named.length > 0) {
    throw new Error(`${named.join(', ')} still hold a published placeholder: set random values (openssl rand -base64 48)`);
  }
}

/** A secret a guesser could find (a repeated word, a run of one character) signs nothing: refused by name, never echoed. */
function refuseGuessable(secrets: Secrets): void {
  const named = namesOfWeak(secrets, (value) => estimatedSecretBits(value) < MIN_SECRET_BITS);
  if (named.length > 0) {
    throw new Error(
      `${named.join(', ')} ${named.length === 1 ? 'is' : 'are'} too easy to guess (less than ${MIN_SECRET_BITS} bits by the estimate of ` +
        'docs/security.md: a repeated word or pattern counts once): set random values (openssl rand -base64 48)',
    );
  }
}

/** One value in two places: whoever learns one (an integrator holds the API key) could forge with the other. */
function refuseShared(secrets: Secrets): void {
  const set = Object.entries(secrets).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const shared = set
    .filter(([name, value]) => set.some(([other, otherValue]) => other !== name && otherValue === value))
    .map(([name]) => name);
  if (shared.length > 0) throw new Error(`${shared.join(' and ')} hold the same value: give each its own (openssl rand -base64 48)`);
}

/**
 * The API speaks plain http, so an https PUBLIC_URL means a proxy terminates TLS in front of
 * it: without TRUST_PROXY every request looks like http, and the Secure session cookie a login
 * sets never reaches the browser. An http PUBLIC_URL sends cookies and e-mailed codes in clear.
 */
function refuseUnsafePublicUrl(publicUrl: string, allowHttp: boolean, trustProxy: Environment['TRUST_PROXY']): void {
  const { protocol } = new URL(publicUrl);
  if (protocol === 'http:' && !allowHttp) {
    throw new Error(
      'PUBLIC_URL is http://: guests would send their passwords and session cookies in clear. Put a TLS-terminating proxy in front ' +
        'and set PUBLIC_URL=https://..., or, on a private network only, set ALLOW_HTTP_PUBLIC_URL=true',
    );
  }
  if (protocol === 'https:' && trustProxy === undefined) {
    throw new Error(
      'PUBLIC_URL is https:// but TRUST_PROXY is not set: the API speaks http behind your TLS proxy and, without trusting it, takes every ' +
        'request for http and never keeps a login. Set TRUST_PROXY to the hop count (1 for one proxy) or the proxy addresses, and have the ' +
        'proxy send X-Forwarded-Proto',
    );
  }
}

/**
 * What a production API refuses to start with, each with its reason and what to set: missing,
 * published, guessable or shared secrets, an address guests cannot use safely, no payment provider.
 */
function refuseUnsafeProduction(e: Environment): void {
  if (!e.SESSION_SECRET || !e.LINK_SECRET) {
    throw new Error('SESSION_SECRET and LINK_SECRET (32+ characters each) must be set in production');
  }
  if (!e.PUBLIC_URL) {
    throw new Error(
      'PUBLIC_URL must be set in production: the address guests reach (https://booking.example.com), which every e-mailed link is built from',
    );
  }
  const secrets = { SESSION_SECRET: e.SESSION_SECRET, LINK_SECRET: e.LINK_SECRET, ADMIN_API_KEY: e.ADMIN_API_KEY };
  refusePlaceholders(secrets);
  refuseGuessable(secrets);
  refuseShared(secrets);
  refuseUnsafePublicUrl(e.PUBLIC_URL, e.ALLOW_HTTP_PUBLIC_URL === 'true', e.TRUST_PROXY);
  if (e.PAYMENTS !== 'test' && !e.STRIPE_SECRET_KEY && !e.PAYSTACK_SECRET_KEY) {
    throw new Error(
      'No card payment provider is configured: set STRIPE_SECRET_KEY or PAYSTACK_SECRET_KEY (docs/payments.md). The test gateway confirms bookings ' +
        'without taking money; set PAYMENTS=test only for a demo or a staging site that sells nothing real',
    );
  }
}

/** Parses the environment; in production the secrets must be set, elsewhere a fixed development value stands in. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `DATABASE_URL=` in an .env file means "not set", not "an invalid URL".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (e.API_WORKERS > 1 && !e.DATABASE_URL) {
    throw new Error('API_WORKERS above 1 needs DATABASE_URL: the embedded database (PGlite) serves one process');
  }
  if (isProduction) refuseUnsafeProduction(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    databasePool: {
      writeConnections: e.DATABASE_WRITE_CONNECTIONS,
      readConnections: e.DATABASE_READ_CONNECTIONS,
      connectionWaitMs: e.DATABASE_CONNECTION_WAIT_MS,
      lockWaitMs: e.DATABASE_LOCK_WAIT_MS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? developmentSecret,
    linkSecret: e.LINK_SECRET ?? developmentSecret,
    adminApiKey: e.ADMIN_API_KEY,
    // Unset (a local try-out): the port this process serves, so links work on any PORT.
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    isProduction,
    webDist: e.WEB_DIST,
    demo: e.DEMO === 'true',
    workers: e.API_WORKERS,
    payments: {
      test: !isProduction || e.PAYMENTS === 'test',
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL === undefined ? undefined : new URL(e.STRIPE_API_URL),
          }
        : undefined,
      stripeJsUrl: e.STRIPE_JS_URL,
      paystack: e.PAYSTACK_SECRET_KEY
        ? {
            secretKey: e.PAYSTACK_SECRET_KEY,
            apiUrl: e.PAYSTACK_API_URL.replace(/\/$/, ''),
            checkoutOrigin: new URL(e.PAYSTACK_CHECKOUT_ORIGIN).origin,
            timeoutMs: e.PAYSTACK_TIMEOUT_MS,
          }
        : undefined,
    },
    trustProxy: e.TRUST_PROXY ?? false,
    limits: {
      bookingsPerClientPerHour: e.BOOKINGS_PER_CLIENT_PER_HOUR,
      mailsPerAddressPerHour: e.MAILS_PER_ADDRESS_PER_HOUR,
      voucherGuessesPerClient: e.VOUCHER_GUESSES_PER_CLIENT,
      voucherGuessesPerProperty: e.VOUCHER_GUESSES_PER_PROPERTY,
      codeGuessesPerClient: e.CODE_GUESSES_PER_CLIENT,
      codeGuessesPerProperty: e.CODE_GUESSES_PER_PROPERTY,
    },
  };
}
