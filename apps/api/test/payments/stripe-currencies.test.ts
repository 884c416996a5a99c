import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyDecimalsMessage } from '@hotel/domain/messages';
import { startFakeStripe, type FakeStripe } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { request } from '../support/request';
import type { TestApp } from '../support/test-app';
import { bookAndFind, oneRoomChange, type Booked } from '../manage-booking/manage-fixture';
import { aRoom, type Ids } from '../reservation/reservation-fixture';
import { bookedIntent, stripeApp, stripePaymentMethod } from './stripe-fixture';

/**
 * A JPY property that takes cards with Stripe, against the local fake of Stripe's API: what
 * Stripe is sent is in its unit of the yen, the yen itself (¥170,173 is 170173), for the
 * booking, an amendment's charge and refund, a cancellation's refund and a capture.
 *
 * Today is Monday 1 March 2027. The stay is Thursday 4 to Saturday 6 March for 2 adults:
 * Thu ¥85,087 + Fri ¥85,086 = ¥170,173, VAT included; breakfast ¥2,750 a person a day; the
 * flexible rate may be cancelled free until 48 hours before check-in.
 */
const ADMIN_API_KEY = 'test-admin-key-0123456789';
const inYen = {
  Currency: 'JPY',
  ManageBookingConfiguration: { CheckInTime: '15:00' },
  RatePlans: [
    {
      Code: 'BAR',
      Name: 'Flexible',
      CancellationDeadlineHours: 48,
      Prices: [
        { RoomType: 'DBL', BaseRate: 85087 },
        { RoomType: 'DBL', Weekdays: [5, 6], BaseRate: 85086 },
      ],
    },
  ],
  Promotions: [],
  Services: [
    { Code: 'BRK', Name: 'Breakfast', ChargeType: 'PerDay', ChargePerPerson: true, Articles: [{ Name: 'Breakfast', Price: 2750 }] },
  ],
  GiftVouchers: [],
};

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

/** Books the stay with a card typed into (fake) Stripe.js. */
async function bookInYen(app: TestApp, ids: Ids): Promise<Booked> {
  return bookAndFind(app, ids, {
    CardDetails: { NameOnCard: 'Ada Lovelace' },
    PaymentMethodId: await stripePaymentMethod(fake, '4242424242424242'),
    Rooms: [aRoom(ids, { TotalCost: 170173 })],
  });
}

/** What the API sent Stripe on `path` since `from`, each body's amount as Stripe read it. */
const amountsSent = (from: number, path: string, field = 'amount') =>
  fake.requests
    .slice(from)
    .filter((call) => call.method === 'POST' && call.path === path)
    .map((call) => Number(call.body[field]));

describe('a JPY property paid with Stripe', () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    ({ app: t, ids } = await stripeApp(fake, 'automatic', inYen));
  });
  afterAll(() => t.close());

  it('sends Stripe every amount in yen: the booking, the dearer change, the cheaper one and the cancellation', async () => {
    const from = fake.requests.length;
    const booking = await bookInYen(t, ids);
    // ¥170,173 is sent as 170173: a zero-decimal currency, the yen is Stripe's unit too.
    expect(await bookedIntent(fake, t, booking.number)).toMatchObject({ amount: 170173, currency: 'jpy', status: 'succeeded' });

    const change = async (room: Record<string, unknown>) =>
      request(t.app)
        .post('/api/ManageBooking/Update')
        .send(await oneRoomChange(t, ids, booking, room))
        .expect(200);
    const breakfast = { Services: [{ ServiceId: ids.services.BRK, Quantity: 1 }] };
    // Breakfast for 2 on 2 nights: 2 x 2 x ¥2,750 = ¥11,000, charged off-session.
    expect((await change(breakfast)).body.Payment).toEqual({ Kind: 'Charge', Amount: 11000 });
    // Thursday alone: ¥85,087 + 2 x ¥2,750 = ¥90,587, so 181,173 - 90,587 = ¥90,586 back: the
    // ¥11,000 charge first, then ¥79,586 of the booking's payment.
    expect((await change({ DateTo: '2027-03-05', TotalCost: 85087, ...breakfast })).body.Payment).toEqual({
      Kind: 'Refund',
      Amount: 90586,
    });
    // Cancelled free: the ¥90,587 left comes back.
    const cancelled = await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ PropertyId: ids.propertyId, ReservationId: booking.id, Code: booking.code })
      .expect(200);
    expect(cancelled.body).toMatchObject({ Success: true, RefundAmount: 90587 });

    expect(amountsSent(from, '/v1/payment_intents')).toEqual([170173, 11000]);
    expect(amountsSent(from, '/v1/refunds')).toEqual([11000, 79586, 90587]);
    expect(fake.requests.slice(from).every((call) => call.body.currency === undefined || call.body.currency === 'jpy')).toBe(true);
  });
});

describe('a JPY property that holds the payment for the hotel to capture with Stripe', () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    ({ app: t, ids } = await stripeApp(fake, 'manual', inYen));
  });
  afterAll(() => t.close());

  const capture = (number: string, body: object) =>
    request(t.app).post(`/api/Admin/Reservations/${number}/Capture`).set('X-Api-Key', ADMIN_API_KEY).send(body);

  it('refuses an Amount with a fraction of a yen (400 on Amount, nothing taken), and captures whole yen as yen', async () => {
    const booking = await bookInYen(t, ids);
    const intent = await bookedIntent(fake, t, booking.number);
    expect(intent).toMatchObject({ amount: 170173, amount_capturable: 170173, capture_method: 'manual' });

    const refused = await capture(booking.number, { Amount: 100000.5 }).expect(400);
    expect(refused.body.ModelState).toEqual({ Amount: [currencyDecimalsMessage('JPY', 0)] });
    expect(fake.paymentIntents.get(intent.id)).toMatchObject({ status: 'requires_capture' });

    const from = fake.requests.length;
    const captured = await capture(booking.number, { Amount: 100000 }).expect(200);
    // ¥100,000 taken, the other ¥70,173 of the hold released.
    expect(captured.body).toMatchObject({ Currency: 'JPY', Held: 170173, Captured: 100000, TotalCaptured: 100000, Released: 70173 });
    expect(amountsSent(from, `/v1/payment_intents/${intent.id}/capture`, 'amount_to_capture')).toEqual([100000]);
  });
});

describe('the fake Stripe, as Stripe, refuses amounts a currency cannot have', () => {
  const intent = (amount: number, currency: string) =>
    fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_hotel', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: String(amount), currency }),
    });

  it('takes 5.120 KWD and 5 ISK (500), refuses 5.124 KWD and 5.01 ISK', async () => {
    expect((await intent(5120, 'kwd')).status).toBe(200);
    expect((await intent(500, 'isk')).status).toBe(200);
    const kwd = await intent(5124, 'kwd');
    expect(kwd.status).toBe(400);
    expect(((await kwd.json()) as { error: { code: string; param: string } }).error).toMatchObject({
      code: 'invalid_charge_amount',
      param: 'amount',
    });
    expect((await intent(501, 'isk')).status).toBe(400);
  });
});
