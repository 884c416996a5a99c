import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import type { DatabasePool } from '../../src/config';
import { eventually } from '../faults/fault-fixture';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';

// The double of the booking property with six rooms: every booking of these tests can be sold.
const sixDoubles = {
  ...bookingProperty,
  RoomTypes: (bookingProperty.RoomTypes as { Code: string }[]).map((roomType) =>
    roomType.Code === 'DBL' ? { ...roomType, Rooms: ['101', '102', '103', '104', '105', '106'] } : roomType,
  ),
};

const busyMessage = 'The service is temporarily unavailable. Please try again in a moment.';

type Answer = { status: number; body: { Code?: string; Message?: string; ReservationNumber?: string }; headers: Record<string, string> };

/**
 * Another session holding every night of the double (as a long import or a stuck transaction
 * would), and watching who waits for it.
 */
async function holdTheDoubles(t: TestApp, ids: Ids) {
  const holder = new pg.Client({ connectionString: t.database.url });
  const watcher = new pg.Client({ connectionString: t.database.url });
  await Promise.all([holder.connect(), watcher.connect()]);
  await holder.query('BEGIN');
  await holder.query('SELECT night FROM room_type_inventory WHERE room_type_id = $1 FOR UPDATE', [ids.roomTypes.DBL]);
  let released = false;
  return {
    /** The API's sessions waiting for a lock, as PostgreSQL sees them. */
    async waiting(): Promise<number[]> {
      const { rows } = await watcher.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'hotel-api%' AND wait_event_type = 'Lock'`,
      );
      return rows.map((row) => row.pid);
    },
    async cancel(pid: number) {
      await watcher.query('SELECT pg_cancel_backend($1)', [pid]);
    },
    async release() {
      if (released) return;
      released = true;
      await holder.query('ROLLBACK');
      await Promise.all([holder.end(), watcher.end()]);
    },
  };
}

/** Sends a booking and keeps its answer where the test can see it arrive. */
function sendBooking(
  t: TestApp,
  ids: Ids,
  n: number,
  answered: Map<number, Answer>,
  overrides: Record<string, unknown> = {},
): Promise<Answer> {
  return request(t.app)
    .post('/api/Reservation/Create')
    .set('Idempotency-Key', `busy-${n}`)
    .send(aBooking(ids, { Booker: { ...aBooking(ids).Booker, Email: `guest-${n}@example.com` }, ...overrides }))
    .then((response) => {
      const answer = { status: response.status, body: response.body, headers: response.headers as Record<string, string> };
      answered.set(n, answer);
      return answer;
    });
}

/** What bookings left behind: nights of rooms sold, reservations, claimed Idempotency-Keys. */
async function written(t: TestApp) {
  const [row] = await rawRows<{ soldNights: number; reservations: number; keys: number }>(
    t.database.db,
    sql`SELECT (SELECT sum(sold)::int FROM room_type_inventory) AS "soldNights",
               (SELECT count(*)::int FROM reservations) AS reservations,
               (SELECT count(*)::int FROM idempotency_records) AS keys`,
  );
  return row!;
}

async function givenBusyApp(databasePool: Partial<DatabasePool>) {
  const t = await createTestApp({ now: '2027-03-01T09:00:00Z', databasePool });
  return { t, ids: await givenBookingProperty(t, sixDoubles) };
}

// PGlite is one connection in this process: only a real PostgreSQL has a pool to run out of.
describe.runIf(onRealPostgres())('bookings queued behind a lock another session holds', () => {
  let t: TestApp;
  let ids: Ids;
  let lock: Awaited<ReturnType<typeof holdTheDoubles>> | undefined;
  beforeAll(async () => {
    // Two connections for writing, and a wait for a lock longer than any test runs: the bookings
    // holding them wait until it is released.
    ({ t, ids } = await givenBusyApp({ writeConnections: 2, connectionWaitMs: 2_000, lockWaitMs: 15_000 }));
  });
  afterEach(() => lock?.release());
  afterAll(() => t.close());

  it('those beyond the connections for writing answer 503 with Retry-After and book nothing; searches and calendars answer meanwhile', async () => {
    lock = await holdTheDoubles(t, ids);
    const answered = new Map<number, Answer>();
    const bookings = [1, 2, 3, 4, 5, 6].map((n) => sendBooking(t, ids, n, answered));

    // Two hold the connections for writing, waiting for the lock; four wait for a connection.
    await eventually('two bookings wait for the lock', async () => (await lock!.waiting()).length === 2, { timeoutMs: 20_000 });
    // The stay they want, searched and seen in the calendar.
    const { PropertyId, LanguageCode, DateFrom, DateTo, Rooms } = aBooking(ids);
    const party = { NumberOfAdults: Rooms[0]!.NumberOfAdults, NumberOfChildren: 0, NumberOfInfants: 0 };
    await request(t.app)
      .post('/api/Availability/Search')
      .send({ PropertyId, LanguageCode, DateFrom, DateTo, Rooms: [party] })
      .expect(200);
    await request(t.app)
      .get('/api/Availability')
      .query({ propertyId: PropertyId, languageCode: LanguageCode, fromDate: DateFrom, toDate: DateTo })
      .expect(200);

    await eventually('the four without a connection are answered', () => answered.size === 4, { timeoutMs: 20_000 });
    const refused = [...answered.values()];
    expect(refused.map((answer) => [answer.status, answer.body.Code, answer.body.Message, answer.headers['retry-after']])).toEqual(
      Array.from({ length: 4 }, () => [503, 'DATABASE_UNAVAILABLE', busyMessage, '5']),
    );
    expect((await lock.waiting()).length).toBe(2);
    expect(await written(t)).toEqual({ soldNights: 0, reservations: 0, keys: 0 });

    // The lock released, the two that waited for it book; each refused one, sent again with its key, books once.
    await lock.release();
    const waitedForTheLock = (await Promise.all(bookings)).filter((answer) => answer.status !== 503);
    expect(waitedForTheLock.map((answer) => answer.status)).toEqual([200, 200]);
    const refusedNumbers = [1, 2, 3, 4, 5, 6].filter((n) => answered.get(n)!.status === 503);
    for (const n of refusedNumbers) expect((await sendBooking(t, ids, n, new Map())).status).toBe(200);
    expect(await written(t)).toMatchObject({ soldNights: 12, reservations: 6 });
  });

  it('a booking whose wait is cancelled (by the statement timeout, or an operator) answers 503 and changes nothing', async () => {
    const before = await written(t);
    lock = await holdTheDoubles(t, ids);
    // A week later: the first stay is sold out.
    const stay = { DateFrom: '2027-03-11', DateTo: '2027-03-13' };
    const booking = sendBooking(t, ids, 7, new Map(), { ...stay, Rooms: [aRoom(ids, stay)] });
    let waiting: number[] = [];
    await eventually('the booking waits for the lock', async () => (waiting = await lock!.waiting()).length === 1, { timeoutMs: 20_000 });
    await lock.cancel(waiting[0]!);
    const answer = await booking;
    expect([answer.status, answer.body.Code, answer.headers['retry-after']]).toEqual([503, 'DATABASE_UNAVAILABLE', '5']);
    expect(await written(t)).toEqual(before);
  });
});

describe.runIf(onRealPostgres())('a booking that waits for a lock longer than DATABASE_LOCK_WAIT_MS', () => {
  let t: TestApp;
  let ids: Ids;
  let lock: Awaited<ReturnType<typeof holdTheDoubles>> | undefined;
  beforeAll(async () => {
    ({ t, ids } = await givenBusyApp({ lockWaitMs: 200 }));
  });
  afterEach(() => lock?.release());
  afterAll(() => t.close());

  it('answers 503 with Retry-After, changes nothing, and books when sent again with its key', async () => {
    lock = await holdTheDoubles(t, ids);
    // The lock is held until the booking has its answer.
    const answer = await sendBooking(t, ids, 1, new Map());
    expect([answer.status, answer.body, answer.headers['retry-after']]).toEqual([
      503,
      { Code: 'DATABASE_UNAVAILABLE', Message: busyMessage },
      '5',
    ]);
    expect(await written(t)).toEqual({ soldNights: 0, reservations: 0, keys: 0 });
    // It gave up at the lock wait, not at the statement timeout long after.
    expect(t.logLines.filter((line) => line.includes('canceling statement due to lock timeout'))).toHaveLength(1);

    await lock.release();
    expect((await sendBooking(t, ids, 1, new Map())).status).toBe(200);
    expect(await written(t)).toMatchObject({ soldNights: 2, reservations: 1 });
  });
});
