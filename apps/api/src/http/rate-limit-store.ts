import { createHash } from 'node:crypto';
import { and, eq, gt, like, lte, sql } from 'drizzle-orm';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { rateLimitCounters } from '@hotel/db/schema';
import type { Clock } from '../app-context';
import type { Queryable } from '../database';

// Keys are part of the table's primary key: a caller's key (an e-mail, say) longer than this
// is stored as its hash, so no input can make the index entry too large.
const longestStoredKey = 200;

/** An attempt waiting for the next upsert: its counter, and who waits for the count. */
type Attempt = {
  key: string;
  window: { start: Date; end: Date };
  /** Counters that expired at or before this go first (the store's sweep, see `sweepBefore`). */
  sweepBefore: Date | undefined;
  resolve: (info: ClientRateLimitInfo) => void;
  reject: (error: unknown) => void;
};

/**
 * The counting of one process on one database, shared by all its limiters. Attempts that
 * arrive while an upsert is on its way wait and go together in the next one, one row per
 * counter raised by as many attempts as it had: under load a booking's two limits (per client
 * and per address) and everyone else's are one statement per round trip, not one each, and a
 * busy counter (many guests behind one address) is a row updated once per round trip, not a
 * lock every request queues on.
 */
class CounterUpserts {
  private sending = false;
  private waiting: Attempt[] = [];

  constructor(private readonly db: Queryable) {}

  /** Counts one attempt; answers the counter's count with it, as if the batch's had been counted one after another. */
  add(key: string, window: { start: Date; end: Date }, sweepBefore: Date | undefined): Promise<ClientRateLimitInfo> {
    const counted = new Promise<ClientRateLimitInfo>((resolve, reject) => this.waiting.push({ key, window, sweepBefore, resolve, reject }));
    if (!this.sending) void this.send();
    return counted;
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.waiting.length > 0) {
      const attempts = this.waiting.splice(0);
      const counters = new Map<string, Attempt[]>();
      for (const attempt of attempts) {
        const id = counterId(attempt.key, attempt.window.start);
        const same = counters.get(id);
        if (same) same.push(attempt);
        else counters.set(id, [attempt]);
      }
      // The same order in every process, so two batches locking the same rows queue instead of deadlocking.
      const rows = [...counters.keys()].sort().map((id) => {
        const [first, ...more] = counters.get(id)!;
        return { key: first!.key, windowStart: first!.window.start, count: 1 + more.length, expiresAt: first!.window.end };
      });
      // A sweep deletes the expired counters of every limiter, so the latest instant due covers the others.
      const sweepsDue = attempts.flatMap((attempt) => (attempt.sweepBefore ? [attempt.sweepBefore.getTime()] : []));
      try {
        if (sweepsDue.length > 0)
          await this.db.delete(rateLimitCounters).where(lte(rateLimitCounters.expiresAt, new Date(Math.max(...sweepsDue))));
        const counts = await this.db
          .insert(rateLimitCounters)
          .values(rows)
          .onConflictDoUpdate({
            target: [rateLimitCounters.key, rateLimitCounters.windowStart],
            set: { count: sql`${rateLimitCounters.count} + excluded.count` },
          })
          .returning({ key: rateLimitCounters.key, windowStart: rateLimitCounters.windowStart, count: rateLimitCounters.count });
        for (const row of counts) {
          const counted = counters.get(counterId(row.key, row.windowStart))!;
          const first = row.count - counted.length + 1;
          counted.forEach((attempt, i) => attempt.resolve({ totalHits: first + i, resetTime: attempt.window.end }));
        }
      } catch (error) {
        for (const attempt of attempts) attempt.reject(error);
      }
    }
    this.sending = false;
  }
}

const counterId = (key: string, windowStart: Date) => `${windowStart.getTime()}@${key}`;

/** One batch per database handle: every limiter of a process counts through the same one. */
const upsertsOf = new WeakMap<Queryable, CounterUpserts>();

/**
 * An `express-rate-limit` store on the `rate_limit_counters` table, so that every API process
 * against one database counts the same attempts. Windows are fixed and aligned to the epoch
 * (a 60 s window runs 12:00:00-12:01:00 in every process), so one atomic upsert per attempt
 * (shared with the attempts that arrive meanwhile, see `CounterUpserts`) is the whole protocol
 * and no process needs to know about another. Works on PGlite and Postgres.
 */
export class DatabaseRateLimitStore implements Store {
  /** Counts are shared between processes, so express-rate-limit must not assume otherwise. */
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs: number;
  private nextSweepAt = 0;
  private readonly upserts: CounterUpserts;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    options: { prefix: string; windowMs: number },
  ) {
    this.prefix = options.prefix;
    this.windowMs = options.windowMs;
    let upserts = upsertsOf.get(db);
    if (!upserts) upsertsOf.set(db, (upserts = new CounterUpserts(db)));
    this.upserts = upserts;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  /** Counts one attempt in the current window and answers the window's count so far. */
  increment(key: string): Promise<ClientRateLimitInfo> {
    return this.upserts.add(this.storedKey(key), this.currentWindow(), this.sweepBefore());
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { start, end } = this.currentWindow();
    const [row] = await this.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, this.storedKey(key)), eq(rateLimitCounters.windowStart, start)));
    return row ? { totalHits: row.count, resetTime: end } : undefined;
  }

  /** Gives back an attempt of the current window (express-rate-limit's skip options use it). */
  async decrement(key: string): Promise<void> {
    const { start } = this.currentWindow();
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} - 1` })
      .where(and(eq(rateLimitCounters.key, this.storedKey(key)), eq(rateLimitCounters.windowStart, start), gt(rateLimitCounters.count, 0)));
  }

  /** Forgets a client's attempts (e.g. after a successful login). */
  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, this.storedKey(key)));
  }

  /** Forgets every attempt counted by this limiter (its prefix), leaving other limiters alone. */
  async resetAll(): Promise<void> {
    const escapedPrefix = this.prefix.replace(/[\\%_]/g, (character) => `\\${character}`);
    await this.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, `${escapedPrefix}%`));
  }

  private storedKey(key: string): string {
    const stored = `${this.prefix}${key}`;
    return stored.length <= longestStoredKey ? stored : `${this.prefix}sha256:${createHash('sha256').update(key).digest('hex')}`;
  }

  private currentWindow(): { start: Date; end: Date } {
    const start = Math.floor(this.clock.now().getTime() / this.windowMs) * this.windowMs;
    return { start: new Date(start), end: new Date(start + this.windowMs) };
  }

  /**
   * Windows that ended a window ago or more (of every limiter: `expires_at` is absolute) are
   * deleted before an attempt is counted, at most once per window per process, so the table
   * stays about two windows long: the instant they ended by, when a sweep is due. The extra
   * window is slack for processes whose clocks disagree a little.
   */
  private sweepBefore(): Date | undefined {
    const now = this.clock.now().getTime();
    if (now < this.nextSweepAt) return undefined;
    this.nextSweepAt = now + this.windowMs;
    return new Date(now - this.windowMs);
  }
}

/**
 * A sliding-window count on the same table, for limits that must not reset on the clock's
 * quarter hour (an attacker who waits for 12:15:00 gets no fresh allowance): the count of the
 * last `windowMs` is estimated from the current epoch-aligned window and the one before it,
 * weighted by how much of that one still lies within the last `windowMs` (the "sliding window
 * counter" of Cloudflare and others). Every process on the database shares it.
 */
export class SlidingWindowCounter {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly options: { prefix: string; windowMs: number; limit: number },
  ) {}

  /** Seconds until the key may try again (its estimate is below the limit), or 0 when it may now. */
  async retryAfterSeconds(key: string): Promise<number> {
    const { windowMs, limit } = this.options;
    const { current, previous, elapsed } = await this.counts(key);
    if (previous * (1 - elapsed / windowMs) + current < limit) return 0;
    // Still over when this window ends: wait for it to end and for its own weight to fall below the limit.
    const waitMs =
      current >= limit ? windowMs - elapsed + windowMs * (1 - limit / current) : windowMs * (1 - (limit - current) / previous) - elapsed;
    return Math.max(1, Math.ceil((waitMs + 1) / 1000));
  }

  /** Whether the key was counted within the last `windowMs` (by the same estimate). */
  async wasCountedLately(key: string): Promise<boolean> {
    const { current, previous, elapsed } = await this.counts(key);
    return previous * (1 - elapsed / this.options.windowMs) + current > 0;
  }

  /** The key's counts in the current epoch-aligned window and the one before, and how far into the current one we are. */
  private async counts(key: string): Promise<{ current: number; previous: number; elapsed: number }> {
    const { windowMs } = this.options;
    const now = this.clock.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    const rows = await this.db
      .select({ windowStart: rateLimitCounters.windowStart, count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, this.storedKey(key)), gt(rateLimitCounters.expiresAt, new Date(now))));
    const countAt = (windowStart: number) => rows.find((row) => row.windowStart.getTime() === windowStart)?.count ?? 0;
    return { current: countAt(start), previous: countAt(start - windowMs), elapsed: now - start };
  }

  /** Counts one more for the key now. */
  async add(key: string): Promise<void> {
    const { windowMs } = this.options;
    const start = Math.floor(this.clock.now().getTime() / windowMs) * windowMs;
    await this.db
      .insert(rateLimitCounters)
      // Kept two windows: while current, then as the previous one.
      .values({ key: this.storedKey(key), windowStart: new Date(start), count: 1, expiresAt: new Date(start + 2 * windowMs) })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      });
  }

  /** Forgets the key's count (after a successful login, say). */
  async forget(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, this.storedKey(key)));
  }

  private storedKey(key: string): string {
    return `${this.options.prefix}${createHash('sha256').update(key).digest('hex')}`;
  }
}
