import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { PAYSTACK_MESSAGES } from '../../src/payments/paystack/paystack-gateway';
import { cardMovementCalls, type CardBooking } from './card-movement-calls';
import { importDefinition } from '../../src/property-definition/import-definition';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { startFakePaystack, type FakePaystack } from '../support/fake-paystack.mjs';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { PAYSTACK_SECRET, paystackApp } from './paystack-fixture';

/**
 * PayStack end to end against a local fake of its API (test/support/fake-paystack.mjs): Create
 * sends the guest to PayStack's checkout, the return (verify) or the signed webhook settles the
 * booking, whichever comes first. Today is Monday 1 March 2027; every stay is Thursday 4 to
 * Saturday 6 March, two nights, in a property with one room, so a held room shows as sold out.
 */
const SECRET = PAYSTACK_SECRET;
let fake: FakePaystack;
let t: TestApp;

/** A one-room PayStack property in `currency` at `rate` a night. */
const paystackProperty = (code: string, currency: string, rate: number, extra: Record<string, unknown> = {}) =>
  aProperty({
    Code: code,
    Currency: currency,
    // Prices include VAT, so the guest pays the total as priced.
    StandardVatRate: 7.5,
    IsStandardTaxExclusive: false,
    Payments: { Provider: 'paystack' },
    RoomTypes: [{ Code: 'DBL', Name: 'Double', Rooms: ['101'], MaximumOccupancy: 2 }],
    RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'DBL', BaseRate: rate }] }],
    ...extra,
  });

type Booked = { ConfirmationToken: string; ReservationNumber: string; ChallengeUrl: string | null };
type PropertyIds = { propertyId: number; roomTypeId: number; ratePlanId: number };
const properties: Record<string, PropertyIds> = {};

async function idsOf(code: string): Promise<PropertyIds> {
  const [row] = await rawRows<PropertyIds>(
    t.database.db,
    sql`SELECT p.id AS "propertyId", rt.id AS "roomTypeId", rp.id AS "ratePlanId"
        FROM properties p JOIN room_types rt ON rt.property_id = p.id JOIN rate_plans rp ON rp.property_id = p.id
        WHERE p.code = ${code}`,
  );
  return row!;
}

function aPaystackBooking(code: string, totalCost: number) {
  const ids = properties[code]!;
  return {
    LanguageCode: 'en',
    PropertyId: ids.propertyId,
    DateFrom: '2027-03-04',
    DateTo: '2027-03-06',
    Booker: {
      FirstName: 'Chidi',
      LastName: 'Okafor',
      Email: 'chidi@example.com',
      Phone: '+2348012345678',
      Street: '1 Marina',
      CountryId: 566,
      ZipCode: '101001',
      OptInToReceiveUpdates: false,
    },
    PaymentType: 'PayByPayStack',
    Rooms: [
      {
        ReservationItemId: 1,
        DateFrom: '2027-03-04',
        DateTo: '2027-03-06',
        RoomTypeId: ids.roomTypeId,
        RatePlanId: ids.ratePlanId,
        NumberOfAdults: 2,
        NumberOfChildren: 0,
        NumberOfInfants: 0,
        Guests: [{ FirstName: 'Chidi', LastName: 'Okafor' }],
        Services: [],
        TotalCost: totalCost,
      },
    ],
  };
}

// 2 nights x ₦6,250.00 = ₦12,500.00 (VAT inclusive), 1,250,000 kobo.
const NGN_TOTAL = 12_500;
const book = async (code = 'PSNG', total = NGN_TOTAL): Promise<Booked> =>
  (await request(t.app).post('/api/Reservation/Create').send(aPaystackBooking(code, total)).expect(200)).body as Booked;

/** The booking's status as the database holds it (the Status page asks PayStack, which may settle it). */
async function bookingStatus(reservationNumber: string): Promise<string> {
  const [row] = await rawRows<{ status: string }>(
    t.database.db,
    sql`SELECT status FROM reservations WHERE reservation_number = ${reservationNumber}`,
  );
  return row!.status;
}

const status = async (code: string, token: string) =>
  (
    await request(t.app)
      .get('/api/Reservation/Status')
      .query({ propertyId: properties[code]!.propertyId, referenceNumber: token })
      .expect(200)
  ).body as { Success: boolean; Status: string; Message: string; ChallengeUrl: string | null };

const sold = async (code = 'PSNG') =>
  (
    await rawRows<{ sold: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(i.sold), 0)::int AS sold FROM room_type_inventory i JOIN room_types rt ON rt.id = i.room_type_id
          JOIN properties p ON p.id = rt.property_id WHERE p.code = ${code}`,
    )
  )[0]!.sold;

/** The guest's confirmations of the booking (the hotel's notice is a mail of its own kind). */
const mailsTo = async (number: string) =>
  (
    await rawRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM mail_outbox m JOIN reservations r ON r.id = m.reservation_id
          WHERE r.reservation_number = ${number} AND m.kind = 'booking_confirmation'`,
    )
  )[0]!.n;

type PaymentRow = {
  type: string;
  status: string;
  amount: number;
  gateway: string;
  last4: string | null;
  token: string | null;
  reference: string;
};
const paymentsOf = (number: string) =>
  rawRows<PaymentRow>(
    t.database.db,
    sql`SELECT p.transaction_type AS type, p.status, p.amount, p.gateway, p.card_last4 AS last4, p.gateway_token AS token,
               p.gateway_reference AS reference
        FROM payments p JOIN reservations r ON r.id = p.reservation_id WHERE r.reservation_number = ${number} ORDER BY p.id`,
  );

/** The PayStack transaction Create started for a booking. */
const transactionOf = (booked: Booked) => fake.transactionFor(booked.ReservationNumber)!;

/** The guest's browser back from PayStack's checkout: callback_url with trxref and reference added. */
function comeBack(booked: Booked) {
  const transaction = transactionOf(booked);
  const back = new URL(transaction.callbackUrl!);
  back.searchParams.set('trxref', transaction.reference);
  back.searchParams.set('reference', transaction.reference);
  return request(t.app).get(`${back.pathname}${back.search}`);
}

function webhook(body: string, signature: string) {
  return request(t.app)
    .post('/api/Payments/Webhook/paystack')
    .set('Content-Type', 'application/json')
    .set('x-paystack-signature', signature)
    .send(body);
}

const freeTheRoom = () => t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);

beforeAll(async () => {
  // PayStack's clock is the API's, as in life: a refund is looked up from about when its movement was recorded.
  fake = await startFakePaystack({ secretKey: SECRET, now: () => t?.context.clock.now() ?? new Date() });
  t = await paystackApp(fake, { testGateway: true });
  await givenDefinition(
    t.context,
    aDefinition(
      paystackProperty('PSNG', 'NGN', 6250),
      // 2 nights x GH₵425.50 = GH₵851.00, 85,100 pesewas.
      paystackProperty('PSGH', 'GHS', 425.5),
      // 2 nights x R1,299.99 = R2,599.98, 259,998 cents.
      paystackProperty('PSZA', 'ZAR', 1299.99),
      // 2 nights x KSh7,500.00 = KSh15,000.00, 1,500,000 cents.
      paystackProperty('PSKE', 'KES', 7500),
      // 2 nights x $89.95 = $179.90, 17,990 cents.
      paystackProperty('PSUS', 'USD', 89.95),
    ),
  );
  for (const code of ['PSNG', 'PSGH', 'PSZA', 'PSKE', 'PSUS']) properties[code] = await idsOf(code);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
let transactionsBefore = 0;
beforeEach(async () => {
  fake.duplicateWebhooks = false;
  await freeTheRoom();
  transactionsBefore = fake.transactions.size;
});

describe('booking with PayStack', () => {
  it("sends the guest to PayStack's checkout, holding the room, and confirms with one e-mail once the return verifies the payment", async () => {
    const booked = await book();
    const transaction = transactionOf(booked);
    expect(booked.ChallengeUrl).toBe(`${fake.url}/checkout/${transaction.accessCode}`);
    // ₦12,500.00 = 1,250,000 kobo, in the booker's name, back to our return route.
    expect(transaction).toMatchObject({ amount: 1_250_000, currency: 'NGN', email: 'chidi@example.com' });
    expect(transaction.callbackUrl).toMatch(/^http:\/\/localhost:3000\/api\/Payments\/PayStack\/Return\?r=/);
    expect(await sold()).toBe(2); // both nights held while the guest is at PayStack
    expect((await status('PSNG', booked.ConfirmationToken)).Status).toBe('PendingPayment');
    expect(await mailsTo(booked.ReservationNumber)).toBe(0);

    fake.pay(transaction.reference);
    const back = await comeBack(booked).expect(303);
    expect(back.headers.location).toBe(`/Book/PSNG/Status/${booked.ConfirmationToken}`);
    expect(await status('PSNG', booked.ConfirmationToken)).toMatchObject({ Success: true, Status: 'Confirmed' });
    expect(await mailsTo(booked.ReservationNumber)).toBe(1);
    expect(await paymentsOf(booked.ReservationNumber)).toEqual([
      {
        type: 'authorisation',
        status: 'succeeded',
        amount: 1_250_000,
        gateway: 'paystack',
        last4: '4081',
        token: expect.stringMatching(/^AUTH_fake\d{6}\|chidi@example\.com$/),
        reference: transaction.reference,
      },
    ]);

    // The browser comes back twice (reload): nothing changes, no second e-mail.
    await comeBack(booked).expect(303);
    expect(await mailsTo(booked.ReservationNumber)).toBe(1);
  });

  it('confirms from the webhook when it comes first; the return after it is a no-op', async () => {
    const booked = await book();
    const transaction = transactionOf(booked);
    fake.pay(transaction.reference);
    const event = fake.signedEvent(transaction.reference);
    expect((await webhook(event.body, event.signature).expect(200)).body).toEqual({ Received: true, Duplicate: false });
    expect(await status('PSNG', booked.ConfirmationToken)).toMatchObject({ Success: true, Status: 'Confirmed' });
    const verifiesBefore = fake.requests.filter((call) => call.path.startsWith('/transaction/verify/')).length;
    await comeBack(booked).expect(303);
    // Already settled: the return does not even ask PayStack again.
    expect(fake.requests.filter((call) => call.path.startsWith('/transaction/verify/')).length).toBe(verifiesBefore);
    expect(await mailsTo(booked.ReservationNumber)).toBe(1);
  });

  it('acknowledges a redelivered webhook without acting on it again', async () => {
    const booked = await book();
    const transaction = transactionOf(booked);
    fake.pay(transaction.reference);
    const event = fake.signedEvent(transaction.reference);
    expect((await webhook(event.body, event.signature).expect(200)).body).toEqual({ Received: true, Duplicate: false });
    expect((await webhook(event.body, event.signature).expect(200)).body).toEqual({ Received: true, Duplicate: true });
    expect(await mailsTo(booked.ReservationNumber)).toBe(1);
    const [ledger] = await rawRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM payment_webhook_events WHERE provider = 'paystack' AND event_id = ${`charge.success:${transaction.id}`}`,
    );
    expect(ledger!.n).toBe(1);
  });

  it("refuses a webhook whose signature is not PayStack's, changing nothing", async () => {
    const booked = await book();
    const transaction = transactionOf(booked);
    fake.pay(transaction.reference);
    const forged = fake.signedEvent(transaction.reference, 'charge.success', 'sk_test_someone_else');
    const refused = await webhook(forged.body, forged.signature).expect(400);
    expect(refused.body.Message).toBe('The PayStack signature does not match: the event was refused.');
    // The right signature over another body does not pass either.
    const genuine = fake.signedEvent(transaction.reference);
    await webhook(genuine.body.replace('"amount":1250000', '"amount":1'), genuine.signature).expect(400);
    await webhook(genuine.body, '').expect(400);
    expect(await bookingStatus(booked.ReservationNumber)).toBe('pending_payment');
    const [ledger] = await rawRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM payment_webhook_events WHERE event_id = ${`charge.success:${transaction.id}`}`,
    );
    expect(ledger!.n).toBe(0);
  });

  it('answers 200 to events it does not act on, and to a charge that is not one of our bookings', async () => {
    const booked = await book();
    const transaction = transactionOf(booked);
    const transfer = fake.signedEvent(transaction.reference, 'transfer.success');
    expect((await webhook(transfer.body, transfer.signature).expect(200)).body).toEqual({ Received: true, Duplicate: false });
    expect((await status('PSNG', booked.ConfirmationToken)).Status).toBe('PendingPayment');
  });

  it("releases the room when the payment fails, with PayStack's reason on Status", async () => {
    const booked = await book();
    expect(await sold()).toBe(2);
    fake.fail(transactionOf(booked).reference);
    await comeBack(booked).expect(303);
    expect(await status('PSNG', booked.ConfirmationToken)).toMatchObject({
      Success: false,
      Status: 'PaymentFailed',
      Message:
        'Your payment was not completed. PayStack could not take your payment. Please try again, use another card or contact your bank.',
    });
    expect(await sold()).toBe(0);
    expect(await mailsTo(booked.ReservationNumber)).toBe(0);
  });

  it('releases the room at once when the guest cancels on the checkout page (cancel_action)', async () => {
    const booked = await book();
    const transaction = transactionOf(booked);
    fake.abandon(transaction.reference);
    const cancelAction = new URL(String(transaction.metadata.cancel_action));
    await request(t.app).get(`${cancelAction.pathname}${cancelAction.search}`).expect(303);
    expect(await status('PSNG', booked.ConfirmationToken)).toMatchObject({ Status: 'PaymentFailed' });
    expect(await sold()).toBe(0);
  });

  it('refunds at once, whole, a payment PayStack takes after the booking was released', async () => {
    const booked = await book();
    const transaction = transactionOf(booked);
    fake.abandon(transaction.reference);
    const cancelAction = new URL(String(transaction.metadata.cancel_action));
    await request(t.app).get(`${cancelAction.pathname}${cancelAction.search}`).expect(303);
    expect(await sold()).toBe(0);
    // The guest then pays in the checkout tab still open: PayStack takes ₦12,500.00 for rooms given back.
    fake.pay(transaction.reference);
    const event = fake.signedEvent(transaction.reference);
    await webhook(event.body, event.signature).expect(200);
    expect(fake.refunds.filter((r) => r.transaction === transaction.reference)).toEqual([
      expect.objectContaining({ amount: 1_250_000, currency: 'NGN' }),
    ]);
    expect(await status('PSNG', booked.ConfirmationToken)).toMatchObject({ Status: 'PaymentFailed' });
    expect(await sold()).toBe(0);
    expect(await mailsTo(booked.ReservationNumber)).toBe(0);
  });

  it("refuses a card typed for our own form: a PayStack property takes new cards on PayStack's page", async () => {
    const booking = {
      ...aPaystackBooking('PSNG', NGN_TOTAL),
      PaymentType: 'PayByCard',
      CardDetails: { CardNumber: '4111111111111111', NameOnCard: 'Chidi Okafor', ExpiryMonth: 12, ExpiryYear: 2030, SecurityCode: '123' },
    };
    const refused = await request(t.app).post('/api/Reservation/Create').send(booking).expect(400);
    expect(refused.body.ModelState).toEqual({
      PaymentType: [
        "This hotel takes new cards on PayStack's secure payment page: please choose to pay with PayStack, or pay with a card saved to your account.",
      ],
    });
    expect(await sold()).toBe(0);
    expect(fake.transactions.size).toBe(transactionsBefore);
  });

  it('asks again when verify times out, then confirms', async () => {
    const booked = await book();
    fake.pay(transactionOf(booked).reference);
    fake.hangNext('verify');
    fake.failNext('verify', 503);
    await comeBack(booked).expect(303);
    // A hung call, a 503 and the answer: three attempts, the bound.
    expect(await status('PSNG', booked.ConfirmationToken)).toMatchObject({ Success: true, Status: 'Confirmed' });
  });

  it('leaves the booking pending when PayStack cannot be reached on the return, for the webhook (or the Status page) to settle', async () => {
    const booked = await book();
    const transaction = transactionOf(booked);
    fake.pay(transaction.reference);
    fake.failNext('verify', 500, 3);
    await comeBack(booked).expect(303);
    expect(await bookingStatus(booked.ReservationNumber)).toBe('pending_payment');
    const event = fake.signedEvent(transaction.reference);
    await webhook(event.body, event.signature).expect(200);
    expect((await status('PSNG', booked.ConfirmationToken)).Status).toBe('Confirmed');
  });

  it('answers 503 and books nothing when PayStack fails to start the payment', async () => {
    const [before] = await rawRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM reservations WHERE status <> 'cancelled'`,
    );
    fake.failNext('initialize', 500);
    const refused = await request(t.app).post('/api/Reservation/Create').send(aPaystackBooking('PSNG', NGN_TOTAL)).expect(503);
    expect(refused.body).toEqual({
      Code: 'PAYMENT_UNAVAILABLE',
      Message:
        'We could not reach PayStack to take your payment, so nothing was booked and nothing was charged. Please try again in a few minutes.',
    });
    // The rooms it held while it asked are released: no standing booking more.
    const [after] = await rawRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM reservations WHERE status <> 'cancelled'`,
    );
    expect(after!.n).toBe(before!.n);
    expect(await sold()).toBe(0);
    // Initialize is not tried twice: a second one could start a second payment.
    await book();
  });

  it('does not accept a success for another amount than the booking', async () => {
    const booked = await book();
    const transaction = transactionOf(booked);
    fake.pay(transaction.reference);
    transaction.amount = 100; // ₦1.00 paid instead of ₦12,500.00
    await comeBack(booked).expect(303);
    expect(await status('PSNG', booked.ConfirmationToken)).toMatchObject({ Status: 'PaymentFailed' });
    expect(await sold()).toBe(0);
    // What was taken goes back: the ₦1.00, 100 kobo.
    expect(fake.refunds.filter((r) => r.transaction === transaction.reference)).toEqual([
      expect.objectContaining({ amount: 100, currency: 'NGN' }),
    ]);
  });

  it('refuses a return whose address was not sealed for its reference', async () => {
    const first = await book();
    await freeTheRoom();
    const second = await book();
    const other = new URL(transactionOf(first).callbackUrl!);
    const sealedForFirst = other.searchParams.get('r')!;
    await request(t.app)
      .get('/api/Payments/PayStack/Return')
      .query({ r: sealedForFirst, reference: transactionOf(second).reference })
      .expect(400);
    await request(t.app).get('/api/Payments/PayStack/Return').query({ r: sealedForFirst }).expect(400);
  });
});

describe("PayStack's webhook in the OpenAPI document", () => {
  it('declares the 503 that asks PayStack to send again an event it could not check now', async () => {
    const { body } = await request(t.app).get('/api/openapi.json').expect(200);
    expect(Object.keys(body.paths['/api/Payments/Webhook/paystack'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '503']));
  });
});

describe('amounts in the smallest unit of each currency PayStack takes', () => {
  it.each([
    // 2 nights x GH₵425.50 = GH₵851.00 = 85,100 pesewas
    ['PSGH', 851, 85_100, 'GHS'],
    // 2 nights x R1,299.99 = R2,599.98 = 259,998 cents
    ['PSZA', 2599.98, 259_998, 'ZAR'],
    // 2 nights x KSh7,500.00 = KSh15,000.00 = 1,500,000 cents
    ['PSKE', 15_000, 1_500_000, 'KES'],
    // 2 nights x $89.95 = $179.90 = 17,990 cents
    ['PSUS', 179.9, 17_990, 'USD'],
  ])('%s', async (code, total, minor, currency) => {
    const booked = await book(code, total);
    expect(transactionOf(booked)).toMatchObject({ amount: minor, currency });
  });
});

describe('currencies PayStack does not take', () => {
  it('refuses a PayStack property in another currency at import', async () => {
    const result = await importDefinition(t.context, aDefinition(paystackProperty('PSGB', 'GBP', 100)), { checkOnly: true });
    expect(result).toMatchObject({
      ok: false,
      problems: [
        {
          path: 'Properties[0].Currency',
          message: 'PayStack does not take GBP: use one of NGN, GHS, ZAR, KES, USD, or another payment provider',
        },
      ],
    });
  });
});

describe('a PayStack property on a server without PAYSTACK_SECRET_KEY', () => {
  it('refuses its PayStack bookings with a 503 that says so, books nothing, and /readyz warns', async () => {
    const bare = await createTestApp({ now: '2027-03-01T09:00:00Z' });
    try {
      await givenDefinition(bare.context, aDefinition(paystackProperty('PSNG', 'NGN', 6250)));
      const [ids] = await rawRows<PropertyIds>(
        bare.database.db,
        sql`SELECT p.id AS "propertyId", rt.id AS "roomTypeId", rp.id AS "ratePlanId"
            FROM properties p JOIN room_types rt ON rt.property_id = p.id JOIN rate_plans rp ON rp.property_id = p.id
            WHERE p.code = 'PSNG'`,
      );
      const booking = aPaystackBooking('PSNG', NGN_TOTAL);
      const refused = await request(bare.app)
        .post('/api/Reservation/Create')
        .send({
          ...booking,
          PropertyId: ids!.propertyId,
          Rooms: booking.Rooms.map((room) => ({ ...room, RoomTypeId: ids!.roomTypeId, RatePlanId: ids!.ratePlanId })),
        })
        .expect(503);
      expect(refused.body.Code).toBe('PAYMENT_UNAVAILABLE');
      const [count] = await rawRows<{ n: number }>(bare.database.db, sql`SELECT count(*)::int AS n FROM reservations`);
      expect(count!.n).toBe(0);
      const ready = await request(bare.app).get('/readyz');
      expect(ready.body.warnings).toEqual([
        'a property takes payments with "paystack", which this server is not set up for: its card bookings are refused',
      ]);
    } finally {
      await bare.close();
    }
  });
});

describe('money moved after booking', () => {
  async function paidBooking(): Promise<CardBooking & { reference: string }> {
    const booked = await book();
    const transaction = transactionOf(booked);
    fake.pay(transaction.reference);
    await comeBack(booked).expect(303);
    const [row] = await rawRows<CardBooking>(
      t.database.db,
      sql`SELECT id, reservation_number AS "reservationNumber", currency FROM reservations WHERE reservation_number = ${booked.ReservationNumber}`,
    );
    return { ...row!, reference: transaction.reference };
  }
  // Recorded and made as the booking module makes them: the payments rows name PayStack, which moves the money.
  const { charge, refund } = cardMovementCalls(() => t);

  it("charges an amendment's difference with the reusable authorization (charge_authorization)", async () => {
    const booking = await paidBooking();
    // An extra ₦3,000.00 = 300,000 kobo.
    const moved = await charge(booking, 300_000);
    expect(moved).toMatchObject({ ok: true, amount: 300_000 });
    const call = fake.requests.filter((r) => r.path === '/transaction/charge_authorization').at(-1)!;
    expect(call.body).toMatchObject({
      amount: 300_000,
      currency: 'NGN',
      email: 'chidi@example.com',
      authorization_code: expect.stringMatching(/^AUTH_fake/),
    });
    expect((await paymentsOf(booking.reservationNumber)).map((p) => [p.type, p.status, p.amount, p.last4])).toEqual([
      ['authorisation', 'succeeded', 1_250_000, '4081'],
      ['charge', 'succeeded', 300_000, '4081'],
    ]);
  });

  it('records a declined charge with the reason for the guest', async () => {
    const booking = await paidBooking();
    fake.declineNextCharge('Insufficient Funds');
    const moved = await charge(booking, 300_000);
    expect(moved).toMatchObject({ ok: false, declineMessage: PAYSTACK_MESSAGES.insufficientFunds });
  });

  it('a refund PayStack accepted and then failed (refund.failed): recorded failed, the money owed to the guest again and shown to the operator', async () => {
    const booking = await paidBooking();
    // ₦12,500.00 paid; ₦5,000.00 = 500,000 kobo back, accepted by PayStack.
    expect(await refund(booking, 500_000)).toMatchObject({ ok: true, amount: 500_000 });
    const [row] = await rawRows<{ paid: number; refunded: number }>(
      t.database.db,
      sql`SELECT amount_paid AS paid, amount_refunded AS refunded FROM reservations WHERE id = ${booking.id}`,
    );
    expect(row).toEqual({ paid: 750_000, refunded: 500_000 });

    fake.holdWebhooks(true);
    try {
      fake.settleRefund(fake.refunds.at(-1)!.id, 'failed');
      const failed = fake.heldWebhooks.filter((entry) => entry.event === 'refund.failed');
      expect(failed).toHaveLength(1);
      // Delivered twice, as PayStack may: recorded once.
      for (const entry of [...failed, ...failed])
        expect((await webhook(entry.body, entry.signature).expect(200)).body).toEqual({ Received: true, Duplicate: false });
    } finally {
      await fake.holdWebhooks(false);
    }
    // 1,250,000 paid, the 500,000 refund failed: all of it is paid, and owed back to the guest by the hotel.
    const [after] = await rawRows<{ paid: number; refunded: number; refund: string }>(
      t.database.db,
      sql`SELECT r.amount_paid AS paid, r.amount_refunded AS refunded,
                 (SELECT status FROM payments p WHERE p.reservation_id = r.id AND p.transaction_type = 'refund') AS refund
          FROM reservations r WHERE r.id = ${booking.id}`,
    );
    expect(after).toEqual({ paid: 1_250_000, refunded: 0, refund: 'failed' });
    expect(fake.moneyByReservation()[booking.reservationNumber]).toMatchObject({ taken: 1_250_000 });
    const { body } = await request(t.app).get('/api/Admin/PaymentMovements').set('X-Api-Key', 'test-admin-key-0123456789').expect(200);
    expect(body.Items).toEqual([
      expect.objectContaining({ ReservationNumber: booking.reservationNumber, Problem: 'RefundRefused', Kind: 'refund', Amount: 5_000 }),
    ]);
  });

  it('refunds part of the payment, then refuses more than is left', async () => {
    const booking = await paidBooking();
    // ₦12,500.00 paid; ₦5,000.00 = 500,000 kobo back, leaving ₦7,500.00 = 750,000 kobo.
    const first = await refund(booking, 500_000);
    expect(first).toMatchObject({ ok: true, amount: 500_000 });
    expect(fake.refunds.at(-1)).toMatchObject({ transaction: booking.reference, amount: 500_000, currency: 'NGN' });
    // Asked for ₦10,000.00, the card's balance (₦7,500.00) goes back: what card-movements caps it to.
    const second = await refund(booking, 1_000_000);
    expect(second).toMatchObject({ ok: true, amount: 750_000 });
    expect(fake.refunds.filter((r) => r.transaction === booking.reference).map((r) => r.amount)).toEqual([500_000, 750_000]);
  });

  it('a refund PayStack refuses (status false, no data) is its answer: recorded refused at once, not retried as if PayStack were away', async () => {
    const booking = await paidBooking();
    // The hotel gave ₦2,500.00 (250,000 kobo) back in PayStack's dashboard, which we never heard of.
    const dashboard = await fetch(`${fake.url}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ transaction: booking.reference, amount: 250_000 }),
    });
    expect(dashboard.status).toBe(200);
    // The whole ₦12,500.00 is more than PayStack has left (₦10,000.00): it refuses with a 400.
    const refusals = fake.requests.length;
    expect(await refund(booking, 1_250_000)).toMatchObject({ ok: false, amount: 0 });
    expect(fake.requests.slice(refusals).map((call) => `${call.method} ${call.path}`)).toEqual(['POST /refund']);
    expect(
      await rawRows(
        t.database.db,
        sql`SELECT transaction_type AS type, status, amount, failure_reason AS reason FROM payments WHERE reservation_id = ${booking.id} ORDER BY id`,
      ),
    ).toEqual([
      { type: 'authorisation', status: 'succeeded', amount: 1_250_000, reason: null },
      { type: 'refund', status: 'failed', amount: 1_250_000, reason: PAYSTACK_MESSAGES.refundRefused },
    ]);
  });
});
