import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reservations } from '@hotel/db/schema';
import { rawRows } from '../../src/database/raw-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  aRestaurantProperty,
  aTableBooking,
  givenRestaurantProperty,
  now,
  storedTableBooking,
  type RestaurantIds,
} from './restaurant-fixture';
import { opened } from '../support/outbox';
import { hashConfirmationToken, linkCode, nameSearchCode } from '../../src/booking';
import { givenUser, logIn, PASSWORD } from '../account/account-fixture';

let t: TestApp;
let ids: RestaurantIds;
let earlyBirdId: number;
let hotel: RestaurantIds;
let reservationNumber: string;
/** The account that made the hotel reservation, logged in. */
let owner: { id: number; email: string };
const confirmationToken = 'a-confirmation-token-of-32-random-bytes-x';
beforeAll(async () => {
  t = await createTestApp({ now });
  ids = await givenRestaurantProperty(t);
  // A hotel with a guest's reservation: its number, given as the identifier, links the table booking to it.
  hotel = await givenRestaurantProperty(t, aRestaurantProperty({ Code: 'HOTEL' }));
  reservationNumber = 'K7P2QXMR';
  owner = await givenUser(t, { email: 'ada@example.com' });
  await t.database.db.insert(reservations).values({
    propertyId: hotel.propertyId,
    reservationNumber,
    userId: owner.id,
    confirmationTokenHash: hashConfirmationToken(confirmationToken),
    status: 'confirmed',
    confirmedAt: new Date(now),
    dateFrom: '2027-03-04',
    dateTo: '2027-03-06',
    bookerFirstName: 'Ada',
    bookerLastName: 'Lovelace',
    bookerEmail: 'ada@example.com',
    bookerPhone: '+441234567890',
    paymentType: 'PayByCard',
    totalRooms: 24_000,
    total: 24_000,
    currency: 'GBP',
  });
  const [earlyBird] = await rawRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM restaurant_promotions WHERE restaurant_id = ${ids.restaurants['The Quay Kitchen']} AND name = 'Early bird'`,
  );
  earlyBirdId = earlyBird!.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  t.setNow(now);
  await t.database.db.execute(sql`DELETE FROM mail_outbox WHERE table_booking_id IS NOT NULL`);
  await t.database.db.execute(sql`DELETE FROM table_bookings`);
});

const create = (overrides: Record<string, unknown> = {}) =>
  request(t.app).post('/api/RestaurantBooking/Create').send(aTableBooking(ids, overrides));
const refusedWith = async (overrides: Record<string, unknown>, message: string) => {
  const { body } = await create(overrides).expect(200);
  expect(body).toEqual({ Success: false, BookingReference: null, InfoMessage: message });
  const [count] = await rawRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM table_bookings`);
  expect(count!.n).toBe(0);
};
const mails = async () =>
  (
    await rawRows<{ kind: string; to: string; subject: string; text: string; html: string; tableBookingId: number }>(
      t.database.db,
      sql`SELECT kind, to_address AS "to", subject, text, html, table_booking_id AS "tableBookingId" FROM mail_outbox WHERE table_booking_id IS NOT NULL AND kind = 'table_booking'`,
    )
  ).map((row) => opened(t, row));

describe('POST /api/RestaurantBooking/Create', () => {
  it('books the smallest table that seats the party and answers a short, unambiguous booking reference', async () => {
    const { body } = await create({ PartySize: 3, VisitTime: '18:30', PromotionId: earlyBirdId }).expect(200);
    expect(body).toEqual({
      Success: true,
      BookingReference: expect.stringMatching(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/),
      InfoMessage: 'Your table for 3 at The Quay Kitchen on Thursday 4th March 2027 at 18:30 is booked.',
    });
    expect(await storedTableBooking(t, body.BookingReference)).toEqual({
      reference: body.BookingReference,
      capacity: 4,
      // London is on GMT in early March
      startsAt: '2027-03-04T18:30Z',
      endsAt: '2027-03-04T20:00Z',
      visitDate: '2027-03-04',
      visitTime: '18:30',
      isLeaveTimeRequired: false,
      identifier: 'Walk-in guest',
      reservationId: null,
      promotionId: earlyBirdId,
    });
  });

  it('puts a confirmation e-mail in the outbox with the booking', async () => {
    const { body } = await create({ SpecialRequests: 'Gluten free <please>' }).expect(200);
    const [mail] = await mails();
    expect(mail).toMatchObject({
      kind: 'table_booking',
      to: 'ada@example.com',
      subject: `Your table at The Quay Kitchen: ${body.BookingReference}`,
    });
    expect(mail!.text).toContain(`Booking reference: ${body.BookingReference}`);
    expect(mail!.text).toContain('Date: Thursday 4th March 2027');
    expect(mail!.text).toContain('Time: 19:00');
    expect(mail!.text).toContain('Party: 2 guests');
    expect(mail!.text).toContain('Gluten free <please>');
    expect(mail!.html).toContain('Gluten free &lt;please&gt;');
  });

  it('keeps an identifier that names no booking as the guest gave it, linked to nothing', async () => {
    const booked = await create({ Identifier: 'Walk-in guest' }).expect(200);
    expect(await storedTableBooking(t, booked.body.BookingReference)).toMatchObject({ identifier: 'Walk-in guest', reservationId: null });
  });

  it('books a time with a leave time when the guest accepted it, holding the table until then', async () => {
    await create({ PartySize: 8, VisitTime: '19:30' }).expect(200);
    const { body } = await create({ PartySize: 8, VisitTime: '18:30', IsLeaveTimeRequired: true }).expect(200);
    expect(body.InfoMessage).toBe(
      'Your table for 8 at The Quay Kitchen on Thursday 4th March 2027 at 18:30 is booked. Please note the table is needed again at 19:30.',
    );
    expect(await storedTableBooking(t, body.BookingReference)).toMatchObject({
      startsAt: '2027-03-04T18:30Z',
      endsAt: '2027-03-04T19:30Z',
      isLeaveTimeRequired: true,
    });
    const mail = (await mails()).find((m) => m.text.includes(body.BookingReference));
    expect(mail!.text).toContain('Table until: 19:30');
  });

  it('takes the next fitting table when the smallest is booked', async () => {
    const first = await create().expect(200);
    const second = await create().expect(200);
    const third = await create().expect(200);
    expect((await storedTableBooking(t, first.body.BookingReference))?.capacity).toBe(2);
    expect((await storedTableBooking(t, second.body.BookingReference))?.capacity).toBe(2);
    expect((await storedTableBooking(t, third.body.BookingReference))?.capacity).toBe(4);
  });
});

describe('POST /api/RestaurantBooking/Create: refusals answer Success false with the reason', () => {
  it('refuses a party size the restaurant does not take online', async () => {
    await refusedWith(
      { PartySize: 9 },
      'The Quay Kitchen takes online bookings for parties of 1 to 8. For a party of 9, please contact us.',
    );
    await refusedWith(
      { RestaurantId: ids.restaurants['Roof Bar'], PartySize: 1 },
      'Roof Bar takes online bookings for parties of 2 to 4. For a party of 1, please contact us.',
    );
  });

  it('refuses a time that is not offered: not a start, past, or taken', async () => {
    const notAvailable = (time: string) =>
      `${time} on Thursday 4th March 2027 is not available for a party of 8. Please choose another time.`;
    await refusedWith({ PartySize: 8, VisitTime: '18:15' }, notAvailable('18:15'));
    t.setNow('2027-03-04T19:10:00Z');
    await refusedWith({ PartySize: 8, VisitTime: '19:00' }, notAvailable('19:00'));
    t.setNow(now);
    await create({ PartySize: 8, VisitTime: '19:00' }).expect(200);
    const { body } = await create({ PartySize: 8, VisitTime: '19:30' }).expect(200);
    expect(body).toEqual({ Success: false, BookingReference: null, InfoMessage: notAvailable('19:30') });
  });

  it('refuses a time whose table is needed later unless the guest accepted the leave time', async () => {
    await create({ PartySize: 8, VisitTime: '19:30' }).expect(200);
    const { body } = await create({ PartySize: 8, VisitTime: '18:30', IsLeaveTimeRequired: false }).expect(200);
    expect(body).toEqual({
      Success: false,
      BookingReference: null,
      InfoMessage: 'At 18:30 the table is free only until 19:30. Please choose the time again to accept leaving by then.',
    });
    expect((await create({ PartySize: 8, VisitTime: '18:30', IsLeaveTimeRequired: null }).expect(200)).body.Success).toBe(false);
  });

  it('refuses a promotion that is not offered at the time', async () => {
    await refusedWith(
      { VisitTime: '19:00', PromotionId: earlyBirdId },
      'The promotion chosen is not offered at 19:00. Please choose the time and promotion again.',
    );
  });

  it.each([
    ['a missing contact number', { ContactNumber: null }, 'A valid phone number is required.'],
    ['a contact number without its international code', { ContactNumber: '01234 567890' }, 'A valid phone number is required.'],
    ['a missing e-mail', { Email: undefined }, 'A valid email address is required.'],
    ['an invalid e-mail', { Email: 'ada@' }, 'A valid email address is required.'],
    ['a blank identifier', { Identifier: '  ' }, 'Identifier is required.'],
    [
      'all three missing',
      { ContactNumber: '', Email: '', Identifier: null },
      'A valid phone number is required. A valid email address is required. Identifier is required.',
    ],
  ])('refuses %s', async (_case, overrides, message) => {
    await refusedWith(overrides, message);
  });
});

describe('POST /api/RestaurantBooking/Create: malformed requests and unknown restaurants', () => {
  it.each([
    ['IsReservation false', { IsReservation: false }, 'IsReservation'],
    ['an impossible date', { VisitDate: '2027-02-30' }, 'VisitDate'],
    ['a malformed time', { VisitTime: '7pm' }, 'VisitTime'],
    ['a party size in words', { PartySize: 'four' }, 'PartySize'],
    ['no restaurant', { RestaurantId: undefined }, 'RestaurantId'],
    ['an identifier of the wrong type', { Identifier: 42 }, 'Identifier'],
  ])('answers 400 with ModelState for %s', async (_case, overrides, field) => {
    const { body } = await create(overrides).expect(400);
    expect(body).toMatchObject({ Code: 'VALIDATION_FAILED' });
    expect(Object.keys(body.ModelState)).toEqual([field]);
  });

  it('answers 404 for a restaurant of another property', async () => {
    const { body } = await create({ RestaurantId: hotel.restaurants['Roof Bar'] }).expect(404);
    expect(body.Code).toBe('NOT_FOUND');
  });
});

describe('POST /api/RestaurantBooking/Create with an Idempotency-Key', () => {
  const withKey = (key: string, overrides: Record<string, unknown> = {}) =>
    request(t.app).post('/api/RestaurantBooking/Create').set('Idempotency-Key', key).send(aTableBooking(ids, overrides));
  const standingBookings = async () =>
    (await rawRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM table_bookings`))[0]!.n;

  it('books once however often the request is sent again, answering the first booking each time', async () => {
    const first = await withKey('table-retry-1').expect(200);
    const again = await withKey('table-retry-1').expect(200);
    expect(first.body.Success).toBe(true);
    expect(again.body).toEqual(first.body);
    expect(await standingBookings()).toBe(1);
    expect(await mails()).toHaveLength(1);
    // Another key is another booking.
    expect((await withKey('table-retry-2').expect(200)).body.BookingReference).not.toBe(first.body.BookingReference);
  });

  it('answers a retried refusal with the same refusal', async () => {
    const first = await withKey('table-refused', { PartySize: 3, VisitTime: '12:34' }).expect(200);
    expect(first.body.Success).toBe(false);
    expect((await withKey('table-refused', { PartySize: 3, VisitTime: '12:34' }).expect(200)).body).toEqual(first.body);
    expect(await standingBookings()).toBe(0);
  });

  it('refuses a key sent again with another request (422), booking nothing more', async () => {
    await withKey('table-reused', { PartySize: 2 }).expect(200);
    const { body } = await withKey('table-reused', { PartySize: 4 }).expect(422);
    expect(body.Code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await standingBookings()).toBe(1);
  });
});

describe('a table booking is linked to a room booking only with proof the guest holds it', () => {
  const linkedTo = async (reference: string) => (await storedTableBooking(t, reference))?.reservationId;
  const hotelReservationId = async () =>
    (await rawRows<{ id: number }>(t.database.db, sql`SELECT id FROM reservations WHERE reservation_number = ${reservationNumber}`))[0]!.id;
  const book = (overrides: Record<string, unknown>, session?: string) => {
    const call = request(t.app).post('/api/RestaurantBooking/Create');
    if (session) call.set('Cookie', session);
    return call.send(aTableBooking(hotel, { Identifier: reservationNumber, ...overrides }));
  };

  it('books the table of a stranger who types a booking’s number on its own, and says nothing of that booking', async () => {
    const booked = await book({}).expect(200);
    expect(booked.body.Success).toBe(true);
    expect(booked.body.InfoMessage).toBe('Your table for 2 at The Quay Kitchen on Thursday 4th March 2027 at 19:00 is booked.');
    expect(await storedTableBooking(t, booked.body.BookingReference)).toMatchObject({ identifier: reservationNumber, reservationId: null });
  });

  it.each([
    ['its confirmation token', () => confirmationToken],
    ['its manage-booking link’s code', () => linkCode(t.context.config.linkSecret, 'HOTEL', reservationNumber)],
    ['the code a search by number and name answers', () => nameSearchCode(t.context.config.linkSecret, 'HOTEL', reservationNumber)],
  ])('links it with %s as Code, and says so', async (_, code) => {
    const booked = await book({ Identifier: ` ${reservationNumber.toLowerCase()} `, Code: code() }).expect(200);
    expect(booked.body.InfoMessage).toBe(
      `Your table for 2 at The Quay Kitchen on Thursday 4th March 2027 at 19:00 is booked. It is noted on your room booking ${reservationNumber}.`,
    );
    expect(await linkedTo(booked.body.BookingReference)).toBe(await hotelReservationId());
  });

  it('links nothing for a Code that does not prove the booking, nor for a number no booking has, and says the same of both', async () => {
    const unproven =
      'Your table for 2 at The Quay Kitchen on Thursday 4th March 2027 at 19:00 is booked. It is not linked to a room booking, as the link you opened does not match that booking number: to link it, book from your booking confirmation or Manage Booking.';
    const wrongCode = await book({ Code: linkCode(t.context.config.linkSecret, 'HOTEL', 'ZZZZZZZZ') }).expect(200);
    expect(wrongCode.body.InfoMessage).toBe(unproven);
    expect(await linkedTo(wrongCode.body.BookingReference)).toBeNull();
    const noSuchBooking = await book({ Identifier: 'ZZZZZZZZ', Code: confirmationToken }).expect(200);
    expect(noSuchBooking.body.InfoMessage).toBe(unproven);
    // The same number and token at another property link nothing either.
    const elsewhere = await create({ Identifier: reservationNumber, Code: confirmationToken }).expect(200);
    expect(await linkedTo(elsewhere.body.BookingReference)).toBeNull();
  });

  it('links it for the logged-in account that made the booking, and for no other account', async () => {
    const mine = await book({}, (await logIn(t, hotel.propertyId, owner.email, PASSWORD)).cookie!).expect(200);
    expect(await linkedTo(mine.body.BookingReference)).toBe(await hotelReservationId());
    await givenUser(t, { email: 'mallory@elsewhere.com' });
    const theirs = await book({}, (await logIn(t, hotel.propertyId, 'mallory@elsewhere.com', PASSWORD)).cookie!).expect(200);
    expect(await linkedTo(theirs.body.BookingReference)).toBeNull();
  });
});
