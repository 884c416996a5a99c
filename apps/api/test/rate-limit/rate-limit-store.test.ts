import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/app-context';
import { rawRows } from '../../src/database/raw-rows';
import { DatabaseRateLimitStore } from '../../src/http/rate-limit-store';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { createLogger } from '../../src/logger';
import { onRealPostgres } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';

const minute = 60_000;
let t: TestApp;
let now: Date;
const clock: Clock = { now: () => new Date(now) };
const store = (name: string, windowMs = minute) =>
  new DatabaseRateLimitStore(t.context.database.db, clock, { prefix: `${name}:`, windowMs });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  now = new Date('2027-03-01T09:00:10Z');
  await t.context.database.db.execute(sql`DELETE FROM rate_limit_counters`);
});

/** The test database, counting the upserts (inserts) sent through it. */
function countingUpserts() {
  let upserts = 0;
  const counting = new Proxy(t.context.database.db, {
    get: (target, name, receiver) => {
      if (name === 'insert') upserts += 1;
      return Reflect.get(target, name, receiver);
    },
  });
  return { counting, upserts: () => upserts };
}

async function storedRows(): Promise<{ key: string; count: number }[]> {
  return rawRows(t.context.database.db, sql`SELECT key, count FROM rate_limit_counters ORDER BY key, window_start`);
}

describe('DatabaseRateLimitStore', () => {
  it('counts attempts per key in the current window, answering when the window ends', async () => {
    const login = store('login');
    expect(await login.increment('203.0.113.9')).toEqual({ totalHits: 1, resetTime: new Date('2027-03-01T09:01:00Z') });
    expect((await login.increment('203.0.113.9')).totalHits).toBe(2);
    expect((await login.increment('203.0.113.9')).totalHits).toBe(3);
    expect(await login.get('203.0.113.9')).toEqual({ totalHits: 3, resetTime: new Date('2027-03-01T09:01:00Z') });
    expect(await login.get('198.51.100.1')).toBeUndefined();
  });

  it('keeps keys and limiters apart', async () => {
    const login = store('login');
    const reset = store('reset');
    await login.increment('a');
    await login.increment('a');
    expect((await login.increment('b')).totalHits).toBe(1);
    expect((await reset.increment('a')).totalHits).toBe(1);
    expect(await storedRows()).toEqual([
      { key: 'login:a', count: 2 },
      { key: 'login:b', count: 1 },
      { key: 'reset:a', count: 1 },
    ]);
  });

  it('starts again at 1 when the window has passed, windows aligned on the clock', async () => {
    const login = store('login');
    await login.increment('a');
    await login.increment('a');
    now = new Date('2027-03-01T09:00:59.999Z');
    expect((await login.increment('a')).totalHits).toBe(3);
    now = new Date('2027-03-01T09:01:00Z');
    expect(await login.get('a')).toBeUndefined();
    expect(await login.increment('a')).toEqual({ totalHits: 1, resetTime: new Date('2027-03-01T09:02:00Z') });
  });

  it('sweeps windows that ended a window ago or more, of every limiter, at most once per window', async () => {
    await store('login').increment('a');
    await store('reset', 10 * minute).increment('a');
    // The login window ended at 09:01: at 09:01:30 it is kept, as slack for clocks that disagree.
    now = new Date('2027-03-01T09:01:30Z');
    await store('login').increment('b');
    expect((await storedRows()).map((row) => row.key)).toEqual(['login:a', 'login:b', 'reset:a']);
    now = new Date('2027-03-01T09:05:00Z');
    const sweeper = store('login');
    await sweeper.increment('c');
    // Gone: login:a (ended 09:01) and login:b (ended 09:02); the 10-minute reset window runs to 09:10.
    expect(await storedRows()).toEqual([
      { key: 'login:c', count: 1 },
      { key: 'reset:a', count: 1 },
    ]);
    // Once per window: a window ending meanwhile waits for the next sweep.
    now = new Date('2027-03-01T09:05:30Z');
    await t.context.database.db.execute(sql`UPDATE rate_limit_counters SET expires_at = '2027-03-01T09:00:00Z' WHERE key = 'reset:a'`);
    await sweeper.increment('c');
    expect((await storedRows()).map((row) => row.key)).toContain('reset:a');
  });

  it('gives back an attempt, never below 0, and forgets a key or every key of its own limiter', async () => {
    const login = store('login');
    const reset = store('reset');
    await login.increment('a');
    await login.increment('a');
    await login.decrement('a');
    expect((await login.get('a'))?.totalHits).toBe(1);
    await login.decrement('a');
    await login.decrement('a');
    expect((await login.get('a'))?.totalHits).toBe(0);
    await login.increment('b');
    await reset.increment('a');
    await login.resetKey('b');
    expect(await login.get('b')).toBeUndefined();
    await login.increment('c');
    await login.resetAll();
    expect(await storedRows()).toEqual([{ key: 'reset:a', count: 1 }]);
  });

  it('stores a very long key as its hash, still counting it', async () => {
    const login = store('login');
    const key = `someone@${'x'.repeat(500)}.example`;
    await login.increment(key);
    expect((await login.increment(key)).totalHits).toBe(2);
    const [row] = await storedRows();
    expect(row!.key).toMatch(/^login:sha256:[0-9a-f]{64}$/);
  });

  it('loses no attempt when 50 arrive at once', async () => {
    const login = store('login');
    const counts = await Promise.all(Array.from({ length: 50 }, () => login.increment('burst')));
    expect(counts.map((count) => count.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await login.get('burst'))?.totalHits).toBe(50);
  });

  it('sends attempts on one key that arrive while its upsert is on its way as one upsert, each still answered its own count', async () => {
    const { counting, upserts } = countingUpserts();
    const login = new DatabaseRateLimitStore(counting, clock, { prefix: 'login:', windowMs: minute });
    const counts = await Promise.all(Array.from({ length: 50 }, () => login.increment('busy')));
    expect(counts.map((count) => count.totalHits)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The first goes alone; the 49 that arrived meanwhile go together.
    expect(upserts()).toBe(2);
    expect(await storedRows()).toEqual([{ key: 'login:busy', count: 50 }]);
    // Another key is not held up by this one's batch.
    const [a, b] = await Promise.all([login.increment('busy'), login.increment('other')]);
    expect([a.totalHits, b.totalHits]).toEqual([51, 1]);
  });

  it('sends the attempts of every key and limiter that arrive meanwhile as one upsert, each answered its own count', async () => {
    const { counting, upserts } = countingUpserts();
    const perClient = new DatabaseRateLimitStore(counting, clock, { prefix: 'booking-ip:', windowMs: minute });
    const perAddress = new DatabaseRateLimitStore(counting, clock, { prefix: 'mail-address:', windowMs: 60 * minute });
    // One attempt on its way; meanwhile ten bookings from that client, to five addresses (two each).
    const alone = perClient.increment('10.0.0.1');
    const [clientCounts, addressCounts] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => perClient.increment('10.0.0.1'))),
      Promise.all(Array.from({ length: 10 }, (_, i) => perAddress.increment(`guest${i % 5}@example.com`))),
    ]);
    expect((await alone).totalHits).toBe(1);
    // Both limits of all ten bookings went in the one upsert after the first.
    expect(upserts()).toBe(2);
    expect(clientCounts.map((count) => count.totalHits)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(addressCounts.map((count) => count.totalHits)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(addressCounts[0]!.resetTime).toEqual(new Date('2027-03-01T10:00:00Z'));
    expect(await storedRows()).toEqual([
      { key: 'booking-ip:10.0.0.1', count: 11 },
      ...[0, 1, 2, 3, 4].map((i) => ({ key: `mail-address:guest${i}@example.com`, count: 2 })),
    ]);
  });

  it('a failed upsert fails the attempts it carried, and the next attempts count again', async () => {
    let fail = true;
    const db = t.context.database.db;
    const failing = new Proxy(db, {
      get: (target, name, receiver) => {
        if (name === 'insert' && fail) {
          fail = false;
          return () => {
            throw new Error('connection lost');
          };
        }
        return Reflect.get(target, name, receiver);
      },
    });
    const login = new DatabaseRateLimitStore(failing, clock, { prefix: 'login:', windowMs: minute });
    await expect(login.increment('a')).rejects.toThrow('connection lost');
    expect((await login.increment('a')).totalHits).toBe(1);
  });

  it.runIf(onRealPostgres())('shares counts between processes, each with its own connection pool', async () => {
    const pools = [0, 1].map(() =>
      openPostgresDatabase({ connectionString: t.database.url!, logger: createLogger('silent'), pool: { writeConnections: 8 } }),
    );
    try {
      const stores = pools.map((pool) => new DatabaseRateLimitStore(pool.db, clock, { prefix: 'login:', windowMs: minute }));
      const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2]!.increment('shared')));
      expect(counts.map((count) => count.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });
});
