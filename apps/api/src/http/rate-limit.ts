import type { Request, RequestHandler } from 'express';
import { rateLimit as expressRateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import type { AppContext } from '../app-context';
import { AppError } from '../errors';
import { isSentAgain } from './known-key';
import { secondsUntilAddressMayBeMailed } from '../mail';
import { DatabaseRateLimitStore } from './rate-limit-store';

export type RateLimitOptions = {
  /** Names the counters in the shared table: two limiters with different names never share a count. */
  name: string;
  windowMs: number;
  /** Attempts allowed per client and window; the next one is answered 429. */
  limit: number;
  /** The 429's `Message`, for people. */
  message: string;
  /** Who a request counts against; the client's IP address (its /56 for IPv6) by default. */
  key?: (req: Request) => string;
  /** Requests that do not count (an address-keyed limit skips a body without an address: validation refuses it). */
  skip?: (req: Request) => boolean;
};

/**
 * Middleware allowing each client `limit` requests per fixed window, counted in the database so
 * that every API process shares the counts. Over the limit it answers 429
 * `{ Message, Code: 'RATE_LIMITED' }` through the error handler, with `Retry-After` in seconds.
 * Put it before a route with `api.router.post('/Account/Authenticate', limiter)`; its
 * `resetKey(key)` forgets a client's attempts (after a successful login, say).
 */
export function rateLimit(options: RateLimitOptions, context: Pick<AppContext, 'database' | 'clock' | 'logger'>): RateLimitRequestHandler {
  const { database, clock, logger } = context;
  return expressRateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    store: new DatabaseRateLimitStore(database.db, clock, { prefix: `${options.name}:`, windowMs: options.windowMs }),
    ...(options.key ? { keyGenerator: options.key } : {}),
    ...(options.skip ? { skip: options.skip } : {}),
    // The library computes its headers from the system clock; Retry-After is set below from ours.
    standardHeaders: false,
    legacyHeaders: false,
    logger: {
      error: (error, message) => logger.error({ err: error, rateLimit: options.name }, message ?? 'rate limiter error'),
      warn: (error, message) => logger.warn({ err: error, rateLimit: options.name }, message ?? 'rate limiter warning'),
    },
    handler(req, res, next) {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      if (resetTime) res.setHeader('Retry-After', String(Math.max(1, Math.ceil((resetTime.getTime() - clock.now().getTime()) / 1000))));
      next(new AppError('RATE_LIMITED', options.message));
    },
  });
}

const hour = 60 * 60_000;

/**
 * Refuses (429, with `Retry-After`) a call that would e-mail an address already sent
 * `MAILS_PER_ADDRESS_PER_HOUR` mails in the last hour, whichever calls queued them, so no one can
 * bomb an inbox through any of them. It only reads: what counts is the mail the outbox queued
 * (mail/address-allowance.ts), so a call refused for any other reason, or replayed, uses up no
 * one's allowance. `addressOf` reads the address from the body; a body without one passes
 * (validation refuses it).
 */
export function mailsPerAddress(
  context: Pick<AppContext, 'database' | 'config'>,
  addressOf: (body: Record<string, unknown>) => unknown,
): RequestHandler {
  const allowance = { limit: context.config.limits.mailsPerAddressPerHour, windowMs: hour };
  return async (req, res, next) => {
    const address = addressOf((req.body ?? {}) as Record<string, unknown>);
    const waitSeconds =
      typeof address === 'string' && !isSentAgain(req) ? await secondsUntilAddressMayBeMailed(context.database.db, address, allowance) : 0;
    if (waitSeconds === 0) return next();
    res.setHeader('Retry-After', String(waitSeconds));
    throw new AppError('RATE_LIMITED', 'Too many e-mails to this address in the last hour. Please try again later.');
  };
}

/**
 * At most `BOOKINGS_PER_CLIENT_PER_HOUR` bookings of one kind (`name`) from one client address.
 * Counts every request but one sent again with a known Idempotency-Key (`knownKeysFirst` before it).
 */
export function bookingsPerClient(
  context: Pick<AppContext, 'database' | 'clock' | 'logger' | 'config'>,
  name: string,
): RateLimitRequestHandler {
  return rateLimit(
    {
      name,
      windowMs: hour,
      limit: context.config.limits.bookingsPerClientPerHour,
      message: 'Too many bookings from your network in the last hour. Please try again later, or contact us.',
      // A booking sent again with its Idempotency-Key books nothing more (knownKeysFirst).
      skip: isSentAgain,
    },
    context,
  );
}
