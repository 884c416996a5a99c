import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOTEL_EVENT_PAYLOADS } from '@hotel/domain/wire/hotel-event-payloads';
import type { HotelEventType } from '@hotel/domain/wire/webhook-deliveries';
import { rawRows } from '../../src/database/raw-rows';
import { dispatchPendingWebhooks } from '../../src/hotel-events';
import type { Enqueued } from '../../src/mail';
import { aDefinition, givenDefinition } from '../support/builders';
import { opened } from '../support/outbox';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  aBooking,
  aRoom,
  bookingProperty,
  bookWithLinks,
  givenBookingProperty,
  visa,
  type BookedWithLinks,
  type Ids,
} from '../reservation/reservation-fixture';
import { aTableBooking, quayKitchen } from '../restaurant/restaurant-fixture';

/**
 * Today is Monday 1 March 2027, 09:00 in London. The stay booked is Thursday 4 to Saturday 6
 * March in a Double on the flexible rate (BAR), two adults: 100 + 140 = £240.00, prices
 * including 20% VAT (240 x 20/120 = £40.00 of it), paid by card. The flexible rate may be
 * cancelled free until 48 hours before the 15:00 check-in. The hotel's notices go to its
 * reservations address, and every event is POSTed to a receiver on this machine.
 */
const secret = `whsec_${Buffer.from('a test secret of 32 bytes length').toString('base64')}`;
const reservationsAddress = 'reservations@test-hotel.example';
const start = '2027-03-01T09:00:00.000Z';
const admin = { 'X-Api-Key': 'test-admin-key-0123456789' };

type Received = { headers: IncomingHttpHeaders; body: string; payload: { type: string; timestamp: string; data: Record<string, unknown> } };

let t: TestApp;
let ids: Ids;
let receiver: Server;
let receiverUrl: string;
/** What the receiver took, each verified with the `standardwebhooks` package (a bad signature throws there). */
let received: Received[] = [];
/** The statuses the receiver answers with, in turn; 200 when none is left (or `alwaysFail` when set). */
let answers: number[] = [];
let alwaysFail = false;
/** Payloads delivered that are not exactly what their event's webhook schema declares: each test ends with none. */
let offContract: string[] = [];

function offWebhookContract(payload: Received['payload']): string | undefined {
  const schema = HOTEL_EVENT_PAYLOADS[payload.type as HotelEventType];
  if (!schema) return 'no webhook schema for this event type';
  const parsed = schema.safeParse(payload);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  // Schemas that strip nothing keep the payload whole: a field they lack is one the document does not declare.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), payload)) return 'it has fields its schema does not declare';
  return undefined;
}

afterEach(() => {
  const found = offContract;
  offContract = [];
  expect(found, 'every delivered payload is what its webhook schema declares').toEqual([]);
});

function property() {
  return {
    ...bookingProperty,
    ReservationsEmail: reservationsAddress,
    ManageBookingConfiguration: { CheckInTime: '15:00' },
    RoomTypes: (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
      type.Code === 'DBL' ? { ...type, Rooms: Array.from({ length: 30 }, (_, i) => String(101 + i)) } : type,
    ),
    RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
      plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
    ),
    Restaurants: [quayKitchen()],
    Webhooks: [{ Url: receiverUrl, Secret: secret, Events: ['*'] }],
  };
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as Received['payload'];
      received.push({ headers: req.headers, body, payload });
      const problems = offWebhookContract(payload);
      if (problems) offContract.push(`${payload.type}: ${problems}`);
      res.statusCode = alwaysFail ? 500 : (answers.shift() ?? 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({ now: start });
  ids = await givenBookingProperty(t, property());
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  t.setNow(start);
  received = [];
  answers = [];
  alwaysFail = false;
  await t.database.db.execute(sql`DELETE FROM webhook_deliveries`);
});

/** The dispatcher's tick, as the running process's loop calls it. */
const tick = () => dispatchPendingWebhooks(t.context);

type Booked = BookedWithLinks & { itemId: number };

/** A booking with its links and its one room's id. */
async function book(overrides: Record<string, unknown> = {}): Promise<Booked> {
  const booked = await bookWithLinks(t, ids, overrides);
  const [room] = await rawRows<{ id: number }>(t.database.db, sql`SELECT id FROM reservation_rooms WHERE reservation_id = ${booked.id}`);
  return { ...booked, itemId: room!.id };
}

/** A booking whose card asks for 3-D Secure, then the guest's answer to the bank's check; answers the booking's number and id. */
async function bookThroughChallenge(outcome: 'approve' | 'fail', beforeAnswer: (reservationId: number) => Promise<void> = async () => {}) {
  const created = await request(t.app)
    .post('/api/Reservation/Create')
    .send(aBooking(ids, { CardDetails: { ...visa, CardNumber: '4000000000003220' } }))
    .expect(200);
  const [row] = await rawRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM reservations WHERE reservation_number = ${created.body.ReservationNumber}`,
  );
  await beforeAnswer(row!.id);
  const url = new URL(created.body.ChallengeUrl as string, 'http://localhost');
  await request(t.app)
    .post(url.pathname)
    .type('form')
    .send({ Outcome: outcome, ReturnTo: url.searchParams.get('r') ?? '' })
    .expect(303);
  return { number: created.body.ReservationNumber as string, id: row!.id };
}

/** The outbox's rows, oldest first, with the next attempt's time as an ISO string. */
const deliveries = async () =>
  (
    await rawRows<{
      eventType: string;
      messageId: string;
      status: string;
      attempts: number;
      nextAttemptAt: string;
      lastStatusCode: number | null;
    }>(
      t.database.db,
      sql`SELECT event_type AS "eventType", message_id AS "messageId", status::text AS status, attempts,
                 next_attempt_at AS "nextAttemptAt", last_status_code AS "lastStatusCode"
          FROM webhook_deliveries ORDER BY id`,
    )
  ).map((row) => ({ ...row, nextAttemptAt: new Date(row.nextAttemptAt).toISOString() }));

/** The hotel's notices of a booking (or table booking), opened as sent. */
async function hotelMails(where: { reservationId?: number; tableBookingId?: number }) {
  const rows = await rawRows<{ kind: string; toAddress: string; subject: string; html: string; text: string }>(
    t.database.db,
    sql`SELECT kind::text AS kind, to_address AS "toAddress", subject, html, text FROM mail_outbox
        WHERE to_address = ${reservationsAddress}
          AND (reservation_id = ${where.reservationId ?? null} OR table_booking_id = ${where.tableBookingId ?? null})
        ORDER BY id`,
  );
  return rows.map((row) => opened(t, row));
}

/** Whether any trace of the card typed at booking is in this text: its number (spaced or not), its security code. */
const holdsCard = (text: string) => /4242 ?4242 ?4242|"123"|SecurityCode|cardOnFileToken|tok_/i.test(text);

describe('reservation.created', () => {
  it('a booking paid by card sends one signed message and one notice to the reservations address, with totals and contact and no card data', async () => {
    const booked = await book();
    expect(await tick()).toEqual({ delivered: 1, retrying: 0, failed: 0 });

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(message!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(message!.payload).toEqual({
      type: 'reservation.created',
      timestamp: start,
      data: expect.objectContaining({
        ReservationNumber: booked.number,
        PropertyCode: 'BOOK',
        Status: 'Confirmed',
        DateFrom: '2027-03-04',
        DateTo: '2027-03-06',
        Currency: 'GBP',
        // 100 (Thursday) + 140 (Friday) = 240, VAT inside it: 240 x 20/120 = 40.
        Total: 240,
        TotalVat: 40,
        PaymentType: 'PayByCard',
        Booker: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com', Phone: '+441234567890', CompanyName: null },
        SpecialRequests: 'Quiet room please',
        Rooms: [
          expect.objectContaining({
            RoomTypeCode: 'DBL',
            RoomType: 'Double',
            RatePlanCode: 'BAR',
            RatePlan: 'Flexible',
            Adults: 2,
            Total: 240,
            Status: 'Booked',
            Extras: [],
          }),
        ],
        Change: null,
      }),
    });
    expect(holdsCard(message!.body)).toBe(false);
    expect(await deliveries()).toEqual([
      expect.objectContaining({ eventType: 'reservation.created', status: 'delivered', attempts: 1, lastStatusCode: 200 }),
    ]);
    // Delivered once: the next tick finds nothing to send.
    expect(await tick()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);

    const [notice, ...more] = await hotelMails({ reservationId: booked.id });
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ kind: 'hotel_booking_created', subject: `New booking: ${booked.number}` });
    for (const line of [
      `Reservation number: ${booked.number}`,
      'Arrival: Thu 4th Mar 2027',
      'Departure: Sat 6th Mar 2027',
      'Booker: Ada Lovelace',
      'E-mail: ada@example.com',
      'Phone: +441234567890',
      'Special requests: Quiet room please',
      'Room 1: Double, Flexible; Thu 4th Mar 2027 to Sat 6th Mar 2027; 2 adults; £240.00',
      'Of which VAT (20%): £40.00',
      'Total to pay: £240.00',
    ])
      expect(notice!.text).toContain(line);
    expect(holdsCard(notice!.text) || holdsCard(notice!.html)).toBe(false);
  });

  it('wakes both dispatchers once the booking is committed: the hotel has a notice and a webhook message waiting', async () => {
    const notices: Enqueued[] = [];
    const stop = t.context.mailEnqueued.subscribe((enqueued) => notices.push(enqueued));
    try {
      await book();
    } finally {
      stop();
    }
    expect(notices).toEqual([{ mail: true, webhooks: true }]);
  });

  it('a booking of two rooms tells each room in the order booked, with its extras in the order chosen', async () => {
    // Monday 8 to Wednesday 10 March, weekday nights. Double on the flexible rate: 100 + 100 = 200,
    // with breakfast (12.50 x 2 nights x 2 people = 50) and two bottles of prosecco (2 x 25 = 50).
    // Single: 60 + 60 = 120, no extras. In all 200 + 50 + 50 + 120 = 420.
    const stay = { DateFrom: '2027-03-08', DateTo: '2027-03-10' };
    const double = aRoom(ids, {
      ...stay,
      TotalCost: 200,
      Services: [
        { ServiceId: ids.services.BRK, Quantity: 1 },
        { ServiceId: ids.services.FIZZ, Quantity: 2 },
      ],
    });
    const single = aRoom(ids, { ...stay, ReservationItemId: 2, RoomTypeId: ids.roomTypes.SGL, NumberOfAdults: 1, TotalCost: 120 });
    const booked = await book({ ...stay, Rooms: [double, single] });
    await tick();

    const [message] = received;
    const rooms = message!.payload.data.Rooms as { ReservationItemId: number }[];
    expect(message!.payload.data).toMatchObject({ ReservationNumber: booked.number, Total: 420 });
    expect(rooms).toEqual([
      expect.objectContaining({
        RoomType: 'Double',
        RatePlan: 'Flexible',
        ...stay,
        Adults: 2,
        Total: 200,
        Extras: [
          { Code: 'BRK', Name: 'Breakfast', Quantity: 1, Total: 50 },
          { Code: 'FIZZ', Name: 'Prosecco', Quantity: 2, Total: 50 },
        ],
      }),
      expect.objectContaining({ RoomType: 'Single', RatePlan: 'Flexible', ...stay, Adults: 1, Total: 120, Extras: [] }),
    ]);
    expect(rooms[0]!.ReservationItemId).toBeLessThan(rooms[1]!.ReservationItemId);
  });

  it('a booking waiting for 3-D Secure tells the hotel nothing until its payment settles, then once', async () => {
    const booked = await bookThroughChallenge('approve', async (reservationId) => {
      expect(await deliveries()).toEqual([]);
      expect(await hotelMails({ reservationId })).toEqual([]);
    });
    await tick();
    expect(received.map((message) => [message.payload.type, message.payload.data.ReservationNumber, message.payload.data.Status])).toEqual([
      ['reservation.created', booked.number, 'Confirmed'],
    ]);
    expect((await hotelMails({ reservationId: booked.id })).map((mail) => mail.kind)).toEqual(['hotel_booking_created']);
  });

  it('a booking whose 3-D Secure check fails is released and tells the hotel nothing', async () => {
    const booked = await bookThroughChallenge('fail');
    await tick();
    expect(received).toEqual([]);
    expect(await deliveries()).toEqual([]);
    expect(await hotelMails({ reservationId: booked.id })).toEqual([]);
  });
});

describe('changes to a booking', () => {
  it('an amendment sends reservation.amended with the history row’s before and after, and a notice of what changed', async () => {
    const booked = await book();
    const change = {
      PropertyId: ids.propertyId,
      ReservationId: booked.id,
      Code: booked.code,
      ReservationItems: [
        {
          ...aRoom(ids),
          ReservationItemId: booked.itemId,
          Services: [{ ServiceId: ids.services.BRK, Quantity: 1 }],
        },
      ],
    };
    // Breakfast: 12.50 x 2 nights x 2 adults = 50, charged to the card: 240 + 50 = 290.
    expect((await request(t.app).post('/api/ManageBooking/Update').send(change).expect(200)).body).toMatchObject({
      Success: true,
      Payment: { Kind: 'Charge', Amount: 50 },
    });
    await tick();
    const amended = received.find((message) => message.payload.type === 'reservation.amended');
    expect(amended!.payload.data).toMatchObject({
      ReservationNumber: booked.number,
      Total: 290,
      // 290 x 20/120 = 48.33
      TotalVat: 48.33,
      Rooms: [expect.objectContaining({ Extras: [{ Code: 'BRK', Name: 'Breakfast', Quantity: 1, Total: 50 }] })],
      Change: {
        PreviousTotal: 240,
        NewTotal: 290,
        Payment: { Kind: 'Charge', Amount: 50 },
        Fields: [{ Field: `Rooms[${booked.itemId}].Services`, Old: [], New: [{ ServiceId: ids.services.BRK, Quantity: 1 }] }],
      },
    });
    expect(holdsCard(amended!.body)).toBe(false);

    const notice = (await hotelMails({ reservationId: booked.id })).find((mail) => mail.kind === 'hotel_booking_amended');
    expect(notice!.subject).toBe(`Booking amended: ${booked.number}`);
    for (const line of [
      'Room 1 Services: (none) → 1 × Breakfast',
      'Total to pay: £240.00 → £290.00',
      'Charged to the card: £50.00',
      '1 × Breakfast (£50.00)',
    ])
      expect(notice!.text).toContain(line);
    expect(holdsCard(notice!.text)).toBe(false);
  });

  it('a cancellation sends reservation.cancelled with the refund, and a notice', async () => {
    const booked = await book();
    const answer = await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ PropertyId: ids.propertyId, ReservationId: booked.id, Code: booked.code })
      .expect(200);
    expect(answer.body).toMatchObject({ Success: true, RefundAmount: 240 });
    await tick();
    const cancelled = received.find((message) => message.payload.type === 'reservation.cancelled');
    expect(cancelled!.payload.data).toMatchObject({
      ReservationNumber: booked.number,
      Status: 'Cancelled',
      Rooms: [expect.objectContaining({ Status: 'Cancelled' })],
      // The whole 240 the card paid goes back; nothing is owed any more (Total 0, as NewTotal). As
      // the cancellation commits, the refund is on its way: 240 still paid, owed back (-240).
      Total: 0,
      Paid: 240,
      Refunded: 0,
      Balance: -240,
      Change: { PreviousTotal: 240, NewTotal: 0, Payment: { Kind: 'Refund', Amount: 240 } },
    });
    const notice = (await hotelMails({ reservationId: booked.id })).find((mail) => mail.kind === 'hotel_booking_cancelled');
    expect(notice!.subject).toBe(`Booking cancelled: ${booked.number}`);
    expect(notice!.text).toContain('Status: confirmed → cancelled');
    expect(notice!.text).toContain('Refunded to the card: £240.00');
  });

  it('a completed pre-check-in sends reservation.prechecked_in and one notice; saving it again sends nothing more', async () => {
    const booked = await book();
    const save = preCheckInSave(booked);
    expect((await request(t.app).post('/api/PreCheckIn/Save').send(save).expect(200)).body).toMatchObject({ Success: true });
    await request(t.app).post('/api/PreCheckIn/Save').send(save).expect(200);
    await tick();
    // Sent side by side: the receiver may take them in either order.
    expect(received.map((message) => message.payload.type).sort()).toEqual(['reservation.created', 'reservation.prechecked_in']);
    const prechecked = received.find((message) => message.payload.type === 'reservation.prechecked_in')!.payload.data;
    expect((prechecked.Change as { Fields: unknown[] }).Fields).toEqual(
      expect.arrayContaining([
        { Field: `Rooms[${booked.itemId}].Guests`, Old: ['Ada Lovelace'], New: ['Ada Lovelace', 'Charles Babbage'] },
      ]),
    );
    const notices = (await hotelMails({ reservationId: booked.id })).filter((mail) => mail.kind === 'pre_check_in_completed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe(`Pre-check-in completed: ${booked.number}`);
    expect(notices[0]!.text).toContain('Room 1 Guests: Ada Lovelace → Ada Lovelace, Charles Babbage');
  });

  it('a later pre-check-in save that adds extras sends reservation.amended and the amended notice', async () => {
    const booked = await book();
    await request(t.app).post('/api/PreCheckIn/Save').send(preCheckInSave(booked)).expect(200);
    // Two bottles of Prosecco at 25.00 each = 50.00, charged to the card the booking was paid with.
    const withProsecco = preCheckInSave(booked, [{ ServiceId: ids.services.FIZZ!, Quantity: 2 }]);
    expect((await request(t.app).post('/api/PreCheckIn/Save').send(withProsecco).expect(200)).body).toMatchObject({
      Success: true,
      Payment: { Kind: 'Charge', Amount: 50 },
    });
    await tick();
    expect(received.map((message) => message.payload.type).sort()).toEqual([
      'reservation.amended',
      'reservation.created',
      'reservation.prechecked_in',
    ]);
    const amended = received.find((message) => message.payload.type === 'reservation.amended')!.payload.data;
    // 240 + 50 = 290
    expect(amended).toMatchObject({ Total: 290, Change: { PreviousTotal: 240, NewTotal: 290, Payment: { Kind: 'Charge', Amount: 50 } } });
    const kinds = (await hotelMails({ reservationId: booked.id })).map((mail) => mail.kind);
    expect(kinds).toEqual(['hotel_booking_created', 'pre_check_in_completed', 'hotel_booking_amended']);
    const notice = (await hotelMails({ reservationId: booked.id })).at(-1)!;
    expect(notice.text).toContain('Extras added: 2 × Prosecco (£50.00)');
    expect(notice.text).toContain('Charged to the card: £50.00');
    expect(notice.text).toContain('Total to pay: £240.00 → £290.00');
  });
});

/** A pre-check-in save naming two guests in the booking's room, with the room's extras as they should stand. */
function preCheckInSave(booked: Booked, services: { ServiceId: number; Quantity: number }[] = []) {
  return {
    PropertyId: ids.propertyId,
    ReferenceNumber: booked.number,
    IsReservation: true,
    EntityId: booked.id,
    Code: booked.preCheckInCode,
    ReservationItems: [
      {
        ReservationItemId: booked.itemId,
        Guests: [
          { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
          { FirstName: 'Charles', LastName: 'Babbage', Email: 'charles@example.com' },
        ],
        Services: services,
      },
    ],
  };
}

describe('table_booking.created', () => {
  it('a table booking sends its event and a notice to the reservations address', async () => {
    const [restaurant] = await rawRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM restaurants WHERE property_id = ${ids.propertyId} AND name = 'The Quay Kitchen'`,
    );
    const restaurantIds = { propertyId: ids.propertyId, restaurants: { 'The Quay Kitchen': restaurant!.id } };
    const { body } = await request(t.app).post('/api/RestaurantBooking/Create').send(aTableBooking(restaurantIds)).expect(200);
    await tick();
    expect(received.map((message) => message.payload)).toEqual([
      {
        type: 'table_booking.created',
        timestamp: start,
        data: {
          BookingReference: body.BookingReference,
          PropertyCode: 'BOOK',
          Restaurant: 'The Quay Kitchen',
          Status: 'Confirmed',
          VisitDate: '2027-03-04',
          VisitTime: '19:00',
          LeaveBy: null,
          PartySize: 2,
          Email: 'ada@example.com',
          ContactNumber: '+441234567890',
          SpecialRequests: 'A table by the window',
          Identifier: 'Walk-in guest',
        },
      },
    ]);
    const [booking] = await rawRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM table_bookings WHERE booking_reference = ${body.BookingReference}`,
    );
    const [notice] = await hotelMails({ tableBookingId: booking!.id });
    expect(notice).toMatchObject({ kind: 'hotel_table_booking', subject: `New table booking: ${body.BookingReference}` });
    for (const line of [
      'Restaurant: The Quay Kitchen',
      'Date: Thu 4th Mar 2027',
      'Time: 19:00',
      'Party: 2 guests',
      'Special requests: A table by the window',
    ])
      expect(notice!.text).toContain(line);
  });
});

describe('delivery and retries', () => {
  it('an endpoint answering 500 is tried again 5 seconds later with the same webhook-id, and the second attempt delivers', async () => {
    answers = [500];
    await book();
    expect(await tick()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    const [first] = await deliveries();
    // 09:00:00 + 5 s
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, nextAttemptAt: '2027-03-01T09:00:05.000Z' });
    // Not due yet: a tick a second early sends nothing.
    t.setNow('2027-03-01T09:00:04Z');
    expect(await tick()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    t.setNow('2027-03-01T09:00:05Z');
    expect(await tick()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(await deliveries()).toEqual([expect.objectContaining({ status: 'delivered', attempts: 2, lastStatusCode: 200 })]);
  });

  it('gives up 24 hours after the event: eight attempts, then failed and in the delivery log', async () => {
    alwaysFail = true;
    await book();
    // Attempts at 0, then after waits of 5 s, 5 min, 30 min, 2 h, 5 h, 10 h (cumulative:
    // 5 s, 5 min 5 s, 35 min 5 s, 2 h 35 min 5 s, 7 h 35 min 5 s, 17 h 35 min 5 s); the next
    // 10 h wait would end at 27 h 35 min 5 s, so the last attempt is cut to 24 h after the event.
    const attemptsAt = [
      '2027-03-01T09:00:00Z',
      '2027-03-01T09:00:05Z',
      '2027-03-01T09:05:05Z',
      '2027-03-01T09:35:05Z',
      '2027-03-01T11:35:05Z',
      '2027-03-01T16:35:05Z',
      '2027-03-02T02:35:05Z',
      '2027-03-02T09:00:00Z',
    ];
    for (const [index, at] of attemptsAt.entries()) {
      t.setNow(at);
      const last = index === attemptsAt.length - 1;
      expect(await tick()).toEqual({ delivered: 0, retrying: last ? 0 : 1, failed: last ? 1 : 0 });
      const [row] = await deliveries();
      expect(row!.attempts).toBe(index + 1);
      if (!last) expect(row!.nextAttemptAt).toBe(new Date(attemptsAt[index + 1]!).toISOString());
    }
    expect(new Set(received.map((message) => message.headers['webhook-id'])).size).toBe(1);
    expect(received).toHaveLength(8);
    t.setNow('2027-03-03T09:00:00Z');
    expect(await tick()).toEqual({ delivered: 0, retrying: 0, failed: 0 });

    const log = await request(t.app)
      .get('/api/Admin/WebhookDeliveries')
      .query({ status: 'failed', propertyCode: 'BOOK' })
      .set(admin)
      .expect(200);
    expect(log.body).toEqual({
      Items: [
        expect.objectContaining({
          PropertyCode: 'BOOK',
          Endpoint: receiverUrl,
          EventType: 'reservation.created',
          MessageId: received[0]!.headers['webhook-id'],
          Status: 'failed',
          Attempts: 8,
          NextAttemptAt: null,
          LastStatusCode: 500,
          LastError: 'The endpoint answered 500.',
          CreatedAt: start,
          DeliveredAt: null,
        }),
      ],
      NextCursor: null,
      HasMore: false,
    });
  });

  it('the delivery log pages by id, newest first, behind the admin key', async () => {
    await book();
    await book();
    await book();
    await tick();
    const first = await request(t.app).get('/api/Admin/WebhookDeliveries').query({ limit: '2' }).set(admin).expect(200);
    expect(first.body.Items).toHaveLength(2);
    expect(first.body).toMatchObject({ NextCursor: String(first.body.Items[1].Id), HasMore: true });
    const second = await request(t.app)
      .get('/api/Admin/WebhookDeliveries')
      .query({ limit: '2', cursor: first.body.NextCursor })
      .set(admin)
      .expect(200);
    expect(second.body).toMatchObject({ NextCursor: null, HasMore: false, Items: [expect.objectContaining({ Status: 'delivered' })] });
    const ids = [...first.body.Items, ...second.body.Items].map((delivery: { Id: number }) => delivery.Id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await request(t.app).get('/api/Admin/WebhookDeliveries').expect(401);
    const bad = await request(t.app).get('/api/Admin/WebhookDeliveries').query({ status: 'lost', limit: '0' }).set(admin).expect(400);
    expect(Object.keys(bad.body.ModelState).sort()).toEqual(['limit', 'status']);
  });
});

describe('a definition’s webhooks and reservations address', () => {
  it('refuses an endpoint that is not https, a secret not in the Standard Webhooks form and an unknown event, naming each by its JSON path', async () => {
    const definition = aDefinition({
      ...property(),
      Code: 'BAD',
      Webhooks: [
        { Url: 'http://hotel.example/hooks', Secret: secret, Events: ['*'] },
        { Url: 'https://hotel.example/hooks', Secret: 'not-a-secret', Events: ['reservation.created'] },
        { Url: 'https://hotel.example/other', Secret: secret, Events: ['reservation.deleted'] },
      ],
    });
    const { body } = await request(t.app).put('/api/Admin/Definition').set(admin).send(definition).expect(400);
    expect(Object.keys(body.ModelState).sort()).toEqual([
      'Properties[0].Webhooks[0].Url',
      'Properties[0].Webhooks[1].Secret',
      'Properties[0].Webhooks[2].Events[0]',
    ]);
    const [none] = await rawRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM properties WHERE code = 'BAD'`);
    expect(none!.n).toBe(0);
  });

  it('sends the notices to Email when no ReservationsEmail is given, and none when it is null', async () => {
    const base = { ...property(), Webhooks: [] };
    await givenDefinition(
      t.context,
      aDefinition({ ...base, Code: 'PLAIN', ReservationsEmail: undefined }, { ...base, Code: 'QUIET', ReservationsEmail: null }),
    );
    const rows = await rawRows<{ code: string; reservationsEmail: string | null }>(
      t.database.db,
      sql`SELECT code, reservations_email AS "reservationsEmail" FROM properties WHERE code IN ('PLAIN', 'QUIET') ORDER BY code`,
    );
    expect(rows).toEqual([
      { code: 'PLAIN', reservationsEmail: 'stay@test-hotel.example' },
      { code: 'QUIET', reservationsEmail: null },
    ]);

    // A booking at the quiet property: the guest's confirmation, and nothing for the hotel.
    const quiet = await givenBookingProperty(t, { ...base, Code: 'QUIET', ReservationsEmail: null });
    const booked = await bookWithLinks(t, quiet);
    const kinds = await rawRows<{ kind: string }>(
      t.database.db,
      sql`SELECT kind::text AS kind FROM mail_outbox WHERE reservation_id = ${booked.id} ORDER BY id`,
    );
    expect(kinds).toEqual([{ kind: 'booking_confirmation' }]);
    expect(await deliveries()).toEqual([]);
  });
});
