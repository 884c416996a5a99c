import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { releaseAbandonedPayments, scheduleAbandonedPaymentRelease } from '../../src/booking/abandoned-payments';
import { onRealPostgres } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids, visa } from './reservation-fixture';

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());

const challengeCard = { ...visa, CardNumber: '4000000000003220' };
const status = (token: string) =>
  request(t.app).get('/api/Reservation/Status').query({ propertyId: ids.propertyId, referenceNumber: token });
const sold = async () =>
  (await rawRows<{ sold: number }>(t.database.db, sql`SELECT sum(sold)::int AS sold FROM room_type_inventory`))[0]!.sold;
const voucherBalance = async (code: string) =>
  (await rawRows<{ balance: number }>(t.database.db, sql`SELECT balance FROM gift_vouchers WHERE code = ${code}`))[0]!.balance;
const outboxCount = async () => (await rawRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM mail_outbox`))[0]!.n;

async function bookWithChallenge(voucher?: string) {
  const { body } = await request(t.app)
    .post('/api/Reservation/Create')
    .send(aBooking(ids, { CardDetails: challengeCard, ...(voucher ? { HopGiftVoucherCode: voucher } : {}) }))
    .expect(200);
  expect(body.ChallengeUrl).toMatch(/^\/api\/Payments\/TestChallenge\/tg_[0-9a-f]{32}\?r=/);
  return body as { ConfirmationToken: string; ChallengeUrl: string; ReservationNumber: string };
}

async function answerChallenge(challengeUrl: string, outcome: 'approve' | 'fail') {
  const url = new URL(challengeUrl, 'http://localhost');
  const response = await request(t.app)
    .post(url.pathname)
    .type('form')
    .send({ Outcome: outcome, ReturnTo: url.searchParams.get('r') ?? '' })
    .expect(303);
  return response.headers.location as string;
}

describe('a card that needs 3-D Secure', () => {
  it('holds the room, reports the pending challenge on Status, then confirms and e-mails once approved', async () => {
    const mailsBefore = await outboxCount();
    const booking = await bookWithChallenge();
    expect(await sold()).toBe(2); // two nights held while the guest is with their bank
    expect((await status(booking.ConfirmationToken).expect(200)).body).toEqual({
      Success: false,
      Status: 'PendingPayment',
      ReservationNumber: booking.ReservationNumber,
      ChallengeUrl: booking.ChallengeUrl,
      Message:
        'Your bank needs you to confirm this payment. Please complete the security check within 10 minutes to finish your booking: we hold your rooms until then.',
    });
    expect(await outboxCount()).toBe(mailsBefore);

    const back = await answerChallenge(booking.ChallengeUrl, 'approve');
    expect(back).toBe(`/Book/BOOK/Status/${booking.ConfirmationToken}`);
    expect((await status(booking.ConfirmationToken).expect(200)).body).toMatchObject({
      Success: true,
      Status: 'Confirmed',
      Message: 'Booking has been made successfully',
    });
    // The guest's confirmation and the hotel's notice of the new booking.
    expect(await outboxCount()).toBe(mailsBefore + 2);
    expect(await sold()).toBe(2);
  });

  it('releases the room and the voucher when the bank refuses', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
    const booking = await bookWithChallenge('GIFT-50');
    expect(await sold()).toBe(2);
    await answerChallenge(booking.ChallengeUrl, 'fail');
    expect((await status(booking.ConfirmationToken).expect(200)).body).toMatchObject({
      Success: false,
      Status: 'PaymentFailed',
      // The bank's reason, whole, and no full stop twice.
      Message:
        'Your payment was not completed. Your bank could not confirm this payment (3-D Secure). Please try again, use another card or contact your bank.',
    });
    expect(await sold()).toBe(0);
    const [voucher] = await rawRows<{ balance: number }>(t.database.db, sql`SELECT balance FROM gift_vouchers WHERE code = 'GIFT-50'`);
    expect(voucher!.balance).toBe(5000);
  });

  it('gives back the units its extras took, per guest for one charged per person, when the bank refuses', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
    const used = async () =>
      (await rawRows<{ used: number }>(t.database.db, sql`SELECT coalesce(sum(used), 0)::int AS used FROM service_inventory`))[0]!.used;
    const { body } = await request(t.app)
      .post('/api/Reservation/Create')
      .send(
        aBooking(ids, {
          CardDetails: challengeCard,
          Rooms: [aRoom(ids, { Services: [{ ServiceId: ids.services.TASTING, Quantity: 1 }] })],
        }),
      )
      .expect(200);
    // Wine tasting, a seat per adult: 2 seats on each of the 2 nights = 4 units.
    expect(await used()).toBe(4);
    await answerChallenge(body.ChallengeUrl, 'fail');
    expect(await used()).toBe(0);
  });

  it('holds the room 10 minutes when the guest never answers, then releases it, and a late answer no longer confirms it', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
    const booking = await bookWithChallenge('GIFT-50');
    t.setNow('2027-03-01T09:09:59Z');
    expect(await releaseAbandonedPayments(t.context)).toBe(0); // the check may still be answered
    expect(await sold()).toBe(2);
    t.setNow('2027-03-01T09:10:01Z');
    expect(await releaseAbandonedPayments(t.context)).toBe(1);
    expect(await releaseAbandonedPayments(t.context)).toBe(0);
    expect(await sold()).toBe(0);
    expect(await voucherBalance('GIFT-50')).toBe(5000);
    expect((await status(booking.ConfirmationToken).expect(200)).body).toMatchObject({
      Success: false,
      Status: 'PaymentFailed',
      Message: 'Your payment was not completed, so the rooms held for you were released. Please confirm your booking again.',
    });
    const url = new URL(booking.ChallengeUrl, 'http://localhost');
    await request(t.app).post(url.pathname).send({ Outcome: 'approve' });
    expect((await status(booking.ConfirmationToken).expect(200)).body).toMatchObject({ Status: 'PaymentFailed' });
    t.setNow('2027-03-01T09:00:00Z');
  });

  it('releases what waited through a restart as soon as the job starts, then every minute', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
    await bookWithChallenge();
    t.setNow('2027-03-01T09:30:00Z'); // the process was down while the hold ran out
    const logger = { info: () => undefined, error: () => undefined } as unknown as TestApp['context']['logger'];
    const stop = scheduleAbandonedPaymentRelease({ ...t.context, logger }, 60_000);
    try {
      await expect.poll(sold).toBe(0);
    } finally {
      stop();
      t.setNow('2027-03-01T09:00:00Z');
    }
  });

  it('releases the room at once when the guest goes back to pay another way', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
    const booking = await bookWithChallenge('GIFT-50');
    expect(await voucherBalance('GIFT-50')).toBe(0);
    const release = (token: string) =>
      request(t.app).post('/api/Reservation/ReleasePendingPayment').send({ PropertyId: ids.propertyId, ConfirmationToken: token });
    expect((await release(booking.ConfirmationToken).expect(200)).body).toMatchObject({ Success: false, Status: 'PaymentFailed' });
    expect(await sold()).toBe(0);
    expect(await voucherBalance('GIFT-50')).toBe(5000);
    // Twice is harmless, an answer afterwards confirms nothing, and a confirmed booking is never released.
    await release(booking.ConfirmationToken).expect(200);
    expect(await sold()).toBe(0);
    await answerChallenge(booking.ChallengeUrl, 'approve');
    expect((await status(booking.ConfirmationToken).expect(200)).body).toMatchObject({ Status: 'PaymentFailed' });

    const paid = await bookWithChallenge();
    await answerChallenge(paid.ChallengeUrl, 'approve');
    expect((await release(paid.ConfirmationToken).expect(200)).body).toMatchObject({ Success: true, Status: 'Confirmed' });
    expect(await sold()).toBe(2);
    await release('z'.repeat(43)).expect(404);
  });
});

// Several API processes run the job; only a real Postgres lets them run it at the same moment.
describe.runIf(onRealPostgres())('releasing abandoned payments from several processes at once', () => {
  it('releases each booking once', async () => {
    await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
    for (let i = 0; i < 2; i += 1) await bookWithChallenge();
    expect(await sold()).toBe(4);
    t.setNow('2027-03-01T09:11:00Z');
    const counts = await Promise.all(Array.from({ length: 4 }, () => releaseAbandonedPayments(t.context)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await sold()).toBe(0);
    t.setNow('2027-03-01T09:00:00Z');
  });
});
