import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { givenUser, logIn } from './account-fixture';

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());

const reservationsOf = (cookie?: string) => {
  const call = request(t.app).get('/api/Account/Reservations');
  if (cookie) call.set('Cookie', cookie);
  return call;
};

describe('GET /api/Account/Reservations', () => {
  it("lists only the logged-in user's own bookings, each with the link that manages it", async () => {
    const ada = await givenUser(t, { email: 'ada.reservations@example.com' });
    const grace = await givenUser(t, { email: 'grace.reservations@example.com', firstName: 'Grace' });
    const adaSession = (await logIn(t, ids.propertyId, ada.email, ada.password)).cookie!;
    const graceSession = (await logIn(t, ids.propertyId, grace.email, grace.password)).cookie!;
    const adas = await request(t.app).post('/api/Reservation/Create').set('Cookie', adaSession).send(aBooking(ids)).expect(200);
    const graces = await request(t.app).post('/api/Reservation/Create').set('Cookie', graceSession).send(aBooking(ids)).expect(200);

    const { body } = await reservationsOf(adaSession).expect(200);
    expect(body).toEqual([
      {
        ReservationNumber: adas.body.ReservationNumber,
        PropertyCode: 'BOOK',
        PropertyName: 'Test Hotel',
        DateFrom: '2027-03-04',
        DateTo: '2027-03-06',
        Status: 'Confirmed',
        // Thursday £100.00 + Friday £140.00 = £240.00
        TotalCost: 240,
        Currency: 'GBP',
        ManageCode: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        ManageBookingUrl: `http://localhost:3000/Manage/BOOK/Reservation/${adas.body.ReservationNumber}/${body[0].ManageCode}`,
      },
    ]);
    expect(JSON.stringify(body)).not.toContain(graces.body.ReservationNumber);

    // The code is the e-mailed link's: Manage Booking finds the booking with it.
    const found = await request(t.app)
      .post('/api/ManageBooking/Search')
      .query({ propertyId: ids.propertyId, reservationNumber: adas.body.ReservationNumber, hash: body[0].ManageCode })
      .expect(200);
    expect(found.body.Reservation).toMatchObject({ ReservationNumber: adas.body.ReservationNumber });
  });

  it('lists nothing until the e-mail address is confirmed, as the account does', async () => {
    const user = await givenUser(t, { email: 'unconfirmed.reservations@example.com', confirmed: false });
    const { cookie } = await logIn(t, ids.propertyId, user.email, user.password);
    // Monday 8 March, one weekday night: £100.00.
    const stay = { DateFrom: '2027-03-08', DateTo: '2027-03-09' };
    await request(t.app)
      .post('/api/Reservation/Create')
      .set('Cookie', cookie!)
      .send(aBooking(ids, { ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 100 })] }))
      .expect(200);
    expect((await reservationsOf(cookie).expect(200)).body).toEqual([]);
  });

  it('refuses a caller who is not logged in', async () => {
    await reservationsOf().expect(401);
  });
});
