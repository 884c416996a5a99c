import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { getAccount, givenUser, logIn } from './account-fixture';

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());

describe('the reservation history of GET /api/Account', () => {
  it('lists what the user booked while logged in, only once their e-mail address is confirmed', async () => {
    const user = await givenUser(t, { email: 'grace@example.com', firstName: 'Grace', confirmed: false });
    const { cookie } = await logIn(t, ids.propertyId, user.email, user.password);
    const booked = await request(t.app).post('/api/Reservation/Create').set('Cookie', cookie!).send(aBooking(ids)).expect(200);

    const before = await getAccount(t, cookie).expect(200);
    expect(before.body).toMatchObject({ EmailConfirmed: false, Reservations: [] });

    await t.database.db.execute(sql`UPDATE users SET email_confirmed_at = now() WHERE id = ${user.id}`);
    const after = await getAccount(t, cookie).expect(200);
    expect(after.body.Reservations).toEqual([
      {
        ReservationNumber: booked.body.ReservationNumber,
        PropertyCode: 'BOOK',
        PropertyName: 'Test Hotel',
        DateFrom: '2027-03-04',
        DateTo: '2027-03-06',
        Status: 'Confirmed',
        TotalCost: 240,
        Currency: 'GBP',
      },
    ]);
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
