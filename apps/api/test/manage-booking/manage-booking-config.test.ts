import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({
        Code: 'HARBOUR',
        BookingConfiguration: { GiftServiceProviderConfig: { Active: true, Name: 'Harbour Gifts' } },
        ManageBookingConfiguration: {
          ShowRoomConfigurationQuestion: true,
          RequireCancellationReason: true,
          CheckInTime: '14:00',
          BookerConfiguration: { EmailRequired: true, PhoneRequired: true },
          GuestConfiguration: { LastNameRequired: false, CountryRequired: true },
        },
      }),
      aProperty({ Code: 'PLAIN' }),
    ),
  );
});
afterAll(() => t.close());

const defaults = {
  FirstNameRequired: true,
  LastNameRequired: true,
  EmailRequired: false,
  PhoneRequired: false,
  CountryRequired: false,
  StreetRequired: false,
  CityRequired: false,
  StateOrCountyRequired: false,
  PostCodeRequired: false,
};

describe('GET /api/ManageBooking/Config/{id}', () => {
  it("answers the property's manage-booking settings, with checkout's gift voucher name, by code and by id alike", async () => {
    const { body } = await request(t.app).get('/api/ManageBooking/Config/HARBOUR').expect(200).expect('Cache-Control', 'no-store');
    expect(body).toEqual({
      PropertyId: expect.any(Number),
      ShowRoomConfigurationQuestion: true,
      RequireCancellationReason: true,
      GiftServiceProviderConfig: { Active: true, Name: 'Harbour Gifts' },
      BookerConfiguration: { ...defaults, EmailRequired: true, PhoneRequired: true },
      GuestConfiguration: { ...defaults, LastNameRequired: false, CountryRequired: true },
    });
    const byId = await request(t.app).get(`/api/ManageBooking/Config/${body.PropertyId}`).expect(200);
    expect(byId.body).toEqual(body);
  });

  it('answers the documented defaults for a property whose definition says nothing', async () => {
    const { body } = await request(t.app).get('/api/ManageBooking/Config/PLAIN').expect(200);
    expect(body).toMatchObject({
      ShowRoomConfigurationQuestion: false,
      RequireCancellationReason: false,
      GiftServiceProviderConfig: { Active: false, Name: 'Gift vouchers' },
      BookerConfiguration: defaults,
      GuestConfiguration: defaults,
    });
  });

  it('answers 404 for an unknown property and 400 for a malformed id', async () => {
    const missing = await request(t.app).get('/api/ManageBooking/Config/NOPE').expect(404);
    expect(missing.body.Message).toMatch(/no property "NOPE"/);
    await request(t.app).get('/api/ManageBooking/Config/99999999999').expect(404);
    await request(t.app).get('/api/ManageBooking/Config/bad%20code').expect(400);
  });
});
