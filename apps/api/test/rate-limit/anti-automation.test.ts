import { sql } from 'drizzle-orm';
import { checkAnswersOf, request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { rawRows } from '../../src/database/raw-rows';
import { givenUser } from '../account/account-fixture';
import { aBooking, aRoom, givenBookingProperty, visa, type Ids } from '../reservation/reservation-fixture';
import { aTableBooking, givenRestaurantProperty, type RestaurantIds } from '../restaurant/restaurant-fixture';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The calls that book or send mail, limited per client address and per e-mail address in an
 * hour (here 3 bookings per client and 2 mails per address), counted in the database so that
 * every API process shares the counts.
 */
let t: TestApp;
let rooms: Ids;
let tables: RestaurantIds;
beforeAll(async () => {
  t = await createTestApp({
    config: { limits: { ...loadConfig({ NODE_ENV: 'test' }).limits, bookingsPerClientPerHour: 3, mailsPerAddressPerHour: 2 } },
  });
  rooms = await givenBookingProperty(t);
  tables = await givenRestaurantProperty(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
  await t.database.db.execute(sql`DELETE FROM mail_outbox`);
});

/** Each table booking at a time of its own (weekday evenings), so that tables never run out. */
let slot = 0;
const bookTable = async (app: TestApp['app'], client: string, email: string, status: number) => {
  slot += 1;
  const VisitDate = ['2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05'][slot % 4];
  const VisitTime = ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00'][Math.floor(slot / 4) % 7];
  const response = await request(app)
    .post('/api/RestaurantBooking/Create')
    .set('X-Forwarded-For', client)
    .send(aTableBooking(tables, { Email: email, VisitDate, VisitTime, PartySize: 1 }));
  expect(response.status).toBe(status);
  if (status === 200) expect(response.body.Success, JSON.stringify(response.body)).toBe(true);
  return response;
};
/** A room booking in an empty hotel: only the limits can refuse it. */
const bookRoom = async (client: string, email: string) => {
  await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
  return request(t.app)
    .post('/api/Reservation/Create')
    .set('X-Forwarded-For', client)
    .send(aBooking(rooms, { Booker: { ...aBooking(rooms).Booker, Email: email } }));
};
const mailsTo = async (email: string) =>
  (await rawRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = ${email}`))[0]!.n;

describe('table bookings', () => {
  it('take 3 bookings an hour from one client, then answer 429 with what to do', async () => {
    for (let i = 0; i < 3; i++) await bookTable(t.app, '203.0.113.10', `guest${i}@example.com`, 200);
    const refused = await bookTable(t.app, '203.0.113.10', 'guest9@example.com', 429);
    expect(refused.body).toEqual({
      Message: 'Too many bookings from your network in the last hour. Please try again later, or contact us.',
      Code: 'RATE_LIMITED',
    });
    await bookTable(t.app, '203.0.113.11', 'guest9@example.com', 200);
  });

  it('send at most 2 mails an hour to one address, whichever clients ask', async () => {
    await bookTable(t.app, '203.0.113.20', 'target@example.com', 200);
    await bookTable(t.app, '203.0.113.21', 'target@example.com', 200);
    const refused = await bookTable(t.app, '203.0.113.22', 'target@example.com', 429);
    expect(refused.body.Message).toBe('Too many e-mails to this address in the last hour. Please try again later.');
    expect(await mailsTo('target@example.com')).toBe(2);
  });

  it('are counted together by every API process on the database', async () => {
    const { app: other, api } = createApp(t.context);
    checkAnswersOf(other, api);
    await bookTable(t.app, '203.0.113.30', 'shared@example.com', 200);
    await bookTable(other, '203.0.113.31', 'shared@example.com', 200);
    await bookTable(other, '203.0.113.32', 'shared@example.com', 429);
  });
});

describe('room bookings', () => {
  it('take 3 bookings an hour from one client and mail one booker at most twice', async () => {
    expect((await bookRoom('198.51.100.10', 'booker@example.com')).status).toBe(200);
    expect((await bookRoom('198.51.100.10', 'booker@example.com')).status).toBe(200);
    expect((await bookRoom('198.51.100.11', 'booker@example.com')).status).toBe(429);
    expect((await bookRoom('198.51.100.10', 'other-booker@example.com')).status).toBe(200);
    expect((await bookRoom('198.51.100.10', 'third-booker@example.com')).status).toBe(429);
  });
});

describe('an address named by someone else', () => {
  it("keeps its whole allowance through ten refused bookings naming it: only mail queued counts, so the guest's own booking goes through", async () => {
    const email = 'guest-named-by-a-stranger@example.com';
    const booker = { ...aBooking(rooms).Booker, Email: email };
    const refused = [
      // Refused by validation, by its price, by the card: none of them mails anyone.
      { body: aBooking(rooms, { Booker: booker, Rooms: [] }), status: 400 },
      { body: aBooking(rooms, { Booker: booker, Rooms: [aRoom(rooms, { TotalCost: 1 })] }), status: 409 },
      { body: aBooking(rooms, { Booker: booker, CardDetails: { ...visa, CardNumber: '4000 0000 0000 0002' } }), status: 402 },
    ];
    for (let i = 0; i < 10; i++) {
      const { body, status } = refused[i % refused.length]!;
      await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
      const answer = await request(t.app)
        .post('/api/Reservation/Create')
        .set('X-Forwarded-For', `198.51.100.${50 + i}`)
        .send(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    }
    expect(await mailsTo(email)).toBe(0);

    const own = await bookRoom('198.51.100.99', email);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(await mailsTo(email)).toBe(1);
  });

  it('is refused, once its allowance is used up, for an hour after the mail that used it, which Retry-After says', async () => {
    await bookTable(t.app, '203.0.113.40', 'busy@example.com', 200);
    await bookTable(t.app, '203.0.113.41', 'busy@example.com', 200);
    const refused = await bookTable(t.app, '203.0.113.42', 'busy@example.com', 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3_600);
    // An hour on, the first of the two mails no longer counts.
    await t.database.db.execute(
      sql`UPDATE mail_outbox SET created_at = created_at - interval '1 hour' WHERE id = (SELECT min(id) FROM mail_outbox)`,
    );
    await bookTable(t.app, '203.0.113.43', 'busy@example.com', 200);
  });
});

describe('account mail', () => {
  it('mails an address that already has an account three times an hour however often it is registered, and leaves its booking allowance whole', async () => {
    await givenUser(t, { email: 'owner@example.com' });
    const register = (i: number) =>
      request(t.app).post('/api/Account/Register').set('X-Forwarded-For', `192.0.2.${i}`).send({
        LanguageCode: 'en',
        PropertyId: rooms.propertyId,
        EmailAddress: 'owner@example.com',
        Password: 'Velvet harbour 42!',
        Firstname: 'Eve',
        Lastname: 'Attacker',
        MobileNumber: '+441234567890',
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await register(i)).status);
    // Registration's own limit: 3 per address an hour, whatever each one mailed.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await mailsTo('owner@example.com')).toBe(3);
    await bookTable(t.app, '192.0.2.50', 'owner@example.com', 200);
  });

  it('never tells through the allowance whether an address has an account: reset links, mailed to accounts only, do not count', async () => {
    await givenUser(t, { email: 'has-account@example.com' });
    const resetFor = (email: string, i: number) =>
      request(t.app)
        .post('/api/Account/RequestPasswordReset')
        .set('X-Forwarded-For', `192.0.2.${60 + i}`)
        .send({ LanguageCode: 'en', PropertyId: rooms.propertyId, EmailAddress: email });
    for (const email of ['has-account@example.com', 'no-account@example.com']) {
      for (let i = 0; i < 4; i++) expect((await resetFor(email, i)).status).toBe(200);
    }
    expect(await mailsTo('has-account@example.com')).toBe(4);
    expect(await mailsTo('no-account@example.com')).toBe(0);
    // Both addresses have their whole allowance (2) for anything else.
    for (const email of ['has-account@example.com', 'no-account@example.com']) {
      await bookTable(t.app, '192.0.2.70', email, 200);
      await bookTable(t.app, '192.0.2.71', email, 200);
      await bookTable(t.app, '192.0.2.72', email, 429);
    }
  });
});
