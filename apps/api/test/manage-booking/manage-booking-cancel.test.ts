import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { CANCEL_MESSAGES } from '../../src/booking';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { opened } from '../support/outbox';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';
import {
  aRoom,
  bookingProperty,
  bookWithLinks,
  companyBookerSession,
  givenBookingProperty,
  type Ids,
} from '../reservation/reservation-fixture';

/**
 * Today is Monday 1 March 2027, 09:00 in London. Check-in is at 15:00 and the flexible rate
 * (BAR) may be cancelled free until 48 hours before it; the non-refundable rate (NRF) has no
 * deadline. A double costs 100 a weeknight and 140 on Friday and Saturday nights; prices
 * include VAT, so the card pays the total. The property asks for a cancellation reason.
 */
const property = {
  ...bookingProperty,
  ManageBookingConfiguration: { CheckInTime: '15:00', RequireCancellationReason: true },
  CancellationReasons: ['Change of plans', 'Illness'],
  // Ten doubles, so each test books its own; the one single shows a sold-out room coming back.
  RoomTypes: (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
    type.Code === 'DBL' ? { ...type, Rooms: Array.from({ length: 10 }, (_, i) => String(101 + i)) } : type,
  ),
  RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
    plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
  ),
};

let t: TestApp;
let ids: Ids;
/** The property's reasons by their text: 'Change of plans' and 'Illness'. */
let reasons: { 'Change of plans': number; Illness: number };
let otherProperty: { id: number; reasonId: number };

type Booked = { id: number; number: string; code: string };

const book = (overrides: Record<string, unknown> = {}, session?: string): Promise<Booked> => bookWithLinks(t, ids, overrides, session);

const cancel = (booking: Booked, overrides: Record<string, unknown> = {}, idempotencyKey?: string) => {
  const call = request(t.app).post('/api/ManageBooking/Cancel');
  if (idempotencyKey) call.set('Idempotency-Key', idempotencyKey);
  return call.send({
    PropertyId: ids.propertyId,
    ReservationId: booking.id,
    Code: booking.code,
    CancellationReasonId: reasons.Illness,
    ...overrides,
  });
};

async function statusOf(booking: Booked) {
  const [row] = await rawRows<{ status: string; reasonId: number | null; rooms: string[] }>(
    t.database.db,
    sql`SELECT r.status, r.cancellation_reason_id AS "reasonId",
               array(SELECT status::text FROM reservation_rooms WHERE reservation_id = r.id ORDER BY id) AS rooms
        FROM reservations r WHERE r.id = ${booking.id}`,
  );
  return row!;
}

const refundsOf = (booking: Booked) =>
  rawRows<{ amount: number; status: string }>(
    t.database.db,
    sql`SELECT amount, status FROM payments WHERE reservation_id = ${booking.id} AND transaction_type = 'refund' ORDER BY id`,
  );

const mailsOf = (booking: Booked) =>
  rawRows<{ kind: string; toAddress: string; subject: string; html: string; text: string }>(
    t.database.db,
    sql`SELECT kind, to_address AS "toAddress", subject, html, text FROM mail_outbox
        WHERE reservation_id = ${booking.id} AND kind = 'booking_cancellation' ORDER BY id`,
  );

const changesOf = (booking: Booked) =>
  rawRows<{ via: string; action: string; details: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT via, action, details FROM reservation_changes WHERE reservation_id = ${booking.id} ORDER BY id`,
  );

const soldOn = async (roomTypeId: number, from: string, to: string) =>
  (
    await rawRows<{ sold: number }>(
      t.database.db,
      sql`SELECT sold FROM room_type_inventory WHERE room_type_id = ${roomTypeId} AND night >= ${from}::date AND night < ${to}::date ORDER BY night`,
    )
  ).map((row) => row.sold);

const usedOn = async (serviceId: number, from: string, to: string) =>
  (
    await rawRows<{ used: number }>(
      t.database.db,
      sql`SELECT used FROM service_inventory WHERE service_id = ${serviceId} AND night >= ${from}::date AND night < ${to}::date ORDER BY night`,
    )
  ).map((row) => row.used);

const nothingChanged = async (booking: Booked) => {
  expect(await statusOf(booking)).toMatchObject({ status: 'confirmed', reasonId: null });
  expect(await refundsOf(booking)).toEqual([]);
  expect(await mailsOf(booking)).toEqual([]);
  expect(await changesOf(booking)).toEqual([]);
};

const notFound = {
  Message: 'We could not find that booking. Please find it again with your reservation number and last name, or the link in your e-mail.',
  Code: 'NOT_FOUND',
};

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, property);
  const reasonRows = await request(t.app).get(`/api/StaticData/${ids.propertyId}/CancellationReasons`).expect(200);
  const byText = new Map(
    (reasonRows.body as { CancellationReasonId: number; Reason: string }[]).map((r) => [r.Reason, r.CancellationReasonId]),
  );
  reasons = { 'Change of plans': byText.get('Change of plans')!, Illness: byText.get('Illness')! };
  await givenDefinition(t.context, aDefinition(aProperty({ Code: 'OTHER', CancellationReasons: ['Illness'] })));
  const otherId = (await request(t.app).get('/api/Property/OTHER').expect(200)).body.PropertyId as number;
  const otherReasons = await request(t.app).get(`/api/StaticData/${otherId}/CancellationReasons`).expect(200);
  otherProperty = { id: otherId, reasonId: otherReasons.body[0].CancellationReasonId };
});
afterAll(() => t.close());
beforeEach(() => t.setNow('2027-03-01T09:00:00Z'));

describe('POST /api/ManageBooking/Cancel: cancelled', () => {
  it('refunds what the card paid, gives back every night and extra, records the reason and the change, and e-mails the booker', async () => {
    // Thu 4 to Sat 6 March: Thu 100 + Fri 140 = 240; parking 15 a night x 2 = 30; wine tasting
    // 20 a seat per stay x 2 adults = 40. The card paid 240 + 30 + 40 = 310.00.
    const booking = await book({
      Rooms: [
        aRoom(ids, {
          Services: [
            { ServiceId: ids.services.PARK, Quantity: 1 },
            { ServiceId: ids.services.TASTING, Quantity: 1 },
          ],
        }),
      ],
    });
    expect(await soldOn(ids.roomTypes.DBL!, '2027-03-04', '2027-03-06')).toEqual([1, 1]);
    expect(await usedOn(ids.services.PARK!, '2027-03-04', '2027-03-06')).toEqual([1, 1]);
    // One seat per adult, held on every night of the stay: both seats.
    expect(await usedOn(ids.services.TASTING!, '2027-03-04', '2027-03-06')).toEqual([2, 2]);

    const { body } = await cancel(booking).expect(200);
    expect(body).toEqual({ Success: true, Message: 'Your reservation has been cancelled', RefundAmount: 310, GiftVoucherReturned: 0 });

    expect(await statusOf(booking)).toEqual({ status: 'cancelled', reasonId: reasons.Illness, rooms: ['cancelled'] });
    expect(await refundsOf(booking)).toEqual([{ amount: 31_000, status: 'succeeded' }]);
    expect(await soldOn(ids.roomTypes.DBL!, '2027-03-04', '2027-03-06')).toEqual([0, 0]);
    expect(await usedOn(ids.services.PARK!, '2027-03-04', '2027-03-06')).toEqual([0, 0]);
    expect(await usedOn(ids.services.TASTING!, '2027-03-04', '2027-03-06')).toEqual([0, 0]);

    const [change] = await changesOf(booking);
    expect(change).toMatchObject({
      via: 'link',
      action: 'cancel',
      details: {
        previousTotal: 31_000,
        newTotal: 0,
        payment: { kind: 'Refund', amount: 31_000, paymentIds: [expect.any(Number)] },
        changes: [
          { field: 'Status', old: 'confirmed', new: 'cancelled' },
          { field: 'CancellationReasonId', old: null, new: reasons.Illness },
        ],
        cancellationReason: 'Illness',
      },
    });

    const [mail] = (await mailsOf(booking)).map((row) => opened(t, row));
    expect(mail).toMatchObject({ kind: 'booking_cancellation', toAddress: 'ada@example.com' });
    expect(mail!.subject).toBe(`Your booking at Test Hotel is cancelled: ${booking.number}`);
    expect(mail!.text).toContain('Reason: Illness');
    expect(mail!.text).toContain('£310.00 is being refunded to Visa ending 4242.');
    expect(mail!.text).toContain('Room 1: Double, Flexible, 2 adults');
    expect(mail!.html).toContain('£310.00 is being refunded to Visa ending 4242.');

    // The search shows it cancelled, with nothing left to do.
    const found = await request(t.app)
      .post('/api/ManageBooking/Search')
      .query({ propertyId: ids.propertyId, reservationNumber: booking.number, hash: booking.code })
      .expect(200);
    expect(found.body.Reservation).toMatchObject({ IsCancelled: true, CanBeCancelled: false, CanBeEdited: false });
  });

  it('the room is for sale again at once in search', async () => {
    const search = async () =>
      (
        await request(t.app)
          .post('/api/Availability/Search')
          .send({
            PropertyId: ids.propertyId,
            LanguageCode: 'en',
            DateFrom: '2027-03-15',
            DateTo: '2027-03-17',
            Rooms: [{ NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 }],
          })
          .expect(200)
      ).body.NumberOfRoomsPerRoomTypeId[String(ids.roomTypes.SGL)] ?? 0;
    expect(await search()).toBe(1);
    // The one single, Mon 15 and Tue 16 March: 60 + 60 = 120. The search answer is cached meanwhile.
    const stay = { DateFrom: '2027-03-15', DateTo: '2027-03-17' };
    const booking = await book({
      ...stay,
      Rooms: [aRoom(ids, { ...stay, RoomTypeId: ids.roomTypes.SGL, NumberOfAdults: 1, TotalCost: 120 })],
    });
    expect(await search()).toBe(0);
    expect((await cancel(booking).expect(200)).body).toMatchObject({ Success: true, RefundAmount: 120 });
    expect(await search()).toBe(1);
  });

  it('a free cancellation gives the gift voucher its part back, and the card what it paid', async () => {
    // Mon 8 and Tue 9 March: 100 + 100 = 200, less the £50 voucher = 150 by card.
    const stay = { DateFrom: '2027-03-08', DateTo: '2027-03-10' };
    const booking = await book({ ...stay, HopGiftVoucherCode: 'GIFT-50', Rooms: [aRoom(ids, { ...stay, TotalCost: 200 })] });
    const balance = async () =>
      (await rawRows<{ balance: number }>(t.database.db, sql`SELECT balance FROM gift_vouchers WHERE code = 'GIFT-50'`))[0]!.balance;
    expect(await balance()).toBe(0);

    // £150.00 back to the card, £50.00 back to the voucher.
    expect((await cancel(booking).expect(200)).body).toMatchObject({ Success: true, RefundAmount: 150, GiftVoucherReturned: 50 });
    // Cancelled inside its free-cancellation window: the £50.00 goes back to the voucher, a movement of its own.
    expect(await balance()).toBe(5_000);
    expect(
      await rawRows<{ kind: string; amount: number }>(
        t.database.db,
        sql`SELECT m.kind, m.amount FROM voucher_redemptions m JOIN reservations r ON r.id = m.reservation_id
            WHERE r.id = ${booking.id} ORDER BY m.id`,
      ),
    ).toEqual([
      { kind: 'spend', amount: 5_000 },
      { kind: 'return', amount: 5_000 },
    ]);
    expect(await refundsOf(booking)).toEqual([{ amount: 15_000, status: 'succeeded' }]);
    const [mail] = (await mailsOf(booking)).map((row) => opened(t, row));
    expect(mail!.text).toContain('£150.00 is being refunded to Visa ending 4242.');
    expect(mail!.text).toContain('The £50.00 paid by gift voucher has gone back to gift voucher GIFT-50: you can use it again.');
  });

  it('a booking on the company invoice is cancelled with nothing to refund', async () => {
    const stay = { DateFrom: '2027-03-22', DateTo: '2027-03-24' };
    const booking = await book(
      {
        ...stay,
        PaymentType: 'PayByCompanyInvoice',
        CardDetails: null,
        AccountId: 'ACME01',
        PONumber: 'PO-7',
        Rooms: [aRoom(ids, { ...stay, TotalCost: 200 })],
      },
      await companyBookerSession(t, ids.propertyId),
    );
    expect((await cancel(booking).expect(200)).body).toEqual({
      Success: true,
      Message: CANCEL_MESSAGES.cancelled,
      RefundAmount: 0,
      GiftVoucherReturned: 0,
    });
    expect(await refundsOf(booking)).toEqual([]);
    const [mail] = (await mailsOf(booking)).map((row) => opened(t, row));
    expect(mail!.text).toContain('Nothing was paid by card for this booking, so there is no refund to make.');
    expect((await changesOf(booking))[0]!.details).toMatchObject({ payment: { kind: 'None', amount: 0, paymentIds: [] } });
  });

  it('found by name, the change is recorded as made by someone who knew a name', async () => {
    const stay = { DateFrom: '2027-03-29', DateTo: '2027-03-31' };
    const booking = await book({ ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 200 })] });
    const found = await request(t.app)
      .post('/api/ManageBooking/Search')
      .query({ propertyId: ids.propertyId, reservationNumber: booking.number, guestName: 'Lovelace' })
      .expect(200);
    await cancel({ ...booking, code: found.body.Code }).expect(200);
    expect((await changesOf(booking))[0]).toMatchObject({ via: 'name', action: 'cancel' });
  });
});

describe('POST /api/ManageBooking/Cancel: refused, nothing changed', () => {
  const stay = { DateFrom: '2027-04-05', DateTo: '2027-04-07' };
  const aStay = (overrides: Record<string, unknown> = {}) =>
    book({ ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 200, ...overrides })] });

  it('without a reason where the property asks for one: 400 naming the field', async () => {
    const booking = await aStay();
    const { body } = await cancel(booking, { CancellationReasonId: null }).expect(400);
    expect(body.ModelState).toEqual({ CancellationReasonId: [CANCEL_MESSAGES.reasonRequired] });
    await nothingChanged(booking);
    await cancel(booking).expect(200);
  });

  it("with a reason that is not one of the property's, or is another property's: 400 naming the field", async () => {
    const booking = await aStay();
    for (const CancellationReasonId of [999_999, otherProperty.reasonId]) {
      const { body } = await cancel(booking, { CancellationReasonId }).expect(400);
      expect(body.ModelState).toEqual({ CancellationReasonId: [CANCEL_MESSAGES.reasonUnknown] });
    }
    await nothingChanged(booking);
    await cancel(booking).expect(200);
  });

  it('once the free cancellation deadline has come: Success false and why', async () => {
    const booking = await aStay();
    // Arrival Mon 5 April, check-in 15:00 BST (14:00 UTC), less 48 hours: Sat 3 April 14:00 UTC.
    t.setNow('2027-04-03T14:00:00Z');
    expect((await cancel(booking).expect(200)).body).toEqual({
      Success: false,
      Message: CANCEL_MESSAGES.pastDeadline,
      RefundAmount: 0,
      GiftVoucherReturned: 0,
    });
    await nothingChanged(booking);
    // A minute earlier it could still have been cancelled.
    t.setNow('2027-04-03T13:59:00Z');
    expect((await cancel(booking).expect(200)).body.Success).toBe(true);
  });

  it('on a non-refundable rate: Success false and why', async () => {
    // Mon 5 and Tue 6 April at 90 = 180.
    const booking = await aStay({ RatePlanId: ids.ratePlans.NRF, TotalCost: 180 });
    expect((await cancel(booking).expect(200)).body).toEqual({
      Success: false,
      Message: CANCEL_MESSAGES.nonRefundable,
      RefundAmount: 0,
      GiftVoucherReturned: 0,
    });
    await nothingChanged(booking);
  });

  it('a second cancel is refused: nothing refunded twice, no second e-mail', async () => {
    const booking = await aStay();
    expect((await cancel(booking).expect(200)).body).toMatchObject({ Success: true, RefundAmount: 200 });
    expect((await cancel(booking).expect(200)).body).toEqual({
      Success: false,
      Message: CANCEL_MESSAGES.alreadyCancelled,
      RefundAmount: 0,
      GiftVoucherReturned: 0,
    });
    expect(await refundsOf(booking)).toHaveLength(1);
    expect(await mailsOf(booking)).toHaveLength(1);
    expect(await changesOf(booking)).toHaveLength(1);
  });

  it('a wrong code, another property id or an unknown reservation id: the same 404', async () => {
    const booking = await aStay();
    expect((await cancel(booking, { Code: `${booking.code.slice(0, -1)}x` }).expect(404)).body).toEqual(notFound);
    expect((await cancel(booking, { PropertyId: otherProperty.id }).expect(404)).body).toEqual(notFound);
    expect((await cancel(booking, { ReservationId: 99_999_999 }).expect(404)).body).toEqual(notFound);
    await nothingChanged(booking);
  });

  it('bad input is a 400 naming the field', async () => {
    const booking = await aStay();
    expect((await cancel(booking, { Code: '' }).expect(400)).body.ModelState).toHaveProperty(['Code']);
    expect((await cancel(booking, { ReservationId: 'abc' }).expect(400)).body.ModelState).toHaveProperty(['ReservationId']);
    expect((await cancel(booking, { CancellationReasonId: -1 }).expect(400)).body.ModelState).toHaveProperty(['CancellationReasonId']);
    await nothingChanged(booking);
  });
});

describe('POST /api/ManageBooking/Cancel: retries and races', () => {
  const stay = { DateFrom: '2027-04-12', DateTo: '2027-04-14' };
  const aStay = () => book({ ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 200 })] });

  it('a retry with the same Idempotency-Key answers the first answer again; with another body it is refused', async () => {
    const booking = await aStay();
    const key = 'cancel-0123456789abcdef0123456789abcdef';
    const first = await cancel(booking, {}, key).expect(200);
    expect(first.body).toEqual({ Success: true, Message: CANCEL_MESSAGES.cancelled, RefundAmount: 200, GiftVoucherReturned: 0 });
    expect((await cancel(booking, {}, key).expect(200)).body).toEqual(first.body);
    expect(await refundsOf(booking)).toHaveLength(1);
    expect(await mailsOf(booking)).toHaveLength(1);
    expect((await cancel(booking, { CancellationReasonId: reasons['Change of plans'] }, key).expect(422)).body.Code).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it.runIf(onRealPostgres())('two cancels at once: one cancels, the other is refused, one refund', async () => {
    const booking = await aStay();
    const answers = await Promise.all([cancel(booking), cancel(booking)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.Success).sort()).toEqual([false, true]);
    expect(answers.find((answer) => !answer.body.Success)!.body.Message).toBe(CANCEL_MESSAGES.alreadyCancelled);
    expect(await refundsOf(booking)).toEqual([{ amount: 20_000, status: 'succeeded' }]);
    expect(await mailsOf(booking)).toHaveLength(1);
    expect(await soldOn(ids.roomTypes.DBL!, '2027-04-12', '2027-04-14')).toEqual([0, 0]);
  });
});

describe('the change history', () => {
  it('is append-only: the database refuses to rewrite or remove a row', async () => {
    const stay = { DateFrom: '2027-04-19', DateTo: '2027-04-21' };
    const booking = await book({ ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 200 })] });
    await cancel(booking).expect(200);
    // The driver wraps the database's error; its cause is the trigger's.
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await refusal(t.database.db.execute(sql`UPDATE reservation_changes SET action = 'amend' WHERE reservation_id = ${booking.id}`)),
    ).toBe('reservation_changes is append-only: UPDATE refused');
    expect(await refusal(t.database.db.execute(sql`DELETE FROM reservation_changes WHERE reservation_id = ${booking.id}`))).toBe(
      'reservation_changes is append-only: DELETE refused',
    );
    expect(await changesOf(booking)).toHaveLength(1);
  });
});
