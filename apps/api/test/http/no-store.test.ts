import type { Response } from 'supertest';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenUser, logIn, PASSWORD } from '../account/account-fixture';
import { aBooking, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let ids: Ids;
let cookie: string;
let confirmationToken: string;
const bookingKey = 'noStoreBooking0123456789abcdefABCDEF';
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
  await givenUser(t);
  cookie = (await logIn(t, ids.propertyId, 'ada@example.com', PASSWORD)).cookie!;
  const booked = await request(t.app).post('/api/Reservation/Create').set('Idempotency-Key', bookingKey).send(aBooking(ids)).expect(200);
  confirmationToken = booked.body.ConfirmationToken;
});
afterAll(() => t.close());

const neverStored = (response: Response) => expect(response.headers['cache-control']).toBe('no-store');

describe('answers that carry personal data are never stored by a browser or a shared cache', () => {
  it('the logged-in account', async () => {
    neverStored(await request(t.app).get('/api/Account').query({ propertyId: ids.propertyId }).set('Cookie', cookie).expect(200));
  });

  it('a booking’s confirmation (the manage and pre-check-in pages read it), its status and the outcome of its Create', async () => {
    const query = { propertyId: ids.propertyId, confirmationToken };
    neverStored(await request(t.app).get('/api/Reservation/Confirmation').query(query).expect(200));
    neverStored(await request(t.app).get('/api/Reservation/Status').query(query));
    neverStored(
      await request(t.app)
        .get('/api/Reservation/CreateOutcome')
        .query({ propertyId: ids.propertyId })
        .set('Idempotency-Key', bookingKey)
        .expect(200),
    );
  });

  it('the answer to a booking, a login and an error', async () => {
    neverStored(await request(t.app).post('/api/Reservation/Create').set('Idempotency-Key', bookingKey).send(aBooking(ids)));
    neverStored((await logIn(t, ids.propertyId, 'ada@example.com', 'wrong password')).response);
    neverStored(await request(t.app).get('/api/Reservation/Confirmation').query({ propertyId: ids.propertyId, confirmationToken: 'x' }));
  });

  it('while public reference data may still be cached', async () => {
    const rates = await request(t.app).get('/api/CurrencyExchangeRate').query({ propertyId: ids.propertyId });
    expect(rates.headers['cache-control']).toBe('public, max-age=300');
  });
});
