import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { aRestaurantProperty, givenRestaurantProperty, now, quayKitchen, roofBar, type RestaurantIds } from './restaurant-fixture';

let t: TestApp;
let ids: RestaurantIds;
beforeAll(async () => {
  t = await createTestApp({ now });
  ids = await givenRestaurantProperty(t);
});
afterAll(() => t.close());

const restaurants = (propertyId: unknown) => request(t.app).get('/api/RestaurantBooking/Restaurants').query({ propertyId });
const setup = (query: Record<string, unknown>) => request(t.app).get('/api/RestaurantBooking/RestaurantSetup').query(query);

describe('GET /api/RestaurantBooking/Restaurants', () => {
  it("lists the property's restaurants with Id and Name, in the definition's order", async () => {
    const { body } = await restaurants(ids.propertyId).expect(200);
    expect(body).toEqual([
      { Id: ids.restaurants['The Quay Kitchen'], Name: 'The Quay Kitchen' },
      { Id: ids.restaurants['Roof Bar'], Name: 'Roof Bar' },
    ]);
  });

  it('answers an empty list for a property without restaurants', async () => {
    await givenDefinition(t.context, aDefinition(aProperty({ Code: 'NOFOOD' })));
    const propertyId = (await request(t.app).get('/api/Property/NOFOOD').expect(200)).body.PropertyId;
    expect((await restaurants(propertyId).expect(200)).body).toEqual([]);
  });

  it('leaves out a restaurant the definition no longer lists, and lists it again once it does', async () => {
    await givenDefinition(t.context, aDefinition(aProperty({ Code: 'RETIRE', Restaurants: [quayKitchen(), roofBar] })));
    const propertyId = (await request(t.app).get('/api/Property/RETIRE').expect(200)).body.PropertyId;
    await givenDefinition(t.context, aDefinition(aProperty({ Code: 'RETIRE', Restaurants: [roofBar] })));
    expect((await restaurants(propertyId).expect(200)).body.map((r: { Name: string }) => r.Name)).toEqual(['Roof Bar']);
    await givenDefinition(t.context, aDefinition(aProperty({ Code: 'RETIRE', Restaurants: [roofBar, quayKitchen()] })));
    expect((await restaurants(propertyId).expect(200)).body.map((r: { Name: string }) => r.Name)).toEqual(['Roof Bar', 'The Quay Kitchen']);
  });

  it('answers 404 for an unknown property and 400 with ModelState for a malformed one', async () => {
    const missing = await restaurants(999_999).expect(404);
    expect(missing.body).toMatchObject({ Code: 'NOT_FOUND', Message: 'There is no property 999999.' });
    const malformed = await restaurants('TEST').expect(400);
    expect(malformed.body.ModelState).toHaveProperty('propertyId');
    expect((await request(t.app).get('/api/RestaurantBooking/Restaurants').expect(400)).body.ModelState).toHaveProperty('propertyId');
  });
});

describe('GET /api/RestaurantBooking/RestaurantSetup', () => {
  it("answers the party-size bounds, the no-availability text and the property's currency symbol", async () => {
    const query = {
      propertyId: ids.propertyId,
      restaurantId: ids.restaurants['The Quay Kitchen'],
      date: '2027/03/04',
      isReservation: 'true',
      identifier: 'ABC',
    };
    expect((await setup(query).expect(200)).body).toEqual({
      CurrencySymbol: '£',
      MinOnlinePartySize: 1,
      MaxOnlinePartySize: 8,
      NoAvailabilityText: 'We are fully booked at this time. Please call us.',
    });
    const roof = await setup({ propertyId: ids.propertyId, restaurantId: ids.restaurants['Roof Bar'] }).expect(200);
    expect(roof.body).toEqual({
      CurrencySymbol: '£',
      MinOnlinePartySize: 2,
      MaxOnlinePartySize: 4,
      NoAvailabilityText: 'The roof is full.',
    });
  });

  it.each([
    ['USD', '$'],
    ['EUR', '€'],
    ['ZAR', 'R'],
  ])('writes the symbol of a property in %s as %s', async (currency, symbol) => {
    const code = `CUR${currency}`;
    const other = await givenRestaurantProperty(t, aRestaurantProperty({ Code: code, Currency: currency }));
    const { body } = await setup({ propertyId: other.propertyId, restaurantId: other.restaurants['Roof Bar'] }).expect(200);
    expect(body.CurrencySymbol).toBe(symbol);
  });

  it('answers 404 for a restaurant of another property, and 400 for malformed parameters', async () => {
    const other = await givenRestaurantProperty(t, aRestaurantProperty({ Code: 'OTHER' }));
    const foreign = await setup({ propertyId: ids.propertyId, restaurantId: other.restaurants['Roof Bar'] }).expect(404);
    expect(foreign.body.Message).toBe(`Test Hotel has no restaurant ${other.restaurants['Roof Bar']} taking bookings.`);
    const malformed = await setup({ propertyId: ids.propertyId, restaurantId: 'roof', date: '2027-02-30', isReservation: 'maybe' }).expect(
      400,
    );
    expect(Object.keys(malformed.body.ModelState).sort()).toEqual(['date', 'isReservation', 'restaurantId']);
  });
});

describe('the OpenAPI document', () => {
  it('describes the four RestaurantBooking calls', async () => {
    const { body } = await request(t.app).get('/api/openapi.json').expect(200);
    expect(Object.keys(body.paths).filter((path) => path.startsWith('/api/RestaurantBooking/'))).toEqual([
      '/api/RestaurantBooking/Restaurants',
      '/api/RestaurantBooking/RestaurantSetup',
      '/api/RestaurantBooking/Availability',
      '/api/RestaurantBooking/Create',
    ]);
    expect(Object.keys(body.paths['/api/RestaurantBooking/Create'].post.responses)).toEqual([
      '200',
      '400',
      '403',
      '404',
      '409',
      '413',
      '422',
      '429',
      '431',
      '500',
      '503',
    ]);
  });
});
