import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@hotel/domain/dates';
import { startFakeStripe, type FakeStripe } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { createApp } from '../../src/app';
import { AMEND_MESSAGES, findLedgerBreaches, MONEY_MESSAGES } from '../../src/booking';
import { findBooked, oneRoomChange, type Booked } from '../manage-booking/manage-fixture';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { request } from '../support/request';
import type { TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';
import { MONEY_FAULTS, moneyFaults, stripeFaultApp, type MoneyFault } from './money-fault-kit';
import { reconcileLater, rows, stripePaymentMethod, stripeProperty, WEBHOOK_SECRET } from './stripe-fixture';

/**
 * The same Idempotency-Key sent again after each kind of fault (money-fault-kit.ts) makes one
 * booking, one charge, one refund, one capture: never two. Every stay is one Monday night of the
 * Double on the flexible rate, £100.00 (10,000 pence), VAT included: AUTO takes it at booking,
 * HELD holds it for the hotel to capture. An amendment to two nights costs £200.00, so its
 * charge is the £100.00 difference.
 */
const ADMIN = { 'X-Api-Key': 'test-admin-key-0123456789' };
const faultsMet = MONEY_FAULTS.filter((kind) => kind !== 'none');

let fake: FakeStripe;
let t: TestApp;
let faults: ReturnType<typeof moneyFaults>;
let auto: Ids;
let held: Ids;
let mondays = 0;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  fake.delayMs = 1_500;
  t = await stripeFaultApp(fake, 500);
  faults = moneyFaults(t, fake, { retries: 1 });
  const cancellable = (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
    plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
  );
  auto = await givenBookingProperty(t, stripeProperty('automatic', { Code: 'AUTO', RatePlans: cancellable }));
  held = await givenBookingProperty(t, stripeProperty('manual', { Code: 'HELD', RatePlans: cancellable }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A Monday night of its own for each booking: 2 August 2027 is a Monday. */
const nextMonday = () => addDays('2027-08-02', 7 * mondays++);

/** Sends `send` with its key until it answers something other than 503 (at most three times), the fault lifted after the first answer. */
async function sendUntilAnswered(kind: MoneyFault, send: () => Promise<{ status: number; body: Record<string, unknown> }>) {
  const injected = await faults.inject(kind);
  const answers: { status: number; body: Record<string, unknown> }[] = [];
  try {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      answers.push(await send());
      await injected.lift();
      if (answers.at(-1)!.status !== 503) break;
    }
  } finally {
    await injected.end();
    faults.endSearchOutage();
  }
  return answers;
}

async function book(ids: Ids, key: string) {
  const night = nextMonday();
  const to = addDays(night, 1);
  const body = aBooking(ids, {
    DateFrom: night,
    DateTo: to,
    CardDetails: { NameOnCard: 'Ada Lovelace' },
    PaymentMethodId: await stripePaymentMethod(fake, '4242424242424242'),
    Rooms: [aRoom(ids, { DateFrom: night, DateTo: to, TotalCost: 100 })],
  });
  // `app`: another API process on the same database, when a test needs one.
  return (app: Express = t.app) => request(app).post('/api/Reservation/Create').set('Idempotency-Key', key).send(body);
}

async function booked(ids: Ids): Promise<Booked> {
  const [answer] = await sendUntilAnswered('none', await book(ids, `setup-${mondays}`));
  expect(answer!.status).toBe(200);
  return findBooked(t, ids, answer!.body as { ConfirmationToken: string; ReservationNumber: string });
}

/** Our books and Stripe's for one booking. */
async function moneyOf(number: string) {
  const [ours] = await rows(
    t,
    sql`SELECT status, amount_paid AS paid, amount_held AS held, amount_refunded AS refunded FROM reservations WHERE reservation_number = ${number}`,
  );
  const stripe = fake.moneyByReservation()[number];
  return { ours, stripe: { taken: stripe?.taken ?? 0, held: stripe?.held ?? 0 } };
}

/** What Stripe was asked to do for one booking, by kind, each movement once however often it was sent. */
const stripeMovements = (number: string) => ({
  paymentIntents: [...fake.paymentIntents.values()]
    .filter((intent) => intent.metadata.reservation === number)
    .map((intent) => intent.amount),
  refunds: [...fake.refunds.values()].filter((refund) => refund.metadata.reservation === number).map((refund) => refund.amount),
  /** Capture calls, each key once (a key sent again is the same call at Stripe). */
  captures: new Set(
    fake.requests
      .filter(
        (call) => call.path.endsWith('/capture') && fake.paymentIntents.get(call.path.split('/')[3]!)?.metadata.reservation === number,
      )
      .map((call) => call.idempotencyKey),
  ).size,
});

describe.runIf(onRealPostgres())('the same Idempotency-Key sent again after a fault (Stripe, PostgreSQL)', () => {
  it.each(faultsMet)('a booking after %s: one booking, one PaymentIntent, £100.00 taken once', async (kind) => {
    const key = `create-after-${kind}`;
    const send = await book(auto, key);
    const answers = await sendUntilAnswered(kind, send);
    const last = answers.at(-1)!;
    expect(last.status, JSON.stringify(answers)).toBe(200);
    const number = last.body.ReservationNumber as string;
    // Every 200 names the same booking, and sending the key once more answers it again.
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.body.ReservationNumber))).toEqual(new Set([number]));
    expect((await send()).body).toEqual(last.body);

    expect(stripeMovements(number).paymentIntents).toEqual([10_000]);
    expect(await moneyOf(number)).toEqual({
      ours: { status: 'confirmed', paid: 10_000, held: 0, refunded: 0 },
      stripe: { taken: 10_000, held: 0 },
    });
    const [{ count }] = (await rows(t, sql`SELECT count(*)::int AS count FROM reservations WHERE reservation_number = ${number}`)) as [
      { count: number },
    ];
    expect(count).toBe(1);
    expect(await findLedgerBreaches(t.database.db)).toEqual([]);
  });

  it('CreateOutcome tells a client whose answer was lost that its booking waits for the payment’s answer, then that it is made', async () => {
    const key = randomUUID();
    const send = await book(auto, key);
    const outcome = () =>
      request(t.app).get('/api/Reservation/CreateOutcome').query({ propertyId: auto.propertyId }).set('Idempotency-Key', key);
    const injected = await faults.inject('stripe-timeout');
    try {
      expect((await send()).status).toBe(503);
    } finally {
      await injected.end();
    }
    // Not made yet, but not to be booked again another way: its rooms are held for the answer.
    expect((await outcome().expect(200)).body).toEqual({ Made: false, Waiting: true, Booking: null });
    const made = await send();
    expect(made.status).toBe(200);
    expect((await outcome().expect(200)).body).toEqual({ Made: true, Booking: made.body });
  });

  it('a retry sent to the same API process while the first request is still with Stripe waits for its answer: one booking, both told it', async () => {
    const key = randomUUID();
    const send = await book(auto, key);
    fake.failNext('pause', { path: 'POST /v1/payment_intents' });
    const first = send().then((response) => response);
    await fake.waitForPaused(1);
    const retried = send().then((response) => response);
    await fake.releasePaused();
    const [made, again] = await Promise.all([first, retried]);
    expect(made.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(made.body);
    const number = made.body.ReservationNumber as string;
    expect(stripeMovements(number).paymentIntents).toEqual([10_000]);
  });

  it('a retry sent to another API process while the first request is still with Stripe hears the outcome is not known yet, never a decline; the booking is made once', async () => {
    const key = randomUUID();
    const send = await book(auto, key);
    const anotherProcess = createApp(t.context).app;
    fake.failNext('pause', { path: 'POST /v1/payment_intents' });
    const first = send().then((response) => response);
    await fake.waitForPaused(1);
    // Stripe answers the retry's call 409 idempotency_key_in_use: the same payment is being made.
    const retried = await send(anotherProcess);
    expect(retried.status).toBe(503);
    expect(retried.body.Message).toBe(MONEY_MESSAGES.outcomeUnknown);
    await fake.releasePaused();
    const made = await first;
    expect(made.status).toBe(200);
    const number = made.body.ReservationNumber as string;
    expect((await send(anotherProcess)).body).toEqual(made.body);
    expect(stripeMovements(number).paymentIntents).toEqual([10_000]);
    expect(await moneyOf(number)).toEqual({
      ours: { status: 'confirmed', paid: 10_000, held: 0, refunded: 0 },
      stripe: { taken: 10_000, held: 0 },
    });
  });

  it.each(faultsMet)('an amendment to two nights after %s: the £100.00 difference charged once', async (kind) => {
    const booking = await booked(auto);
    const change = await oneRoomChange(t, auto, booking);
    const to = addDays(change.ReservationItems[0]!.DateTo as string, 1);
    // Monday and Tuesday: 100 + 100 = 200, 100 more than booked.
    const longer = await oneRoomChange(t, auto, booking, { DateTo: to, TotalCost: 200 });
    const send = () => request(t.app).post('/api/ManageBooking/Update').set('Idempotency-Key', `amend-after-${kind}`).send(longer);
    const answers = await sendUntilAnswered(kind, send);
    expect(answers.at(-1)!.status, JSON.stringify(answers)).toBe(200);
    expect(answers.at(-1)!.body).toMatchObject({ Success: true, Payment: { Kind: 'Charge', Amount: 100 } });
    expect((await send()).body).toEqual(answers.at(-1)!.body);

    // The booking's 10,000 and the amendment's 10,000: one PaymentIntent each.
    expect(stripeMovements(booking.number).paymentIntents).toEqual([10_000, 10_000]);
    expect(await moneyOf(booking.number)).toEqual({
      ours: { status: 'confirmed', paid: 20_000, held: 0, refunded: 0 },
      stripe: { taken: 20_000, held: 0 },
    });
    expect(await findLedgerBreaches(t.database.db)).toEqual([]);
  });

  it('a cheaper stay whose refund Stripe does not answer: the change is made, the answer says the £100.00 is on its way, and the reconciler makes it once', async () => {
    // Two Monday-Tuesday nights: 100 + 100 = 200; one night less is 100, so 100 goes back.
    const night = nextMonday();
    const to = addDays(night, 2);
    const { body: created } = await request(t.app)
      .post('/api/Reservation/Create')
      .send(
        aBooking(auto, {
          DateFrom: night,
          DateTo: to,
          CardDetails: { NameOnCard: 'Ada Lovelace' },
          PaymentMethodId: await stripePaymentMethod(fake, '4242424242424242'),
          Rooms: [aRoom(auto, { DateFrom: night, DateTo: to, TotalCost: 200 })],
        }),
      )
      .expect(200);
    const booking = await findBooked(t, auto, created);
    const shorter = await oneRoomChange(t, auto, booking, { DateTo: addDays(night, 1), TotalCost: 100 });
    const injected = await faults.inject('stripe-500');
    let answer;
    try {
      answer = await request(t.app).post('/api/ManageBooking/Update').send(shorter).expect(200);
    } finally {
      await injected.end();
    }
    expect(answer.body).toMatchObject({
      Success: true,
      Message: AMEND_MESSAGES.refundPending('£100.00'),
      Payment: { Kind: 'Refund', Amount: 100 },
    });
    expect(stripeMovements(booking.number).refunds).toEqual([]);
    await reconcileLater(t);
    expect(stripeMovements(booking.number).refunds).toEqual([10_000]);
    expect(await moneyOf(booking.number)).toEqual({
      ours: { status: 'confirmed', paid: 10_000, held: 0, refunded: 10_000 },
      stripe: { taken: 10_000, held: 0 },
    });
  });

  it.each(faultsMet)(
    'a cancellation after %s: answered once, its £100.00 refunded once (by the reconciler when its answer was lost)',
    async (kind) => {
      const booking = await booked(auto);
      const send = () =>
        request(t.app)
          .post('/api/ManageBooking/Cancel')
          .set('Idempotency-Key', `cancel-after-${kind}`)
          .send({ PropertyId: auto.propertyId, ReservationId: booking.id, Code: booking.code });
      const answers = await sendUntilAnswered(kind, send);
      expect(answers.map((a) => a.status)).toEqual([200]);
      expect(answers[0]!.body).toMatchObject({ Success: true, RefundAmount: 100 });
      expect((await send()).body).toEqual(answers[0]!.body);
      await reconcileLater(t);

      expect(stripeMovements(booking.number).refunds).toEqual([10_000]);
      expect(await moneyOf(booking.number)).toEqual({
        ours: { status: 'cancelled', paid: 0, held: 0, refunded: 10_000 },
        stripe: { taken: 0, held: 0 },
      });
      expect(await findLedgerBreaches(t.database.db)).toEqual([]);
    },
  );

  it.each(faultsMet)("the hotel's capture after %s: the £100.00 held captured once", async (kind) => {
    const booking = await booked(held);
    const send = () =>
      request(t.app)
        .post(`/api/Admin/Reservations/${booking.number}/Capture`)
        .set(ADMIN)
        .set('Idempotency-Key', `capture-after-${kind}`)
        .send({});
    const answers = await sendUntilAnswered(kind, send);
    expect(answers.at(-1)!.status, JSON.stringify(answers)).toBe(200);
    expect(answers.at(-1)!.body).toMatchObject({ Held: 100, TotalCaptured: 100, Released: 0 });
    expect((await send()).body).toEqual(answers.at(-1)!.body);

    expect(stripeMovements(booking.number).captures).toBe(1);
    expect(await moneyOf(booking.number)).toEqual({
      ours: { status: 'confirmed', paid: 10_000, held: 0, refunded: 0 },
      stripe: { taken: 10_000, held: 0 },
    });
    expect(await findLedgerBreaches(t.database.db)).toEqual([]);
  });
});
