import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { onRealPostgres } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids } from './reservation-fixture';

// PGlite is one connection, so only a real Postgres can show what simultaneous bookings do.
describe.runIf(onRealPostgres())('simultaneous bookings on Postgres', () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
    ids = await givenBookingProperty(t);
  });
  afterAll(() => t.close());

  const fifty = (body: (i: number) => object) =>
    Promise.all(Array.from({ length: 50 }, (_, i) => request(t.app).post('/api/Reservation/Create').send(body(i))));

  it('sell the last 2 rooms exactly twice, with no 5xx', async () => {
    const responses = await fifty(() => aBooking(ids));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const sold = await rawRows<{ night: string; sold: number; total: number }>(
      t.database.db,
      sql`SELECT to_char(night, 'YYYY-MM-DD') AS night, sold, total FROM room_type_inventory i JOIN room_types rt ON rt.id = i.room_type_id WHERE rt.code = 'DBL' AND night IN ('2027-03-04', '2027-03-05') ORDER BY night`,
    );
    expect(sold).toEqual([
      { night: '2027-03-04', sold: 2, total: 2 },
      { night: '2027-03-05', sold: 2, total: 2 },
    ]);
  });

  it('never spend a voucher balance twice', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0, total = 100`);
    // 50 bookings of 240 each against a 1,000 voucher: 4 take 240, one takes the last 40.
    const responses = await fifty(() => aBooking(ids, { HopGiftVoucherCode: 'GIFT-1000' }));
    expect(responses.filter((r) => r.status >= 500)).toEqual([]);
    const [voucher] = await rawRows<{ balance: number; spent: number }>(
      t.database.db,
      sql`SELECT v.balance, coalesce(sum(r.amount), 0)::int AS spent FROM gift_vouchers v LEFT JOIN voucher_redemptions r ON r.gift_voucher_id = v.id WHERE v.code = 'GIFT-1000' GROUP BY v.id`,
    );
    expect(voucher).toEqual({ balance: 0, spent: 100_000 });
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
  });

  it('never take a limited extra below zero', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0, total = 100`);
    const responses = await fifty((i) =>
      aBooking(ids, { Rooms: [aRoom(ids, { ReservationItemId: i, Services: [{ ServiceId: ids.services.PARK, Quantity: 1 }] })] }),
    );
    expect(responses.filter((r) => r.status >= 500)).toEqual([]);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const used = await rawRows<{ used: number }>(
      t.database.db,
      sql`SELECT used FROM service_inventory WHERE night IN ('2027-03-04', '2027-03-05') AND used > 0`,
    );
    expect(used).toEqual([{ used: 1 }, { used: 1 }]);
  });

  it('with one Idempotency-Key book once however many retries arrive together', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0, total = 100`);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(t.app).post('/api/Reservation/Create').set('Idempotency-Key', 'same-retry').send(aBooking(ids)),
      ),
    );
    expect(responses.filter((r) => r.status >= 500)).toEqual([]);
    const numbers = new Set(responses.filter((r) => r.status === 200).map((r) => r.body.ReservationNumber));
    expect(numbers.size).toBe(1);
    const [count] = await rawRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM reservations WHERE reservation_number = ${[...numbers][0]}`,
    );
    expect(count!.n).toBe(1);
    const [sold] = await rawRows<{ sold: number }>(t.database.db, sql`SELECT max(sold)::int AS sold FROM room_type_inventory`);
    expect(sold!.sold).toBe(1);
  });
});
