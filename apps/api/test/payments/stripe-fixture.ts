import { sql } from 'drizzle-orm';
import type { FakeStripe } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { reconcileOverdueMovements } from '../../src/booking';
import { rawRows } from '../../src/database/raw-rows';
import { RECONCILE_AFTER_MS } from '../../src/payments';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';

/**
 * A Stripe property against the local fake of Stripe's API (tools/fake-stripe): the property
 * BOOK takes cards with Stripe. Its stay is a Double, Thursday £100.00 + Friday £140.00 =
 * £240.00, 24,000 pence, VAT included: what each booking's PaymentIntent asks.
 */
export const WEBHOOK_SECRET = 'whsec_test_secret';

export const stripeProperty = (captureMethod: 'automatic' | 'manual', overrides: Record<string, unknown> = {}) => {
  const rooms = Array.from({ length: 20 }, (_, i) => String(101 + i));
  const roomTypes = (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
    type.Code === 'DBL' ? { ...type, Rooms: rooms } : type,
  );
  return {
    ...bookingProperty,
    RoomTypes: roomTypes,
    Payments: { Provider: 'stripe', PublicKey: 'pk_test_hotel', CaptureMethod: captureMethod },
    ...overrides,
  };
};

/** An app whose server runs the test gateway and Stripe (at the fake), with the Stripe property imported. */
export async function stripeApp(
  fake: FakeStripe,
  captureMethod: 'automatic' | 'manual',
  overrides: Record<string, unknown> = {},
): Promise<{ app: TestApp; ids: Ids }> {
  const app = await createTestApp({
    config: {
      payments: {
        test: true,
        stripe: {
          secretKey: 'sk_test_hotel',
          webhookSecret: WEBHOOK_SECRET,
          apiUrl: new URL(fake.url),
          timeoutMs: 400,
          maxNetworkRetries: 2,
        },
        stripeJsUrl: 'http://127.0.0.1:9/v3/',
      },
    },
  });
  return { app, ids: await givenBookingProperty(app, stripeProperty(captureMethod, overrides)) };
}

/** What Stripe.js does in the guest's browser: the card goes to Stripe with the publishable key, and only its pm_ id comes back. */
export async function stripePaymentMethod(fake: FakeStripe, number: string): Promise<string> {
  const response = await fetch(`${fake.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: 'Bearer pk_test_hotel', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
    }),
  });
  return ((await response.json()) as { id: string }).id;
}

export const createReservation = (app: TestApp, body: object) => request(app.app).post('/api/Reservation/Create').send(body);

/** Books the stay with a card typed into (fake) Stripe.js, expecting `expected`. */
export async function bookWithStripe(fake: FakeStripe, app: TestApp, bookingIds: Ids, number: string, expected: number) {
  const body = aBooking(bookingIds, {
    CardDetails: { NameOnCard: 'Ada Lovelace' },
    PaymentMethodId: await stripePaymentMethod(fake, number),
  });
  return createReservation(app, body).expect(expected);
}

type Row = Record<string, unknown>;
export const rows = (app: TestApp, query: ReturnType<typeof sql>) => rawRows<Row>(app.database.db, query);

export const paymentsOf = (app: TestApp, number: string) =>
  rows(
    app,
    sql`SELECT p.transaction_type AS type, p.status, p.amount, p.gateway, p.card_last4 AS last4
        FROM payments p JOIN reservations r ON r.id = p.reservation_id WHERE r.reservation_number = ${number} ORDER BY p.id`,
  );

export const reservationOf = async (app: TestApp, number: string) =>
  (
    await rows(
      app,
      sql`SELECT id, status, reservation_number AS "reservationNumber", currency, amount_paid AS "amountPaid" FROM reservations WHERE reservation_number = ${number}`,
    )
  )[0];

/** The fake's PaymentIntent of the booking's authorisation. */
export const bookedIntent = async (fake: FakeStripe, app: TestApp, number: string) =>
  fake.paymentIntents.get(
    String(
      (
        await rows(
          app,
          sql`SELECT p.gateway_reference AS ref FROM payments p JOIN reservations r ON r.id = p.reservation_id WHERE r.reservation_number = ${number} AND p.transaction_type = 'authorisation'`,
        )
      )[0]!.ref,
    ),
  )!;

/** The reconciler's pass once its movements are overdue (it asks only after RECONCILE_AFTER_MS), the clock put back after. */
export async function reconcileLater(app: TestApp): Promise<void> {
  const now = app.context.clock.now();
  app.setNow(new Date(now.getTime() + RECONCILE_AFTER_MS + 1_000));
  try {
    await reconcileOverdueMovements(app.context);
  } finally {
    app.setNow(now);
  }
}
