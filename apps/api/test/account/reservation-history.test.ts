import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { getAccount, givenUser, logIn } from './account-fixture';

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());

/** A reservation at the booking property as the account lists it. */
const listed = (reservationNumber: string, stay: { DateFrom: string; DateTo: string }, totalCost: number) => ({
  ReservationNumber: reservationNumber,
  PropertyCode: 'BOOK',
  PropertyName: 'Test Hotel',
  ...stay,
  Status: 'Confirmed',
  TotalCost: totalCost,
  Currency: 'GBP',
});

/** A booking of one Double for one weekday night (£100.00), made with `cookie`'s session. */
function bookOneNight(cookie: string, DateFrom: string, DateTo: string) {
  const stay = { DateFrom, DateTo };
  return request(t.app)
    .post('/api/Reservation/Create')
    .set('Cookie', cookie)
    .send(aBooking(ids, { ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 100 })] }))
    .expect(200);
}

const reservationsOf = (cookie?: string) => {
  const call = request(t.app).get('/api/Account/Reservations');
  if (cookie) call.set('Cookie', cookie);
  return call;
};

describe('the reservation history of GET /api/Account', () => {
  it('lists what the user booked while logged in, only once their e-mail address is confirmed', async () => {
    const user = await givenUser(t, { email: 'grace@example.com', firstName: 'Grace', confirmed: false });
    const { cookie } = await logIn(t, ids.propertyId, user.email, user.password);
    const booked = await request(t.app).post('/api/Reservation/Create').set('Cookie', cookie!).send(aBooking(ids)).expect(200);

    const before = await getAccount(t, cookie).expect(200);
    expect(before.body).toMatchObject({ EmailConfirmed: false, Reservations: [] });

    await t.database.db.execute(sql`UPDATE users SET email_confirmed_at = now() WHERE id = ${user.id}`);
    const after = await getAccount(t, cookie).expect(200);
    // Thursday £100.00 + Friday £140.00 = £240.00
    expect(after.body.Reservations).toEqual([listed(booked.body.ReservationNumber, { DateFrom: '2027-03-04', DateTo: '2027-03-06' }, 240)]);
  });

  it('does not list bookings made without logging in', async () => {
    const user = await givenUser(t, { email: 'ada.other@example.com' });
    await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { Booker: { ...aBooking(ids).Booker, Email: user.email } }))
      .expect(200);
    const { cookie } = await logIn(t, ids.propertyId, user.email, user.password);
    expect((await getAccount(t, cookie).expect(200)).body.Reservations).toEqual([]);
  });
});

describe('GET /api/Account/Reservations', () => {
  it("lists only the logged-in user's own bookings, each with the link that manages it", async () => {
    const ada = await givenUser(t, { email: 'ada.reservations@example.com' });
    const grace = await givenUser(t, { email: 'grace.reservations@example.com', firstName: 'Grace' });
    const adaSession = (await logIn(t, ids.propertyId, ada.email, ada.password)).cookie!;
    const graceSession = (await logIn(t, ids.propertyId, grace.email, grace.password)).cookie!;
    const adas = await bookOneNight(adaSession, '2027-03-08', '2027-03-09');
    const graces = await bookOneNight(graceSession, '2027-03-08', '2027-03-09');

    const { body } = await reservationsOf(adaSession).expect(200);
    const number = adas.body.ReservationNumber as string;
    expect(body).toEqual([
      {
        // Monday 8 March, one weekday night: £100.00
        ...listed(number, { DateFrom: '2027-03-08', DateTo: '2027-03-09' }, 100),
        ManageCode: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        ManageBookingUrl: `http://localhost:3000/Manage/BOOK/Reservation/${number}/${body[0].ManageCode}`,
      },
    ]);
    expect(JSON.stringify(body)).not.toContain(graces.body.ReservationNumber);

    // The code is the e-mailed link's: Manage Booking finds the booking with it.
    const found = await request(t.app)
      .post('/api/ManageBooking/Search')
      .query({ propertyId: ids.propertyId, reservationNumber: number, hash: body[0].ManageCode })
      .expect(200);
    expect(found.body.Reservation).toMatchObject({ ReservationNumber: number });
  });

  it('lists nothing until the e-mail address is confirmed, as the account does', async () => {
    const user = await givenUser(t, { email: 'unconfirmed.reservations@example.com', confirmed: false });
    const { cookie } = await logIn(t, ids.propertyId, user.email, user.password);
    await bookOneNight(cookie!, '2027-03-10', '2027-03-11');
    expect((await reservationsOf(cookie).expect(200)).body).toEqual([]);
  });

  it('refuses a caller who is not logged in', async () => {
    await reservationsOf().expect(401);
  });
});
