import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, visa, type Ids } from '../reservation/reservation-fixture';

/**
 * Today is Monday 1 March 2027, 09:00 in London. The stays arrive Thursday 4 March; check-in is
 * at 15:00 and the flexible rate may be cancelled free until 48 hours before: 15:00 on Tuesday
 * 2 March (GMT, so 15:00 UTC). The non-refundable rate has no deadline.
 */
const property = {
  ...bookingProperty,
  ManageBookingConfiguration: { CheckInTime: '15:00' },
  RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
    plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
  ),
};

let t: TestApp;
let ids: Ids;
let otherPropertyId: number;
/** Booked by Ada Lovelace on the flexible rate; the room's second guest is Zoë Núñez-Brontë. */
let flexible: { number: string; code: string };
/** Booked by Ada Lovelace on the non-refundable rate. */
let nonRefundable: { number: string; code: string };

async function book(overrides: Record<string, unknown>): Promise<{ number: string; code: string }> {
  const created = await request(t.app).post('/api/Reservation/Create').send(aBooking(ids, overrides)).expect(200);
  const { body } = await request(t.app)
    .get('/api/Reservation/Confirmation')
    .query({ propertyId: ids.propertyId, confirmationToken: created.body.ConfirmationToken })
    .expect(200);
  return { number: created.body.ReservationNumber, code: (body.ManageBookingUrl as string).split('/').at(-1)! };
}

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, property);
  await givenDefinition(t.context, aDefinition(aProperty({ Code: 'OTHER' })));
  otherPropertyId = (await request(t.app).get('/api/Property/OTHER').expect(200)).body.PropertyId;
  flexible = await book({
    Rooms: [
      aRoom(ids, {
        Guests: [
          { FirstName: 'Ada', LastName: 'Lovelace' },
          { FirstName: 'Zoë', LastName: 'Núñez-Brontë' },
        ],
      }),
    ],
  });
  nonRefundable = await book({ Rooms: [aRoom(ids, { RatePlanId: ids.ratePlans.NRF, TotalCost: 180 })] });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.setNow('2027-03-01T09:00:00Z');
  await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
});

let nextClient = 1;
/** A search from its own client address unless one is given, so that limits are met only where a test means to. */
const search = (query: Record<string, unknown>, client = `203.0.113.${nextClient++}`) =>
  request(t.app)
    .post('/api/ManageBooking/Search')
    .set('X-Forwarded-For', client)
    .query({ propertyId: ids.propertyId, ...query });

const miss = { Success: false, Message: ERROR_MESSAGES.manageBookingNotFound, Reservation: null, Code: null };

describe('POST /api/ManageBooking/Search: found', () => {
  it("by reservation number and the booker's last name: the whole booking, what may be done to it, and a code of its own", async () => {
    const { body } = await search({ reservationNumber: flexible.number, guestName: 'Lovelace' })
      .expect(200)
      .expect('Cache-Control', 'no-store');
    // Not the e-mailed link's code: a change made with it is recorded as found by name.
    expect(body).toMatchObject({ Success: true, Message: null, Code: expect.stringMatching(/^[\w-]{22}$/) });
    expect(body.Code).not.toBe(flexible.code);
    expect(body.Reservation).toMatchObject({
      PropertyId: ids.propertyId,
      ReservationNumber: flexible.number,
      DateFrom: '2027-03-04',
      DateTo: '2027-03-06',
      SpecialRequests: 'Quiet room please',
      // 09:00 on 1 March is before the deadline (15:00 on 2 March) and before the arrival day.
      CanBeCancelled: true,
      CanBeEdited: true,
      IsCancelled: false,
      CreditCards: [{ Brand: 'Visa', Last4: '4242', ExpiryMonth: 12, ExpiryYear: 2029 }],
      Booker: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com', Phone: '+441234567890' },
      Company: null,
      // Thursday 100 + Friday 140.
      TotalAccommodationPrice: 240,
      TotalServicesPrice: 0,
      Currency: 'GBP',
      LocationName: 'Test Hotel',
    });
    expect(body.Reservation.Rooms).toEqual([
      expect.objectContaining({
        CanBeCancelled: true,
        CanBeEdited: true,
        RoomTypeId: ids.roomTypes.DBL,
        RatePlanId: ids.ratePlans.BAR,
        RoomTypeName: 'Double',
        RatePlanName: 'Flexible',
        CancellationDeadlineHours: 48,
        NumberOfAdults: 2,
        TotalCost: 240,
        Guests: [
          expect.objectContaining({ FirstName: 'Ada', LastName: 'Lovelace', IsLeadGuest: true }),
          expect.objectContaining({ FirstName: 'Zoë', LastName: 'Núñez-Brontë' }),
        ],
      }),
    ]);
  });

  it("by any guest's last name, typed without accents, in any case, with spaces around, and the number in lower case", async () => {
    const { body } = await search({ reservationNumber: ` ${flexible.number.toLowerCase()} `, guestName: '  nunez-BRONTE ' }).expect(200);
    expect(body).toMatchObject({ Success: true, Reservation: { ReservationNumber: flexible.number } });
  });

  it('by reservation number and the code of the e-mailed link, with no name', async () => {
    const { body } = await search({ reservationNumber: flexible.number, hash: flexible.code }).expect(200);
    expect(body).toMatchObject({ Success: true, Code: flexible.code, Reservation: { ReservationNumber: flexible.number } });
  });

  it('by reservation number and the code a search by name answered (the Reservation page reloaded), which it answers again', async () => {
    const byName = (await search({ reservationNumber: flexible.number, guestName: 'Lovelace' }).expect(200)).body.Code as string;
    const { body } = await search({ reservationNumber: flexible.number, hash: byName }).expect(200);
    expect(body).toMatchObject({ Success: true, Code: byName, Reservation: { ReservationNumber: flexible.number } });
  });

  it("a name search's code is not another booking's", async () => {
    const byName = (await search({ reservationNumber: flexible.number, guestName: 'Lovelace' }).expect(200)).body.Code as string;
    const { body } = await search({ reservationNumber: nonRefundable.number, hash: byName }).expect(200);
    expect(body).toEqual(miss);
  });
});

describe('POST /api/ManageBooking/Search: what may still be done', () => {
  it('a non-refundable rate is never cancellable online, but the booking is editable before the arrival day', async () => {
    const { body } = await search({ reservationNumber: nonRefundable.number, guestName: 'Lovelace' }).expect(200);
    expect(body.Reservation).toMatchObject({
      CanBeCancelled: false,
      CanBeEdited: true,
      Rooms: [{ CanBeCancelled: false, CanBeEdited: true }],
    });
  });

  it('from the deadline (15:00 UTC on 2 March) the flexible booking is no longer cancellable; on the arrival day no longer editable', async () => {
    t.setNow('2027-03-02T14:59:59Z');
    expect((await search({ reservationNumber: flexible.number, hash: flexible.code })).body.Reservation.CanBeCancelled).toBe(true);
    t.setNow('2027-03-02T15:00:00Z');
    const beforeArrival = (await search({ reservationNumber: flexible.number, hash: flexible.code })).body.Reservation;
    expect(beforeArrival).toMatchObject({
      CanBeCancelled: false,
      CanBeEdited: true,
      Rooms: [{ CanBeCancelled: false, CanBeEdited: true }],
    });
    t.setNow('2027-03-04T00:00:00Z');
    const onArrival = (await search({ reservationNumber: flexible.number, hash: flexible.code })).body.Reservation;
    expect(onArrival).toMatchObject({ CanBeCancelled: false, CanBeEdited: false, Rooms: [{ CanBeCancelled: false, CanBeEdited: false }] });
  });

  it('a cancelled booking is found, marked cancelled, and can be neither cancelled nor edited', async () => {
    // The doubles are sold: the single, 60 a night for two nights.
    const cancelled = await book({ Rooms: [aRoom(ids, { RoomTypeId: ids.roomTypes.SGL, NumberOfAdults: 1, TotalCost: 120 })] });
    await t.database.db.execute(sql`UPDATE reservation_rooms SET status = 'cancelled', cancelled_at = now()
      WHERE reservation_id = (SELECT id FROM reservations WHERE reservation_number = ${cancelled.number})`);
    await t.database.db.execute(
      sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now() WHERE reservation_number = ${cancelled.number}`,
    );
    const { body } = await search({ reservationNumber: cancelled.number, guestName: 'Lovelace' }).expect(200);
    expect(body.Reservation).toMatchObject({
      IsCancelled: true,
      CanBeCancelled: false,
      CanBeEdited: false,
      Rooms: [{ CanBeCancelled: false, CanBeEdited: false }],
    });
  });
});

describe('POST /api/ManageBooking/Search: every miss answers the same, with no data', () => {
  it.each([
    ['a wrong name', () => ({ reservationNumber: flexible.number, guestName: 'Babbage' })],
    ['the first name instead of the last', () => ({ reservationNumber: flexible.number, guestName: 'Ada' })],
    ['an unknown number', () => ({ reservationNumber: 'ZZZZZZZZ', guestName: 'Lovelace' })],
    [
      'a forged code',
      () => ({ reservationNumber: flexible.number, hash: `${flexible.code.slice(0, -1)}${flexible.code.endsWith('A') ? 'B' : 'A'}` }),
    ],
    ['a truncated code', () => ({ reservationNumber: flexible.number, hash: flexible.code.slice(0, 10) })],
    ["another booking's code", () => ({ reservationNumber: flexible.number, hash: nonRefundable.code })],
    ["another property's id", () => ({ propertyId: otherPropertyId, reservationNumber: flexible.number, guestName: 'Lovelace' })],
    ['a property that does not exist', () => ({ propertyId: 2_000_000_000, reservationNumber: flexible.number, guestName: 'Lovelace' })],
  ])('%s', async (_name, query) => {
    const { body } = await search(query()).expect(200);
    expect(body).toEqual(miss);
  });

  it('a booking still waiting for its 3-D Secure check, even with the right name', async () => {
    // Monday 8 to Wednesday 10 March, two weekday nights at 100, paid with the challenge card.
    const created = await request(t.app)
      .post('/api/Reservation/Create')
      .send(
        aBooking(ids, {
          DateFrom: '2027-03-08',
          DateTo: '2027-03-10',
          CardDetails: { ...visa, CardNumber: '4000000000003220' },
          Rooms: [aRoom(ids, { DateFrom: '2027-03-08', DateTo: '2027-03-10', TotalCost: 200 })],
        }),
      )
      .expect(200);
    expect(created.body.ChallengeUrl).toEqual(expect.any(String));
    const { body } = await search({ reservationNumber: created.body.ReservationNumber, guestName: 'Lovelace' }).expect(200);
    expect(body).toEqual(miss);
  });
});

describe('POST /api/ManageBooking/Search: limits and bad input', () => {
  it('answers 429 to a client after 10 misses in a quarter hour, whatever it looked for', async () => {
    const client = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) {
      expect((await search({ reservationNumber: `NOPE${i}`, guestName: 'Lovelace' }, client).expect(200)).body).toEqual(miss);
    }
    const refused = await search({ reservationNumber: flexible.number, guestName: 'Lovelace' }, client).expect(429);
    expect(refused.body.Message).toBe(ERROR_MESSAGES.manageBookingTooManySearches);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back.
    await search({ reservationNumber: flexible.number, guestName: 'Lovelace' }).expect(200);
  });

  it("never locks a guest out of their number for strangers' wrong names: six from six addresses, then the owner's from a seventh", async () => {
    for (let i = 0; i < 6; i += 1) {
      const { body } = await search({ reservationNumber: flexible.number, guestName: `Guess${i}` }, `192.0.2.${i + 1}`).expect(200);
      expect(body).toEqual(miss);
    }
    const { body } = await search({ reservationNumber: flexible.number, guestName: 'Lovelace' }, '192.0.2.7').expect(200);
    expect(body).toMatchObject({ Success: true, Reservation: { ReservationNumber: flexible.number } });
  });

  it('answers 429 to a client after 5 wrong names at one number, right or wrong after, while its e-mailed link and other clients still work', async () => {
    const guesser = '198.51.100.8';
    for (let i = 0; i < 5; i += 1) await search({ reservationNumber: flexible.number, guestName: `Guess${i}` }, guesser).expect(200);
    const refused = await search({ reservationNumber: flexible.number, guestName: 'Lovelace' }, guesser).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search({ reservationNumber: flexible.number, hash: flexible.code }, guesser).expect(200)).body.Success).toBe(true);
    // Another booking's number is not held back, nor is another client at this one.
    await search({ reservationNumber: nonRefundable.number, guestName: 'Lovelace' }, guesser).expect(200);
    expect((await search({ reservationNumber: flexible.number, guestName: 'Lovelace' }).expect(200)).body.Success).toBe(true);
  });

  it.each([
    ['no name and no code', { reservationNumber: 'ABCDEFGH' }],
    ['no number', { guestName: 'Lovelace' }],
    ['a property id that is not a number', { propertyId: 'abc', reservationNumber: 'ABCDEFGH', guestName: 'Lovelace' }],
    ['a property id beyond any id', { propertyId: '99999999999', reservationNumber: 'ABCDEFGH', guestName: 'Lovelace' }],
    ['a huge name', { reservationNumber: 'ABCDEFGH', guestName: 'x'.repeat(5000) }],
  ])('refuses %s with a 400 that says what to fix', async (_name, query) => {
    const { body } = await search(query).expect(400);
    expect(body.Message).toEqual(expect.any(String));
  });
});
