import { pino, type Logger } from 'pino';
import { sanitizeUrl } from './log-sanitizer';

/**
 * Paths pino blanks wherever they appear in a logged object: credentials, session cookies,
 * and anything card-shaped. Request bodies are never logged whole; this is the second line.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'res.headers.location',
  '*.Password',
  '*.ConfirmPassword',
  '*.CurrentPassword',
  '*.password',
  '*.CardNumber',
  '*.SecurityCode',
  '*.cardNumber',
  '*.securityCode',
  '*.Token',
  '*.token',
  'CardDetails',
  '*.CardDetails',
];

/** drizzle's "params: <values>" in a failed query's message and stack, up to the stack frames or the cause. */
const queryParameters = /\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g;
/** A value Postgres quotes in its reason: `invalid input syntax for type integer: "..."`. */
const quotedValue = /: "(?:[^"]|"")*"/g;
/** The key values Postgres names in a violation's detail: `Key (email)=(ada@example.com) already exists.` */
const keyValues = /\)=\([\s\S]*\)/g;

const withoutValues = (text: string) =>
  text.replace(queryParameters, '\nparams: [redacted]').replace(quotedValue, ': "[redacted]"').replace(keyValues, ')=([redacted])');

/**
 * An error as the log may show it: a failed query keeps its SQL and Postgres's reason but
 * loses the values in them (drizzle's `params`, in its message, stack and own field; a value
 * Postgres quotes; the key values of a violation's `detail`), which can be a password hash, a
 * card token, a guest's details or whatever a client sent. The same down the `cause` chain.
 * Errors that carry none of these are logged as they are.
 */
export function withoutQueryValues(error: Error, depth = 0): Error {
  const cause = error.cause instanceof Error && depth < 5 ? withoutQueryValues(error.cause, depth + 1) : error.cause;
  const detail = (error as { detail?: unknown }).detail;
  const message = withoutValues(error.message);
  const stack = error.stack === undefined ? undefined : withoutValues(error.stack);
  const cleanDetail = typeof detail === 'string' ? withoutValues(detail) : detail;
  if (!('params' in error) && message === error.message && stack === error.stack && cleanDetail === detail && cause === error.cause) {
    return error;
  }
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(error)) {
    if (key === 'params') continue;
    const { enumerable } = Object.getOwnPropertyDescriptor(error, key)!;
    const value = (error as unknown as Record<string, unknown>)[key];
    Object.defineProperty(copy, key, { value, enumerable, writable: true, configurable: true });
  }
  copy.message = message;
  if (stack !== undefined) copy.stack = stack;
  if (typeof detail === 'string') copy.detail = cleanDetail;
  if (cause !== error.cause) copy.cause = cause;
  return copy;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      // A redirect's address can carry a token (the 3-D Secure return to /Book/{code}/Status/{token}): it is sanitised like a logged URL.
      redact: {
        paths: redactedPaths,
        censor: (value, path) => (path.at(-1) === 'location' && typeof value === 'string' ? sanitizeUrl(value) : '[redacted]'),
      },
      // Before any serializer, so every logged error is cleaned.
      formatters: {
        log: (object) => {
          let cleaned = object;
          for (const [key, value] of Object.entries(object)) {
            if (!(value instanceof Error)) continue;
            if (cleaned === object) cleaned = { ...object };
            cleaned[key] = withoutQueryValues(value);
          }
          return cleaned;
        },
      },
      base: { service: 'hotel-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

export type { Logger };
