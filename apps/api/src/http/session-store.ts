import { createHash } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import session from 'express-session';
import { sessions } from '@hotel/db/schema';
import type { Clock } from '../app-context';
import type { Queryable } from '../database';

export type SessionTimeouts = {
  /** A session unused for this long has ended. */
  idleMs: number;
  /** A session ends this long after its login, however busy. */
  absoluteMs: number;
};

/**
 * The key a session id is stored under: its SHA-256. The cookie is a bearer secret, so a
 * leaked table must not hold usable ones.
 */
const storedId = (sid: string) => createHash('sha256').update(sid).digest('hex');

/** The passport user a session belongs to, mirrored into `sessions.user_id`. */
function userIdOf(data: session.SessionData): number | null {
  const user = (data as { passport?: { user?: unknown } }).passport?.user;
  return typeof user === 'number' && Number.isSafeInteger(user) ? user : null;
}

/**
 * An express-session store on the `sessions` table, shared by every API process, on PGlite and
 * Postgres. Expiry is the store's, on the injected clock: a session ends after `idleMs` without
 * a request (each request moves `expires_at` on, through `touch`) and at the latest `absoluteMs`
 * after it was created (a login always creates a new one). Ended rows read as absent and are
 * swept at most once per sweep interval per process.
 */
export class DatabaseSessionStore extends session.Store {
  private nextSweepAt = 0;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    private readonly timeouts: SessionTimeouts,
  ) {
    super();
  }

  override get(sid: string, callback: (error: unknown, data?: session.SessionData | null) => void): void {
    this.run(callback, async () => {
      const [row] = await this.db
        .select({ data: sessions.data })
        .from(sessions)
        .where(and(eq(sessions.sid, storedId(sid)), gt(sessions.expiresAt, this.clock.now())));
      return (row?.data as session.SessionData | undefined) ?? null;
    });
  }

  override set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void): void {
    this.run(callback, async () => {
      const now = this.clock.now();
      await this.sweepEnded(now);
      await this.db
        .insert(sessions)
        .values({
          sid: storedId(sid),
          userId: userIdOf(data),
          data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
          expiresAt: this.idleEnd(now),
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: sessions.sid,
          set: { data: sql`excluded.data`, userId: sql`excluded.user_id`, expiresAt: this.cappedExpiry(sql`excluded.expires_at`) },
        });
    });
  }

  /** Moves an unended session's idle deadline on, never past its absolute one. */
  override touch(sid: string, _data: session.SessionData, callback?: (error?: unknown) => void): void {
    this.run(callback, async () => {
      const now = this.clock.now();
      await this.db
        .update(sessions)
        .set({ expiresAt: this.cappedExpiry(sql`${this.idleEnd(now)}::timestamptz`) })
        .where(and(eq(sessions.sid, storedId(sid)), gt(sessions.expiresAt, now)));
    });
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    this.run(callback, async () => {
      await this.db.delete(sessions).where(eq(sessions.sid, storedId(sid)));
    });
  }

  private idleEnd(now: Date): Date {
    return new Date(now.getTime() + this.timeouts.idleMs);
  }

  private cappedExpiry(candidate: ReturnType<typeof sql>) {
    const absoluteSeconds = Math.floor(this.timeouts.absoluteMs / 1000);
    return sql`LEAST(${candidate}, ${sessions.createdAt} + make_interval(secs => ${absoluteSeconds}::int))`;
  }

  private async sweepEnded(now: Date): Promise<void> {
    if (now.getTime() < this.nextSweepAt) return;
    this.nextSweepAt = now.getTime() + Math.min(this.timeouts.idleMs, 5 * 60_000);
    await this.db.delete(sessions).where(lte(sessions.expiresAt, now));
  }

  private run<T>(callback: ((error: unknown, value?: T) => void) | undefined, work: () => Promise<T>): void {
    work().then(
      (value) => callback?.(null, value),
      (error: unknown) => callback?.(error),
    );
  }
}

/** Ends every session of a user (password changed or reset): their cookies answer 401 from now on. */
export async function endSessionsOfUser(db: Queryable, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
