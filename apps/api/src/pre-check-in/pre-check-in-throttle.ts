import type { Request, Response } from 'express';
import type { AppContext } from '../app-context';
import { SlidingWindowCounter } from '../http';
import { AppError } from '../errors';

const quarterHour = 15 * 60_000;

/** Misses a client may make in a quarter hour before the link check answers 429. */
export const PRE_CHECK_IN_MISSES_ALLOWED = 10;

/**
 * Links that open nothing, counted per client in the database (so every instance of the API
 * shares the count): a link's code is an HMAC and cannot be guessed, so a client trying many is
 * guessing, and is stopped for a while. Links that open a booking cost nothing.
 */
export type PreCheckInThrottle = {
  check(req: Request, res: Response): Promise<void>;
  missed(req: Request): Promise<void>;
};

export function preCheckInThrottle(context: Pick<AppContext, 'database' | 'clock'>): PreCheckInThrottle {
  const counter = new SlidingWindowCounter(context.database.db, context.clock, {
    prefix: 'pre-check-in-client:',
    windowMs: quarterHour,
    limit: PRE_CHECK_IN_MISSES_ALLOWED,
  });
  const clientOf = (req: Request) => req.ip ?? 'unknown';
  return {
    async check(req, res) {
      const wait = await counter.retryAfterSeconds(clientOf(req));
      if (wait <= 0) return;
      res.setHeader('Retry-After', String(wait));
      throw new AppError(
        'RATE_LIMITED',
        'Too many pre-check-in links did not work from here. Please wait a few minutes and try the link again.',
      );
    },
    async missed(req) {
      await counter.add(clientOf(req));
    },
  };
}
