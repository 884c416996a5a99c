import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { findLedgerBreaches } from '../../src/booking';
import { rawRows } from '../../src/database/raw-rows';
import { stripePaymentMethod, WEBHOOK_SECRET } from '../payments/stripe-fixture';
import { onRealPostgres } from '../support/test-database';
import { ADMIN_API_KEY } from './api-process';
import { aFaultBooking, faultProperty, givenFaultProperty, startFaultRig, type BookingTarget, type FaultRig } from './fault-fixture';

/**
 * The API process killed (SIGKILL) after Stripe said yes and before the answer was recorded:
 * the fake holds the call (`pause`), the process is killed, the call is let through (Stripe
 * takes the money, answering nobody), and the API starts again on the same database. Each
 * booking is two nights at 100, £200.00 (20,000 pence), taken at booking.
 */
const stripeFaultProperty = {
  ...faultProperty,
  Payments: { Provider: 'stripe', PublicKey: 'pk_test_hotel', CaptureMethod: 'automatic' },
  RatePlans: (faultProperty.RatePlans as Record<string, unknown>[]).map((plan) => ({ ...plan, CancellationDeadlineHours: 48 })),
};

type Row = Record<string, unknown>;

describe.runIf(onRealPostgres())('the API is killed between Stripe’s yes and the commit', () => {
  let fake: FakeStripe;
  let rig: FaultRig;
  let target: BookingTarget;
  let bookings = 0;

  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    rig = await startFaultRig({
      env: { STRIPE_SECRET_KEY: 'sk_test_hotel', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
    });
    target = await givenFaultProperty(rig, stripeFaultProperty);
  });
  afterAll(async () => {
    await rig?.close();
    await fake?.close();
  });

  const rows = (query: ReturnType<typeof sql>) => rawRows<Row>(rig.database.db, query);
  const call = (path: string, init: { method?: string; body?: object; headers?: Record<string, string> } = {}) =>
    fetch(`${rig.api.base}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    });
  const bookingBody = async () => ({
    ...(aFaultBooking(target, bookings++) as Record<string, unknown>),
    CardDetails: { NameOnCard: 'Grace Hopper' },
    PaymentMethodId: await stripePaymentMethod(fake, '4242424242424242'),
  });
  const create = (key: string, body: object) =>
    call('/api/Reservation/Create', { method: 'POST', body, headers: { 'Idempotency-Key': key } });

  /** Holds the next call to `path` at Stripe, kills the API once it is held, lets it through to nobody, and starts the API again. */
  async function killDuring(path: string, send: () => Promise<unknown>) {
    fake.failNext('pause', { path });
    const unanswered = send().catch(() => undefined);
    await fake.waitForPaused(1);
    const killed = rig.api;
    killed.kill('SIGKILL');
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await fake.releasePaused();
    await unanswered;
    await rig.restartApi();
  }

  const bookingOf = async (number: string) =>
    (
      await rows(
        sql`SELECT id, status, amount_paid AS paid, amount_refunded AS refunded,
                   (SELECT count(*) FROM mail_outbox m WHERE m.reservation_id = r.id AND m.kind = 'booking_confirmation')::int AS confirmations
            FROM reservations r WHERE reservation_number = ${number}`,
      )
    )[0];
  const pendingMovement = async () =>
    (
      await rows(
        sql`SELECT p.id, p.transaction_type AS kind, r.reservation_number AS number FROM payments p JOIN reservations r ON r.id = p.reservation_id
            WHERE p.status = 'pending'`,
      )
    )[0] as { id: number; kind: string; number: string };

  it('a booking whose client sends its Idempotency-Key again after the restart is confirmed once, with the £200.00 Stripe took', async () => {
    const body = await bookingBody();
    await killDuring('POST /v1/payment_intents', () => create('crash-create-retried', body));
    const held = await pendingMovement();
    expect(held.kind).toBe('authorisation');
    expect(await bookingOf(held.number)).toMatchObject({ status: 'pending_payment', paid: 0 });
    // Stripe took the money; nothing here says so yet.
    expect(fake.moneyByReservation()[held.number]).toMatchObject({ taken: 20_000 });

    const retried = await create('crash-create-retried', body);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as Row).ReservationNumber).toBe(held.number);
    expect(await bookingOf(held.number)).toMatchObject({ status: 'confirmed', paid: 20_000, confirmations: 1 });
    expect(fake.moneyByReservation()[held.number]).toMatchObject({ taken: 20_000, paymentIntents: [expect.any(String)] });
    expect(await findLedgerBreaches(rig.database.db)).toEqual([]);
  });

  it('a booking nobody asks after: the operator’s Reconcile after the restart confirms it once, and a late retry gets that booking', async () => {
    const body = await bookingBody();
    await killDuring('POST /v1/payment_intents', () => create('crash-create-reconciled', body));
    const held = await pendingMovement();

    const reconciled = await call(`/api/Admin/PaymentMovements/${held.id}/Reconcile`, {
      method: 'POST',
      headers: { 'X-Api-Key': ADMIN_API_KEY },
    });
    expect(reconciled.status).toBe(200);
    expect(await reconciled.json()).toMatchObject({ Id: held.id, Status: 'succeeded', Settled: true });
    expect(await bookingOf(held.number)).toMatchObject({ status: 'confirmed', paid: 20_000, confirmations: 1 });

    const retried = await create('crash-create-reconciled', body);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as Row).ReservationNumber).toBe(held.number);
    expect(fake.moneyByReservation()[held.number]).toMatchObject({ taken: 20_000, paymentIntents: [expect.any(String)] });
    expect(await findLedgerBreaches(rig.database.db)).toEqual([]);
  });

  it('a cancellation killed while Stripe refunds: the cancellation stands and the reconciler records the one refund Stripe made', async () => {
    const created = await create('crash-cancel-booking', await bookingBody());
    expect(created.status).toBe(200);
    const { ReservationNumber: number, ConfirmationToken: token } = (await created.json()) as {
      ReservationNumber: string;
      ConfirmationToken: string;
    };
    const confirmation = await call(`/api/Reservation/Confirmation?propertyId=${target.propertyId}&confirmationToken=${token}`);
    const code = (((await confirmation.json()) as Row).ManageBookingUrl as string).split('/').at(-1)!;
    const booking = await bookingOf(number);

    await killDuring('POST /v1/refunds', () =>
      call('/api/ManageBooking/Cancel', {
        method: 'POST',
        body: { PropertyId: target.propertyId, ReservationId: booking!.id, Code: code },
      }),
    );
    // The cancellation committed before the refund was asked for; Stripe made it, unheard.
    const refund = await pendingMovement();
    expect(refund).toMatchObject({ kind: 'refund', number });
    expect(await bookingOf(number)).toMatchObject({ status: 'cancelled', paid: 20_000, refunded: 0 });
    expect(fake.moneyByReservation()[number]).toMatchObject({ taken: 0 });

    const reconciled = await call(`/api/Admin/PaymentMovements/${refund.id}/Reconcile`, {
      method: 'POST',
      headers: { 'X-Api-Key': ADMIN_API_KEY },
    });
    expect(await reconciled.json()).toMatchObject({ Status: 'succeeded', Settled: true });
    expect(await bookingOf(number)).toMatchObject({ status: 'cancelled', paid: 0, refunded: 20_000 });
    expect([...fake.refunds.values()].filter((candidate) => candidate.metadata.reservation === number).map((r) => r.amount)).toEqual([
      20_000,
    ]);
    expect(await findLedgerBreaches(rig.database.db)).toEqual([]);
  });
});
