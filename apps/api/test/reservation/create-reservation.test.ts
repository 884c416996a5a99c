import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reservations } from '@hotel/db/schema';
import { rawRows } from '../../src/database/raw-rows';
import { findEventReservation } from '../../src/hotel-events/hotel-event-queries';
import { reservationNotice } from '../../src/hotel-events/hotel-notice';
import { mailBrandingOf, renderHotelNotice, type Enqueued } from '../../src/mail';
import { findProperty } from '../../src/property';
import { ReservationNumberStock, withoutUsedNumbers } from '../../src/booking/unused-reservation-numbers';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';
import { givenUser, logIn, PASSWORD } from '../account/account-fixture';
import { aDefinition, givenDefinition } from '../support/builders';
import { aBooking, aRoom, bookingProperty, companyBookerSession, givenBookingProperty, type Ids, visa } from './reservation-fixture';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import { opened } from '../support/outbox';

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test starts from an empty hotel: no rooms sold, no extras used, vouchers at full value.
  await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
  await t.database.db.execute(sql`UPDATE service_inventory SET used = 0`);
  await t.database.db.execute(sql`UPDATE gift_vouchers SET balance = initial_amount`);
});

const create = (body: object, key?: string) => {
  const call = request(t.app).post('/api/Reservation/Create');
  if (key) call.set('Idempotency-Key', key);
  return call.send(body);
};
const confirmation = (token: string) =>
  request(t.app).get('/api/Reservation/Confirmation').query({ propertyId: ids.propertyId, confirmationToken: token });
const usedOn = async (code: string, night: string) =>
  (
    await rawRows<{ used: number }>(
      t.database.db,
      sql`SELECT used FROM service_inventory i JOIN services s ON s.id = i.service_id WHERE s.code = ${code} AND i.night = ${night}`,
    )
  )[0]?.used;
const soldOn = async (code: string, night: string) =>
  (
    await rawRows<{ sold: number }>(
      t.database.db,
      sql`SELECT sold FROM room_type_inventory i JOIN room_types rt ON rt.id = i.room_type_id WHERE rt.code = ${code} AND i.night = ${night}`,
    )
  )[0]?.sold;

describe('POST /api/Reservation/Create', () => {
  it.runIf(onRealPostgres())(
    'sends the database 9 statements for a one-room booking paid by card: its hold (begin, the rooms, the write, commit), then the card’s yes in one',
    async () => {
      await create(aBooking(ids, { Rooms: [aRoom(ids, { DateFrom: '2027-03-08', DateTo: '2027-03-09', TotalCost: 100 })] })).expect(200);
      const sent: string[] = [];
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof query>) {
        const [text] = args as unknown[];
        sent.push(String(typeof text === 'string' ? text : (text as { text: string }).text).replace(/\s+/g, ' '));
        return (query as (...given: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        await create(aBooking(ids, { Rooms: [aRoom(ids, { DateFrom: '2027-03-09', DateTo: '2027-03-10', TotalCost: 100 })] })).expect(200);
      } finally {
        pg.Client.prototype.query = query;
      }
      // Before the transaction: the client's limit counted, the address's mail of the hour read,
      // the versions, the rooms sold since the last booking. After it, the card is authorised outside any transaction, and its yes recorded:
      // the movement, the booking confirmed and its e-mails, one statement (confirmPaidAtOnce).
      expect(sent.map((text) => text.split(' ').slice(0, 3).join(' '))).toEqual([
        'insert into "rate_limit_counters"',
        'select ceil(extract(epoch from',
        'select "properties"."id", "properties"."group_id",',
        'WITH held AS',
        'begin',
        'UPDATE room_type_inventory SET',
        'WITH "new_reservation" AS',
        'commit',
        'WITH paid AS',
      ]);
    },
  );

  it('wakes the mail dispatcher once the booking is committed, and not the webhook dispatcher of a hotel without webhooks', async () => {
    const notices: Enqueued[] = [];
    const stop = t.context.mailEnqueued.subscribe((enqueued) => notices.push(enqueued));
    try {
      await create(aBooking(ids)).expect(200);
    } finally {
      stop();
    }
    expect(notices).toEqual([{ mail: true, webhooks: false }]);
  });

  it("writes the hotel's notice with the booking, the same notice as one built from the booking read back", async () => {
    // Thu 4 to Sat 6 March. Double: 100 + 140 = 240, breakfast 12.50 x 2 nights x 2 people = 50,
    // two bottles of prosecco 2 x 25 = 50. Single: 60 + 60 = 120. In all 240 + 50 + 50 + 120 = 460.
    const double = aRoom(ids, {
      Services: [
        { ServiceId: ids.services.BRK, Quantity: 1 },
        { ServiceId: ids.services.FIZZ, Quantity: 2 },
      ],
    });
    const single = aRoom(ids, { ReservationItemId: 2, RoomTypeId: ids.roomTypes.SGL, NumberOfAdults: 1, TotalCost: 120 });
    const { body } = await create(aBooking(ids, { Rooms: [double, single] })).expect(200);
    const [reservation] = await rawRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM reservations WHERE reservation_number = ${body.ReservationNumber}`,
    );
    const written = (
      await rawRows<{ kind: string; toAddress: string; subject: string; html: string; text: string }>(
        t.database.db,
        sql`SELECT kind::text AS kind, to_address AS "toAddress", subject, html, text FROM mail_outbox
            WHERE reservation_id = ${reservation!.id} ORDER BY id`,
      )
    ).map((row) => opened(t, row));
    expect(written.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ['booking_confirmation', 'ada@example.com'],
      ['hotel_booking_created', 'stay@test-hotel.example'],
    ]);
    const notice = written[1]!;
    for (const line of [
      'Room 1: Double, Flexible; Thu 4th Mar 2027 to Sat 6th Mar 2027; 2 adults; £240.00; 1 × Breakfast (£50.00); 2 × Prosecco (£50.00)',
      'Room 2: Single, Flexible; Thu 4th Mar 2027 to Sat 6th Mar 2027; 1 adult; £120.00',
      'Total to pay: £460.00',
    ])
      expect(notice.text).toContain(line);

    const property = (await findProperty(t.database.db, ids.propertyId))!;
    const readBack = await t.database.db.transaction((tx) => findEventReservation(tx, reservation!.id));
    const { kind, mail } = reservationNotice('reservation.created', mailBrandingOf(property, t.context.config.publicUrl), {
      reservation: { ...readBack!, serviceNames: new Map() },
      change: undefined,
    });
    expect(notice).toMatchObject(renderHotelNotice(kind, mail));
  });

  it('books a room with extras, priced to the penny, and answers the confirmation token and number', async () => {
    // Double, Thu + Fri: 100 + 140 = 240 for two adults. Breakfast 12.50 x 2 nights x 2 people = 50. Prosecco 2 x 25 = 50.
    const room = aRoom(ids, {
      Services: [
        { ServiceId: ids.services.BRK, Quantity: 1 },
        { ServiceId: ids.services.FIZZ, Quantity: 2 },
      ],
    });
    const response = await create(aBooking(ids, { Rooms: [room] })).expect(200);
    expect(response.body).toEqual({
      Success: true,
      ConfirmationToken: expect.stringMatching(/^[\w-]{43}$/),
      ReservationNumber: expect.stringMatching(/^[2-9A-Z]{8}$/),
      ChallengeUrl: null,
    });

    const { body } = await confirmation(response.body.ConfirmationToken).expect(200);
    expect(body).toMatchObject({
      ReservationNumber: response.body.ReservationNumber,
      Status: 'Confirmed',
      DateFrom: '2027-03-04',
      DateTo: '2027-03-06',
      TotalAccommodationPrice: 240,
      TotalServicesPrice: 100,
      GiftVoucherDiscount: 0,
      TotalCost: 340,
      TotalVat: 56.67, // 340 / 120 x 20, VAT included
      VatRate: 20,
      IsTaxExclusive: false,
      Currency: 'GBP',
      PaymentType: 'PayByCard',
      Card: { Brand: 'Visa', Last4: '4242', ExpiryMonth: 12, ExpiryYear: 2029 },
      SpecialRequests: 'Quiet room please',
      Booker: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
      Property: { Name: 'Test Hotel', Email: 'stay@test-hotel.example' },
      ManageBookingUrl: expect.stringMatching(new RegExp(`/Manage/BOOK/Reservation/${response.body.ReservationNumber}/[\\w-]{22}$`)),
      PreCheckInUrl: expect.stringMatching(new RegExp(`/PreCheckIn/BOOK/${response.body.ReservationNumber}/[\\w-]{22}$`)),
    });
    expect(body.Rooms).toEqual([
      expect.objectContaining({
        RoomTypeName: 'Double',
        RatePlanName: 'Flexible',
        NumberOfAdults: 2,
        TotalCost: 240,
        Guests: [expect.objectContaining({ FirstName: 'Ada', LastName: 'Lovelace', IsLeadGuest: true })],
        Services: [
          expect.objectContaining({ ServiceName: 'Breakfast', Quantity: 1, TotalCost: 50 }),
          expect.objectContaining({ ServiceName: 'Prosecco', Quantity: 2, TotalCost: 50 }),
        ],
      }),
    ]);
    expect(await soldOn('DBL', '2027-03-04')).toBe(1);
    expect(await soldOn('DBL', '2027-03-05')).toBe(1);
    expect(await soldOn('DBL', '2027-03-06')).toBe(0); // the departure day is not a night of the stay
  });

  it('keeps each room’s guests and extras with that room when several rooms are booked at once', async () => {
    const rooms = [
      aRoom(ids, {
        Guests: [
          { FirstName: 'Ada', LastName: 'Lovelace' },
          { FirstName: 'Charles', LastName: 'Babbage' },
        ],
        Services: [{ ServiceId: ids.services.FIZZ, Quantity: 2 }],
        TotalCost: 240,
      }),
      aRoom(ids, {
        ReservationItemId: 2,
        RoomTypeId: ids.roomTypes.SGL,
        NumberOfAdults: 1,
        Guests: [{ FirstName: 'Mary', LastName: 'Somerville' }],
        TotalCost: 120,
      }),
    ];
    const response = await create(aBooking(ids, { Rooms: rooms })).expect(200);

    const { body } = await confirmation(response.body.ConfirmationToken).expect(200);
    expect(body.Rooms).toEqual([
      expect.objectContaining({
        RoomTypeName: 'Double',
        Guests: [
          expect.objectContaining({ FirstName: 'Ada', LastName: 'Lovelace', IsLeadGuest: true }),
          expect.objectContaining({ FirstName: 'Charles', LastName: 'Babbage', IsLeadGuest: false }),
        ],
        Services: [expect.objectContaining({ ServiceName: 'Prosecco', Quantity: 2, TotalCost: 50 })],
      }),
      expect.objectContaining({
        RoomTypeName: 'Single',
        Guests: [expect.objectContaining({ FirstName: 'Mary', LastName: 'Somerville', IsLeadGuest: true })],
        Services: [],
      }),
    ]);
    expect(body).toMatchObject({ TotalAccommodationPrice: 360, TotalServicesPrice: 50, TotalCost: 410 });
  });

  it('puts the confirmation e-mail into the outbox with the manage and pre-check-in links', async () => {
    const { body } = await create(aBooking(ids)).expect(200);
    const [mail] = (
      await rawRows<{ to_address: string; subject: string; html: string; text: string }>(
        t.database.db,
        sql`SELECT m.to_address, m.subject, m.html, m.text FROM mail_outbox m JOIN reservations r ON r.id = m.reservation_id WHERE r.reservation_number = ${body.ReservationNumber}`,
      )
    ).map((row) => opened(t, row));
    expect(mail).toMatchObject({ to_address: 'ada@example.com', subject: expect.stringContaining(body.ReservationNumber) });
    expect(mail!.text).toContain(`/Manage/BOOK/Reservation/${body.ReservationNumber}/`);
    expect(mail!.text).toContain(`/PreCheckIn/BOOK/${body.ReservationNumber}/`);
    expect(mail!.html).toContain('£240.00');
  });

  it('keeps no card number or security code anywhere: database, outbox, logs', async () => {
    await create(
      aBooking(ids, { CardDetails: { ...visa, CardNumber: '5555555555554444', SecurityCode: '737', CreditCardTypeId: 2 } }),
    ).expect(200);
    const dump = await rawRows<{ row: string }>(
      t.database.db,
      sql`SELECT row_to_json(x)::text AS row FROM (SELECT * FROM reservations) x UNION ALL SELECT row_to_json(p)::text FROM payments p UNION ALL SELECT row_to_json(m)::text FROM mail_outbox m UNION ALL SELECT row_to_json(i)::text FROM idempotency_records i`,
    );
    const everything = dump.map((r) => r.row).join('\n') + t.logLines.join('\n');
    expect(everything).toContain('4444');
    expect(everything).not.toContain('5555555555554444');
    expect(everything).not.toMatch(/"737"|SecurityCode/);
  });

  it('prices a promotion the search applied and charges children', async () => {
    // 2 adults + 1 child at 10% off: (100 + 15) x 0.9 + (140 + 15) x 0.9 = 103.50 + 139.50 = 243
    const room = aRoom(ids, { NumberOfChildren: 1, TotalCost: 243 });
    const { body } = await create(aBooking(ids, { PromoCode: 'TENOFF', Rooms: [room] })).expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({
      TotalCost: 243,
      Rooms: [expect.objectContaining({ OriginalTotalCost: 270, PromotionCode: 'TENOFF' })],
    });
  });

  it('refuses with 409 and the server’s prices when the client’s price differs', async () => {
    const response = await create(aBooking(ids, { Rooms: [aRoom(ids, { TotalCost: 200 })] })).expect(409);
    expect(response.body).toMatchObject({
      Code: 'PRICE_CHANGED',
      Rooms: [{ ReservationItemId: 1, TotalCost: 240, OriginalTotalCost: 240, ServicesCost: 0, Services: [] }],
      TotalCost: 240,
    });
    expect(await soldOn('DBL', '2027-03-04')).toBe(0);
  });

  it('answers every price a client shows of a room when refusing a changed price: discounted, original and each extra', async () => {
    // Two adults at 10% off: 100 x 0.9 + 140 x 0.9 = 90 + 126 = 216, undiscounted 240.
    // Breakfast 12.50 x 2 nights x 2 people = 50. The total is 216 + 50 = 266.
    const room = aRoom(ids, { TotalCost: 240, Services: [{ ServiceId: ids.services.BRK, Quantity: 1 }] });
    const response = await create(aBooking(ids, { PromoCode: 'TENOFF', Rooms: [room] })).expect(409);
    expect(response.body).toMatchObject({
      Code: 'PRICE_CHANGED',
      Rooms: [
        {
          ReservationItemId: 1,
          TotalCost: 216,
          OriginalTotalCost: 240,
          ServicesCost: 50,
          Services: [{ ServiceId: ids.services.BRK, TotalCost: 50 }],
        },
      ],
      TotalCost: 266,
    });
  });

  it('sells the last room once, then answers 409 with the rooms-not-available message', async () => {
    await create(aBooking(ids, { Rooms: [aRoom(ids, { RoomTypeId: ids.roomTypes.SGL, NumberOfAdults: 1, TotalCost: 120 })] })).expect(200);
    const second = await create(
      aBooking(ids, { Rooms: [aRoom(ids, { RoomTypeId: ids.roomTypes.SGL, NumberOfAdults: 1, TotalCost: 120 })] }),
    ).expect(409);
    expect(second.body).toEqual({
      Message: 'Your combination of rooms is not available, please retry your search or contact us directly',
      Code: 'ROOM_SOLD_OUT',
    });
  });

  it('takes a limited extra only while units remain', async () => {
    const withParking = (item: number) =>
      aRoom(ids, { ReservationItemId: item, Services: [{ ServiceId: ids.services.PARK, Quantity: 1 }] });
    await create(aBooking(ids, { Rooms: [withParking(1)] })).expect(200);
    const second = await create(aBooking(ids, { Rooms: [withParking(1)] })).expect(409);
    expect(second.body).toMatchObject({
      Code: 'SERVICE_SOLD_OUT',
      Message: 'Parking is no longer available in that quantity for your dates. Please remove it or choose fewer.',
    });
    expect(await soldOn('DBL', '2027-03-04')).toBe(1); // the refused booking took no room either
  });

  it('spends a gift voucher in the same transaction, at most its balance', async () => {
    const { body } = await create(aBooking(ids, { HopGiftVoucherCode: 'gift-50' })).expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({ GiftVoucherDiscount: 50, TotalCost: 190, TotalVat: 31.67 });
    const [voucher] = await rawRows<{ balance: number }>(t.database.db, sql`SELECT balance FROM gift_vouchers WHERE code = 'GIFT-50'`);
    expect(voucher!.balance).toBe(0);
    const again = await create(aBooking(ids, { HopGiftVoucherCode: 'GIFT-50' })).expect(409);
    expect(again.body).toMatchObject({ Code: 'VOUCHER_SPENT', Message: 'This gift voucher has no balance left.' });
  });

  it('takes no more than the total from a large voucher', async () => {
    const { body } = await create(aBooking(ids, { HopGiftVoucherCode: 'GIFT-1000', CardDetails: null, PaymentType: 'PayByCard' })).expect(
      400,
    );
    expect(body.ModelState).toHaveProperty('CardDetails');
    const paid = await create(aBooking(ids, { HopGiftVoucherCode: 'GIFT-1000' })).expect(200);
    expect((await confirmation(paid.body.ConfirmationToken)).body).toMatchObject({ GiftVoucherDiscount: 240, TotalCost: 0, Card: null });
    const [voucher] = await rawRows<{ balance: number }>(t.database.db, sql`SELECT balance FROM gift_vouchers WHERE code = 'GIFT-1000'`);
    expect(voucher!.balance).toBe(76000);
  });

  it('books on company invoice when every rate allows it, with the company and PO number', async () => {
    const { body } = await create(
      aBooking(ids, { PaymentType: 'PayByCompanyInvoice', CardDetails: null, AccountId: 'ACME01', PONumber: 'PO-7' }),
    )
      .set('Cookie', await companyBookerSession(t, ids.propertyId))
      .expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({
      PaymentType: 'PayByCompanyInvoice',
      Company: { AccountId: 'ACME01', Name: 'Acme Engineering Ltd' },
      PONumber: 'PO-7',
      Card: null,
    });
  });

  it.each([
    [
      { PaymentType: 'PayByCompanyInvoice', CardDetails: null, AccountId: 'ACME01', PONumber: 'PO-7', Rooms: 'NRF' },
      'PaymentType',
      'Pay by company invoice is not available for this booking: every rate must allow it.',
    ],
    [
      { PaymentType: 'PayByCompanyInvoice', CardDetails: null, AccountId: 'ACME01', PONumber: 'PO-7' },
      'AccountId',
      ERROR_MESSAGES.companyInvoiceNeedsAccount,
    ],
    [
      { PaymentType: 'PayByIndividualInvoice', CardDetails: null },
      'PaymentType',
      'Pay by invoice is only available to logged-in guests who may choose how to pay.',
    ],
    [{ CardDetails: { ...visa, CardNumber: '4242424242424241' } }, 'CardDetails.CardNumber', undefined],
    [{ CardDetails: { ...visa, CardNumber: '378282246310005', CreditCardTypeId: 3 } }, 'CardDetails.CardNumber', undefined],
    [{ CardDetails: { ...visa, ExpiryMonth: 1, ExpiryYear: 2027 } }, 'CardDetails.ExpiryYear', undefined],
    [
      { Booker: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'not-an-email', Phone: '+441234567890' } },
      'Booker.Email',
      'A valid email address is required',
    ],
    [
      { Booker: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com', Phone: '01234 567890' } },
      'Booker.Phone',
      'A valid phone number is required',
    ],
    [{ Rooms: 'THREE_ADULTS' }, 'Rooms[0]', 'The Double on the Flexible rate does not take 3 adults, 0 children and 0 infants.'],
    [{ Rooms: 'FOUR_ROOMS' }, 'Rooms', 'The maximum number of rooms on a booking is 3. Please contact the hotel to add more.'],
    [{ HopGiftVoucherCode: 'OLD-GIFT' }, 'HopGiftVoucherCode', 'This gift voucher expired on Sunday 31st January 2027.'],
    [{ HopGiftVoucherCode: 'NO-SUCH' }, 'HopGiftVoucherCode', 'This gift voucher code is not recognised. Please check it and try again.'],
  ])('refuses %j with 400 on %s', async (overrides, field, message) => {
    const { Rooms: roomsCase, ...rest } = overrides as Record<string, unknown>;
    const rooms =
      roomsCase === 'NRF'
        ? [aRoom(ids, { RatePlanId: ids.ratePlans.NRF, TotalCost: 180 })]
        : roomsCase === 'THREE_ADULTS'
          ? [aRoom(ids, { NumberOfAdults: 3 })]
          : roomsCase === 'FOUR_ROOMS'
            ? [1, 2, 3, 4].map((i) => aRoom(ids, { ReservationItemId: i }))
            : undefined;
    const response = await create(aBooking(ids, { ...rest, ...(rooms ? { Rooms: rooms } : {}) })).expect(400);
    expect(response.body.ModelState[field]).toEqual(message ? [message] : [expect.any(String)]);
    expect(await soldOn('DBL', '2027-03-04')).toBe(0);
  });

  it.each([
    [{ PONumber: 'PO-7' }, 'AccountId', 'A company is required to pay by company invoice'],
    [{ AccountId: 'ACME01' }, 'PONumber', 'A PO number is required to pay by company invoice'],
    [
      { AccountId: 'NOBODY', PONumber: 'PO-7' },
      'AccountId',
      'This company was not found for your account. Log in with the account your company linked, or one at its e-mail address, or please pay another way.',
    ],
  ])('refuses a company booker’s invoice %j with 400 on %s', async (overrides, field, message) => {
    const session = await companyBookerSession(t, ids.propertyId);
    const booking = aBooking(ids, { PaymentType: 'PayByCompanyInvoice', CardDetails: null, ...overrides });
    const response = await create(booking).set('Cookie', session).expect(400);
    expect(response.body.ModelState[field]).toEqual([message]);
    expect(await soldOn('DBL', '2027-03-04')).toBe(0);
  });

  it('refuses same-day bookings after the configured hour in the property’s time zone', async () => {
    t.setNow('2027-03-04T18:30:00Z'); // 18:30 in London
    try {
      const response = await create(aBooking(ids)).expect(400);
      expect(response.body.ModelState).toEqual({ DateFrom: ['Bookings for tonight close at 18:00. Please call us.'] });
      t.setNow('2027-03-04T17:59:00Z');
      await create(aBooking(ids)).expect(200);
    } finally {
      t.setNow('2027-03-01T09:00:00Z');
    }
  });

  it('refuses an arrival in the year 9999 with 400 before the card is charged', async () => {
    const authorise = vi.spyOn(t.context.paymentGateways.byName('test'), 'authorise');
    const farRoom = aRoom(ids, { DateFrom: '9999-12-30', DateTo: '9999-12-31' });
    const response = await create(aBooking(ids, { DateFrom: '9999-12-30', DateTo: '9999-12-31', Rooms: [farRoom] })).expect(400);
    expect(response.body.ModelState).toEqual({ 'Rooms[0].DateFrom': ['The arrival date can be at most 10 years ahead'] });
    expect(authorise).not.toHaveBeenCalled();
    authorise.mockRestore();
  });

  it('declines a card with 402 and holds nothing: the booking it held while asking is released, no e-mail, the key free', async () => {
    const before = await rawRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM reservations WHERE status <> 'cancelled'`,
    );
    const key = randomUUID();
    const declined = aBooking(ids, { CardDetails: { ...visa, CardNumber: '4000000000000002' } });
    const response = await create(declined).set('Idempotency-Key', key).expect(402);
    expect(response.body).toEqual({
      Message: 'Your card was declined. Please use another card or contact your bank.',
      Code: 'PAYMENT_DECLINED',
    });
    expect(
      await rawRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM reservations WHERE status <> 'cancelled'`),
    ).toEqual(before);
    const [released] = await rawRows<{ status: string; confirmed: Date | null; mails: number; payment: string }>(
      t.database.db,
      sql`SELECT r.status, r.confirmed_at AS confirmed, (SELECT count(*)::int FROM mail_outbox m WHERE m.reservation_id = r.id) AS mails,
                 (SELECT p.status::text FROM payments p WHERE p.reservation_id = r.id) AS payment
          FROM reservations r ORDER BY r.id DESC LIMIT 1`,
    );
    expect(released).toEqual({ status: 'cancelled', confirmed: null, mails: 0, payment: 'failed' });
    expect(await soldOn('DBL', '2027-03-04')).toBe(0);
    // A refused request keeps nothing of its key: corrected, it books with it.
    await create(aBooking(ids)).set('Idempotency-Key', key).expect(200);
  });

  it('refuses a room configuration the room type does not offer before the card is charged', async () => {
    const authorise = vi.spyOn(t.context.paymentGateways.byName('test'), 'authorise');
    try {
      const response = await create(aBooking(ids, { Rooms: [aRoom(ids, { RoomConfigurationDropdownOptionId: 999_999 })] })).expect(400);
      expect(response.body.ModelState).toEqual({
        'Rooms[0].RoomConfigurationDropdownOptionId': ['Please choose one of the room configurations offered'],
      });
      expect(authorise).not.toHaveBeenCalled();
      expect(await soldOn('DBL', '2027-03-04')).toBe(0);
    } finally {
      authorise.mockRestore();
    }
  });
});

describe('extras offered on some nights, and extras counted per guest', () => {
  // Friday 12 to Tuesday 16 March: Friday, Saturday, Sunday and Monday nights.
  const fourNights = { DateFrom: '2027-03-12', DateTo: '2027-03-16' };

  it('charges a per-person gala dinner offered on one night of a 4-night stay for that night only: 30 x 3 guests = 90', async () => {
    // Room: 2 adults and a child: (140 + 15) x 2 weekend nights + (100 + 15) x 2 weekday nights = 540.
    const room = aRoom(ids, {
      ...fourNights,
      NumberOfChildren: 1,
      TotalCost: 540,
      Services: [{ ServiceId: ids.services.GALA, Quantity: 1 }],
    });
    const { body } = await create(aBooking(ids, { ...fourNights, Rooms: [room] })).expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({
      TotalAccommodationPrice: 540,
      TotalServicesPrice: 90, // the dinner is on 14 March only, not 30 x 4 nights x 3 = 360
      TotalCost: 630,
      Rooms: [expect.objectContaining({ Services: [expect.objectContaining({ ServiceName: 'Gala dinner', TotalCost: 90 })] })],
    });
  });

  it('refuses a dated extra for a stay with no night in its window', async () => {
    const room = aRoom(ids, { Services: [{ ServiceId: ids.services.GALA, Quantity: 1 }] });
    const response = await create(aBooking(ids, { Rooms: [room] })).expect(400);
    expect(response.body.ModelState).toEqual({ 'Rooms[0].Services[0].ServiceId': ['This extra is not offered for this room and dates'] });
  });

  it('takes a unit of a per-person extra for each adult and child: two seats left do not seat three', async () => {
    const tasting = [{ ServiceId: ids.services.TASTING, Quantity: 1 }];
    const family = aRoom(ids, { NumberOfChildren: 1, TotalCost: 270, Services: tasting }); // (100 + 15) + (140 + 15)
    const refused = await create(aBooking(ids, { Rooms: [family] })).expect(409);
    expect(refused.body).toMatchObject({ Code: 'SERVICE_SOLD_OUT' });
    expect(await usedOn('TASTING', '2027-03-04')).toBe(0);
    expect(await soldOn('DBL', '2027-03-04')).toBe(0);

    // Two adults take both seats, on each night of the stay; 20 x 2 people = 40.
    const couple = await create(aBooking(ids, { Rooms: [aRoom(ids, { Services: tasting })] })).expect(200);
    expect((await confirmation(couple.body.ConfirmationToken)).body).toMatchObject({ TotalServicesPrice: 40 });
    expect(await usedOn('TASTING', '2027-03-04')).toBe(2);
    expect(await usedOn('TASTING', '2027-03-05')).toBe(2);
    expect(await usedOn('TASTING', '2027-03-06')).toBe(0);
  });

  it('takes units of a limited dated extra on its offered nights only', async () => {
    await t.database.db.execute(
      sql`UPDATE services SET starting_inventory = 4, offered_from = '2027-03-14', offered_to = '2027-03-14' WHERE code = 'TASTING'`,
    );
    await t.database.db.execute(
      sql`UPDATE service_inventory SET total = 4 WHERE service_id = (SELECT id FROM services WHERE code = 'TASTING')`,
    );
    try {
      const room = aRoom(ids, { ...fourNights, TotalCost: 480, Services: [{ ServiceId: ids.services.TASTING, Quantity: 1 }] });
      await create(aBooking(ids, { ...fourNights, Rooms: [room] })).expect(200); // 140 + 140 + 100 + 100 = 480
      expect(await usedOn('TASTING', '2027-03-13')).toBe(0);
      expect(await usedOn('TASTING', '2027-03-14')).toBe(2);
      expect(await usedOn('TASTING', '2027-03-15')).toBe(0);
    } finally {
      await t.database.db.execute(
        sql`UPDATE services SET starting_inventory = 2, offered_from = NULL, offered_to = NULL WHERE code = 'TASTING'`,
      );
      await t.database.db.execute(
        sql`UPDATE service_inventory SET total = 2 WHERE service_id = (SELECT id FROM services WHERE code = 'TASTING')`,
      );
    }
  });
});

describe('a code-only rate', () => {
  const corporate = () => aRoom(ids, { RatePlanId: ids.ratePlans.CORP, TotalCost: 140 }); // 70 x 2 nights

  it('is not booked by its id without its code', async () => {
    const response = await create(aBooking(ids, { Rooms: [corporate()] })).expect(400);
    expect(response.body.ModelState).toEqual({
      'Rooms[0].RatePlanId': ['The Corporate rate needs its rate code. Please search again with the code.'],
    });
    await create(aBooking(ids, { RatePlanCode: 'OTHER', Rooms: [corporate()] })).expect(400);
    expect(await soldOn('DBL', '2027-03-04')).toBe(0);
  });

  it('is booked with its code, in any case', async () => {
    const { body } = await create(aBooking(ids, { RatePlanCode: 'corp', Rooms: [corporate()] })).expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({
      TotalCost: 140,
      Rooms: [expect.objectContaining({ RatePlanName: 'Corporate' })],
    });
  });
});

describe('rooms and countries that cannot be booked', () => {
  it.each([
    [{ NumberOfAdults: 0, NumberOfChildren: 0, NumberOfInfants: 0 }, 'nobody'],
    [{ NumberOfAdults: 0, NumberOfChildren: 0, NumberOfInfants: 1 }, 'an infant alone'],
  ])('refuses a room of %j (%s) with 400 on its NumberOfAdults', async (party) => {
    const response = await create(aBooking(ids, { Rooms: [aRoom(ids, { ...party, TotalCost: 0 })] })).expect(400);
    expect(response.body.ModelState).toEqual({ 'Rooms[0].NumberOfAdults': ['Each room needs at least one adult or child'] });
    expect(await soldOn('DBL', '2027-03-04')).toBe(0);
  });

  it('refuses a country the list does not have, for the booker and for a guest, before the card is charged', async () => {
    const authorise = vi.spyOn(t.context.paymentGateways.byName('test'), 'authorise');
    try {
      const booker = aBooking(ids).Booker;
      const unknownBooker = await create(aBooking(ids, { Booker: { ...booker, CountryId: 9999 } })).expect(400);
      expect(unknownBooker.body.ModelState).toEqual({ 'Booker.CountryId': ['Please choose a country from the list'] });
      const guest = aRoom(ids, { Guests: [{ FirstName: 'Ada', LastName: 'Lovelace', CountryId: 1000 }] });
      const unknownGuest = await create(aBooking(ids, { Rooms: [guest] })).expect(400);
      expect(unknownGuest.body.ModelState).toEqual({ 'Rooms[0].Guests[0].CountryId': ['Please choose a country from the list'] });
      expect(authorise).not.toHaveBeenCalled();
      expect(await soldOn('DBL', '2027-03-04')).toBe(0);
    } finally {
      authorise.mockRestore();
    }
  });
});

describe('a company invoice, which only a logged-in account with a confirmed address the company lists may use', () => {
  const notTheirs =
    'This company was not found for your account. Log in with the account your company linked, or one at its e-mail address, or please pay another way.';
  const onInvoice = (company: string, email: string) =>
    aBooking(ids, {
      PaymentType: 'PayByCompanyInvoice',
      CardDetails: null,
      AccountId: company,
      PONumber: 'PO-9',
      Booker: { ...aBooking(ids).Booker, Email: email },
    });
  const session = async (email: string) => (await logIn(t, ids.propertyId, email, PASSWORD)).cookie!;
  const bookings = async () => (await rawRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM reservations`))[0]!.n;
  beforeAll(async () => {
    await givenDefinition(
      t.context,
      aDefinition({
        ...bookingProperty,
        Companies: [
          { AccountId: 'ACME01', Name: 'Acme Engineering Ltd', BookerEmailDomains: ['example.com'] },
          { AccountId: 'GLOBEX', Name: 'Globex', LinkedAccounts: ['Buyer@Globex.com'] },
        ],
      }),
    );
    await givenUser(t, { email: 'buyer@globex.com' });
    await givenUser(t, { email: 'isambard@example.com' });
    await givenUser(t, { email: 'newcomer@example.com', confirmed: false });
    await givenUser(t, { email: 'unproven@globex.com', confirmed: false });
    await givenUser(t, { email: 'someone@elsewhere.com' });
  });

  it('refuses an anonymous booker, whatever address the form gives, and books nothing', async () => {
    const before = await bookings();
    const refused = await create(onInvoice('ACME01', 'isambard@example.com')).expect(400);
    expect(refused.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: {
        AccountId: [
          'Log in with your company account and confirm your e-mail address to pay by company invoice, or please pay another way.',
        ],
      },
      Code: 'VALIDATION_FAILED',
    });
    await create(onInvoice('GLOBEX', 'buyer@globex.com')).expect(400);
    expect(await soldOn('DBL', '2027-03-04')).toBe(0);
    expect(await bookings()).toBe(before);
  });

  it('refuses an account whose address is not confirmed, though at the company’s domain or linked to it', async () => {
    const before = await bookings();
    const atDomain = await create(onInvoice('ACME01', 'newcomer@example.com'))
      .set('Cookie', await session('newcomer@example.com'))
      .expect(400);
    expect(atDomain.body.ModelState).toEqual({ AccountId: [ERROR_MESSAGES.companyInvoiceNeedsAccount] });
    // Its address differs from the linked one only in being unconfirmed: the typed booker address does not stand in.
    await create(onInvoice('GLOBEX', 'buyer@globex.com'))
      .set('Cookie', await session('unproven@globex.com'))
      .expect(400);
    expect(await bookings()).toBe(before);
  });

  it('refuses a confirmed account the company does not list, as if the company were not there', async () => {
    const before = await bookings();
    const elsewhere = await create(onInvoice('ACME01', 'isambard@example.com'))
      .set('Cookie', await session('someone@elsewhere.com'))
      .expect(400);
    expect(elsewhere.body.ModelState).toEqual({ AccountId: [notTheirs] });
    const otherCompany = await create(onInvoice('GLOBEX', 'buyer@globex.com'))
      .set('Cookie', await session('isambard@example.com'))
      .expect(400);
    expect(otherCompany.body.ModelState).toEqual({ AccountId: [notTheirs] });
    expect(await soldOn('DBL', '2027-03-04')).toBe(0);
    expect(await bookings()).toBe(before);
  });

  it('books for a confirmed account at the company’s domain, or linked to it, whatever address the booker form gives', async () => {
    await create(onInvoice('ACME01', 'assistant@gmail.com'))
      .set('Cookie', await session('isambard@example.com'))
      .expect(200);
    await create(onInvoice('GLOBEX', 'assistant@gmail.com'))
      .set('Cookie', await session('buyer@globex.com'))
      .expect(200);
    expect(await soldOn('DBL', '2027-03-04')).toBe(2);
  });
});

describe('Idempotency-Key on Create', () => {
  it('replays the first answer for the same key and body, and books once', async () => {
    const first = await create(aBooking(ids), 'key-replay-1').expect(200);
    const second = await create(aBooking(ids), 'key-replay-1').expect(200);
    expect(second.body).toEqual(first.body);
    expect(await soldOn('DBL', '2027-03-04')).toBe(1);
  });

  it('stores a request hash that says nothing of the security code, so no code can be tried against it', async () => {
    const storedHash = async (key: string) =>
      (
        await rawRows<{ hash: string }>(
          t.database.db,
          sql`SELECT request_hash AS hash FROM idempotency_records WHERE key = encode(sha256(convert_to(${key}, 'UTF8')), 'hex')`,
        )
      )[0]!.hash;
    await create(aBooking(ids, { CardDetails: { ...visa, SecurityCode: '739' } }), 'key-card-code-739').expect(200);
    await create(aBooking(ids, { CardDetails: { ...visa, SecurityCode: '846' } }), 'key-card-code-846').expect(200);
    const hash = await storedHash('key-card-code-739');
    expect(hash).toMatch(/^hmac-v1:[0-9a-f]{64}$/);
    expect(await storedHash('key-card-code-846')).toBe(hash);
  });

  it('answers 422 for the same key with a different body', async () => {
    await create(aBooking(ids), 'key-reused-1').expect(200);
    const response = await create(aBooking(ids, { Notes: 'Another request' }), 'key-reused-1').expect(422);
    expect(response.body.Code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('GET /api/Reservation/CreateOutcome', () => {
  const outcome = (key?: string, propertyId = ids.propertyId) => {
    const call = request(t.app).get('/api/Reservation/CreateOutcome').query({ propertyId });
    if (key) call.set('Idempotency-Key', key);
    return call;
  };

  it('says whether the Create sent with a key made a booking, and answers it, whatever the client holds of the body', async () => {
    const key = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect((await outcome(key).expect(200)).body).toEqual({ Made: false, Waiting: false, Booking: null });
    // A Create refused (the price the client saw is wrong) leaves nothing behind either.
    await create(aBooking(ids, { Rooms: [aRoom(ids, { TotalCost: 1 })] }), key).expect(409);
    expect((await outcome(key).expect(200)).body).toEqual({ Made: false, Waiting: false, Booking: null });

    const made = await create(aBooking(ids), key).expect(200);
    expect((await outcome(key).expect(200)).body).toEqual({ Made: true, Booking: made.body });
    // The key belongs to one property's bookings.
    expect((await outcome(key, ids.propertyId + 1000).expect(200)).body).toEqual({ Made: false, Waiting: false, Booking: null });
  });

  it('answers 400 without a key, or with one short enough to be guessed', async () => {
    for (const key of [undefined, '1', 'order-42', 'k'.repeat(31)]) {
      const response = await outcome(key).expect(400);
      expect(response.body.ModelState['Idempotency-Key']).toEqual([
        'Send the Idempotency-Key of the request to look up. Only a random key of at least 32 letters or digits, such as a UUID, can be looked up.',
      ]);
    }
  });
});

describe('GET /api/Reservation/Status and Confirmation', () => {
  it('answers 404 for a token that is not a booking’s', async () => {
    await request(t.app)
      .get('/api/Reservation/Status')
      .query({ propertyId: ids.propertyId, referenceNumber: 'x'.repeat(43) })
      .expect(404);
    await confirmation('y'.repeat(43)).expect(404);
    await request(t.app).get('/api/Reservation/Status').query({ propertyId: ids.propertyId }).expect(400);
  });
});

describe('reservation numbers', () => {
  it('leaves out a number a reservation already has, and keeps the others in order', async () => {
    const { body } = await create(aBooking(ids)).expect(200);
    const taken: string = body.ReservationNumber;

    expect(await withoutUsedNumbers(t.database.db, ['ZZZZZZZ2', taken, '22222222'])).toEqual(['ZZZZZZZ2', '22222222']);
  });

  it('hands out numbers no reservation has, never the same one twice, across refills of the stock', async () => {
    const drawn = [];
    const stock = new ReservationNumberStock(t.database.db);
    for (let i = 0; i < 150; i += 1) drawn.push(await stock.take());

    expect(new Set(drawn).size).toBe(150);
    for (const number of drawn) expect(number).toMatch(/^[2-9A-HJKMNP-TV-Z]{8}$/);
    const existing = new Set(
      (await t.database.db.select({ number: reservations.reservationNumber }).from(reservations)).map((r) => r.number),
    );
    expect(drawn.filter((number) => existing.has(number))).toEqual([]);
  });
});
