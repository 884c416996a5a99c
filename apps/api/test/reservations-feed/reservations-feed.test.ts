import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { feedSettled } from '../support/feed-settled';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, type Ids, visa } from '../reservation/reservation-fixture';

/**
 * Today is Monday 1 March 2027 in London. A double costs 100 a weeknight and 140 on Friday and
 * Saturday nights, VAT 20 % included; breakfast is 12.50 a person a day. The property may be
 * cancelled free until 48 hours before arrival. Each test books its own stays.
 */
const property = {
  ...bookingProperty,
  ManageBookingConfiguration: { CheckInTime: '15:00', RequireCancellationReason: false },
  RoomTypes: (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
    type.Code === 'DBL' ? { ...type, Rooms: Array.from({ length: 40 }, (_, i) => String(101 + i)) } : type,
  ),
  RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
    plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
  ),
};

const adminKey = 'test-admin-key-0123456789';
let t: TestApp;
let ids: Ids;

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, property);
  await givenDefinition(t.context, aDefinition(aProperty({ Code: 'OTHER' })));
});
afterAll(() => t.close());

type Booked = { id: number; number: string; token: string };

async function book(overrides: Record<string, unknown> = {}): Promise<Booked> {
  const { body } = await request(t.app).post('/api/Reservation/Create').send(aBooking(ids, overrides)).expect(200);
  const [row] = await rawRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM reservations WHERE reservation_number = ${body.ReservationNumber}`,
  );
  return { id: row!.id, number: body.ReservationNumber, token: body.ConfirmationToken };
}

const feed = (query: Record<string, string | number>) =>
  request(t.app)
    .get('/api/Admin/Reservations')
    .set('X-Api-Key', adminKey)
    .query({ propertyCode: 'BOOK', ...query });

type Page = { Items: { ReservationNumber: string; Status: string }[]; NextCursor: string; HasMore: boolean };

const settled = () => feedSettled(t);

/** Follows the feed from `cursor`, once everything written so far can be served, until it has nothing more now: every item's number in order and the last cursor. */
async function readToEnd(start: Record<string, string | number>, limit = 2): Promise<{ numbers: string[]; cursor: string; pages: number }> {
  await settled();
  const numbers: string[] = [];
  let query = start;
  let pages = 0;
  for (;;) {
    const page = (await feed({ ...query, limit }).expect(200)).body as Page;
    pages += 1;
    numbers.push(...page.Items.map((item) => item.ReservationNumber));
    if (!page.HasMore) return { numbers, cursor: page.NextCursor, pages };
    query = { cursor: page.NextCursor };
  }
}

describe('GET /api/Admin/Reservations: the feed', () => {
  it('pages through every booking exactly once, oldest change first, and has nothing more until something changes', async () => {
    const start = await readToEnd({});
    const booked = [];
    for (let i = 0; i < 5; i += 1) booked.push(await book());
    const read = await readToEnd({ cursor: start.cursor });
    expect(read.numbers).toEqual(booked.map((b) => b.number));
    // Five items two a page: 2 + 2 + 1.
    expect(read.pages).toBe(3);
    const again = (await feed({ cursor: read.cursor }).expect(200)).body as Page;
    expect(again).toEqual({ Items: [], NextCursor: read.cursor, HasMore: false });
  });

  it('a booking changed after it was read comes again after the cursor, at its new place, once', async () => {
    const first = await book();
    const second = await book();
    const read = await readToEnd({ cursor: (await readToEnd({})).cursor });
    expect(read.numbers).toEqual([]);
    const fromStart = await readToEnd({});
    expect(fromStart.numbers.slice(-2)).toEqual([first.number, second.number]);

    // The guest cancels the first booking: it moves after the second.
    await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ PropertyId: ids.propertyId, ReservationId: first.id, Code: await manageCode(first) })
      .expect(200);
    await settled();
    const after = (await feed({ cursor: fromStart.cursor }).expect(200)).body as Page;
    expect(after.Items.map((item) => [item.ReservationNumber, item.Status])).toEqual([[first.number, 'Cancelled']]);
    expect((await readToEnd({})).numbers.slice(-2)).toEqual([second.number, first.number]);
  });

  it('an amendment moves the booking after the cursor, with its new nights, prices, charge and history', async () => {
    // Booked Thursday 4 to Saturday 6 March: Thursday 100 + Friday 140 = 240.00.
    const booking = await book();
    const code = await manageCode(booking);
    const { cursor } = await readToEnd({});
    const { body: found } = await request(t.app)
      .post('/api/ManageBooking/Search')
      .query({ propertyId: ids.propertyId, reservationNumber: booking.number, hash: code })
      .expect(200);
    const room = found.Reservation.Rooms[0];
    // A night later, Friday 5 to Sunday 7: Friday 140 + Saturday 140 = 280.00; the card is charged 280 - 240 = 40.00.
    await request(t.app)
      .post('/api/ManageBooking/Update')
      .send({
        PropertyId: ids.propertyId,
        ReservationId: booking.id,
        Code: code,
        ReservationItems: [
          {
            ReservationItemId: room.ReservationItemId,
            DateFrom: '2027-03-05',
            DateTo: '2027-03-07',
            RoomTypeId: room.RoomTypeId,
            RatePlanId: room.RatePlanId,
            NumberOfAdults: room.NumberOfAdults,
            NumberOfChildren: room.NumberOfChildren,
            NumberOfInfants: room.NumberOfInfants,
            RoomConfigurationDropdownOptionId: room.RoomConfigurationDropdownOptionId,
            Guests: room.Guests,
            Services: [],
            TotalCost: 280,
          },
        ],
      })
      .expect(200);
    await settled();
    const page = (await feed({ cursor }).expect(200)).body as { Items: Record<string, unknown>[] };
    expect(page.Items).toHaveLength(1);
    expect(page.Items[0]).toMatchObject({
      ReservationNumber: booking.number,
      DateFrom: '2027-03-05',
      DateTo: '2027-03-07',
      Rooms: [
        {
          Nights: [
            { Date: '2027-03-05', Price: 140 },
            { Date: '2027-03-06', Price: 140 },
          ],
          TotalCost: 280,
        },
      ],
      // Authorised 240.00 at booking + charged 40.00 = 280.00 paid: nothing left.
      Totals: { Total: 280, AmountToPay: 280, Paid: 280, Balance: 0 },
      Payments: [
        { Type: 'authorisation', Amount: 240, Status: 'succeeded' },
        { Type: 'charge', Amount: 40, Status: 'succeeded' },
      ],
      History: [{ Action: 'amend', Via: 'link', TotalBefore: 240, TotalAfter: 280 }],
    });
  });

  it('a card payment settling after 3-D Secure moves the booking, now confirmed and paid', async () => {
    const { body: created } = await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { CardDetails: { ...visa, CardNumber: '4000000000003220' } }))
      .expect(200);
    const waiting = await readToEnd({});
    expect(waiting.numbers.at(-1)).toBe(created.ReservationNumber);
    const pending = (
      await request(t.app).get(`/api/Admin/Reservations/${created.ReservationNumber}`).set('X-Api-Key', adminKey).expect(200)
    ).body;
    // Thursday 100 + Friday 140 = 240.00 to pay, nothing taken while the bank asks the guest.
    expect(pending).toMatchObject({ Status: 'PendingPayment', Totals: { AmountToPay: 240, Paid: 0, Balance: 240 } });

    const challenge = new URL(created.ChallengeUrl, 'http://localhost');
    await request(t.app)
      .post(challenge.pathname)
      .type('form')
      .send({ Outcome: 'approve', ReturnTo: challenge.searchParams.get('r') ?? '' })
      .expect(303);
    await settled();
    const page = (await feed({ cursor: waiting.cursor }).expect(200)).body as { Items: Record<string, unknown>[] };
    expect(page.Items).toHaveLength(1);
    expect(page.Items[0]).toMatchObject({
      ReservationNumber: created.ReservationNumber,
      Status: 'Confirmed',
      Totals: { AmountToPay: 240, Paid: 240, Balance: 0 },
    });
  });

  it('a pre-check-in saved moves the booking, with the guests and requests it gave and its history row', async () => {
    const booking = await book();
    const { body: confirmation } = await request(t.app)
      .get('/api/Reservation/Confirmation')
      .query({ propertyId: ids.propertyId, confirmationToken: booking.token })
      .expect(200);
    const [room] = await rawRows<{ id: number }>(t.database.db, sql`SELECT id FROM reservation_rooms WHERE reservation_id = ${booking.id}`);
    const { cursor } = await readToEnd({});
    await request(t.app)
      .post('/api/PreCheckIn/Save')
      .send({
        PropertyId: ids.propertyId,
        ReferenceNumber: booking.number,
        IsReservation: true,
        EntityId: booking.id,
        Code: (confirmation.PreCheckInUrl as string).split('/').at(-1),
        SpecialRequests: 'Late arrival, about 22:00',
        Booker: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com', Phone: '+441234567890', CountryId: 826 },
        ReservationItems: [
          {
            ReservationItemId: room!.id,
            Guests: [
              { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
              { FirstName: 'Charles', LastName: 'Babbage', Email: 'charles@example.com' },
            ],
          },
        ],
      })
      .expect(200)
      .expect((response) => expect(response.body.Success).toBe(true));
    await settled();
    const page = (await feed({ cursor }).expect(200)).body as { Items: Record<string, unknown>[] };
    expect(page.Items).toHaveLength(1);
    expect(page.Items[0]).toMatchObject({
      ReservationNumber: booking.number,
      SpecialRequests: 'Late arrival, about 22:00',
      Rooms: [
        {
          Guests: [
            { FirstName: 'Ada', LastName: 'Lovelace' },
            { FirstName: 'Charles', LastName: 'Babbage' },
          ],
        },
      ],
      History: [{ Action: 'precheckin' }],
    });
  });

  it('a change to a guest, a room, an extra or a payment alone moves the booking too', async () => {
    const booking = await book();
    const changes = [
      sql`UPDATE guests SET first_name = 'Augusta' WHERE reservation_room_id IN (SELECT id FROM reservation_rooms WHERE reservation_id = ${booking.id})`,
      sql`UPDATE reservation_rooms SET room_configuration_label = 'Twin' WHERE reservation_id = ${booking.id}`,
      sql`INSERT INTO reservation_services (reservation_room_id, service_id, quantity, unit_price, total)
          SELECT id, ${ids.services.FIZZ}, 1, 2500, 2500 FROM reservation_rooms WHERE reservation_id = ${booking.id}`,
      sql`DELETE FROM reservation_services WHERE reservation_room_id IN (SELECT id FROM reservation_rooms WHERE reservation_id = ${booking.id})`,
      sql`UPDATE payments SET card_last4 = '0005' WHERE reservation_id = ${booking.id}`,
    ];
    for (const change of changes) {
      const { cursor } = await readToEnd({});
      await t.database.db.execute(change);
      expect((await readToEnd({ cursor })).numbers).toEqual([booking.number]);
    }
  });

  it('updatedSince starts from the bookings last changed at or after that instant', async () => {
    t.setNow('2027-03-01T10:00:00Z');
    const early = await book();
    t.setNow('2027-03-01T11:00:00Z');
    const late = await book();
    const read = await readToEnd({ updatedSince: '2027-03-01T11:00:00Z' });
    expect(read.numbers).toContain(late.number);
    expect(read.numbers).not.toContain(early.number);
    // The cursor keeps the start's updatedSince: continuing it never brings the early booking back.
    const page = (await feed({ cursor: read.cursor }).expect(200)).body as Page;
    expect(page.Items).toEqual([]);
    t.setNow('2027-03-01T09:00:00Z');
  });

  it("answers only the property's bookings, and every property's without propertyCode", async () => {
    const booking = await book();
    const all = (await request(t.app).get('/api/Admin/Reservations').set('X-Api-Key', adminKey).query({ limit: 500 }).expect(200))
      .body as Page;
    expect(all.Items.map((item) => item.ReservationNumber)).toContain(booking.number);
    const other = (await feed({ propertyCode: 'OTHER' }).expect(200)).body as Page;
    expect(other.Items).toEqual([]);
  });
});

async function manageCode(booking: Booked): Promise<string> {
  const { body } = await request(t.app)
    .get('/api/Reservation/Confirmation')
    .query({ propertyId: ids.propertyId, confirmationToken: booking.token })
    .expect(200);
  return (body.ManageBookingUrl as string).split('/').at(-1)!;
}

describe.runIf(onRealPostgres())('the feed while bookings are being written (Postgres)', () => {
  it('never passes a change whose transaction is still open: it comes once it commits, before later ones', async () => {
    const held = await book();
    const { cursor } = await readToEnd({});
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      // Another connection changes the held booking and keeps its transaction open.
      await other.query('BEGIN');
      await other.query(`UPDATE reservations SET special_requests = 'Late arrival' WHERE id = $1`, [held.id]);
      // Bookings committed meanwhile: their transactions started writing after the held one.
      const meanwhile = [await book(), await book()];
      const during = (await feed({ cursor }).expect(200)).body as Page;
      // Serving them now would put the cursor past the held change, which would then be skipped.
      expect(during).toEqual({ Items: [], NextCursor: cursor, HasMore: false });
      await other.query('COMMIT');
      const after = await readToEnd({ cursor });
      expect(after.numbers).toEqual([held.number, ...meanwhile.map((b) => b.number)]);
    } finally {
      await other.end();
    }
  });

  it('skips nothing while bookings commit from many connections between pages', async () => {
    let { cursor } = await readToEnd({});
    const seen: string[] = [];
    const written: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      const booked = await Promise.all([book(), book(), book()]);
      written.push(...booked.map((b) => b.number));
      const page = (await feed({ cursor, limit: 2 }).expect(200)).body as Page;
      seen.push(...page.Items.map((item) => item.ReservationNumber));
      cursor = page.NextCursor;
    }
    const rest = await readToEnd({ cursor });
    seen.push(...rest.numbers);
    expect([...seen].sort()).toEqual([...written].sort());
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('GET /api/Admin/Reservations/{reservationNumber}: one booking', () => {
  it('answers the booking: booker, rooms and each night, extras, totals, masked payments, requests and history', async () => {
    // Thursday 4 to Saturday 6 March: Thursday 100 + Friday 140 = 240.00. Breakfast 12.50 a
    // person a day: 12.50 x 2 adults x 2 days = 50.00. Total 240 + 50 = 290.00, VAT 20 %
    // included: 240 / 6 = 40.00 + 50 / 6 = 8.33 = 48.33.
    const booking = await book({
      Rooms: [
        aRoom(ids, {
          Guests: [
            { FirstName: 'Ada', LastName: 'Lovelace' },
            { FirstName: 'Charles', LastName: 'Babbage' },
          ],
          Services: [{ ServiceId: ids.services.BRK, Quantity: 1 }],
        }),
      ],
    });
    const { body } = await request(t.app).get(`/api/Admin/Reservations/${booking.number}`).set('X-Api-Key', adminKey).expect(200);
    expect(body).toMatchObject({
      ReservationNumber: booking.number,
      PropertyCode: 'BOOK',
      Status: 'Confirmed',
      CreatedAt: '2027-03-01T09:00:00.000Z',
      DateFrom: '2027-03-04',
      DateTo: '2027-03-06',
      Currency: 'GBP',
      PaymentType: 'PayByCard',
      Booker: {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Email: 'ada@example.com',
        Phone: '+441234567890',
        Street: '1 Analytical Way',
        ZipCode: 'BS1 4QA',
        CountryId: 826,
      },
      Rooms: [
        {
          Status: 'Booked',
          RoomTypeCode: 'DBL',
          RoomTypeName: 'Double',
          RatePlanCode: 'BAR',
          RatePlanName: 'Flexible',
          DateFrom: '2027-03-04',
          DateTo: '2027-03-06',
          Nights: [
            { Date: '2027-03-04', Price: 100 },
            { Date: '2027-03-05', Price: 140 },
          ],
          Adults: 2,
          Children: 0,
          Infants: 0,
          TotalCost: 240,
          Guests: [
            { IsLeadGuest: true, FirstName: 'Ada', LastName: 'Lovelace' },
            { IsLeadGuest: false, FirstName: 'Charles', LastName: 'Babbage' },
          ],
          // 12.50 x 2 adults x 2 days = 50.00.
          Extras: [{ ServiceId: ids.services.BRK, Name: 'Breakfast', Quantity: 1, UnitPrice: 12.5, TotalCost: 50 }],
        },
      ],
      // The card took the whole 290.00 at booking: nothing left to pay.
      Totals: {
        Rooms: 240,
        Extras: 50,
        VoucherDiscount: 0,
        Total: 290,
        Vat: 48.33,
        VatRate: 20,
        IsTaxExclusive: false,
        AmountToPay: 290,
        Paid: 290,
        Refunded: 0,
        Held: 0,
        Balance: 0,
      },
      Payments: [{ Type: 'authorisation', Status: 'succeeded', Amount: 290, Currency: 'GBP', CardBrand: 'Visa', CardLast4: '4242' }],
      SpecialRequests: 'Quiet room please',
      History: [],
    });
    expect(JSON.stringify(body)).not.toMatch(/4242 4242|tok_|gateway_token/i);

    await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ PropertyId: ids.propertyId, ReservationId: booking.id, Code: await manageCode(booking) })
      .expect(200);
    const cancelled = (await request(t.app).get(`/api/Admin/Reservations/${booking.number}`).set('X-Api-Key', adminKey).expect(200)).body;
    // Cancelled free: nothing is owed any more (AmountToPay 0); the 290.00 taken is refunded in
    // full, so 290.00 - 290.00 = 0.00 paid, 290.00 refunded, and the balance 0.00 - 0.00 = 0.00.
    expect(cancelled).toMatchObject({
      Status: 'Cancelled',
      History: [{ Action: 'cancel', Via: 'link', TotalBefore: 290, TotalAfter: 0 }],
      Totals: { Total: 290, AmountToPay: 0, Paid: 0, Refunded: 290, Held: 0, Balance: 0 },
    });
    expect(cancelled.Payments).toMatchObject([
      { Type: 'authorisation', Status: 'succeeded', Amount: 290 },
      { Type: 'refund', Status: 'succeeded', Amount: 290 },
    ]);
  });

  it('404 for a number that is no booking', async () => {
    const { body } = await request(t.app).get('/api/Admin/Reservations/NOPE123').set('X-Api-Key', adminKey).expect(404);
    expect(body).toMatchObject({ Code: 'NOT_FOUND', Message: expect.stringContaining('NOPE123') });
  });
});

describe('GET /api/Admin/Arrivals', () => {
  it('lists the rooms arriving, leaving and staying over on the date', async () => {
    // Arrives Wednesday 10 with a child, leaves Friday 12: (100 + 15) x 2 nights = 230.00. Another
    // stays Tuesday 9 to Thursday 11 (100 x 2 = 200.00), a third Monday 8 to Friday 12 (100 x 4 = 400.00).
    const arriving = await book({
      DateFrom: '2027-03-10',
      DateTo: '2027-03-12',
      Rooms: [aRoom(ids, { DateFrom: '2027-03-10', DateTo: '2027-03-12', TotalCost: 230, NumberOfChildren: 1 })],
    });
    const leaving = await book({
      DateFrom: '2027-03-09',
      DateTo: '2027-03-11',
      Rooms: [aRoom(ids, { DateFrom: '2027-03-09', DateTo: '2027-03-11', TotalCost: 200 })],
    });
    const staying = await book({
      DateFrom: '2027-03-08',
      DateTo: '2027-03-12',
      Rooms: [aRoom(ids, { DateFrom: '2027-03-08', DateTo: '2027-03-12', TotalCost: 400 })],
    });
    const { body } = await request(t.app)
      .get('/api/Admin/Arrivals')
      .set('X-Api-Key', adminKey)
      .query({ propertyCode: 'BOOK', date: '2027-03-10' })
      .expect(200);
    expect(body.Arrivals.map((line: { ReservationNumber: string }) => line.ReservationNumber)).toEqual([arriving.number]);
    expect(body.Departures.map((line: { ReservationNumber: string }) => line.ReservationNumber)).toEqual([]);
    expect(body.InHouse.map((line: { ReservationNumber: string }) => line.ReservationNumber).sort()).toEqual(
      [leaving.number, staying.number].sort(),
    );
    // The card took the 230.00 at booking: 230 - 230 = 0 to pay.
    expect(body.Arrivals[0]).toMatchObject({
      RoomTypeName: 'Double',
      Nights: 2,
      Adults: 2,
      Children: 1,
      GuestNames: ['Ada Lovelace'],
      Status: 'Confirmed',
      AmountToPay: 230,
      Paid: 230,
      Balance: 0,
    });
    const day = await request(t.app)
      .get('/api/Admin/Arrivals')
      .set('X-Api-Key', adminKey)
      .query({ propertyCode: 'BOOK', date: '2027-03-11' })
      .expect(200);
    expect(day.body.Departures.map((line: { ReservationNumber: string }) => line.ReservationNumber)).toEqual([leaving.number]);
  });
});

describe('refusals', () => {
  const cases: [string, Record<string, string | number>, string][] = [
    ['a garbled cursor', { cursor: 'not-a-cursor' }, 'cursor'],
    ['a cursor with characters no cursor has', { cursor: 'abc$def' }, 'cursor'],
    [
      'a forged cursor',
      { cursor: Buffer.from(JSON.stringify({ v: 1, x: '99999999999999999999999', i: 1, s: null })).toString('base64url') },
      'cursor',
    ],
    [
      'a cursor beside updatedSince',
      { cursor: Buffer.from(JSON.stringify({ v: 1, x: '5', i: 1, s: null })).toString('base64url'), updatedSince: '2027-03-01T00:00:00Z' },
      'updatedSince',
    ],
    ['an updatedSince that is no instant', { updatedSince: 'yesterday' }, 'updatedSince'],
    ['a limit of 0', { limit: 0 }, 'limit'],
    ['a limit of 501', { limit: 501 }, 'limit'],
    ['a limit that is no number', { limit: 'ten' }, 'limit'],
  ];
  it.each(cases)('%s: 400 naming the field', async (_name, query, field) => {
    const { body } = await feed(query).expect(400);
    expect(body.Code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.ModelState)).toEqual([field]);
  });

  it('an unknown propertyCode: 404', async () => {
    await feed({ propertyCode: 'NOWHERE' }).expect(404);
    await request(t.app)
      .get('/api/Admin/Arrivals')
      .set('X-Api-Key', adminKey)
      .query({ propertyCode: 'NOWHERE', date: '2027-03-10' })
      .expect(404);
  });

  it('arrivals without a valid date: 400 naming date', async () => {
    const { body } = await request(t.app)
      .get('/api/Admin/Arrivals')
      .set('X-Api-Key', adminKey)
      .query({ propertyCode: 'BOOK', date: '2027-02-30' })
      .expect(400);
    expect(Object.keys(body.ModelState)).toEqual(['date']);
  });

  it('a missing or wrong admin key: 401', async () => {
    await request(t.app).get('/api/Admin/Reservations').expect(401);
    await request(t.app).get('/api/Admin/Reservations').set('X-Api-Key', 'wrong').expect(401);
    await request(t.app).get('/api/Admin/Arrivals').query({ propertyCode: 'BOOK', date: '2027-03-10' }).expect(401);
  });
});
