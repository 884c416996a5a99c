import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { dispatchPendingWebhooks } from '../../src/hotel-events';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ReceivedWebhook, startWebhookReceiver } from '../support/webhook-receiver';
import {
  aRoom,
  bookingProperty,
  bookWithLinks,
  givenBookingProperty,
  type BookedWithLinks,
  type Ids,
} from '../reservation/reservation-fixture';

/**
 * The hotel's PMS tells the server it took a booking in, and where each room's guest is. Today
 * is Monday 1 March 2027, 09:00 in London; the stay booked is Thursday 4 to Saturday 6 March in
 * a Double on the flexible rate (BAR), 100 + 140 = £240.00 paid by card. Every event is POSTed
 * to a receiver on this machine; the hotel's reservations address gets the guest's notices only.
 */
const reservationsAddress = 'reservations@test-hotel.example';
const start = '2027-03-01T09:00:00.000Z';
const admin = { 'X-Api-Key': 'test-admin-key-0123456789' };

let t: TestApp;
let ids: Ids;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ now: start });
  ids = await givenBookingProperty(t, {
    ...bookingProperty,
    ReservationsEmail: reservationsAddress,
    ManageBookingConfiguration: { CheckInTime: '15:00', RequireCancellationReason: false },
    RoomTypes: (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
      type.Code === 'DBL' ? { ...type, Rooms: Array.from({ length: 30 }, (_, i) => String(101 + i)) } : type,
    ),
    RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
      plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
    ),
    Webhooks: [{ Url: receiver.url, Secret: receiver.secret, Events: ['*'] }],
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  t.setNow(start);
  receiver.received.length = 0;
});

/** Sends every webhook message waiting, as the running dispatcher's tick does, and answers what the receiver took of `type`. */
async function delivered(type: string): Promise<ReceivedWebhook[]> {
  await dispatchPendingWebhooks(t.context);
  return receiver.received.filter((message) => message.type === type);
}

type Booked = BookedWithLinks & { itemIds: number[] };

async function book(overrides: Record<string, unknown> = {}): Promise<Booked> {
  const booked = await bookWithLinks(t, ids, overrides);
  const rooms = await rawRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM reservation_rooms WHERE reservation_id = ${booked.id} ORDER BY sort_order, id`,
  );
  return { ...booked, itemIds: rooms.map((room) => room.id) };
}

const acknowledge = (number: string, body: unknown) =>
  request(t.app)
    .post(`/api/Admin/Reservations/${number}/Acknowledge`)
    .set(admin)
    .send(body as object);
const stay = (number: string, body: unknown) =>
  request(t.app)
    .post(`/api/Admin/Reservations/${number}/Stay`)
    .set(admin)
    .send(body as object);
const feedItem = async (number: string) => (await request(t.app).get(`/api/Admin/Reservations/${number}`).set(admin).expect(200)).body;

/** The webhook messages recorded for a booking's events of this type. */
async function eventsRecorded(reservationNumber: string, type: string): Promise<number> {
  const [row] = await rawRows<{ count: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS count FROM webhook_deliveries WHERE event_type = ${type} AND payload->'data'->>'ReservationNumber' = ${reservationNumber}`,
  );
  return row!.count;
}

/** The numbers of the bookings the feed serves after `cursor` (from the start when none), and the cursor after them. */
async function feedAfter(cursor?: string): Promise<{ numbers: string[]; cursor: string }> {
  const numbers: string[] = [];
  let query: Record<string, string | number> = cursor ? { cursor } : {};
  for (;;) {
    const page = (
      await request(t.app)
        .get('/api/Admin/Reservations')
        .set(admin)
        .query({ propertyCode: 'BOOK', limit: 500, ...query })
        .expect(200)
    ).body as { Items: { ReservationNumber: string }[]; NextCursor: string; HasMore: boolean };
    numbers.push(...page.Items.map((item) => item.ReservationNumber));
    if (!page.HasMore) return { numbers, cursor: page.NextCursor };
    query = { cursor: page.NextCursor };
  }
}

describe('POST /api/Admin/Reservations/{number}/Acknowledge', () => {
  it('keeps the PMS’s number on the booking, echoes it in the feed and tells the webhooks once', async () => {
    const booked = await book();
    expect(await feedItem(booked.number)).toMatchObject({ PmsConfirmationNumber: null, AcknowledgedAt: null });
    const { cursor } = await feedAfter();

    t.setNow('2027-03-01T09:05:00.000Z');
    const answer = await acknowledge(booked.number, { PmsConfirmationNumber: ' ABC123 ' }).expect(200);
    expect(answer.body).toEqual({
      ReservationNumber: booked.number,
      PmsConfirmationNumber: 'ABC123',
      AcknowledgedAt: '2027-03-01T09:05:00.000Z',
    });

    // The booking moves in the feed: it is served again after the reader's cursor, with the number.
    expect((await feedAfter(cursor)).numbers).toEqual([booked.number]);
    const item = await feedItem(booked.number);
    expect(item).toMatchObject({ PmsConfirmationNumber: 'ABC123', AcknowledgedAt: '2027-03-01T09:05:00.000Z' });
    expect(item.History.at(-1)).toMatchObject({ Action: 'acknowledge', Via: 'admin', ChangedFields: ['PmsConfirmationNumber'] });

    const [message] = await delivered('reservation.acknowledged');
    expect(message!.data).toMatchObject({
      ReservationNumber: booked.number,
      PmsConfirmationNumber: 'ABC123',
      AcknowledgedAt: '2027-03-01T09:05:00.000Z',
      // Nothing moved: the £240.00 owed before and after.
      Change: { PreviousTotal: 240, NewTotal: 240, Fields: [{ Field: 'PmsConfirmationNumber', Old: null, New: 'ABC123' }] },
    });
  });

  it('the same number again answers the same and tells nobody; a different number replaces it and is told', async () => {
    const booked = await book();
    await acknowledge(booked.number, { PmsConfirmationNumber: 'PMS-1' }).expect(200);
    t.setNow('2027-03-01T10:00:00.000Z');
    const again = await acknowledge(booked.number, { PmsConfirmationNumber: 'PMS-1' }).expect(200);
    expect(again.body.AcknowledgedAt).toBe('2027-03-01T09:00:00.000Z');
    expect(await eventsRecorded(booked.number, 'reservation.acknowledged')).toBe(1);

    const replaced = await acknowledge(booked.number, { PmsConfirmationNumber: 'PMS-2' }).expect(200);
    expect(replaced.body).toMatchObject({ PmsConfirmationNumber: 'PMS-2', AcknowledgedAt: '2027-03-01T10:00:00.000Z' });
    expect(await eventsRecorded(booked.number, 'reservation.acknowledged')).toBe(2);
    const messages = await delivered('reservation.acknowledged');
    expect(messages.find((message) => message.data.PmsConfirmationNumber === 'PMS-2')!.data.Change).toMatchObject({
      Fields: [{ Field: 'PmsConfirmationNumber', Old: 'PMS-1', New: 'PMS-2' }],
    });
    expect((await feedItem(booked.number)).PmsConfirmationNumber).toBe('PMS-2');
  });

  it('a cancelled booking may be acknowledged: the PMS acknowledges the cancellation', async () => {
    const booked = await book();
    await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ PropertyId: ids.propertyId, ReservationId: booked.id, Code: booked.code })
      .expect(200);
    await acknowledge(booked.number, { PmsConfirmationNumber: 'CXL-9' }).expect(200);
    expect(await feedItem(booked.number)).toMatchObject({ Status: 'Cancelled', PmsConfirmationNumber: 'CXL-9' });
    const [message] = await delivered('reservation.acknowledged');
    // Cancelled free of charge: nothing is owed.
    expect(message!.data).toMatchObject({ Status: 'Cancelled', PmsConfirmationNumber: 'CXL-9', Total: 0 });
  });

  it('refuses a number that is missing, empty, too long or not printable with a 400 naming the field, and changes nothing', async () => {
    const booked = await book();
    for (const body of [
      {},
      { PmsConfirmationNumber: '   ' },
      { PmsConfirmationNumber: 'X'.repeat(51) },
      { PmsConfirmationNumber: 'AB\nC' },
      { PmsConfirmationNumber: 12 },
    ]) {
      const refused = await acknowledge(booked.number, body).expect(400);
      expect(refused.body).toMatchObject({
        Code: 'VALIDATION_FAILED',
        ModelState: { PmsConfirmationNumber: [expect.stringContaining('1 to 50 printable')] },
      });
    }
    await acknowledge(booked.number, { PmsConfirmationNumber: 'X'.repeat(50) }).expect(200);
    expect(await eventsRecorded(booked.number, 'reservation.acknowledged')).toBe(1);
  });

  it('answers 404 for a booking it does not have, and 401 without the API key', async () => {
    const booked = await book();
    expect((await acknowledge('NOSUCH1', { PmsConfirmationNumber: 'A1' }).expect(404)).body.Message).toContain(
      'There is no booking NOSUCH1',
    );
    await request(t.app).post(`/api/Admin/Reservations/${booked.number}/Acknowledge`).send({ PmsConfirmationNumber: 'A1' }).expect(401);
    expect((await feedItem(booked.number)).PmsConfirmationNumber).toBeNull();
  });
});

describe('POST /api/Admin/Reservations/{number}/Stay', () => {
  it('checks a room in on its arrival date and out after, each told once by webhook and shown in the feed', async () => {
    const booked = await book();
    const [room] = booked.itemIds;
    await acknowledge(booked.number, { PmsConfirmationNumber: 'PMS-77' }).expect(200);
    expect(await feedItem(booked.number)).toMatchObject({
      StayStatus: 'Expected',
      Rooms: [{ StayStatus: 'Expected', StayStatusAt: null }],
    });

    // The evening before arrival (London is on UTC in March): not yet.
    t.setNow('2027-03-03T23:59:00.000Z');
    const early = await stay(booked.number, { Status: 'CheckedIn' }).expect(409);
    expect(early.body.Message).toBe(
      `Room ${room} was not moved, nor any other: The room arrives on 2027-03-04 (the property's date is 2027-03-03): it can be checked in or marked a no-show from that day on.`,
    );
    const { cursor } = await feedAfter();

    t.setNow('2027-03-04T15:10:00.000Z');
    const checkedIn = await stay(booked.number, { Status: 'CheckedIn' }).expect(200);
    expect(checkedIn.body).toEqual({
      ReservationNumber: booked.number,
      StayStatus: 'CheckedIn',
      Rooms: [{ ReservationItemId: room, StayStatus: 'CheckedIn', StayStatusAt: '2027-03-04T15:10:00.000Z' }],
    });
    expect((await feedAfter(cursor)).numbers).toEqual([booked.number]);
    expect(await feedItem(booked.number)).toMatchObject({
      StayStatus: 'CheckedIn',
      Rooms: [{ StayStatus: 'CheckedIn', StayStatusAt: '2027-03-04T15:10:00.000Z' }],
    });
    const [message] = await delivered('reservation.checked_in');
    expect(message!.data).toMatchObject({
      PmsConfirmationNumber: 'PMS-77',
      StayStatus: 'CheckedIn',
      Rooms: [{ ReservationItemId: room, StayStatus: 'CheckedIn' }],
      Change: { Fields: [{ Field: `Rooms[${room}].StayStatus`, Old: 'Expected', New: 'CheckedIn' }] },
    });

    // The same move again changes nothing and tells nobody.
    await stay(booked.number, { Status: 'CheckedIn', RoomIds: [room] }).expect(200);
    expect(await eventsRecorded(booked.number, 'reservation.checked_in')).toBe(1);

    t.setNow('2027-03-06T10:30:00.000Z');
    expect((await stay(booked.number, { Status: 'CheckedOut' }).expect(200)).body.StayStatus).toBe('CheckedOut');
    const [out] = await delivered('reservation.checked_out');
    expect(out!.data).toMatchObject({ StayStatus: 'CheckedOut', Rooms: [{ StayStatus: 'CheckedOut' }] });
    // The PMS's own moves are not e-mailed to the hotel: it told them.
    const [mails] = await rawRows<{ count: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM mail_outbox WHERE to_address = ${reservationsAddress} AND reservation_id = ${booked.id}`,
    );
    expect(mails!.count).toBe(1); // reservation.created's notice only
  });

  it('refuses what does not follow with a 409 saying where the room is and what it allows, and moves nothing', async () => {
    const booked = await book();
    const [room] = booked.itemIds;
    t.setNow('2027-03-04T12:00:00.000Z');
    const notIn = await stay(booked.number, { Status: 'CheckedOut' }).expect(409);
    expect(notIn.body).toMatchObject({
      Code: 'CONFLICT',
      Message: `Room ${room} was not moved, nor any other: The room is Expected: it can be checked in (CheckedIn) or marked a no-show (NoShow).`,
    });
    await stay(booked.number, { Status: 'CheckedIn' }).expect(200);
    const noShow = await stay(booked.number, { Status: 'NoShow' }).expect(409);
    expect(noShow.body.Message).toContain('The room is CheckedIn: it can only be checked out (CheckedOut).');
    await stay(booked.number, { Status: 'CheckedOut' }).expect(200);
    const over = await stay(booked.number, { Status: 'CheckedIn' }).expect(409);
    expect(over.body.Message).toContain('The room is CheckedOut: its stay is over, and nothing follows.');
    expect((await feedItem(booked.number)).Rooms[0].StayStatus).toBe('CheckedOut');
  });

  it('moves each room of a booking on its own: one checked in, the other a no-show, all or nothing', async () => {
    const booked = await book({
      Rooms: [aRoom(ids), aRoom(ids, { ReservationItemId: 2, Guests: [{ FirstName: 'Charles', LastName: 'Babbage' }] })],
    });
    const [first, second] = booked.itemIds;
    t.setNow('2027-03-04T16:00:00.000Z');
    await stay(booked.number, { Status: 'CheckedIn', RoomIds: [first] }).expect(200);

    // The second room's no-show is refused with the first in the list (checked in already): neither moves.
    await stay(booked.number, { Status: 'NoShow', RoomIds: [second, first] }).expect(409);
    expect((await feedItem(booked.number)).Rooms.map((r: { StayStatus: string }) => r.StayStatus)).toEqual(['CheckedIn', 'Expected']);

    const answer = await stay(booked.number, { Status: 'NoShow', RoomIds: [second] }).expect(200);
    // One guest is in: the booking as a whole is checked in.
    expect(answer.body).toMatchObject({
      StayStatus: 'CheckedIn',
      Rooms: [
        { ReservationItemId: first, StayStatus: 'CheckedIn' },
        { ReservationItemId: second, StayStatus: 'NoShow' },
      ],
    });
    const [message] = await delivered('reservation.no_show');
    expect(message!.data).toMatchObject({
      Rooms: [{ StayStatus: 'CheckedIn' }, { StayStatus: 'NoShow' }],
      Change: { Fields: [{ Field: `Rooms[${second}].StayStatus`, Old: 'Expected', New: 'NoShow' }] },
    });
    expect(await feedItem(booked.number)).toMatchObject({
      StayStatus: 'CheckedIn',
      Rooms: [{ StayStatus: 'CheckedIn' }, { StayStatus: 'NoShow' }],
    });
  });

  it('a no-show keeps what the rate keeps at arrival, the whole stay: nothing is refunded and nothing more is charged', async () => {
    const booked = await book();
    const before = await feedItem(booked.number);
    t.setNow('2027-03-05T09:00:00.000Z');
    await stay(booked.number, { Status: 'NoShow' }).expect(200);
    const after = await feedItem(booked.number);
    // The flexible rate is free to cancel only until 48 hours before check-in; at arrival it
    // keeps all of it: 100 + 140 = £240.00 kept of the £240.00 paid, 0.00 refunded, 0.00 owed.
    expect(after.Totals).toMatchObject({ AmountToPay: 240, Paid: 240, Refunded: 0, Held: 0, Balance: 0 });
    expect(after.Payments).toEqual(before.Payments);
    expect(after).toMatchObject({ Status: 'Confirmed', StayStatus: 'NoShow', Rooms: [{ Status: 'Booked', StayStatus: 'NoShow' }] });
    const [message] = await delivered('reservation.no_show');
    expect(message!.data).toMatchObject({
      Total: 240,
      Paid: 240,
      Balance: 0,
      Change: { PreviousTotal: 240, NewTotal: 240, Payment: { Kind: 'None', Amount: 0 } },
    });
  });

  it('refuses a room not of the booking (400), a cancelled booking’s rooms (409) and a status it does not know (400)', async () => {
    const booked = await book();
    const other = await book();
    t.setNow('2027-03-04T16:00:00.000Z');
    const foreign = await stay(booked.number, { Status: 'CheckedIn', RoomIds: [other.itemIds[0]] }).expect(400);
    expect(foreign.body.ModelState).toEqual({
      'RoomIds[0]': [`Room ${other.itemIds[0]} is not a room of this booking: use the ReservationItemIds the feed gives for it.`],
    });
    // An id beyond the database's integers names no room of this booking either; an empty list, text or no status is refused.
    await stay(booked.number, { Status: 'CheckedIn', RoomIds: [2 ** 40] }).expect(400);
    for (const body of [{ Status: 'CheckedIn', RoomIds: [] }, { Status: 'CheckedIn', RoomIds: 'all' }, { RoomIds: [booked.itemIds[0]] }])
      await stay(booked.number, body).expect(400);
    await stay('not a number!', { Status: 'CheckedIn' }).expect(400);
    const unknown = await stay(booked.number, { Status: 'checked_in' }).expect(400);
    expect(unknown.body.ModelState).toEqual({ Status: ['Status must be CheckedIn, CheckedOut or NoShow'] });

    t.setNow(start);
    await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ PropertyId: ids.propertyId, ReservationId: other.id, Code: other.code })
      .expect(200);
    t.setNow('2027-03-04T16:00:00.000Z');
    expect((await stay(other.number, { Status: 'CheckedIn' }).expect(409)).body.Message).toBe(
      'Every room of this booking is cancelled: it has no stay to move.',
    );
    expect((await stay(other.number, { Status: 'NoShow', RoomIds: [other.itemIds[0]] }).expect(409)).body.Message).toContain(
      'The room is cancelled: it has no stay to move.',
    );
    expect(await eventsRecorded(other.number, 'reservation.no_show')).toBe(0);
    expect((await feedItem(other.number)).StayStatus).toBeNull();
  });
});
