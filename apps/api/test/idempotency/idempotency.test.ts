import express from 'express';
import { eq, sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyRecords } from '@hotel/db/schema';
import type { Database } from '../../src/database/db';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { rawRows } from '../../src/database/raw-rows';
import { AppError } from '../../src/errors';
import { errorHandler } from '../../src/http/error-response';
import { readIdempotencyKey } from '../../src/http';
import {
  claimIdempotencyKey,
  purgeExpiredIdempotencyRecords,
  requestHash,
  requestHashKey,
  saveIdempotentAnswer,
  scheduleIdempotencyPurge,
  storedIdempotencyKey,
} from '../../src/idempotency';
import { createLogger } from '../../src/logger';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';

let t: TestApp;
let hashKey: Buffer;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  hashKey = requestHashKey(t.context.config);
  await t.database.db.execute(sql`CREATE TABLE scratch_bookings (id serial PRIMARY KEY, guest text NOT NULL)`);
});
afterAll(() => t.close());

type Answer = { status: number; body: unknown };

/**
 * A tiny use case shaped like Reservation/Create: claim the key first, do the write, hold the
 * transaction open a while (so duplicates really overlap on Postgres), save the answer.
 */
async function bookScratch(database: Database, key: string, body: { guest: string }, holdMs = 0): Promise<Answer> {
  return database.db.transaction(async (tx) => {
    const claim = await claimIdempotencyKey(tx, {
      key,
      scope: 'scratch',
      requestHash: requestHash(body, hashKey),
      now: t.context.clock.now(),
    });
    if (claim.kind === 'replay') return { status: claim.status, body: claim.body };
    const [row] = await rawRows<{ id: number }>(tx, sql`INSERT INTO scratch_bookings (guest) VALUES (${body.guest}) RETURNING id`);
    if (holdMs > 0) await tx.execute(sql`SELECT pg_sleep(${holdMs / 1000})`);
    const answer = { status: 200, body: { Success: true, BookingId: row!.id } };
    await saveIdempotentAnswer(tx, { key, scope: 'scratch', ...answer });
    return answer;
  });
}

async function scratchRows(guest: string): Promise<number> {
  const [row] = await rawRows<{ count: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS count FROM scratch_bookings WHERE guest = ${guest}`,
  );
  return row!.count;
}

function outcomeOf(attempt: Promise<Answer>): Promise<Answer | { error: string }> {
  return attempt.catch((error: unknown) => ({ error: error instanceof AppError ? error.code : String(error) }));
}

describe('requestHash', () => {
  it('is the same for bodies that differ only in key order and different for any other change', () => {
    const a = requestHash({ Booker: { FirstName: 'Ann', LastName: 'Lee' }, Rooms: [1, 2], Notes: undefined }, hashKey);
    expect(a).toMatch(/^hmac-v1:[0-9a-f]{64}$/);
    expect(requestHash({ Rooms: [1, 2], Booker: { LastName: 'Lee', FirstName: 'Ann' } }, hashKey)).toBe(a);
    expect(requestHash({ Rooms: [2, 1], Booker: { LastName: 'Lee', FirstName: 'Ann' } }, hashKey)).not.toBe(a);
    expect(requestHash({ Rooms: [1, 2], Booker: { LastName: 'Lee', FirstName: 'Anne' } }, hashKey)).not.toBe(a);
    expect(requestHash({ Rooms: [1, 2], Booker: { LastName: 'Lee', FirstName: 'Ann' }, Notes: null }, hashKey)).not.toBe(a);
  });
});

describe('requestHash of a body with card details', () => {
  const card = { CardNumber: '4242 4242 4242 4242', SecurityCode: '739', ExpiryMonth: 12, ExpiryYear: 2030, NameOnCard: 'Ada Lovelace' };
  const body = (overrides: object = {}) => ({ Booker: { LastName: 'Lee' }, CardDetails: { ...card, ...overrides } });

  it('leaves the security code out and keeps the card as brand, last four and a keyed fingerprint', () => {
    const a = requestHash(body(), hashKey);
    expect(requestHash(body({ SecurityCode: '000' }), hashKey)).toBe(a);
    expect(requestHash(body({ CardNumber: '4242-4242-4242-4242' }), hashKey)).toBe(a);
    // Another card with the same brand and last four digits is another request.
    expect(requestHash(body({ CardNumber: '4000 0566 5566 4242' }), hashKey)).not.toBe(a);
    expect(requestHash(body({ ExpiryYear: 2031 }), hashKey)).not.toBe(a);
  });

  it('is keyed: another LINK_SECRET gives another hash of the same body', () => {
    const otherKey = requestHashKey({ linkSecret: 'another-link-secret-of-32-characters-or-more' });
    expect(requestHash(body(), otherKey)).not.toBe(requestHash(body(), hashKey));
  });
});

describe('the Idempotency-Key header', () => {
  const app = express();
  app.get('/key', (req, res) => {
    res.json({ Key: readIdempotencyKey(req) ?? null });
  });
  app.use(errorHandler);

  it('is optional and read as sent', async () => {
    expect((await request(app).get('/key')).body).toEqual({ Key: null });
    const key = '3f0b1c2e-6a7d-4e8f-9a0b-1c2d3e4f5a6b';
    expect((await request(app).get('/key').set('Idempotency-Key', key)).body).toEqual({ Key: key });
    expect((await request(app).get('/key').set('Idempotency-Key', 'k'.repeat(255))).body).toEqual({ Key: 'k'.repeat(255) });
  });

  it('answers 400 with the header in ModelState when too long or not printable', async () => {
    for (const bad of ['k'.repeat(256), 'caf\u00e9-key']) {
      const answer = await request(app).get('/key').set('Idempotency-Key', bad);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        Message: 'The request is invalid.',
        ModelState: { 'Idempotency-Key': ['The Idempotency-Key header must be 1 to 255 printable ASCII characters, such as a UUID.'] },
        Code: 'VALIDATION_FAILED',
      });
    }
  });
});

describe('claiming a key in the use case transaction', () => {
  it('runs the first request, replays its answer for a retry, and books once', async () => {
    const first = await bookScratch(t.database, 'key-replay', { guest: 'replay' });
    expect(first).toEqual({ status: 200, body: { Success: true, BookingId: expect.any(Number) } });
    expect(await bookScratch(t.database, 'key-replay', { guest: 'replay' })).toEqual(first);
    expect(await scratchRows('replay')).toBe(1);
  });

  it('refuses the same key with a different body with a 422 that says what to do', async () => {
    await bookScratch(t.database, 'key-reused', { guest: 'reused-a' });
    const reuse = bookScratch(t.database, 'key-reused', { guest: 'reused-b' });
    await expect(reuse).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message:
        'This Idempotency-Key was already used for a different request. Send the original request unchanged to get its answer, or use a new Idempotency-Key for a new request.',
    });
    expect(await scratchRows('reused-b')).toBe(0);
  });

  it('replays a record whose unkeyed hash the 0010 migration dropped to whoever sends its key', async () => {
    const first = await bookScratch(t.database, 'key-from-before', { guest: 'before-a' });
    await t.database.db.execute(
      sql`UPDATE idempotency_records SET request_hash = 'legacy' WHERE key = ${storedIdempotencyKey('key-from-before')}`,
    );
    expect(await bookScratch(t.database, 'key-from-before', { guest: 'before-b' })).toEqual(first);
    expect(await scratchRows('before-b')).toBe(0);
  });

  it('keeps keys apart per scope', async () => {
    const claims = await t.database.db.transaction(async (tx) => {
      const claim = (scope: string) =>
        claimIdempotencyKey(tx, { key: 'shared', scope, requestHash: requestHash({ a: 1 }, hashKey), now: t.context.clock.now() });
      return [await claim('one'), await claim('two')];
    });
    expect(claims).toEqual([{ kind: 'new' }, { kind: 'new' }]);
  });

  it('leaves no record when the use case rolls back, so the retry runs afresh', async () => {
    const failing = t.database.db.transaction(async (tx) => {
      await claimIdempotencyKey(tx, {
        key: 'key-rollback',
        scope: 'scratch',
        requestHash: requestHash({ guest: 'rollback' }, hashKey),
        now: t.context.clock.now(),
      });
      throw new AppError('ROOM_SOLD_OUT', 'sold out');
    });
    await expect(failing).rejects.toMatchObject({ code: 'ROOM_SOLD_OUT' });
    const rows = await t.database.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, storedIdempotencyKey('key-rollback')));
    expect(rows).toEqual([]);
    expect((await bookScratch(t.database, 'key-rollback', { guest: 'rollback' })).status).toBe(200);
    expect(await scratchRows('rollback')).toBe(1);
  });

  it('keeps a record 24 hours, then treats the key as new and purges it', async () => {
    t.setNow('2027-03-01T09:00:00Z');
    const first = await bookScratch(t.database, 'key-expiry', { guest: 'expiry-a' });
    const [record] = await t.database.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, storedIdempotencyKey('key-expiry')));
    expect(record!.expiresAt.toISOString()).toBe('2027-03-02T09:00:00.000Z');

    t.setNow('2027-03-02T08:59:59Z');
    expect(await bookScratch(t.database, 'key-expiry', { guest: 'expiry-a' })).toEqual(first);
    expect(await purgeExpiredIdempotencyRecords(t.database.db, t.context.clock.now())).toBe(0);

    t.setNow('2027-03-02T09:00:00Z');
    // Past its 24 hours the key is free again, even for a different body.
    const second = await bookScratch(t.database, 'key-expiry', { guest: 'expiry-b' });
    expect(second.body).not.toEqual(first.body);
    expect(await scratchRows('expiry-b')).toBe(1);

    t.setNow('2027-03-04T00:00:00Z');
    expect(await purgeExpiredIdempotencyRecords(t.database.db, t.context.clock.now())).toBeGreaterThanOrEqual(1);
    expect(
      await t.database.db
        .select()
        .from(idempotencyRecords)
        .where(eq(idempotencyRecords.key, storedIdempotencyKey('key-expiry'))),
    ).toEqual([]);
    t.setNow('2027-03-01T09:00:00Z');
  });
});

describe('what the table keeps', () => {
  it("neither the key nor an answer's token in the clear, yet a retry with the key gets the token back", async () => {
    const key = '0f8a4c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
    const answer = { Success: true, ConfirmationToken: 'Zq3xVbN81kLmPq0rStUvWx-_yzAbCdEfGhIjKlMnOpQ', ReservationNumber: 'N6HQAKBC' };
    const claim = { key, scope: 'secrets', requestHash: requestHash({ guest: 'secrets' }, hashKey), now: t.context.clock.now() };
    await t.database.db.transaction(async (tx) => {
      expect(await claimIdempotencyKey(tx, claim)).toEqual({ kind: 'new' });
      await saveIdempotentAnswer(tx, { key, scope: 'secrets', status: 200, body: answer });
    });
    const stored = await rawRows<{ row: string }>(
      t.database.db,
      sql`SELECT row_to_json(r)::text AS row FROM idempotency_records r WHERE scope = 'secrets'`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.row).not.toContain(key);
    expect(stored[0]!.row).not.toContain(answer.ConfirmationToken);
    expect(stored[0]!.row).toMatch(/"ReservationNumber": ?"N6HQAKBC"/);
    const replay = await t.database.db.transaction((tx) => claimIdempotencyKey(tx, claim));
    expect(replay).toEqual({ kind: 'replay', status: 200, body: answer });
  });
});

describe('the purge job', () => {
  it('purges expired records as soon as it starts, then on its timer until stopped', async () => {
    t.setNow('2027-03-01T09:00:00Z');
    await bookScratch(t.database, 'key-purge-job', { guest: 'purge-job' });
    t.setNow('2027-03-05T00:00:00Z');
    const stop = scheduleIdempotencyPurge(t.context);
    try {
      await expect
        .poll(() =>
          t.database.db
            .select()
            .from(idempotencyRecords)
            .where(eq(idempotencyRecords.key, storedIdempotencyKey('key-purge-job'))),
        )
        .toEqual([]);
    } finally {
      stop();
      t.setNow('2027-03-01T09:00:00Z');
    }
  });
});

describe('concurrent duplicates', () => {
  // On Postgres each attempt has its own connection and they truly overlap: the duplicates'
  // INSERTs wait on the primary key until the first commits. PGlite runs them one by one.
  let second: Database;
  beforeAll(() => {
    second = onRealPostgres()
      ? openPostgresDatabase({ connectionString: t.database.url!, logger: createLogger('silent'), pool: { writeConnections: 10 } })
      : t.database;
  });
  afterAll(async () => {
    if (second !== t.database) await second.close();
  });

  it('runs one of ten simultaneous identical requests and replays its answer to the other nine', async () => {
    const attempts = Array.from({ length: 10 }, (_, i) =>
      outcomeOf(bookScratch(i % 2 === 0 ? t.database : second, 'key-concurrent', { guest: 'concurrent' }, 300)),
    );
    const outcomes = await Promise.all(attempts);
    expect(await scratchRows('concurrent')).toBe(1);
    expect(new Set(outcomes.map((outcome) => JSON.stringify(outcome))).size).toBe(1);
    expect(outcomes[0]).toEqual({ status: 200, body: { Success: true, BookingId: expect.any(Number) } });
  });

  it('runs one of simultaneous requests reusing a key with different bodies and refuses the rest with 422', async () => {
    const attempts = Array.from({ length: 6 }, (_, i) =>
      outcomeOf(bookScratch(i % 2 === 0 ? t.database : second, 'key-concurrent-reuse', { guest: `concurrent-reuse-${i}` }, 300)),
    );
    const outcomes = await Promise.all(attempts);
    const booked = outcomes.filter((outcome) => 'status' in outcome);
    expect(booked).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'error' in outcome && outcome.error === 'IDEMPOTENCY_KEY_REUSED')).toHaveLength(5);
    const [row] = await rawRows<{ count: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM scratch_bookings WHERE guest LIKE 'concurrent-reuse-%'`,
    );
    expect(row!.count).toBe(1);
  });
});
