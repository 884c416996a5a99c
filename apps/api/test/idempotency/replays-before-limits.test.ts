import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { rawRows } from '../../src/database/raw-rows';
import { aBooking, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { aTableBooking, givenRestaurantProperty, type RestaurantIds } from '../restaurant/restaurant-fixture';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * A request sent again with its Idempotency-Key is answered from the key before any limit
 * counts it: the limits here are 5 bookings per client and 5 mails per address an hour.
 */
let t: TestApp;
let rooms: Ids;
let tables: RestaurantIds;
beforeAll(async () => {
  t = await createTestApp({
    config: { limits: { ...loadConfig({ NODE_ENV: 'test' }).limits, bookingsPerClientPerHour: 5, mailsPerAddressPerHour: 5 } },
  });
  rooms = await givenBookingProperty(t);
  tables = await givenRestaurantProperty(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
  await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
});

/** What the client's bookings of one kind have counted this hour. */
async function countedFor(limiter: string): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    t.database.db,
    sql`SELECT coalesce(sum(count), 0)::int AS n FROM rate_limit_counters WHERE key LIKE ${`${limiter}:%`}`,
  );
  return row!.n;
}

async function bookingsOf(email: string): Promise<string[]> {
  const rows = await rawRows<{ number: string }>(
    t.database.db,
    sql`SELECT reservation_number AS number FROM reservations WHERE booker_email = ${email}`,
  );
  return rows.map((row) => row.number);
}

const createRoom = (key: string, email: string, client = '198.51.100.7') =>
  request(t.app)
    .post('/api/Reservation/Create')
    .set('X-Forwarded-For', client)
    .set('Idempotency-Key', key)
    .send(aBooking(rooms, { Booker: { ...aBooking(rooms).Booker, Email: email } }));

describe('one Idempotency-Key sent 50 times at once', () => {
  it('makes one booking, answers every request with it, and counts once against the client and the address', async () => {
    const key = '6f1c2a9e-3b7d-4c58-9e21-5a0d8b4f7c13';
    const answers = await Promise.all(Array.from({ length: 50 }, () => createRoom(key, 'burst@example.com')));

    expect(answers.filter((answer) => answer.status === 429)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    const [booked] = await bookingsOf('burst@example.com');
    expect(answers.every((answer) => answer.body.ReservationNumber === booked)).toBe(true);
    expect(await bookingsOf('burst@example.com')).toHaveLength(1);
    expect(await countedFor('reservation-ip')).toBe(1);
  });
});

describe('a request sent again with its Idempotency-Key', () => {
  it('gets its booking back when its client has used up its bookings for the hour', async () => {
    const first = await createRoom('a3e9c1d0-8b2f-4e67-a5c4-0f9d2b7e6a11', 'first-of-five@example.com', '198.51.100.8');
    expect(first.status).toBe(200);
    for (let i = 1; i < 5; i++) {
      await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`); // a hotel with room for each
      expect((await createRoom(`a3e9c1d0-8b2f-4e67-a5c4-0f9d2b7e6a1${i + 1}`, `more${i}@example.com`, '198.51.100.8')).status).toBe(200);
    }
    expect((await createRoom('a3e9c1d0-8b2f-4e67-a5c4-0f9d2b7e6a99', 'sixth@example.com', '198.51.100.8')).status).toBe(429);

    const again = await createRoom('a3e9c1d0-8b2f-4e67-a5c4-0f9d2b7e6a11', 'first-of-five@example.com', '198.51.100.8');
    expect(again.status).toBe(200);
    expect(again.body.ReservationNumber).toBe(first.body.ReservationNumber);
    expect(await countedFor('reservation-ip')).toBe(6);
  });

  it("gets its table booking back when the address's mail allowance is used up", async () => {
    const key = 'c0ffee00-1234-4abc-9def-0123456789ab';
    // Each from a client of its own: only the address's allowance can refuse.
    const bookTable = (idempotencyKey: string, VisitTime: string, client: string) =>
      request(t.app)
        .post('/api/RestaurantBooking/Create')
        .set('X-Forwarded-For', client)
        .set('Idempotency-Key', idempotencyKey)
        .send(aTableBooking(tables, { Email: 'diner@example.com', VisitDate: '2027-03-04', VisitTime, PartySize: 1 }));
    const first = await bookTable(key, '18:00', '203.0.113.60');
    expect(first.body.Success).toBe(true);
    for (const [i, time] of ['18:30', '19:00', '19:30', '20:00'].entries()) {
      expect((await bookTable(`c0ffee00-1234-4abc-9def-01234567890${i}`, time, `203.0.113.${61 + i}`)).body.Success).toBe(true);
    }
    const refused = await bookTable('c0ffee00-1234-4abc-9def-0123456789ff', '20:30', '203.0.113.69');
    expect(refused.status).toBe(429);
    expect(refused.body.Message).toBe('Too many e-mails to this address in the last hour. Please try again later.');

    const again = await bookTable(key, '18:00', '203.0.113.60');
    expect(again.status).toBe(200);
    expect(again.body.BookingReference).toBe(first.body.BookingReference);
  });
});
