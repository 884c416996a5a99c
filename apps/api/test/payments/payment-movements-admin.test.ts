import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { MONEY_MESSAGES, reconcileOverdueMovements, STUCK_AFTER_MS } from '../../src/booking';
import { findBooked } from '../manage-booking/manage-fixture';
import { bookingProperty, type Ids } from '../reservation/reservation-fixture';
import { request } from '../support/request';
import type { TestApp } from '../support/test-app';
import { bookWithStripe, reservationOf, rows, stripeApp, WEBHOOK_SECRET } from './stripe-fixture';

/**
 * What the operator sees of money awaiting its provider (docs/payments.md, "When a movement is
 * stuck"): GET /api/Admin/PaymentMovements lists movements whose answer has been awaited for over
 * an hour and refunds the provider refused, /readyz warns of the first, and POST
 * /api/Admin/PaymentMovements/{id}/Reconcile asks the provider at once. The stay is the Double of
 * stripe-fixture.ts: Thursday £100.00 + Friday £140.00 = £240.00, 24,000 pence.
 */
const ADMIN = { 'X-Api-Key': 'test-admin-key-0123456789' };
const STUCK_WARNING = "1 payment movement has waited over an hour for the provider's answer: see GET /api/Admin/PaymentMovements";

let fake: FakeStripe;
let t: TestApp;
let ids: Ids;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  ({ app: t, ids } = await stripeApp(fake, 'automatic', {
    RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
      plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
    ),
  }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const movementsNeedingAttention = async () => (await request(t.app).get('/api/Admin/PaymentMovements').set(ADMIN).expect(200)).body.Items;
const readinessWarnings = async () => ((await request(t.app).get('/readyz').expect(200)).body.warnings ?? []) as string[];

describe('payment movements the operator must look at', () => {
  it('a booking whose answer Stripe never gave: listed and warned of after an hour, then settled at once by Reconcile', async () => {
    const bookedAt = t.context.clock.now();
    // Stripe takes the money on every try and never answers (the Stripe client tries 3 times).
    fake.failNext('timeout', { count: 3, path: 'POST /v1/payment_intents' });
    const response = await bookWithStripe(fake, t, ids, '4242424242424242', 503);
    expect(response.body.Message).toBe(MONEY_MESSAGES.outcomeUnknown);
    const [movement] = await rows(
      t,
      sql`SELECT p.id, r.reservation_number AS number FROM payments p JOIN reservations r ON r.id = p.reservation_id WHERE p.status = 'pending'`,
    );
    const number = movement!.number as string;

    // Under an hour: the reconciler's business, not yet the operator's.
    expect(await movementsNeedingAttention()).toEqual([]);
    expect(await readinessWarnings()).not.toContain(STUCK_WARNING);

    t.setNow(new Date(bookedAt.getTime() + STUCK_AFTER_MS + 60_000));
    try {
      expect(await movementsNeedingAttention()).toEqual([
        {
          Id: movement!.id,
          ReservationNumber: number,
          Problem: 'Stuck',
          Gateway: 'stripe',
          Kind: 'authorisation',
          Purpose: 'booking',
          Status: 'pending',
          Amount: 240,
          Currency: 'GBP',
          IdempotencyKey: expect.stringMatching(new RegExp(`^${number}-[0-9a-f]{10}$`)),
          Attempts: 1,
          LastError: expect.any(String),
          CreatedAt: bookedAt.toISOString(),
        },
      ]);
      expect(await readinessWarnings()).toContain(STUCK_WARNING);

      const { body } = await request(t.app).post(`/api/Admin/PaymentMovements/${movement!.id}/Reconcile`).set(ADMIN).expect(200);
      expect(body).toEqual({
        Id: movement!.id,
        Status: 'succeeded',
        Settled: true,
        Message: `The movement is succeeded: recorded with what it means for booking ${number}.`,
      });
      // Stripe took £240.00: the booking is confirmed with it, once.
      expect(await reservationOf(t, number)).toMatchObject({ status: 'confirmed', amountPaid: 24_000 });
      expect(fake.moneyByReservation()[number]).toMatchObject({ taken: 24_000, held: 0 });
      expect(await movementsNeedingAttention()).toEqual([]);
      expect(await readinessWarnings()).not.toContain(STUCK_WARNING);
      // Asked again, it answers the movement as it stands and calls Stripe for nothing.
      const calls = fake.requests.length;
      expect(
        (await request(t.app).post(`/api/Admin/PaymentMovements/${movement!.id}/Reconcile`).set(ADMIN).expect(200)).body,
      ).toMatchObject({
        Status: 'succeeded',
        Settled: true,
      });
      expect(fake.requests.length).toBe(calls);
    } finally {
      t.setNow(bookedAt);
    }
  });

  it('a refund Stripe fails after making it: the booking owes the guest again, and the operator sees the refused refund', async () => {
    const { body: created } = await bookWithStripe(fake, t, ids, '4242424242424242', 200);
    const booked = await findBooked(t, ids, created);
    const { body: cancelled } = await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ PropertyId: ids.propertyId, ReservationId: booked.id, Code: booked.code })
      .expect(200);
    expect(cancelled).toMatchObject({ Success: true, RefundAmount: 240 });
    const refund = [...fake.refunds.values()].find((candidate) => candidate.metadata.reservation === booked.number)!;
    expect(await reservationOf(t, booked.number)).toMatchObject({ status: 'cancelled', amountPaid: 0 });

    // The guest's card was closed meanwhile: Stripe fails the refund and says so.
    fake.failRefund(refund.id);
    for (const entry of fake.eventsFor(refund.id, 'refund.failed')) {
      const delivered = await request(t.app)
        .post('/api/Payments/Webhook/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', entry.signature)
        .send(entry.payload)
        .expect(200);
      expect(delivered.body).toEqual({ Received: true, Handled: true });
    }
    // The £240.00 is the guest's again, held by the hotel: paid 24,000, nothing refunded.
    expect(await reservationOf(t, booked.number)).toMatchObject({ status: 'cancelled', amountPaid: 24_000 });
    expect(fake.moneyByReservation()[booked.number]).toMatchObject({ taken: 24_000 });
    expect(await movementsNeedingAttention()).toEqual([
      expect.objectContaining({
        ReservationNumber: booked.number,
        Problem: 'RefundRefused',
        Kind: 'refund',
        Purpose: 'cancellation',
        Status: 'failed',
        Amount: 240,
      }),
    ]);
    expect(await readinessWarnings()).toContain(
      '1 refund was refused by the payment provider, money owed to guests: see GET /api/Admin/PaymentMovements',
    );
    // The feed tells the hotel it owes the guest £240.00.
    const { body: feed } = await request(t.app).get(`/api/Admin/Reservations/${booked.number}`).set(ADMIN).expect(200);
    expect(feed.Totals).toMatchObject({ AmountToPay: 0, Paid: 240, Refunded: 0, Balance: -240 });
  });
});

describe('a movement the reconciler keeps asking about', () => {
  it('is not news to the hotel: its attempts do not re-serve the booking to the reservations feed', async () => {
    const bookedAt = t.context.clock.now();
    fake.failNext('5xx', { count: 3, path: 'POST /v1/payment_intents' });
    await bookWithStripe(fake, t, ids, '4242424242424242', 503);
    // The hotel reads the feed: the booking gets its place there.
    await request(t.app).get('/api/Admin/Reservations').set(ADMIN).query({ limit: 500 }).expect(200);
    const [held] = await rows(
      t,
      sql`SELECT r.id, r.feed_seq AS "feedSeq", p.attempts FROM reservations r JOIN payments p ON p.reservation_id = r.id WHERE p.status = 'pending'`,
    );
    expect(held!.feedSeq).not.toBeNull();
    // Stripe stays away: each pass of the reconciler claims the movement, asks, and leaves it pending.
    try {
      for (const minutes of [3, 6]) {
        t.setNow(new Date(bookedAt.getTime() + minutes * 60_000));
        fake.failNext('5xx', { count: 3, path: /^GET / });
        await reconcileOverdueMovements(t.context);
        fake.clearFaults();
      }
    } finally {
      t.setNow(bookedAt);
    }
    const [after] = await rows(
      t,
      sql`SELECT r.feed_seq AS "feedSeq", p.attempts FROM reservations r JOIN payments p ON p.reservation_id = r.id WHERE r.id = ${held!.id}`,
    );
    expect(after!.attempts).toBe(Number(held!.attempts) + 2);
    expect(after!.feedSeq).toEqual(held!.feedSeq);
    // Settled at last (Stripe has no PaymentIntent: the booking is released): that is news.
    t.setNow(new Date(bookedAt.getTime() + 10 * 60_000));
    try {
      await reconcileOverdueMovements(t.context);
    } finally {
      t.setNow(bookedAt);
    }
    // Pending in the feed again (no number until the next read numbers it after the others).
    const [settled] = await rows(t, sql`SELECT status, feed_seq AS "feedSeq" FROM reservations WHERE id = ${held!.id}`);
    expect(settled!.status).toBe('cancelled');
    expect(settled!.feedSeq).toBeNull();
  });
});

describe('the OpenAPI document of the calls that move money', () => {
  it('declares every answer they can give: 402 refused, 503 not known yet, 409 a payment in flight', async () => {
    const { body: document } = await request(t.app).get('/api/openapi.json').expect(200);
    const declared = new Map<string, string[]>();
    for (const methods of Object.values(document.paths as Record<string, Record<string, { operationId: string; responses: object }>>))
      for (const operation of Object.values(methods)) declared.set(operation.operationId, Object.keys(operation.responses));
    const answers = (operationId: string) => declared.get(operationId) ?? [];
    for (const operationId of ['createReservation', 'updateManagedBooking', 'savePreCheckIn', 'capturePayment'])
      expect(answers(operationId), operationId).toEqual(expect.arrayContaining(['200', '402', '409', '503']));
    // A cancellation records its refunds and makes them after it commits: it never waits on the provider.
    expect(answers('cancelManagedReservation')).toEqual(expect.arrayContaining(['200', '409']));
    // A provider's event it cannot check now is refused, for the provider to send again (PayStack's route: paystack.test.ts).
    expect(answers('receivePaymentWebhook')).toContain('503');
  });
});
