import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { rawRows } from '../../src/database/raw-rows';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids } from './reservation-fixture';

/**
 * Gift voucher codes cannot be guessed (docs/security.md, "Limits"): 10 codes that match no
 * voucher from one client at one property in a sliding quarter hour, then every code from it is
 * refused until it has waited; 100 from everyone (30 in this file) refuse only the clients
 * that have missed there. CheckVoucherCode and Create count the same misses.
 */
let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({
    now: '2027-03-01T09:00:00Z',
    config: { limits: { ...loadConfig({ NODE_ENV: 'test' }).limits, voucherGuessesPerProperty: 30 } },
  });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.setNow('2027-03-01T09:00:00Z');
  await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
});

const check = (code: string, client: string) =>
  request(t.app)
    .post('/api/Reservation/CheckVoucherCode')
    .set('X-Forwarded-For', client)
    .send({ PropertyId: ids.propertyId, LanguageCode: 'en', VoucherCode: code, Rooms: [aRoom(ids)] });

const create = (code: string, client: string) =>
  request(t.app)
    .post('/api/Reservation/Create')
    .set('X-Forwarded-For', client)
    .send(aBooking(ids, { HopGiftVoucherCode: code }));

const unknown = { IsValid: false, Message: 'This gift voucher code is not recognised. Please check it and try again.' };
const applied = { IsValid: true, TotalDiscount: 50 };

/** Bookings held or made and payments started so far. */
const rowCounts = async () =>
  (
    await rawRows<{ bookings: number; payments: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM reservations)::int AS bookings, (SELECT count(*) FROM payments)::int AS payments`,
    )
  )[0];

describe('guessing gift voucher codes', () => {
  it('refuses a client its 11th wrong code in a quarter hour, and its real one too until it has waited', async () => {
    const guesser = '198.51.100.10';
    for (let i = 0; i < 10; i += 1) expect((await check(`GUESS-${i}`, guesser).expect(200)).body).toMatchObject(unknown);

    const refused = await check('GUESS-10', guesser).expect(429);
    expect(refused.body.Code).toBe('RATE_LIMITED');
    expect(refused.body.Message).toMatch(
      /^Too many gift voucher codes that did not work .* Please try again in \d+ minutes?, or contact the hotel\.$/,
    );
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    // A real code answers nothing to the guesser either: a refusal tells it nothing.
    await check('GIFT-50', guesser).expect(429);
    // Another client is not held back.
    expect((await check('GIFT-50', '198.51.100.11').expect(200)).body).toMatchObject(applied);

    t.setNow(new Date(Date.parse('2027-03-01T09:00:00Z') + wait * 1000));
    expect((await check('GIFT-50', guesser).expect(200)).body).toMatchObject(applied);
  });

  it('never counts a real code, an expired one included', async () => {
    const guest = '198.51.100.20';
    for (let i = 0; i < 15; i += 1) await check(i % 2 === 0 ? 'GIFT-50' : 'OLD-GIFT', guest).expect(200);
    expect((await check('GIFT-50', guest).expect(200)).body).toMatchObject(applied);
  });

  it('counts a Create with an unknown code as a miss, and refuses a Create over the limit before anything is booked or paid', async () => {
    const guesser = '198.51.100.30';
    for (let i = 0; i < 5; i += 1) await check(`GUESS-${i}`, guesser).expect(200);
    for (let i = 5; i < 10; i += 1) {
      const { body } = await create(`GUESS-${i}`, guesser).expect(400);
      expect(body.ModelState).toEqual({ HopGiftVoucherCode: [unknown.Message] });
    }
    const before = await rowCounts();
    const refused = await create('GIFT-50', guesser).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowCounts()).toEqual(before);
    const [voucher] = await rawRows<{ balance: number }>(t.database.db, sql`SELECT balance FROM gift_vouchers WHERE code = 'GIFT-50'`);
    expect(voucher!.balance).toBe(5000);
    await check('GIFT-50', guesser).expect(429);
    // Booking without a voucher is not a guess: the guesser may still book.
    await create('', guesser).expect(200);
  });

  it("over the property's cap, refuses the clients that missed there and still answers a guest's first, real code", async () => {
    // 30 misses from ten addresses, three each: each stays under its own limit.
    for (let client = 0; client < 10; client += 1)
      for (let i = 0; i < 3; i += 1) await check(`GUESS-${client}-${i}`, `203.0.113.${client}`).expect(200);

    await check('GIFT-50', '203.0.113.0').expect(429);
    expect((await check('GIFT-50', '192.0.2.1').expect(200)).body).toMatchObject(applied);
    // A newcomer's miss is answered (and counted); its next try waits.
    expect((await check('GUESS-NEW', '192.0.2.2').expect(200)).body).toMatchObject(unknown);
    await check('GIFT-50', '192.0.2.2').expect(429);
  });
});
