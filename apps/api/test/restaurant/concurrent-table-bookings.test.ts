import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { onRealPostgres } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';
import { aTableBooking, givenRestaurantProperty, now, type RestaurantIds } from './restaurant-fixture';

// PGlite is one connection, so only a real Postgres can show what simultaneous bookings do.
describe.runIf(onRealPostgres())('simultaneous table bookings on Postgres', () => {
  let t: TestApp;
  let ids: RestaurantIds;
  beforeAll(async () => {
    t = await createTestApp({ now });
    ids = await givenRestaurantProperty(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.execute(sql`DELETE FROM mail_outbox`);
    await t.database.db.execute(sql`DELETE FROM table_bookings`);
  });

  const twenty = (overrides: Record<string, unknown>) =>
    Promise.all(Array.from({ length: 20 }, () => request(t.app).post('/api/RestaurantBooking/Create').send(aTableBooking(ids, overrides))));
  const standing = () =>
    rawRows<{ capacity: number; bookings: number }>(
      t.database.db,
      sql`SELECT rt.capacity::int AS capacity, count(*)::int AS bookings FROM table_bookings b JOIN restaurant_tables rt ON rt.id = b.table_id
        WHERE b.cancelled_at IS NULL GROUP BY rt.id, rt.capacity ORDER BY rt.id`,
    );

  it('book the last table that seats the party exactly once, refusing the rest with no 5xx', async () => {
    // Only the table for 8 seats a party of 8.
    const responses = await twenty({ PartySize: 8, VisitTime: '19:00' });
    expect(responses.map((r) => r.status).filter((status) => status !== 200)).toEqual([]);
    expect(responses.filter((r) => r.body.Success === true)).toHaveLength(1);
    const refusals = responses.filter((r) => r.body.Success === false);
    expect(refusals).toHaveLength(19);
    expect(new Set(refusals.map((r) => r.body.InfoMessage))).toEqual(
      new Set(['19:00 on Thursday 4th March 2027 is not available for a party of 8. Please choose another time.']),
    );
    expect(await standing()).toEqual([{ capacity: 8, bookings: 1 }]);
    const [mails] = await rawRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'table_booking'`,
    );
    expect(mails!.n).toBe(1);
  });

  it('move parties who lose a table to the next one that fits, until every table is taken once', async () => {
    // A pair fits all five tables: five bookings stand, one per table, and fifteen are refused.
    const responses = await twenty({ PartySize: 2, VisitTime: '19:00' });
    expect(responses.map((r) => r.status).filter((status) => status !== 200)).toEqual([]);
    expect(responses.filter((r) => r.body.Success === true)).toHaveLength(5);
    expect(await standing()).toEqual([
      { capacity: 2, bookings: 1 },
      { capacity: 2, bookings: 1 },
      { capacity: 4, bookings: 1 },
      { capacity: 6, bookings: 1 },
      { capacity: 8, bookings: 1 },
    ]);
  });

  it('book once for twenty simultaneous sends of one request with one Idempotency-Key, every answer being that booking or "not finished"', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(t.app)
          .post('/api/RestaurantBooking/Create')
          .set('Idempotency-Key', 'simultaneous-table')
          .send(aTableBooking(ids, { PartySize: 2, VisitTime: '19:30' })),
      ),
    );
    const booked = responses.filter((r) => r.status === 200);
    expect(responses.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    expect(booked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(booked.map((r) => r.body.BookingReference)).size).toBe(1);
    expect(booked[0]!.body.Success).toBe(true);
    expect(await standing()).toHaveLength(1);
  });
});
