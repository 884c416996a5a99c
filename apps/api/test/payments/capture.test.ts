import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyDecimalsMessage, VALIDATION_MESSAGES } from '@hotel/domain/messages';
import { CAPTURE_AMOUNT_NOT_POSITIVE } from '@hotel/domain/wire/admin-payment';
import { startFakeStripe, type FakeStripe } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { CAPTURE_MESSAGES, MONEY_MESSAGES } from '../../src/booking';
import type { CardBooking } from './card-movement-calls';
import { HOLD_GONE_MESSAGE } from '../../src/payments/stripe-gateway';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';
import { aBooking, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { cardMovementCalls } from './card-movement-calls';
import { bookedIntent, bookWithStripe, paymentsOf, reservationOf, rows, stripeApp } from './stripe-fixture';

/**
 * The hotel captures what a manual-capture property held on the guest's card, through
 * POST /api/Admin/Reservations/{number}/Capture, against the local fake of Stripe's API. Every
 * booking is the Double of stripe-fixture.ts: Thursday £100.00 + Friday £140.00 = £240.00,
 * 24,000 pence, VAT included, held in full at booking. The flexible rate may be cancelled free
 * until 48 hours before check-in (Thursday 4 March; today is Monday 1 March).
 */
const ADMIN_API_KEY = 'test-admin-key-0123456789';
const cancellable = {
  RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
    plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
  ),
};

let fake: FakeStripe;
let t: TestApp;
let ids: Ids;

beforeAll(async () => {
  fake = await startFakeStripe();
  ({ app: t, ids } = await stripeApp(fake, 'manual', cancellable));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function capture(app: TestApp, number: string, body?: object, headers: Record<string, string> = { 'X-Api-Key': ADMIN_API_KEY }) {
  const call = request(app.app).post(`/api/Admin/Reservations/${number}/Capture`);
  for (const [name, value] of Object.entries(headers)) call.set(name, value);
  return body === undefined ? call : call.send(body);
}

async function bookHeld(): Promise<{ number: string; token: string }> {
  const { body } = await bookWithStripe(fake, t, ids, '4242424242424242', 200);
  return { number: body.ReservationNumber as string, token: body.ConfirmationToken as string };
}

/** What reached Stripe's capture and cancel calls for one PaymentIntent. */
const holdCalls = (intentId: string) =>
  fake.requests.filter(
    (call) => call.path === `/v1/payment_intents/${intentId}/capture` || call.path === `/v1/payment_intents/${intentId}/cancel`,
  );

const historyOf = (app: TestApp, number: string) =>
  rows(
    app,
    sql`SELECT c.via, c.action, c.details FROM reservation_changes c JOIN reservations r ON r.id = c.reservation_id
        WHERE r.reservation_number = ${number} ORDER BY c.id`,
  );

/** The guest cancels through the manage-booking link of the confirmation, as the web client does. */
async function cancelAsGuest(number: string, token: string) {
  const { body } = await request(t.app)
    .get('/api/Reservation/Confirmation')
    .query({ propertyId: ids.propertyId, confirmationToken: token })
    .expect(200);
  const [reservation] = await rows(t, sql`SELECT id FROM reservations WHERE reservation_number = ${number}`);
  return request(t.app)
    .post('/api/ManageBooking/Cancel')
    .send({ PropertyId: ids.propertyId, ReservationId: reservation!.id, Code: (body.ManageBookingUrl as string).split('/').at(-1) })
    .expect(200);
}

describe('capturing a held payment', () => {
  it('takes everything held when no Amount is sent: £240.00 captured at Stripe, a capture row, a history row', async () => {
    const { number } = await bookHeld();
    const intent = await bookedIntent(fake, t, number);
    expect(intent).toMatchObject({ status: 'requires_capture', amount_capturable: 24_000 });

    const { body } = await capture(t, number).expect(200);
    // All £240.00 held is taken, nothing released.
    expect(body).toEqual({ ReservationNumber: number, Currency: 'GBP', Held: 240, Captured: 240, TotalCaptured: 240, Released: 0 });
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 24_000 });
    expect(holdCalls(intent.id).map((call) => call.body)).toEqual([{ amount_to_capture: '24000' }]);
    expect(await paymentsOf(t, number)).toEqual([
      { type: 'authorisation', status: 'succeeded', amount: 24_000, gateway: 'stripe', last4: '4242' },
      { type: 'capture', status: 'succeeded', amount: 24_000, gateway: 'stripe', last4: '4242' },
    ]);
    expect(await historyOf(t, number)).toEqual([
      {
        via: 'admin',
        action: 'capture',
        details: {
          previousTotal: 24_000,
          newTotal: 24_000,
          payment: { kind: 'Capture', amount: 24_000, paymentIds: [expect.any(Number)] },
          changes: [],
          released: 0,
        },
      },
    ]);
  });

  it('a second capture answers what was captured and calls nothing; an Idempotency-Key replays its first answer', async () => {
    const { number } = await bookHeld();
    const intent = await bookedIntent(fake, t, number);
    const key = { 'X-Api-Key': ADMIN_API_KEY, 'Idempotency-Key': `capture-${number}` };
    const first = await capture(t, number, { Amount: 240 }, key).expect(200);
    expect(first.body).toMatchObject({ Captured: 240, TotalCaptured: 240 });
    expect((await capture(t, number, { Amount: 240 }, key).expect(200)).body).toEqual(first.body);

    // Without the key: nothing is held any more, so nothing is taken (Captured 0) and the totals are told again.
    const again = await capture(t, number).expect(200);
    expect(again.body).toEqual({ ...first.body, Captured: 0 });
    expect(holdCalls(intent.id)).toHaveLength(1);
    expect((await paymentsOf(t, number)).map((row) => row.type)).toEqual(['authorisation', 'capture']);
    expect(await historyOf(t, number)).toHaveLength(1);
    // The same key with another body is refused, changing nothing.
    await capture(t, number, { Amount: 100 }, key).expect(422);
  });

  it('takes part (£200.00 of £240.00) and releases the rest; a cancellation then refunds only the £200.00 taken', async () => {
    const { number, token } = await bookHeld();
    const intent = await bookedIntent(fake, t, number);

    const { body } = await capture(t, number, { Amount: 200 }).expect(200);
    // £240.00 held - £200.00 captured = £40.00 released.
    expect(body).toEqual({ ReservationNumber: number, Currency: 'GBP', Held: 240, Captured: 200, TotalCaptured: 200, Released: 40 });
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 20_000, amount_capturable: 0 });
    expect(await paymentsOf(t, number)).toEqual([
      { type: 'authorisation', status: 'succeeded', amount: 24_000, gateway: 'stripe', last4: '4242' },
      { type: 'capture', status: 'succeeded', amount: 20_000, gateway: 'stripe', last4: '4242' },
      { type: 'void', status: 'succeeded', amount: 4_000, gateway: 'stripe', last4: '4242' },
    ]);

    const cancelled = await cancelAsGuest(number, token);
    // Only the £200.00 captured goes back, never the £240.00 once held.
    expect(cancelled.body).toMatchObject({ Success: true, RefundAmount: 200 });
    const refunds = fake.requests.filter((call) => call.path === '/v1/refunds' && call.body.payment_intent === intent.id);
    expect(refunds.map((call) => call.body.amount)).toEqual(['20000']);
    expect((await paymentsOf(t, number)).at(-1)).toEqual({
      type: 'refund',
      status: 'succeeded',
      amount: 20_000,
      gateway: 'stripe',
      last4: '4242',
    });
    const booking = (await reservationOf(t, number)) as unknown as CardBooking;
    // 20,000 captured - 20,000 refunded = 0 left on the card.
    expect(await cardMovementCalls(() => t).balance(booking)).toBe(0);
  });

  it('a booking cancelled while held is released, not refunded, and then has nothing to capture (409)', async () => {
    const { number, token } = await bookHeld();
    const intent = await bookedIntent(fake, t, number);
    expect((await cancelAsGuest(number, token)).body).toMatchObject({ Success: true, RefundAmount: 240 });
    expect(intent.status).toBe('canceled');
    expect(fake.requests.filter((call) => call.path === '/v1/refunds' && call.body.payment_intent === intent.id)).toEqual([]);
    expect((await paymentsOf(t, number)).map((row) => [row.type, row.amount])).toEqual([
      ['authorisation', 24_000],
      ['void', 24_000],
    ]);
    const refused = await capture(t, number).expect(409);
    expect(refused.body).toEqual({ Message: CAPTURE_MESSAGES.nothingHeld, Code: 'CONFLICT' });
  });

  it('two captures at once take the money once: the other finds it taken, or in flight (409)', async () => {
    if (!onRealPostgres()) return;
    const { number } = await bookHeld();
    const intent = await bookedIntent(fake, t, number);
    const answers = await Promise.all([capture(t, number), capture(t, number)]);
    const taken = answers.filter((answer) => answer.status === 200 && answer.body.Captured === 240);
    expect(taken).toHaveLength(1);
    const other = answers.find((answer) => answer !== taken[0])!;
    expect(
      (other.status === 200 && other.body.Captured === 0) ||
        (other.status === 409 && other.body.Message === MONEY_MESSAGES.movementInFlight),
    ).toBe(true);
    expect(holdCalls(intent.id)).toHaveLength(1);
    expect((await paymentsOf(t, number)).map((row) => row.type)).toEqual(['authorisation', 'capture']);
  });
});

describe('what a capture refuses', () => {
  it('a missing or wrong admin key (401), taking nothing', async () => {
    const { number } = await bookHeld();
    const intent = await bookedIntent(fake, t, number);
    await capture(t, number, undefined, {}).expect(401);
    const wrong = await capture(t, number, undefined, { 'X-Api-Key': 'test-admin-key-0123456780' }).expect(401);
    expect(wrong.body).toEqual({ Message: 'A valid API key is required (X-Api-Key header).', Code: 'UNAUTHORISED' });
    expect(intent.status).toBe('requires_capture');
    expect(holdCalls(intent.id)).toEqual([]);
  });

  it('an unknown reservation number (404)', async () => {
    const response = await capture(t, 'ZZZZ2222').expect(404);
    expect(response.body).toEqual({ Message: CAPTURE_MESSAGES.noSuchBooking('ZZZZ2222'), Code: 'NOT_FOUND' });
  });

  it.each([
    [{ Amount: 0 }, CAPTURE_AMOUNT_NOT_POSITIVE],
    [{ Amount: -5 }, VALIDATION_MESSAGES.amountInvalid],
    // A third decimal is no amount of pounds: GBP has 2.
    [{ Amount: 10.005 }, currencyDecimalsMessage('GBP', 2)],
    [{ Amount: 10.00005 }, VALIDATION_MESSAGES.amountInvalid],
    [{ Amount: '200' }, VALIDATION_MESSAGES.amountInvalid],
    // £240.01 is a penny more than the £240.00 held.
    [{ Amount: 240.01 }, CAPTURE_MESSAGES.moreThanHeld({ amount: 24_000, currency: 'GBP' })],
  ])('an Amount that is not a positive amount of at most the hold (%j): 400 on Amount, nothing taken', async (body, message) => {
    const { number } = await bookHeld();
    const intent = await bookedIntent(fake, t, number);
    const response = await capture(t, number, body).expect(400);
    expect(response.body.ModelState).toEqual({ Amount: [message] });
    expect(holdCalls(intent.id)).toEqual([]);
    expect((await paymentsOf(t, number)).map((row) => row.type)).toEqual(['authorisation']);
  });

  it('a hold Stripe no longer has (released or run out): 402 with the reason, the refused capture recorded and nothing taken', async () => {
    const { number } = await bookHeld();
    const intent = await bookedIntent(fake, t, number);
    // Stripe lets a hold go by itself after about seven days: the PaymentIntent is canceled there.
    await fetch(`${fake.url}/v1/payment_intents/${intent.id}/cancel`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_hotel', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cancellation_reason=automatic',
    });
    const response = await capture(t, number, { Amount: 100 }).expect(402);
    expect(response.body).toEqual({ Message: HOLD_GONE_MESSAGE, Code: 'PAYMENT_DECLINED' });
    expect((await paymentsOf(t, number)).map((row) => [row.type, row.status])).toEqual([
      ['authorisation', 'succeeded'],
      ['capture', 'failed'],
    ]);
    expect(await reservationOf(t, number)).toMatchObject({ amountPaid: 0 });
    expect(await historyOf(t, number)).toEqual([]);
  });

  it('Stripe unreachable on every retry: a 503 that says the outcome is not known; the same request again takes it, once', async () => {
    const { number } = await bookHeld();
    const intent = await bookedIntent(fake, t, number);
    const key = { 'X-Api-Key': ADMIN_API_KEY, 'Idempotency-Key': `capture-${number}` };
    fake.failNext('5xx', 3);
    const response = await capture(t, number, undefined, key).expect(503);
    expect(response.body).toEqual({ Message: MONEY_MESSAGES.captureOutcomeUnknown, Code: 'PAYMENT_UNAVAILABLE' });
    expect((await paymentsOf(t, number)).map((row) => [row.type, row.status])).toEqual([
      ['authorisation', 'succeeded'],
      ['capture', 'pending'],
    ]);
    // Another capture meanwhile waits for this one's outcome.
    expect((await capture(t, number).expect(409)).body.Message).toBe(MONEY_MESSAGES.movementInFlight);
    // The same request resumes the capture: Stripe still holds it, so it is made now, with the same key.
    expect((await capture(t, number, undefined, key).expect(200)).body).toMatchObject({ Captured: 240, TotalCaptured: 240 });
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 24_000 });
    expect((await paymentsOf(t, number)).map((row) => [row.type, row.status])).toEqual([
      ['authorisation', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
  });

  it('a booking of a property that takes the money at booking (automatic capture): 409, Stripe not called', async () => {
    const { app, ids: automaticIds } = await stripeApp(fake, 'automatic');
    try {
      const { body } = await bookWithStripe(fake, app, automaticIds, '4242424242424242', 200);
      const before = fake.requests.length;
      const refused = await capture(app, body.ReservationNumber).expect(409);
      expect(refused.body).toEqual({ Message: CAPTURE_MESSAGES.automaticCapture, Code: 'CONFLICT' });
      expect(fake.requests.length).toBe(before);
    } finally {
      await app.close();
    }
  });
});

describe('the test gateway', () => {
  async function heldAtTestGateway(app: TestApp): Promise<CardBooking> {
    const testIds = await givenBookingProperty(app, { ...bookingProperty, Payments: { Provider: 'test', CaptureMethod: 'manual' } });
    const { body } = await request(app.app).post('/api/Reservation/Create').send(aBooking(testIds)).expect(200);
    return (await reservationOf(app, body.ReservationNumber)) as unknown as CardBooking;
  }

  it('a cheaper amendment while held captures the new amount and releases the difference; the capture then has nothing left', async () => {
    const app = await createTestApp();
    try {
      const booking = await heldAtTestGateway(app);
      const { balance, refund } = cardMovementCalls(() => app);
      // Held £240.00: all of it could still go back.
      expect(await balance(booking)).toBe(24_000);
      // The stay costs £30.00 less: £240.00 - £30.00 = £210.00 captured, £30.00 released.
      expect(await refund(booking, 3_000)).toMatchObject({ ok: true, amount: 3_000 });
      expect((await paymentsOf(app, booking.reservationNumber)).map((row) => [row.type, row.amount])).toEqual([
        ['authorisation', 24_000],
        ['capture', 21_000],
        ['void', 3_000],
      ]);
      expect(await balance(booking)).toBe(21_000);
      const { body } = await capture(app, booking.reservationNumber).expect(200);
      expect(body).toMatchObject({ Held: 240, Captured: 0, TotalCaptured: 210, Released: 30 });
    } finally {
      await app.close();
    }
  });

  it('holds under manual capture too: £150.00 of £240.00 captured, £90.00 released, and only £150.00 can go back', async () => {
    const app = await createTestApp();
    try {
      const booking = await heldAtTestGateway(app);
      const number = booking.reservationNumber;
      const { body } = await capture(app, number, { Amount: 150 }).expect(200);
      // £240.00 held - £150.00 captured = £90.00 released.
      expect(body).toEqual({ ReservationNumber: number, Currency: 'GBP', Held: 240, Captured: 150, TotalCaptured: 150, Released: 90 });
      expect(await paymentsOf(app, number)).toEqual([
        { type: 'authorisation', status: 'succeeded', amount: 24_000, gateway: 'test', last4: '4242' },
        { type: 'capture', status: 'succeeded', amount: 15_000, gateway: 'test', last4: '4242' },
        { type: 'void', status: 'succeeded', amount: 9_000, gateway: 'test', last4: '4242' },
      ]);
      const { balance, refund } = cardMovementCalls(() => app);
      expect(await balance(booking)).toBe(15_000);
      // Asked for the whole £240.00, a refund gives back the £150.00 taken.
      expect(await refund(booking, 24_000)).toMatchObject({ ok: true, amount: 15_000 });
    } finally {
      await app.close();
    }
  });
});
