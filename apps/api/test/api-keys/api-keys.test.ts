import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysOf, createApiKey, revokeKey } from '../../src/api-keys';
import { CAPTURE_MESSAGES } from '../../src/booking';
import { rawRows } from '../../src/database/raw-rows';
import { API_KEY_SCOPES } from '@hotel/domain/wire/api-key-scopes';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';

/**
 * Keys per property and scope on /api/Admin (docs/security.md, "API keys"). Two properties:
 * BOOK, where a guest has booked the Double from Thursday 4 to Saturday 6 March 2027 (a weekday
 * night at 100 and a Friday night at 140: 240), and OTHER, with no bookings. BOOK sends its
 * events to a webhook endpoint, so its delivery log has a line. Each property has a key with
 * every scope; a key of OTHER must learn nothing of BOOK.
 */
const OPERATOR = { 'X-Api-Key': 'test-admin-key-0123456789' };
const webhookSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

let t: TestApp;
let ids: Ids;
let bookKey: string;
let otherKey: string;
let otherKeyId: string;
let booked: string;

const asKey = (key: string) => ({ 'X-Api-Key': key });

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, {
    ...bookingProperty,
    Webhooks: [{ Url: 'http://127.0.0.1:9/hook', Secret: webhookSecret, Events: ['*'] }],
  });
  await givenDefinition(t.context, aDefinition(aProperty({ Code: 'OTHER' })));
  bookKey = (await createApiKey(t.context, { name: 'BOOK channel manager', reach: { propertyCode: 'BOOK' }, scopes: [...API_KEY_SCOPES] }))
    .key;
  const other = await createApiKey(t.context, {
    name: 'OTHER channel manager',
    reach: { propertyCode: 'OTHER' },
    scopes: [...API_KEY_SCOPES],
  });
  ({ key: otherKey, id: otherKeyId } = other);
  booked = (await request(t.app).post('/api/Reservation/Create').send(aBooking(ids)).expect(200)).body.ReservationNumber;
});
afterAll(() => t.close());

const numbersOf = (body: { Items: { ReservationNumber: string }[] }) => body.Items.map((item) => item.ReservationNumber);

describe('a key of one property reads nothing of another', () => {
  it('the reservations feed: without a property filter, only its own property; asking for another is refused', async () => {
    const own = await request(t.app).get('/api/Admin/Reservations').set(asKey(bookKey)).expect(200);
    expect(numbersOf(own.body)).toContain(booked);

    const mine = await request(t.app).get('/api/Admin/Reservations').set(asKey(otherKey)).expect(200);
    expect(mine.body.Items).toEqual([]);
    const theirs = await request(t.app).get('/api/Admin/Reservations').query({ propertyCode: 'BOOK' }).set(asKey(otherKey)).expect(403);
    expect(theirs.body).toEqual({
      Message: 'This API key is for property OTHER only: it cannot read or change property BOOK.',
      Code: 'FORBIDDEN',
    });
  });

  it("a booking by number: another property's booking is no booking", async () => {
    await request(t.app).get(`/api/Admin/Reservations/${booked}`).set(asKey(bookKey)).expect(200);
    const theirs = await request(t.app).get(`/api/Admin/Reservations/${booked}`).set(asKey(otherKey)).expect(404);
    const none = await request(t.app).get('/api/Admin/Reservations/NOSUCH1').set(asKey(otherKey)).expect(404);
    expect(theirs.body).toEqual({ ...none.body, Message: none.body.Message.replace('NOSUCH1', booked) });
  });

  it("arrivals: another property's day is refused", async () => {
    const own = await request(t.app)
      .get('/api/Admin/Arrivals')
      .query({ propertyCode: 'BOOK', date: '2027-03-04' })
      .set(asKey(bookKey))
      .expect(200);
    expect(own.body.Arrivals).toHaveLength(1);
    const theirs = await request(t.app)
      .get('/api/Admin/Arrivals')
      .query({ propertyCode: 'BOOK', date: '2027-03-04' })
      .set(asKey(otherKey))
      .expect(403);
    expect(theirs.body.Code).toBe('FORBIDDEN');
  });

  it("rates and availability read back: another property's nights are refused", async () => {
    const night = { propertyCode: 'BOOK', from: '2027-03-04', to: '2027-03-04' };
    const own = await request(t.app).get('/api/Admin/Ari').query(night).set(asKey(bookKey)).expect(200);
    // The Double sold one room on the Thursday: the booking above.
    expect(own.body.RoomTypes.find((roomType: { RoomType: string }) => roomType.RoomType === 'DBL').Nights[0].Sold).toBe(1);
    const theirs = await request(t.app).get('/api/Admin/Ari').query(night).set(asKey(otherKey)).expect(403);
    expect(theirs.body.Message).toBe('This API key is for property OTHER only: it cannot read or change property BOOK.');
  });

  it("the definition read back: another property's is refused", async () => {
    const own = await request(t.app).get('/api/Admin/Definition/BOOK').set(asKey(bookKey)).expect(200);
    expect(own.body.Properties[0].Code).toBe('BOOK');
    const theirs = await request(t.app).get('/api/Admin/Definition/BOOK').set(asKey(otherKey)).expect(403);
    expect(theirs.body.Message).toBe('This API key is for property OTHER only: it cannot read or change property BOOK.');
  });

  it("the webhook delivery log: only its own property's lines", async () => {
    const own = await request(t.app).get('/api/Admin/WebhookDeliveries').set(asKey(bookKey)).expect(200);
    expect(own.body.Items.map((line: { PropertyCode: string }) => line.PropertyCode)).toEqual(['BOOK']);
    const mine = await request(t.app).get('/api/Admin/WebhookDeliveries').set(asKey(otherKey)).expect(200);
    expect(mine.body.Items).toEqual([]);
    await request(t.app).get('/api/Admin/WebhookDeliveries').query({ propertyCode: 'BOOK' }).set(asKey(otherKey)).expect(403);
  });

  it("payment movements: another property's stuck movement is neither listed nor reconciled", async () => {
    // BOOK's card payment of 240.00 made to look stuck: its answer awaited, and over an hour ago.
    const [payment] = await rawRows<{ id: number }>(
      t.database.db,
      sql`UPDATE payments p SET status = 'pending' FROM reservations r
          WHERE r.id = p.reservation_id AND r.reservation_number = ${booked} RETURNING p.id`,
    );
    const bookedAt = t.context.clock.now();
    t.setNow(new Date(bookedAt.getTime() + 2 * 3_600_000));
    try {
      const operator = await request(t.app).get('/api/Admin/PaymentMovements').set(OPERATOR).expect(200);
      expect(operator.body.Items).toMatchObject([{ Id: payment!.id, ReservationNumber: booked, Amount: 240 }]);
      const own = await request(t.app).get('/api/Admin/PaymentMovements').set(asKey(bookKey)).expect(200);
      expect(own.body.Items).toHaveLength(1);
      const mine = await request(t.app).get('/api/Admin/PaymentMovements').set(asKey(otherKey)).expect(200);
      expect(mine.body.Items).toEqual([]);

      const theirs = await request(t.app).post(`/api/Admin/PaymentMovements/${payment!.id}/Reconcile`).set(asKey(otherKey)).expect(404);
      expect(theirs.body).toEqual({ Message: `There is no payment movement ${payment!.id}.`, Code: 'NOT_FOUND' });
      const [after] = await rawRows<{ status: string }>(t.database.db, sql`SELECT status FROM payments WHERE id = ${payment!.id}`);
      expect(after!.status).toBe('pending');
    } finally {
      await rawRows(t.database.db, sql`UPDATE payments SET status = 'succeeded' WHERE id = ${payment!.id} RETURNING id`);
      t.setNow(bookedAt);
    }
  });
});

describe('a key of one property changes nothing of another', () => {
  it("cannot push another property's rates: refused, the price as it was", async () => {
    const price = { Type: 'Price', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', Price: 999 };
    const refused = await request(t.app)
      .post('/api/Admin/Ari')
      .set(asKey(otherKey))
      .send({ PropertyCode: 'BOOK', Changes: [price] })
      .expect(403);
    expect(refused.body.Message).toBe('This API key is for property OTHER only: it cannot read or change property BOOK.');
    const [night] = await rawRows<{ base_rate: number }>(
      t.database.db,
      sql`SELECT base_rate FROM nightly_prices WHERE rate_plan_id = ${ids.ratePlans.BAR} AND room_type_id = ${ids.roomTypes.DBL} AND night = '2027-03-04'`,
    );
    // The Thursday night is still the weekday 100.00: 10,000 pence.
    expect(night!.base_rate).toBe(10_000);
  });

  it("cannot acknowledge another property's booking nor move its stay: the answer of no such booking, nothing stored", async () => {
    for (const [call, body] of [
      ['Acknowledge', { PmsConfirmationNumber: 'PMS-1' }],
      ['Stay', { Status: 'NoShow' }],
    ] as const) {
      const refused = await request(t.app).post(`/api/Admin/Reservations/${booked}/${call}`).set(asKey(otherKey)).send(body).expect(404);
      expect(refused.body.Code).toBe('NOT_FOUND');
    }
    const [row] = await rawRows<{ pms: string | null; stays: string[] }>(
      t.database.db,
      sql`SELECT r.pms_confirmation_number AS pms, array_agg(rr.stay_status::text) AS stays
          FROM reservations r JOIN reservation_rooms rr ON rr.reservation_id = r.id
          WHERE r.reservation_number = ${booked} GROUP BY r.id`,
    );
    expect(row).toEqual({ pms: null, stays: ['expected'] });
  });

  it("cannot capture another property's booking: the answer of no such booking, nothing moved", async () => {
    const before = await rawRows(t.database.db, sql`SELECT id, status, amount FROM payments ORDER BY id`);
    const refused = await request(t.app).post(`/api/Admin/Reservations/${booked}/Capture`).set(asKey(otherKey)).send({}).expect(404);
    expect(refused.body).toEqual({ Message: CAPTURE_MESSAGES.noSuchBooking(booked), Code: 'NOT_FOUND' });
    expect(await rawRows(t.database.db, sql`SELECT id, status, amount FROM payments ORDER BY id`)).toEqual(before);
  });

  it("cannot replace another property's definition, nor groups or exchange rates; may replace its own", async () => {
    const theirs = await request(t.app)
      .put('/api/Admin/Definition')
      .set(asKey(otherKey))
      .send(aDefinition(aProperty({ Code: 'BOOK', Name: 'Taken over' })))
      .expect(403);
    expect(theirs.body.Message).toBe(
      'This API key is for property OTHER only: its definition may not name property BOOK. Nothing was changed.',
    );
    expect((await request(t.app).get('/api/Property/BOOK').expect(200)).body.Name).not.toBe('Taken over');

    const grouped = { ...aDefinition(aProperty({ Code: 'OTHER' })), Groups: [{ Code: 'ALL', Name: 'All', Properties: ['OTHER', 'BOOK'] }] };
    const group = await request(t.app).put('/api/Admin/Definition').set(asKey(otherKey)).send(grouped).expect(403);
    expect(group.body.Message).toBe('This API key is for property OTHER only: its definition may not name groups. Nothing was changed.');

    await request(t.app)
      .put('/api/Admin/Definition')
      .set(asKey(otherKey))
      .send(aDefinition(aProperty({ Code: 'OTHER' })))
      .expect(200);
  });
});

describe('scopes, revocation and the operator', () => {
  it('a key without the scope a call needs is refused with 403 naming the scope', async () => {
    const { key } = await createApiKey(t.context, { name: 'Reader', reach: { propertyCode: 'BOOK' }, scopes: ['reservations:read'] });
    await request(t.app).get(`/api/Admin/Reservations/${booked}`).set(asKey(key)).expect(200);
    const refused = await request(t.app)
      .post('/api/Admin/Ari')
      .set(asKey(key))
      .send({
        PropertyCode: 'BOOK',
        Changes: [{ Type: 'StopSell', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', StopSell: true }],
      })
      .expect(403);
    expect(refused.body).toEqual({
      Message: "This API key does not have the scope ari:write, which this call needs. Ask the hotel's operator for a key with ari:write.",
      Code: 'FORBIDDEN',
    });
  });

  it('a revoked key, a made-up key and a made-up id all get the same 401', async () => {
    const made = await createApiKey(t.context, { name: 'Soon gone', reach: { propertyCode: 'BOOK' }, scopes: ['reservations:read'] });
    await request(t.app).get('/api/Admin/Reservations').set(asKey(made.key)).expect(200);
    expect(await revokeKey(t.context, made.id)).toBe(true);

    const revoked = await request(t.app).get('/api/Admin/Reservations').set(asKey(made.key)).expect(401);
    const wrongSecret = await request(t.app)
      .get('/api/Admin/Reservations')
      .set(asKey(`${bookKey.slice(0, -1)}${bookKey.endsWith('A') ? 'B' : 'A'}`))
      .expect(401);
    const unknownId = await request(t.app)
      .get('/api/Admin/Reservations')
      .set(asKey(`hk_live_0000000000000000_${'A'.repeat(43)}`))
      .expect(401);
    const expected = { Message: 'A valid API key is required (X-Api-Key header).', Code: 'UNAUTHORISED' };
    expect([revoked.body, wrongSecret.body, unknownId.body]).toEqual([expected, expected, expected]);
  });

  it('a key sent as a bearer token works as in X-Api-Key', async () => {
    await request(t.app).get(`/api/Admin/Reservations/${booked}`).set('Authorization', `Bearer ${bookKey}`).expect(200);
  });

  it('the operator key still opens every property', async () => {
    await request(t.app).get(`/api/Admin/Reservations/${booked}`).set(OPERATOR).expect(200);
    await request(t.app).get('/api/Admin/Reservations').query({ propertyCode: 'OTHER' }).set(OPERATOR).expect(200);
  });

  it('a key made for every property opens each of them', async () => {
    const { key } = await createApiKey(t.context, { name: 'Group office', reach: { allProperties: true }, scopes: ['reservations:read'] });
    await request(t.app).get(`/api/Admin/Reservations/${booked}`).set(asKey(key)).expect(200);
    await request(t.app).get('/api/Admin/Arrivals').query({ propertyCode: 'OTHER', date: '2027-03-04' }).set(asKey(key)).expect(200);
  });
});

describe('who acted', () => {
  it("each admin call's access log line names the key (id and name) or the operator, never the secret", async () => {
    await request(t.app).get('/api/Admin/Reservations').set(asKey(otherKey)).set('X-Request-Id', 'key-logged').expect(200);
    await request(t.app).get('/api/Admin/Reservations').set(OPERATOR).set('X-Request-Id', 'operator-logged').expect(200);
    const lineOf = (id: string) => t.logLines.map((line) => JSON.parse(line)).find((line) => line.req?.id === id && line.res);
    expect(lineOf('key-logged').key).toEqual({ id: otherKeyId, name: 'OTHER channel manager' });
    expect(lineOf('operator-logged').key).toBe('operator');
    // The secret part, after `hk_live_<16 hex>_`.
    const secretOf = (key: string) => key.slice('hk_live_'.length + 17);
    expect(t.logLines.filter((line) => line.includes(secretOf(otherKey)) || line.includes(secretOf(bookKey)))).toEqual([]);
  });

  it("a key's last use is recorded, at most once a minute", async () => {
    const { key, id } = await createApiKey(t.context, { name: 'Counted', reach: { propertyCode: 'OTHER' }, scopes: ['webhooks:read'] });
    const lastUsed = async () => (await apiKeysOf(t.context, 'OTHER')).find((row) => row.id === id)!.lastUsedAt?.toISOString();
    const start = t.context.clock.now().getTime();
    const at = (seconds: number) => new Date(start + seconds * 1000);
    try {
      expect(await lastUsed()).toBeUndefined();
      t.setNow(at(10));
      await request(t.app).get('/api/Admin/WebhookDeliveries').set(asKey(key)).expect(200);
      expect(await lastUsed()).toBe(at(10).toISOString());
      t.setNow(at(40));
      await request(t.app).get('/api/Admin/WebhookDeliveries').set(asKey(key)).expect(200);
      expect(await lastUsed()).toBe(at(10).toISOString());
      t.setNow(at(75));
      await request(t.app).get('/api/Admin/WebhookDeliveries').set(asKey(key)).expect(200);
      expect(await lastUsed()).toBe(at(75).toISOString());
    } finally {
      t.setNow(new Date(start));
    }
  });
});
