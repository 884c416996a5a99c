import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { SEARCH_FIRST_MESSAGE } from '../../src/manage-booking/manage-grants';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { manageProperty } from './manage-fixture';

/**
 * A client built from the specification's payloads: it finds a booking with
 * `ManageBooking/Search`, keeps the cookie that answer sets, and sends the later calls without
 * the search's `Code` (and SearchDateOptions without a `ReservationId`). Booked stays are
 * Thursday 4 to Saturday 6 March 2027 in a Double on the flexible rate: 100 + 140 = 240.
 */
let t: TestApp;
let ids: Ids;
let reason: number;

// The property has two Doubles: each test starts afresh, so none is sold out by another's bookings.
beforeEach(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t, manageProperty);
  const { body } = await request(t.app).get(`/api/StaticData/${ids.propertyId}/CancellationReasons`).expect(200);
  reason = (body as { CancellationReasonId: number }[])[0]!.CancellationReasonId;
});
afterEach(() => t.close());

type Booking = { id: number; number: string; itemId: number; code: string };

/** Books the stay through Reservation/Create, with no cookie. */
async function book(): Promise<Booking> {
  const created = await request(t.app).post('/api/Reservation/Create').send(aBooking(ids)).expect(200);
  const found = await request(t.app)
    .post('/api/ManageBooking/Search')
    .query({ propertyId: ids.propertyId, reservationNumber: created.body.ReservationNumber, guestName: 'Lovelace' })
    .expect(200);
  const reservation = found.body.Reservation;
  return {
    id: reservation.ReservationId,
    number: reservation.ReservationNumber,
    itemId: reservation.Rooms[0].ReservationItemId,
    code: found.body.Code,
  };
}

/** A client that keeps the cookie the server sets, as a browser or an HTTP client with a cookie jar does. */
function cookieClient() {
  let cookie: string | undefined;
  const withCookie = <T extends { set(name: string, value: string): T }>(call: T): T => (cookie ? call.set('Cookie', cookie) : call);
  return {
    async search(booking: Booking) {
      const response = await withCookie(
        request(t.app)
          .post('/api/ManageBooking/Search')
          .query({ propertyId: ids.propertyId, reservationNumber: booking.number, guestName: 'Lovelace' }),
      ).expect(200);
      expect(response.body.Success).toBe(true);
      const set = response.headers['set-cookie'] as unknown as string[] | undefined;
      if (set) cookie = set[0]!.split(';')[0];
      return response;
    },
    get: (path: string, query: object) => withCookie(request(t.app).get(path).query(query)),
    post: (path: string, body: object) => withCookie(request(t.app).post(path).send(body)),
    get cookie() {
      return cookie;
    },
  };
}

/** The specification's Update payload: PropertyId, ReservationId and the rooms as they should be; no Code. */
const moveToFridayAndSaturday = (booking: Booking) => ({
  PropertyId: ids.propertyId,
  ReservationId: booking.id,
  RoomsToCancel: [],
  // Friday 5 and Saturday 6: 140 + 140.
  ReservationItems: [aRoom(ids, { ReservationItemId: booking.itemId, DateFrom: '2027-03-05', DateTo: '2027-03-07', TotalCost: 280 })],
});

/** The specification's SearchDateOptions payload, no ReservationId: the room on Friday 5 and Saturday 6. */
const friday = (booking: Booking) => ({
  PropertyId: ids.propertyId,
  DateFrom: '2027-03-05',
  DateTo: '2027-03-07',
  ReservationItemIds: [booking.itemId],
});

const cancelPayload = (booking: Booking) => ({ PropertyId: ids.propertyId, ReservationId: booking.id, CancellationReasonId: reason });

const statusOf = async (booking: Booking) =>
  (await rawRows<{ status: string }>(t.database.db, sql`SELECT status FROM reservations WHERE id = ${booking.id}`))[0]!.status;

describe('manage booking with the session of the search (the specification’s payloads, no Code)', () => {
  it('a client keeping cookies searches, then reads upgrades and dates, amends and cancels the booking', async () => {
    const booking = await book();
    const client = cookieClient();
    await client.search(booking);
    expect(client.cookie).toMatch(/^sid=/);
    // The session holds which booking it was granted, never the code: a bearer secret no table holds in clear.
    const [session] = await rawRows<{ data: string }>(t.database.db, sql`SELECT data::text AS data FROM sessions`);
    expect(session!.data).toContain(`"ReservationId": ${booking.id}`);
    expect(session!.data).not.toContain(booking.code);

    const upgrades = await client
      .get('/api/ManageBooking/UpgradeOptions', { propertyId: ids.propertyId, reservationId: booking.id })
      .expect(200);
    // The Suite on Thursday and Friday: 180 + 220 = 400, against 240 booked: 400 - 240 = 160 more.
    expect(upgrades.body.RoomTypes).toEqual([expect.objectContaining({ TotalUpgradeCost: 400, Difference: 160 })]);

    const dates = await client.post('/api/ManageBooking/SearchDateOptions', friday(booking)).expect(200);
    // Friday 5 and Saturday 6: 140 + 140 = 280.
    expect(dates.body).toMatchObject({ Success: true, ReservationItemRateRows: [{ ReservationItemId: booking.itemId, TotalCost: 280 }] });

    const updated = await client.post('/api/ManageBooking/Update', moveToFridayAndSaturday(booking)).expect(200);
    // 280 - 240 = 40 charged to the booking's card.
    expect(updated.body).toMatchObject({
      Success: true,
      Payment: { Kind: 'Charge', Amount: 40 },
      Reservation: { DateFrom: '2027-03-05', DateTo: '2027-03-07', TotalAccommodationPrice: 280 },
    });

    const cancelled = await client.post('/api/ManageBooking/Cancel', cancelPayload(booking)).expect(200);
    // Free until 48 hours before Friday's 15:00 check-in: the 240 paid and the 40 charged, 280, go back.
    expect(cancelled.body).toMatchObject({ Success: true, RefundAmount: 280 });
    expect(await statusOf(booking)).toBe('cancelled');
  });

  it('without a search, each call answers 400 saying to search first or send the Code, and changes nothing', async () => {
    const booking = await book();
    const client = cookieClient();
    const upgrades = await client
      .get('/api/ManageBooking/UpgradeOptions', { propertyId: ids.propertyId, reservationId: booking.id })
      .expect(400);
    expect(upgrades.body.ModelState).toEqual({ code: [SEARCH_FIRST_MESSAGE] });
    const dates = await client.post('/api/ManageBooking/SearchDateOptions', friday(booking)).expect(400);
    expect(dates.body.ModelState).toEqual({ ReservationId: [SEARCH_FIRST_MESSAGE] });
    const updated = await client.post('/api/ManageBooking/Update', moveToFridayAndSaturday(booking)).expect(400);
    expect(updated.body.ModelState).toEqual({ Code: [SEARCH_FIRST_MESSAGE] });
    const cancelled = await client.post('/api/ManageBooking/Cancel', cancelPayload(booking)).expect(400);
    expect(cancelled.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { Code: [SEARCH_FIRST_MESSAGE] },
      Code: 'VALIDATION_FAILED',
    });
    expect(await statusOf(booking)).toBe('confirmed');
  });

  it('the grant runs 30 minutes from the search, however busy the session', async () => {
    const booking = await book();
    const client = cookieClient();
    await client.search(booking);
    const upgrades = { propertyId: ids.propertyId, reservationId: booking.id };
    t.setNow('2027-03-01T09:20:00Z');
    await client.get('/api/ManageBooking/UpgradeOptions', upgrades).expect(200);
    // 31 minutes after the search, 11 after the last call: the session lives on, the grant has ended.
    t.setNow('2027-03-01T09:31:00Z');
    const late = await client.post('/api/ManageBooking/Cancel', cancelPayload(booking)).expect(400);
    expect(late.body.ModelState).toEqual({ Code: [SEARCH_FIRST_MESSAGE] });
    expect(await statusOf(booking)).toBe('confirmed');
    // A new search grants it again.
    await client.search(booking);
    await client.post('/api/ManageBooking/Cancel', cancelPayload(booking)).expect(200);
    expect(await statusOf(booking)).toBe('cancelled');
  });

  it('a grant for one booking never opens another; with none named, the latest found is the one', async () => {
    const mine = await book();
    const other = await book();
    const client = cookieClient();
    await client.search(mine);
    await client.get('/api/ManageBooking/UpgradeOptions', { propertyId: ids.propertyId, reservationId: other.id }).expect(400);
    await client.post('/api/ManageBooking/Cancel', cancelPayload(other)).expect(400);
    expect(await statusOf(other)).toBe('confirmed');
    // Nor does the Code of another booking.
    await client.post('/api/ManageBooking/Cancel', { ...cancelPayload(other), Code: mine.code }).expect(404);
    expect(await statusOf(other)).toBe('confirmed');

    const dates = await client.post('/api/ManageBooking/SearchDateOptions', friday(mine)).expect(200);
    expect(dates.body.ReservationItemRateRows).toEqual([expect.objectContaining({ ReservationItemId: mine.itemId })]);
  });

  it('logging out ends the grants with the session', async () => {
    const booking = await book();
    const client = cookieClient();
    await client.search(booking);
    await client.post('/api/Account/Logout', {}).expect(200);
    await client.post('/api/ManageBooking/Cancel', cancelPayload(booking)).expect(400);
    expect(await statusOf(booking)).toBe('confirmed');
  });

  it('refuses a cross-site page writing with the cookie (403), and changes nothing', async () => {
    const booking = await book();
    const client = cookieClient();
    await client.search(booking);
    const refused = await client
      .post('/api/ManageBooking/Cancel', cancelPayload(booking))
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(refused.body.Code).toBe('FORBIDDEN');
    await client.post('/api/ManageBooking/Cancel', cancelPayload(booking)).set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect(await statusOf(booking)).toBe('confirmed');
  });

  it('a client without cookies still proves the booking with the Code', async () => {
    const booking = await book();
    await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ ...cancelPayload(booking), Code: booking.code })
      .expect(200);
    expect(await statusOf(booking)).toBe('cancelled');
  });
});
