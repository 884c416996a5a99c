import type { Request, Response } from 'express';
import type { AppContext } from '../app-context';
import { SlidingWindowCounter } from '../http';
import { AppError } from '../errors';
import { ACCOUNT_MESSAGES } from './account-messages';

const minutes = (count: number) => count * 60_000;

/**
 * Failed logins at one account FROM ONE CLIENT ADDRESS, in sliding windows whose waits grow:
 * 5 in a minute wait out the minute, 10 in 15 minutes the quarter hour, 20 in an hour the hour.
 * Nothing counts per account alone, so a third party failing at someone's address from its own
 * network cannot lock the owner out; guessing from many networks meets each one's own limits,
 * the per-client limit below, the password rules and the cost of argon2 (docs/security.md).
 */
const accountFromClientTiers = [
  { windowMs: minutes(1), limit: 5 },
  { windowMs: minutes(15), limit: 10 },
  { windowMs: minutes(60), limit: 20 },
];
/** Every login attempt from one client address, whatever the account: 20 in 15 minutes. */
const clientTier = { windowMs: minutes(15), limit: 20 };

export type LoginThrottle = {
  /** Refuses (429 with Retry-After) a client over its limit, then counts this attempt. Before the body is read. */
  countClientAttempt(req: Request, res: Response): Promise<void>;
  /** Refuses (429 with Retry-After) an account+client pair that failed too often lately. */
  checkAccount(req: Request, res: Response, email: string): Promise<void>;
  failed(req: Request, email: string): Promise<void>;
  /** The owner got in from this client: its earlier mistypes no longer count. */
  succeeded(req: Request, email: string): Promise<void>;
};

export function loginThrottle(context: Pick<AppContext, 'database' | 'clock'>): LoginThrottle {
  const { database, clock } = context;
  const perAccountFromClient = accountFromClientTiers.map(
    (tier, index) => new SlidingWindowCounter(database.db, clock, { prefix: `login-account-client-${index}:`, ...tier }),
  );
  const perClient = new SlidingWindowCounter(database.db, clock, { prefix: 'login-client:', ...clientTier });
  const clientOf = (req: Request) => req.ip ?? 'unknown';
  const pairOf = (req: Request, email: string) => `${email.trim().toLowerCase()}\n${clientOf(req)}`;
  const refuseIfWaiting = (res: Response, seconds: number) => {
    if (seconds <= 0) return;
    res.setHeader('Retry-After', String(seconds));
    throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.tooManyLogins);
  };
  return {
    async countClientAttempt(req, res) {
      refuseIfWaiting(res, await perClient.retryAfterSeconds(clientOf(req)));
      await perClient.add(clientOf(req));
    },
    async checkAccount(req, res, email) {
      const waits = await Promise.all(perAccountFromClient.map((counter) => counter.retryAfterSeconds(pairOf(req, email))));
      refuseIfWaiting(res, Math.max(...waits));
    },
    async failed(req, email) {
      await Promise.all(perAccountFromClient.map((counter) => counter.add(pairOf(req, email))));
    },
    async succeeded(req, email) {
      await Promise.all(perAccountFromClient.map((counter) => counter.forget(pairOf(req, email))));
    },
  };
}
