import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await givenDefinition(t.context, {
    ...aDefinition(
      aProperty({
        Code: 'HARBOUR',
        Name: 'Harbour Hotel',
        Address: '1 Quay, Portsmouth',
        Occupancy: { ShowRoomTypeOccupancy: false },
        Restaurants: [
          {
            Name: 'The Galley',
            Tables: [2, 4],
            Sittings: [{ Weekdays: [5, 6], From: '18:00', To: '21:00', IntervalMinutes: 30, DurationMinutes: 90 }],
          },
        ],
        BookingConfiguration: {
          HidePromoCodeOnLandingPage: true,
          NoAvailabilityMessage: 'We are full, sorry.',
          MaxNumberOfRoomsOnBooking: 3,
          ShowRoomConfigurationQuestion: true,
          Offers: ['Free parking'],
          BookingIncentives: ['Best price guaranteed', 'Late checkout'],
          GiftServiceProviderConfig: { Active: true, Name: 'Harbour Gifts' },
          EnableUserChoiceOfPaymentMethod: true,
          EnablePayByCompanyInvoice: true,
          HasCustomTermsAndConditions: true,
          CustomTermsAndConditionsLabel: 'Company terms',
          CustomTermsAndConditionsText: 'Invoices are due in 30 days.',
          OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: true,
          RestaurantBookingServiceActive: true,
          RestaurantBookingDefaultRestaurant: 'The Galley',
          RestaurantBookingServiceType: 'External',
          ShowMinimumLengthOfStayNotification: false,
          SameDayBookingRestrictionEnabled: true,
          SameDayBookingRestrictionHour: 18,
          SameDayBookingRestrictionMinute: 30,
          SameDayBookingRestrictionMessage: 'Call us for tonight.',
          AccommodationUnitNoun: 'cabin',
        },
      }),
      aProperty({ Code: 'CASTLE', Name: 'Castle Inn', Address: '2 Keep Road, Winchester' }),
      aProperty({ Code: 'LONER', Name: 'Lone Lodge', Address: '' }),
    ),
    Groups: [{ Code: 'COAST', Name: 'Coast Hotels', Properties: ['HARBOUR', 'CASTLE'] }],
  });
});
afterAll(() => t.close());

async function propertyId(code: string): Promise<number> {
  const { body } = await request(t.app).get(`/api/Property/${code}`).expect(200);
  return body.PropertyId as number;
}

describe('GET /api/Book/Config/{id}', () => {
  it("answers every field of the booking configuration, with the group's properties as Locations", async () => {
    const [harbour, castle] = [await propertyId('HARBOUR'), await propertyId('CASTLE')];
    const { body } = await request(t.app).get('/api/Book/Config/HARBOUR').expect(200);
    expect(body).toEqual({
      PropertyId: harbour,
      HidePromoCodeOnLandingPage: true,
      // By name: Castle Inn before Harbour Hotel, the property itself included.
      Locations: [
        { LocationId: castle, Name: 'Castle Inn', Address: '2 Keep Road, Winchester', PropertyCode: 'CASTLE' },
        { LocationId: harbour, Name: 'Harbour Hotel', Address: '1 Quay, Portsmouth', PropertyCode: 'HARBOUR' },
      ],
      NoAvailabilityMessage: 'We are full, sorry.',
      MaxNumberOfRoomsOnBooking: 3,
      ShowRoomConfigurationQuestion: true,
      Offers: ['Free parking'],
      BookingIncentives: ['Best price guaranteed', 'Late checkout'],
      GiftServiceProviderConfig: { Active: true, Name: 'Harbour Gifts' },
      EnableUserChoiceOfPaymentMethod: true,
      EnablePayByCompanyInvoice: true,
      HasCustomTermsAndConditions: true,
      CustomTermsAndConditionsLabel: 'Company terms',
      CustomTermsAndConditionsText: 'Invoices are due in 30 days.',
      OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: true,
      RestaurantBookingServiceActive: true,
      RestaurantBookingDefaultRestaurant: 'The Galley',
      RestaurantBookingServiceType: 'External',
      ShowMinimumLengthOfStayNotification: false,
      ShowRoomTypeOccupancy: false,
      SameDayBookingRestrictionEnabled: true,
      SameDayBookingRestrictionHour: 18,
      SameDayBookingRestrictionMinute: 30,
      SameDayBookingRestrictionMessage: 'Call us for tonight.',
      AccommodationUnitNoun: 'cabin',
    });
  });

  it("answers the definition's defaults, and no Locations for a property outside any group", async () => {
    const { body } = await request(t.app).get('/api/Book/Config/LONER').expect(200);
    expect(body).toEqual({
      PropertyId: await propertyId('LONER'),
      HidePromoCodeOnLandingPage: false,
      Locations: [],
      NoAvailabilityMessage: 'This hotel is unavailable on your selected dates.',
      MaxNumberOfRoomsOnBooking: null,
      ShowRoomConfigurationQuestion: false,
      Offers: [],
      BookingIncentives: [],
      GiftServiceProviderConfig: { Active: false, Name: 'Gift vouchers' },
      EnableUserChoiceOfPaymentMethod: false,
      EnablePayByCompanyInvoice: false,
      HasCustomTermsAndConditions: false,
      CustomTermsAndConditionsLabel: null,
      CustomTermsAndConditionsText: null,
      OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: false,
      RestaurantBookingServiceActive: false,
      RestaurantBookingDefaultRestaurant: null,
      RestaurantBookingServiceType: 'Internal',
      ShowMinimumLengthOfStayNotification: true,
      ShowRoomTypeOccupancy: true,
      SameDayBookingRestrictionEnabled: false,
      SameDayBookingRestrictionHour: 0,
      SameDayBookingRestrictionMinute: 0,
      SameDayBookingRestrictionMessage: null,
      AccommodationUnitNoun: 'room',
    });
  });

  it('answers the same configuration by numeric id as by code', async () => {
    const byCode = await request(t.app).get('/api/Book/Config/CASTLE').expect(200);
    const byId = await request(t.app)
      .get(`/api/Book/Config/${await propertyId('CASTLE')}`)
      .expect(200);
    expect(byId.body).toEqual(byCode.body);
    expect(byCode.body.Locations.map((location: { PropertyCode: string }) => location.PropertyCode)).toEqual(['CASTLE', 'HARBOUR']);
  });

  it('answers 404 with a message for an unknown code or id, however large the id', async () => {
    const unknown = await request(t.app).get('/api/Book/Config/NOPE').expect(404);
    expect(unknown.body).toEqual({ Message: 'There is no property "NOPE". Check the address you were given.', Code: 'NOT_FOUND' });
    await request(t.app).get('/api/Book/Config/999999').expect(404);
    await request(t.app).get('/api/Book/Config/99999999999999999999').expect(404);
  });

  it('answers 400 with ModelState for an id that cannot be one', async () => {
    const response = await request(t.app).get('/api/Book/Config/%3Cscript%3E').expect(400);
    expect(response.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { id: ['A property id or code is required'] },
      Code: 'VALIDATION_FAILED',
    });
    await request(t.app)
      .get(`/api/Book/Config/${'A'.repeat(41)}`)
      .expect(400);
  });
});
