import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { CARD_MOVEMENT_MESSAGES } from '../../src/payments';
import { TEST_GATEWAY_MESSAGES } from '../../src/payments/test-gateway';
import { request } from '../support/request';
import { cardMovementCalls, type CardBooking } from './card-movement-calls';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, bookingProperty, companyBookerSession, givenBookingProperty, visa, type Ids } from '../reservation/reservation-fixture';

/**
 * Charges and refunds on the card a booking was paid with, as an amendment or a cancellation
 * moves money: each movement its own payments row. The booked stay is Thursday 100 + Friday
 * 140 = £240.00, 24,000 pence, taken by the authorisation at booking.
 */
let t: TestApp;
let ids: Ids;

type PaymentRow = { type: string; status: string; amount: number; last4: string | null; refunds: number | null; failure: string | null };

async function paymentsOf(reservationId: number): Promise<PaymentRow[]> {
  return rawRows<PaymentRow>(
    t.database.db,
    sql`SELECT transaction_type AS type, status, amount, card_last4 AS last4, refunded_payment_id AS refunds, failure_reason AS failure
        FROM payments WHERE reservation_id = ${reservationId} ORDER BY id`,
  );
}

async function bookingOf(number: string): Promise<CardBooking> {
  const [row] = await rawRows<CardBooking>(
    t.database.db,
    sql`SELECT id, reservation_number AS "reservationNumber", currency FROM reservations WHERE reservation_number = ${number}`,
  );
  return row!;
}

async function book(overrides: Record<string, unknown> = {}, session?: string): Promise<CardBooking> {
  const call = request(t.app).post('/api/Reservation/Create');
  if (session) call.set('Cookie', session);
  const { body } = await call.send(aBooking(ids, overrides)).expect(200);
  if (body.ChallengeUrl) {
    const reference = /TestChallenge\/(tg_[0-9a-f]{32})/.exec(body.ChallengeUrl)![1];
    await request(t.app).post(`/api/Payments/TestChallenge/${reference}`).send({ Outcome: 'approve' }).expect(200);
  }
  return bookingOf(body.ReservationNumber);
}

const { charge, refund, balance } = cardMovementCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  // Enough doubles for every booking here.
  const rooms = Array.from({ length: 12 }, (_, i) => String(101 + i));
  const roomTypes = (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
    type.Code === 'DBL' ? { ...type, Rooms: rooms } : type,
  );
  ids = await givenBookingProperty(t, { ...bookingProperty, RoomTypes: roomTypes });
});
afterAll(() => t.close());

describe('charging the booking card off-session', () => {
  it('takes a further amount from the card that paid, as a charge row of its own', async () => {
    const booking = await book();
    expect(await charge(booking, 2_500)).toEqual({ ok: true, amount: 2_500, paymentIds: [expect.any(Number)] });
    expect(await paymentsOf(booking.id)).toEqual([
      { type: 'authorisation', status: 'succeeded', amount: 24_000, last4: '4242', refunds: null, failure: null },
      { type: 'charge', status: 'succeeded', amount: 2_500, last4: '4242', refunds: null, failure: null },
    ]);
    // 24,000 at booking + 2,500 now.
    expect(await balance(booking)).toBe(26_500);
  });

  it('a 3-D Secure card is declined off-session as needing its holder (authentication_required): a failed row, nothing taken', async () => {
    const booking = await book({ CardDetails: { ...visa, CardNumber: '4000 0000 0000 3220' } });
    expect(await charge(booking, 1_000)).toEqual({
      ok: false,
      amount: 0,
      paymentIds: [expect.any(Number)],
      declineMessage: TEST_GATEWAY_MESSAGES.authenticationRequired,
    });
    expect((await paymentsOf(booking.id)).at(-1)).toEqual({
      type: 'charge',
      status: 'failed',
      amount: 1_000,
      last4: '3220',
      refunds: null,
      failure: TEST_GATEWAY_MESSAGES.authenticationRequired,
    });
    expect(await balance(booking)).toBe(24_000);
  });

  it('a booking not paid by card has no card to charge: nothing written', async () => {
    const booking = await book(
      { PaymentType: 'PayByCompanyInvoice', CardDetails: null, AccountId: 'ACME01', PONumber: 'PO-1' },
      await companyBookerSession(t, ids.propertyId),
    );
    expect(await charge(booking, 1_000)).toEqual({
      ok: false,
      amount: 0,
      paymentIds: [],
      declineMessage: CARD_MOVEMENT_MESSAGES.noCardToCharge,
    });
    expect(await paymentsOf(booking.id)).toEqual([]);
  });
});

describe('refunding to the booking card', () => {
  it('draws on the newest payment first, one refund row per payment, each naming the payment it gives back from', async () => {
    const booking = await book();
    await charge(booking, 2_500);
    // 3,000 back: the 2,500 charge in full, then 500 of the 24,000 authorisation.
    expect(await refund(booking, 3_000)).toEqual({ ok: true, amount: 3_000, paymentIds: [expect.any(Number), expect.any(Number)] });
    const rows = await paymentsOf(booking.id);
    const [authorisationId, chargeId] = await rawRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM payments WHERE reservation_id = ${booking.id} ORDER BY id LIMIT 2`,
    );
    expect(rows.slice(2)).toEqual([
      { type: 'refund', status: 'succeeded', amount: 2_500, last4: '4242', refunds: chargeId!.id, failure: null },
      { type: 'refund', status: 'succeeded', amount: 500, last4: '4242', refunds: authorisationId!.id, failure: null },
    ]);
    // 26,500 taken - 3,000 back.
    expect(await balance(booking)).toBe(23_500);
  });

  it('never gives back more than the card paid net of earlier refunds: asked for more, it refunds the balance and says so', async () => {
    const booking = await book();
    expect(await refund(booking, 4_000)).toMatchObject({ ok: true, amount: 4_000 });
    // 24,000 - 4,000 = 20,000 left; asked for 99,999, 20,000 goes back.
    expect(await refund(booking, 99_999)).toMatchObject({ ok: true, amount: 20_000 });
    expect(await balance(booking)).toBe(0);
    expect(await refund(booking, 1)).toEqual({
      ok: false,
      amount: 0,
      paymentIds: [],
      declineMessage: CARD_MOVEMENT_MESSAGES.noCardToRefund,
    });
    const refunds = (await paymentsOf(booking.id)).filter((row) => row.type === 'refund');
    expect(refunds.map((row) => row.amount)).toEqual([4_000, 20_000]);
  });

  it('a 3-D Secure card that passed its check at booking is refunded like any other', async () => {
    const booking = await book({ CardDetails: { ...visa, CardNumber: '4000 0000 0000 3220' } });
    expect(await refund(booking, 24_000)).toMatchObject({ ok: true, amount: 24_000 });
    expect(await balance(booking)).toBe(0);
  });

  it('a refund row must name its payment, and only a refund may (the database refuses otherwise)', async () => {
    const booking = await book();
    await expect(
      t.database.db.execute(
        sql`INSERT INTO payments (reservation_id, gateway, transaction_type, status, amount, currency, idempotency_key)
            VALUES (${booking.id}, 'test', 'refund', 'succeeded', 100, 'GBP', 'no-payment-named')`,
      ),
    ).rejects.toThrow();
  });
});
