import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenAccountProperty, givenUser, logIn } from '../account/account-fixture';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let propertyId: number;
beforeAll(async () => {
  t = await createTestApp();
  propertyId = await givenAccountProperty(t);
});
afterAll(() => t.close());

// Found by the logged-in fuzz: a name holding U+0000 reached an UPDATE, which Postgres refuses
// (a text column cannot hold it), and the answer was a 500.
describe('text holding the NUL character (U+0000)', () => {
  it('is refused as a bad field, on a logged-in account update as on any route, and nothing is written', async () => {
    const user = await givenUser(t);
    const { cookie } = await logIn(t, propertyId, user.email, user.password);
    const response = await request(t.app)
      .post('/api/Account/Update')
      .set('Cookie', cookie!)
      .send({ PropertyId: propertyId, Firstname: 'a\u0000b', Lastname: 'Lovelace', Telephone: '+441234567890', ReceiveBrandOffers: false })
      .expect(400);
    expect(response.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { Firstname: ['Text cannot contain the NUL character (U+0000).'] },
      Code: 'VALIDATION_FAILED',
    });
    const account = await request(t.app).get('/api/Account').set('Cookie', cookie!).expect(200);
    expect(account.body.Firstname).toBe('Ada');
    expect(t.logLines.some((line) => line.includes('unhandled error'))).toBe(false);
  });

  it('is named by its path inside the body', async () => {
    const response = await request(t.app)
      .post('/api/Availability/Search')
      .send({
        PropertyId: propertyId,
        LanguageCode: 'en',
        DateFrom: '2027-03-10',
        DateTo: '2027-03-12',
        PromoCode: 'WELCOME\u0000',
        Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
      })
      .expect(400);
    expect(response.body.ModelState).toEqual({ PromoCode: ['Text cannot contain the NUL character (U+0000).'] });
  });
});
