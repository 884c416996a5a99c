import type { Request, Response } from 'express';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import type { AppContext } from '../app-context';
import { SlidingWindowCounter } from '../http';
import { AppError } from '../errors';

const quarterHour = 15 * 60_000;

/**
 * Unsuccessful manage searches, counted in the database (docs/manage-booking.md): 10 per client
 * in a quarter hour, whatever it looked for; and 5 name guesses at one reservation number, from
 * anywhere. A link's code cannot be guessed (an HMAC), so a wrong one counts against the client
 * only, and a guest holding the e-mailed link gets in while someone guesses names at the number.
 */
export type SearchThrottle = {
  /** Refuses (429 with Retry-After) a client, or a number's name guesses, over the limit. */
  check(req: Request, res: Response, guessedNumber: string | null): Promise<void>;
  missed(req: Request, guessedNumber: string | null): Promise<void>;
};

export function searchThrottle(context: Pick<AppContext, 'database' | 'clock'>): SearchThrottle {
  const { database, clock } = context;
  const perClient = new SlidingWindowCounter(database.db, clock, { prefix: 'manage-search-client:', windowMs: quarterHour, limit: 10 });
  const perNumber = new SlidingWindowCounter(database.db, clock, { prefix: 'manage-search-number:', windowMs: quarterHour, limit: 5 });
  const clientOf = (req: Request) => req.ip ?? 'unknown';
  return {
    async check(req, res, guessedNumber) {
      const waits = [await perClient.retryAfterSeconds(clientOf(req))];
      if (guessedNumber !== null) waits.push(await perNumber.retryAfterSeconds(guessedNumber));
      const wait = Math.max(...waits);
      if (wait <= 0) return;
      res.setHeader('Retry-After', String(wait));
      throw new AppError('RATE_LIMITED', ERROR_MESSAGES.manageBookingTooManySearches);
    },
    async missed(req, guessedNumber) {
      await perClient.add(clientOf(req));
      if (guessedNumber !== null) await perNumber.add(guessedNumber);
    },
  };
}
