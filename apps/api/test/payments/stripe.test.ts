import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startFakeStripe, signPayload, type FakeStripe } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { MONEY_MESSAGES, findLedgerBreaches } from '../../src/booking';
import { PAYMENT_UNAVAILABLE_MESSAGE, TYPED_CARD_REFUSED } from '../../src/payments';
import type { CardBooking } from './card-movement-calls';
import { GUEST_PAYMENT_MESSAGES } from '../../src/payments/guest-payment-messages';
import { createStripeGateway } from '../../src/payments/stripe-gateway';
import { releaseAbandonedPayments } from '../../src/booking/abandoned-payments';
import { request } from '../support/request';
import { cardMovementCalls } from './card-movement-calls';
import { allowAnswers, refuseAnswers } from './money-fault-kit';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, bookingProperty, givenBookingProperty, visa, type Ids } from '../reservation/reservation-fixture';
import { getAccount, givenUser, logIn } from '../account/account-fixture';
import {
  bookedIntent as bookedIntentOf,
  bookWithStripe,
  createReservation,
  paymentsOf,
  reconcileLater,
  reservationOf,
  rows,
  stripeApp as stripeFixtureApp,
  stripePaymentMethod,
  stripeProperty,
  WEBHOOK_SECRET,
} from './stripe-fixture';

/**
 * Stripe behind the gateway interface, against the local fake of Stripe's API (tools/fake-stripe):
 * the property BOOK takes cards with Stripe (stripe-fixture.ts). Its stay is a Double, Thursday
 * £100.00 + Friday £140.00 = £240.00, 24,000 pence, VAT included: what each booking's PaymentIntent asks.
 */
let fake: FakeStripe;
let t: TestApp;
let ids: Ids;

const stripeApp = (captureMethod: 'automatic' | 'manual') => stripeFixtureApp(fake, captureMethod);
const paymentMethod = (number: string) => stripePaymentMethod(fake, number);
const create = createReservation;
const book = (app: TestApp, bookingIds: Ids, number: string, expected: number) => bookWithStripe(fake, app, bookingIds, number, expected);

const status = (app: TestApp, bookingIds: Ids, token: string) =>
  request(app.app).get('/api/Reservation/Status').query({ propertyId: bookingIds.propertyId, referenceNumber: token }).expect(200);

/** The guest's confirmations of the booking (the hotel's notice is a mail of its own kind). */
const mailsOf = async (app: TestApp, number: string) =>
  (
    await rows(
      app,
      sql`SELECT m.id FROM mail_outbox m JOIN reservations r ON r.id = m.reservation_id
          WHERE r.reservation_number = ${number} AND m.kind = 'booking_confirmation'`,
    )
  ).length;
const soldThursday = async (app: TestApp) =>
  (
    await rows(
      app,
      sql`SELECT sold FROM room_type_inventory i JOIN room_types rt ON rt.id = i.room_type_id WHERE rt.code = 'DBL' AND i.night = '2027-03-04'`,
    )
  )[0]!.sold;
/** Bookings that stand (a card refused or released leaves its booking cancelled, holding nothing). */
const reservationCount = async (app: TestApp) => (await rows(app, sql`SELECT id FROM reservations WHERE status <> 'cancelled'`)).length;

/** The newest booking: one whose Create got no answer names none. */
const newestBooking = async (app: TestApp) =>
  (await rows(app, sql`SELECT reservation_number AS "number", status FROM reservations ORDER BY id DESC LIMIT 1`))[0] as {
    number: string;
    status: string;
  };

const bookedIntent = (app: TestApp, number: string) => bookedIntentOf(fake, app, number);

const deliver = (app: TestApp, payload: string, signature: string) =>
  request(app.app)
    .post('/api/Payments/Webhook/stripe')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signature)
    .send(payload);
const deliverEvents = async (app: TestApp, intentId: string, type: string) => {
  const answers = [];
  for (const entry of fake.eventsFor(intentId, type)) answers.push((await deliver(app, entry.payload, entry.signature).expect(200)).body);
  return answers;
};

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  ({ app: t, ids } = await stripeApp('automatic'));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('a Stripe property', () => {
  it('tells the browser Stripe is its provider, with its publishable key and the Stripe.js address', async () => {
    const { body } = await request(t.app).get('/api/Property/BOOK').expect(200);
    expect(body).toMatchObject({
      PaymentProvider: 'stripe',
      PaymentPublicKey: 'pk_test_hotel',
      PaymentScriptUrl: 'http://127.0.0.1:9/v3/',
    });
  });

  it('books with the payment method Stripe.js made: confirmed at once, the card kept on a customer for later, the number never sent to the API', async () => {
    const before = fake.requests.length;
    const response = await book(t, ids, '4242424242424242', 200);
    expect(response.body).toMatchObject({ Success: true, ChallengeUrl: null });
    const number = response.body.ReservationNumber as string;
    expect(await reservationOf(t, number)).toMatchObject({ status: 'confirmed' });
    // £240.00 = 24,000 pence, taken at once (automatic capture).
    expect(await paymentsOf(t, number)).toEqual([
      { type: 'authorisation', status: 'succeeded', amount: 24_000, gateway: 'stripe', last4: '4242' },
    ]);
    const intent = await bookedIntent(t, number);
    expect(intent).toMatchObject({
      amount: 24_000,
      currency: 'gbp',
      status: 'succeeded',
      capture_method: 'automatic',
      setup_future_usage: 'off_session',
    });
    expect(intent.customer).toMatch(/^cus_/);
    expect(await mailsOf(t, number)).toBe(1);
    // What the API sent Stripe: a customer, then the PaymentIntent naming the pm_ id; no card field anywhere.
    const sent = fake.requests.slice(before).filter((call) => !call.path.startsWith('/v1/payment_methods'));
    expect(sent.map((call) => call.path)).toEqual(['/v1/customers', '/v1/payment_intents']);
    expect(JSON.stringify(sent)).not.toMatch(/4242424242424242|card\]?\[?number|cvc/);
    expect(sent.every((call) => typeof call.idempotencyKey === 'string' && call.idempotencyKey.startsWith(number))).toBe(true);
  });

  it('refuses a typed card number or security code (400, pay with the card form), and a card payment without a payment method', async () => {
    const authorise = vi.spyOn(t.context.paymentGateways.byName('stripe'), 'authorise');
    const before = fake.requests.length;
    const typed = await create(t, aBooking(ids, { CardDetails: visa })).expect(400);
    expect(typed.body.ModelState['CardDetails.CardNumber']).toEqual([TYPED_CARD_REFUSED]);
    const codeOnly = await create(
      t,
      aBooking(ids, { CardDetails: { NameOnCard: 'Ada', SecurityCode: '123' }, PaymentMethodId: 'pm_x' }),
    ).expect(400);
    expect(codeOnly.body.ModelState['CardDetails.CardNumber']).toEqual([TYPED_CARD_REFUSED]);
    const none = await create(t, aBooking(ids, { CardDetails: null })).expect(400);
    expect(none.body.ModelState.PaymentMethodId).toEqual(['Please enter your card in the card form to pay by card.']);
    expect(authorise).not.toHaveBeenCalled();
    expect(fake.requests.length).toBe(before);
    authorise.mockRestore();
  });

  it.each([
    ['4000000000000002', GUEST_PAYMENT_MESSAGES.declined],
    ['4000000000009995', GUEST_PAYMENT_MESSAGES.insufficientFunds],
  ])('declines %s with the guest message the test gateway uses (402), nothing booked', async (number, message) => {
    const [count, sold] = [await reservationCount(t), await soldThursday(t)];
    const response = await book(t, ids, number, 402);
    expect(response.body.Message).toBe(message);
    expect(await reservationCount(t)).toBe(count);
    expect(await soldThursday(t)).toBe(sold);
  });

  it('3-D Secure: the guest goes to the bank page, comes back, and the Status call settles the booking with Stripe’s answer, once', async () => {
    const response = await book(t, ids, '4000002760003184', 200);
    const { ReservationNumber: number, ConfirmationToken: token, ChallengeUrl: challengeUrl } = response.body;
    const intent = await bookedIntent(t, number);
    expect(challengeUrl).toBe(`${fake.url}/fake/3ds/${intent.id}`);
    expect(intent.next_action?.redirect_to_url.return_url).toBe(`http://localhost:3000/Book/BOOK/Status/${token}`);
    expect((await status(t, ids, token)).body.Status).toBe('PendingPayment');
    const back = new URL(fake.answerChallenge(intent.id, 'complete'));
    expect(back.searchParams.get('payment_intent')).toBe(intent.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await status(t, ids, token)).body).toMatchObject({ Success: true, Status: 'Confirmed' });
    expect(await paymentsOf(t, number)).toEqual([
      { type: 'authorisation', status: 'succeeded', amount: 24_000, gateway: 'stripe', last4: '3184' },
    ]);
    // The webhook that follows finds it settled: acknowledged, nothing done twice.
    expect(await deliverEvents(t, intent.id, 'payment_intent.succeeded')).toEqual([{ Received: true, Handled: false }]);
    expect(await mailsOf(t, number)).toBe(1);
  });

  it('3-D Secure failed after the guest left: the payment_failed webhook releases the rooms', async () => {
    const sold = await soldThursday(t);
    const response = await book(t, ids, '4000002760003184', 200);
    const number = response.body.ReservationNumber as string;
    // One more Double sold on Thursday while the bank's check is pending.
    expect(await soldThursday(t)).toBe(Number(sold) + 1);
    const intent = await bookedIntent(t, number);
    fake.answerChallenge(intent.id, 'fail');
    expect(await deliverEvents(t, intent.id, 'payment_intent.payment_failed')).toEqual([{ Received: true, Handled: true }]);
    expect(await reservationOf(t, number)).toMatchObject({ status: 'cancelled' });
    expect(await soldThursday(t)).toBe(sold);
    expect(await paymentsOf(t, number)).toEqual([
      { type: 'authorisation', status: 'failed', amount: 24_000, gateway: 'stripe', last4: '3184' },
    ]);
    expect((await status(t, ids, response.body.ConfirmationToken)).body.Status).toBe('PaymentFailed');
    expect(await mailsOf(t, number)).toBe(0);
  });

  it('3-D Secure passed but the guest never came back: the webhook confirms the booking and queues its e-mail once, even delivered twice', async () => {
    const response = await book(t, ids, '4000002760003184', 200);
    const number = response.body.ReservationNumber as string;
    const intent = await bookedIntent(t, number);
    fake.answerChallenge(intent.id, 'complete');
    const [event] = fake.eventsFor(intent.id, 'payment_intent.succeeded');
    expect((await deliver(t, event!.payload, event!.signature).expect(200)).body).toEqual({ Received: true, Handled: true });
    expect((await deliver(t, event!.payload, event!.signature).expect(200)).body).toEqual({ Received: true, Handled: false });
    expect(await reservationOf(t, number)).toMatchObject({ status: 'confirmed' });
    expect(await mailsOf(t, number)).toBe(1);
    const ledger = await rows(t, sql`SELECT provider, event_type AS type FROM payment_webhook_events WHERE event_id = ${event!.event.id}`);
    expect(ledger).toEqual([{ provider: 'stripe', type: 'payment_intent.succeeded' }]);
  });

  it('refuses a webhook whose signature does not match (400), changing nothing; an event it does not act on is acknowledged', async () => {
    const response = await book(t, ids, '4000002760003184', 200);
    const number = response.body.ReservationNumber as string;
    const intent = await bookedIntent(t, number);
    fake.answerChallenge(intent.id, 'complete');
    const [event] = fake.eventsFor(intent.id, 'payment_intent.succeeded');
    const forged = signPayload(event!.payload, 'whsec_someone_else');
    await deliver(t, event!.payload, forged).expect(400);
    const tampered = event!.payload.replace('"amount":24000', '"amount":1');
    await deliver(t, tampered, event!.signature).expect(400);
    await request(t.app).post('/api/Payments/Webhook/stripe').set('Content-Type', 'application/json').send(event!.payload).expect(400);
    expect(await reservationOf(t, number)).toMatchObject({ status: 'pending_payment' });
    expect(await rows(t, sql`SELECT event_id FROM payment_webhook_events WHERE event_id = ${event!.event.id}`)).toEqual([]);
    const [other] = fake.eventsFor(intent.id, 'payment_intent.requires_action');
    expect((await deliver(t, other!.payload, other!.signature).expect(200)).body).toEqual({ Received: true, Handled: false });
  });

  it('a booking whose hold ran out is released and its PaymentIntent canceled, so a late 3-D Secure pass takes nothing', async () => {
    const response = await book(t, ids, '4000002760003184', 200);
    const intent = await bookedIntent(t, response.body.ReservationNumber);
    t.setNow('2027-03-01T09:11:00Z');
    try {
      expect(await releaseAbandonedPayments(t.context)).toBeGreaterThanOrEqual(1);
    } finally {
      t.setNow('2027-03-01T09:00:00Z');
    }
    expect(intent.status).toBe('canceled');
    expect(await reservationOf(t, response.body.ReservationNumber)).toMatchObject({ status: 'cancelled' });
  });

  it('the guest passed 3-D Secure just as the hold ran out: the release is refused, Stripe asked again, and the £240.00 it took given back at once', async () => {
    const response = await book(t, ids, '4000002760003184', 200);
    const number = response.body.ReservationNumber as string;
    const intent = await bookedIntent(t, number);
    // Passed at the bank; its event has not arrived (nor has the guest, back on the status page).
    fake.answerChallenge(intent.id, 'complete');
    t.setNow('2027-03-01T09:11:00Z');
    try {
      await releaseAbandonedPayments(t.context);
    } finally {
      t.setNow('2027-03-01T09:00:00Z');
    }
    // The booking is released; the 24,000 pence Stripe took went back with a refund, and nothing waits on the operator.
    expect(await reservationOf(t, number)).toMatchObject({ status: 'cancelled', amountPaid: 0 });
    expect(fake.moneyByReservation()[number]).toMatchObject({ taken: 0, held: 0 });
    expect(await paymentsOf(t, number)).toEqual([
      { type: 'authorisation', status: 'succeeded', amount: 24_000, gateway: 'stripe', last4: '3184' },
      { type: 'void', status: 'cancelled', amount: 24_000, gateway: 'stripe', last4: null },
      { type: 'refund', status: 'succeeded', amount: 24_000, gateway: 'stripe', last4: '3184' },
    ]);
    expect(
      (await request(t.app).get('/api/Admin/PaymentMovements').set('X-Api-Key', 'test-admin-key-0123456789').expect(200)).body.Items,
    ).toEqual([]);
    expect(await findLedgerBreaches(t.database.db)).toEqual([]);
  });
});

describe('when Stripe is slow or failing', () => {
  it('a call that timed out is retried with its idempotency key and books once', async () => {
    fake.failNext('timeout');
    const response = await book(t, ids, '4242424242424242', 200);
    const customers = fake.requests.filter(
      (call) =>
        call.path === '/v1/customers' &&
        call.idempotencyKey?.startsWith(`${response.body.ReservationNumber}-`) &&
        call.idempotencyKey.endsWith(':customer'),
    );
    // Sent twice (the first answer never came), made once: the fake replays the first answer.
    expect(customers).toHaveLength(2);
    expect(await reservationOf(t, response.body.ReservationNumber)).toMatchObject({ status: 'confirmed' });
  });

  it('a 500 is retried and books', async () => {
    fake.failNext('5xx');
    const response = await book(t, ids, '4242424242424242', 200);
    expect(await reservationOf(t, response.body.ReservationNumber)).toMatchObject({ status: 'confirmed' });
  });

  it.each(['timeout', '5xx'] as const)(
    'Stripe failing (%s) on every retry: a 503 that says the outcome is not known yet, the room held until the reconciler finds no payment and releases it',
    async (kind) => {
      const [count, sold] = [await reservationCount(t), await soldThursday(t)];
      fake.failNext(kind, 3);
      const response = await book(t, ids, '4242424242424242', 503);
      expect(response.body.Message).toBe(MONEY_MESSAGES.outcomeUnknown);
      const held = await newestBooking(t);
      expect(held.status).toBe('pending_payment');
      expect(await soldThursday(t)).toBe(Number(sold) + 1);
      // The customer may exist at Stripe; no PaymentIntent does: nothing was taken.
      await reconcileLater(t);
      expect(await reservationOf(t, held.number)).toMatchObject({ status: 'cancelled' });
      expect(await reservationCount(t)).toBe(count);
      expect(await soldThursday(t)).toBe(sold);
      expect(fake.moneyByReservation()[held.number]).toBeUndefined();
    },
  );
});

describe('a booking whose card’s answer cannot be recorded', () => {
  it('answers that the outcome is not known yet, and the reconciler confirms it with the money Stripe took, once', async () => {
    await refuseAnswers(t);
    onTestFinished(() => allowAnswers(t).then(() => undefined));
    const response = await book(t, ids, '4242424242424242', 503);
    expect(response.body.Message).toBe(MONEY_MESSAGES.outcomeUnknown);
    const held = await newestBooking(t);
    expect(held.status).toBe('pending_payment');
    // Stripe took £240.00 for it; nothing here says so yet.
    expect(fake.moneyByReservation()[held.number]).toMatchObject({ taken: 24_000, held: 0 });
    await allowAnswers(t);
    await reconcileLater(t);
    expect(await reservationOf(t, held.number)).toMatchObject({ status: 'confirmed', amountPaid: 24_000 });
    expect(await mailsOf(t, held.number)).toBe(1);
    expect(fake.moneyByReservation()[held.number]).toMatchObject({ taken: 24_000, paymentIntents: [expect.any(String)] });
    expect(await findLedgerBreaches(t.database.db)).toEqual([]);
  });

  it('with the test gateway, which keeps no books, the reconciler releases the booking: nothing real was taken', async () => {
    const testApp = await createTestApp();
    try {
      const testIds = await givenBookingProperty(testApp);
      await refuseAnswers(testApp);
      await create(testApp, aBooking(testIds)).expect(503);
      const held = await newestBooking(testApp);
      expect(held.status).toBe('pending_payment');
      await allowAnswers(testApp);
      await reconcileLater(testApp);
      expect(await reservationOf(testApp, held.number)).toMatchObject({ status: 'cancelled', amountPaid: 0 });
      expect(await reservationCount(testApp)).toBe(0);
    } finally {
      await testApp.close();
    }
  });
});

describe('money moved after booking, through Stripe', () => {
  const { charge, refund, balance } = cardMovementCalls(() => t);

  it('charges an amendment’s difference off-session on the kept card, refunds a smaller stay newest first, and a cancellation refunds the rest', async () => {
    const response = await book(t, ids, '4242424242424242', 200);
    const booking = (await reservationOf(t, response.body.ReservationNumber)) as unknown as CardBooking;
    const booked = await bookedIntent(t, booking.reservationNumber);

    // An amendment adds £25.00: 2,500 pence, off-session on the booking's customer and card.
    expect(await charge(booking, 2_500)).toMatchObject({ ok: true, amount: 2_500 });
    const chargeIntent = [...fake.paymentIntents.values()].at(-1)!;
    expect(chargeIntent).toMatchObject({
      amount: 2_500,
      customer: booked.customer,
      payment_method: booked.payment_method,
      status: 'succeeded',
    });
    // Paid so far: 24,000 + 2,500 = 26,500.
    expect(await balance(booking)).toBe(26_500);

    // A shorter stay gives back £30.00: the 2,500 charge first, then 500 of the booking's 24,000.
    expect(await refund(booking, 3_000)).toMatchObject({ ok: true, amount: 3_000 });
    const refunds = fake.requests
      .filter((call) => call.path === '/v1/refunds')
      .slice(-2)
      .map((call) => call.body);
    expect(refunds).toEqual([
      {
        payment_intent: chargeIntent.id,
        amount: '2500',
        metadata: { reservation: booking.reservationNumber, movement: expect.any(String) },
      },
      { payment_intent: booked.id, amount: '500', metadata: { reservation: booking.reservationNumber, movement: expect.any(String) } },
    ]);
    // 26,500 - 3,000 = 23,500 still paid: what a cancellation gives back.
    expect(await balance(booking)).toBe(23_500);
    expect(await refund(booking, 23_500)).toMatchObject({ ok: true, amount: 23_500 });
    expect(await balance(booking)).toBe(0);
    expect(await paymentsOf(t, booking.reservationNumber)).toEqual([
      { type: 'authorisation', status: 'succeeded', amount: 24_000, gateway: 'stripe', last4: '4242' },
      { type: 'charge', status: 'succeeded', amount: 2_500, gateway: 'stripe', last4: '4242' },
      { type: 'refund', status: 'succeeded', amount: 2_500, gateway: 'stripe', last4: '4242' },
      { type: 'refund', status: 'succeeded', amount: 500, gateway: 'stripe', last4: '4242' },
      { type: 'refund', status: 'succeeded', amount: 23_500, gateway: 'stripe', last4: '4242' },
    ]);
  });

  it('a card whose bank insists on 3-D Secure is declined off-session as authentication_required', async () => {
    const response = await book(t, ids, '4000002760003184', 200);
    fake.answerChallenge((await bookedIntent(t, response.body.ReservationNumber)).id, 'complete');
    await status(t, ids, response.body.ConfirmationToken);
    const booking = (await reservationOf(t, response.body.ReservationNumber)) as unknown as CardBooking;
    expect(await charge(booking, 2_500)).toMatchObject({
      ok: false,
      declineMessage: GUEST_PAYMENT_MESSAGES.authenticationRequired,
    });
  });
});

describe('saved cards at a Stripe property', () => {
  /** A user written to the database, logged in at the Stripe property: their session cookie. */
  async function loggedIn(email: string): Promise<string> {
    const user = await givenUser(t, { email });
    return (await logIn(t, ids.propertyId, user.email, user.password)).cookie!;
  }
  const createAs = (cookie: string, body: object) => request(t.app).post('/api/Reservation/Create').set('Cookie', cookie).send(body);
  const savedCardsOf = (email: string) =>
    rows(
      t,
      sql`SELECT s.id, s.gateway, s.gateway_token AS token, s.last4 FROM saved_cards s JOIN users u ON u.id = s.user_id
          WHERE u.email = ${email} ORDER BY s.id`,
    );

  it('keeps a new card when asked, lists it as a Stripe card, and pays a later booking with it on the same customer and payment method', async () => {
    const cookie = await loggedIn('saver@example.com');
    const first = await createAs(
      cookie,
      aBooking(ids, {
        CardDetails: { NameOnCard: 'Ada Lovelace', SaveCreditCardToIndividual: true },
        PaymentMethodId: await paymentMethod('4242424242424242'),
      }),
    ).expect(200);
    const firstIntent = await bookedIntent(t, first.body.ReservationNumber);
    const [saved, ...others] = await savedCardsOf('saver@example.com');
    expect(others).toEqual([]);
    // Stripe keeps the card on the booking's customer: the token names both, and only the server holds it.
    expect(saved).toEqual({
      id: expect.any(Number),
      gateway: 'stripe',
      token: `${firstIntent.customer}:${firstIntent.payment_method}`,
      last4: '4242',
    });

    const account = await getAccount(t, cookie, ids.propertyId).expect(200);
    expect(account.body.CreditCards).toEqual([
      {
        CreditCardId: saved!.id,
        CreditCardTypeId: 1,
        Brand: 'Visa',
        Last4: '4242',
        ExpiryMonth: 12,
        ExpiryYear: 2030,
        NameOnCard: 'Ada Lovelace',
        PaymentProvider: 'stripe',
      },
    ]);
    expect(account.text).not.toMatch(/cus_|pm_/);

    const before = fake.requests.length;
    const second = await createAs(cookie, aBooking(ids, { CardDetails: { CreditCardId: saved!.id } })).expect(200);
    expect(second.body).toMatchObject({ Success: true, ChallengeUrl: null });
    expect(await reservationOf(t, second.body.ReservationNumber)).toMatchObject({ status: 'confirmed' });
    // No new customer: the PaymentIntent goes straight to the kept customer and card, which are already set up for later.
    expect(fake.requests.slice(before).map((call) => call.path)).toEqual(['/v1/payment_intents']);
    const secondIntent = await bookedIntent(t, second.body.ReservationNumber);
    expect(secondIntent).toMatchObject({
      // The same stay: £100.00 + £140.00 = £240.00, 24,000 pence.
      amount: 24_000,
      status: 'succeeded',
      customer: firstIntent.customer,
      payment_method: firstIntent.payment_method,
    });
    expect(secondIntent.id).not.toBe(firstIntent.id);
    expect(secondIntent.setup_future_usage).toBeNull();
    const [payment] = await rows(
      t,
      sql`SELECT p.saved_card_id AS "savedCardId", p.card_last4 AS last4 FROM payments p JOIN reservations r ON r.id = p.reservation_id
          WHERE r.reservation_number = ${second.body.ReservationNumber}`,
    );
    expect(payment).toEqual({ savedCardId: saved!.id, last4: '4242' });
    // Paying with it again does not keep it twice.
    expect(await savedCardsOf('saver@example.com')).toHaveLength(1);
  });

  it("refuses a card saved at the test gateway (400, the saved card's message), booking nothing and calling Stripe for nothing", async () => {
    const cookie = await loggedIn('tester@example.com');
    // The same server's test-gateway property, where the user saved a card.
    const testIds = await givenBookingProperty(t, { ...bookingProperty, Code: 'TESTGW' });
    await createAs(cookie, aBooking(testIds, { CardDetails: { ...visa, SaveCreditCardToIndividual: true } })).expect(200);
    const [testCard] = await savedCardsOf('tester@example.com');
    expect(testCard).toMatchObject({ gateway: 'test' });
    const account = await getAccount(t, cookie, ids.propertyId).expect(200);
    expect(account.body.CreditCards).toEqual([expect.objectContaining({ CreditCardId: testCard!.id, PaymentProvider: 'test' })]);

    const reservations = await reservationCount(t);
    const before = fake.requests.length;
    const refused = await createAs(cookie, aBooking(ids, { CardDetails: { CreditCardId: testCard!.id } })).expect(400);
    expect(refused.body.ModelState).toEqual({
      'CardDetails.CreditCardId': ['This saved card was not found. Please choose another card or enter its details.'],
    });
    expect(await reservationCount(t)).toBe(reservations);
    expect(fake.requests.length).toBe(before);
  });
});

describe('manual capture', () => {
  it('holds the amount at booking; capture takes it; a refund of a hold releases it instead', async () => {
    const { app, ids: holdIds } = await stripeApp('manual');
    try {
      const response = await book(app, holdIds, '4242424242424242', 200);
      const number = response.body.ReservationNumber as string;
      expect(await reservationOf(app, number)).toMatchObject({ status: 'confirmed' });
      const intent = await bookedIntent(app, number);
      // £240.00 held, nothing taken yet.
      expect(intent).toMatchObject({ capture_method: 'manual', status: 'requires_capture', amount_capturable: 24_000, amount_received: 0 });

      const gateway = app.context.paymentGateways.byName('stripe');
      // The hotel takes £200.00 of the £240.00 hold at check-in; Stripe releases the other £40.00.
      expect(
        await gateway.capture({ idempotencyKey: `${number}-capture`, gatewayReference: intent.id, amount: 20_000, currency: 'GBP' }),
      ).toEqual({
        status: 'captured',
        gatewayReference: intent.id,
      });
      expect(intent).toMatchObject({ status: 'succeeded', amount_received: 20_000 });

      const second = await book(app, holdIds, '4242424242424242', 200);
      const held = await bookedIntent(app, second.body.ReservationNumber);
      const booking = (await reservationOf(app, second.body.ReservationNumber)) as unknown as CardBooking;
      // Cancelled while held: the £240.00 hold is released, nothing was taken to refund.
      expect(await cardMovementCalls(() => app).refund(booking, 24_000)).toMatchObject({
        ok: true,
        amount: 24_000,
      });
      expect(held.status).toBe('canceled');
      expect(await gateway.void({ idempotencyKey: `${held.id}-void`, gatewayReference: held.id })).toEqual({
        status: 'voided',
        gatewayReference: held.id,
      });
    } finally {
      await app.close();
    }
  });
});

describe('the Stripe adapter alone', () => {
  it('answers a declined PaymentIntent’s card and the guest message without throwing', async () => {
    const gateway = createStripeGateway(
      { secretKey: 'sk_test_x', webhookSecret: undefined, apiUrl: new URL(fake.url), maxNetworkRetries: 0 },
      { publicUrl: 'https://hotel.example' },
    );
    const result = await gateway.authorise({
      idempotencyKey: 'ADAPTER1-a',
      amount: 1_000,
      currency: 'GBP',
      reference: 'ADAPTER1',
      card: { paymentMethodId: await paymentMethod('4000000000009995') },
    });
    expect(result).toMatchObject({
      status: 'declined',
      declineMessage: GUEST_PAYMENT_MESSAGES.insufficientFunds,
      brand: 'visa',
      last4: '9995',
    });
    expect(() => gateway.webhooks!.read(Buffer.from('{}'), { 'stripe-signature': 't=1,v1=00' })).toThrow('STRIPE_WEBHOOK_SECRET');
  });
});

describe('a Stripe property on a server without STRIPE_SECRET_KEY', () => {
  it('refuses its card bookings with a 503 that says so, nothing booked, and /readyz warns', async () => {
    const bare = await createTestApp();
    try {
      const bareIds = await givenBookingProperty(bare, stripeProperty('automatic'));
      const response = await create(bare, aBooking(bareIds, { CardDetails: { NameOnCard: 'Ada' }, PaymentMethodId: 'pm_123' })).expect(503);
      expect(response.body.Message).toBe(PAYMENT_UNAVAILABLE_MESSAGE);
      expect(await reservationCount(bare)).toBe(0);
      const ready = await request(bare.app).get('/readyz').expect(200);
      expect(ready.body.payments).toEqual(['test']);
      expect(ready.body.warnings).toEqual([expect.stringContaining('"stripe", which this server is not set up for')]);
      // Its webhook route has nobody to verify with.
      await request(bare.app).post('/api/Payments/Webhook/stripe').set('Content-Type', 'application/json').send('{}').expect(404);
    } finally {
      await bare.close();
    }
  });
});
