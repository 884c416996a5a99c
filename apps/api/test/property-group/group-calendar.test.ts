import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenDefinition } from '../support/builders';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { adults, coastGroup } from './coast-group';

let t: TestApp;
let coastId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  await givenDefinition(t.context, coastGroup);
  coastId = (await request(t.app).get('/api/PropertyGroup/coast').expect(200)).body.PropertyGroupId;
});
afterAll(() => t.close());

const calendar = (body: Record<string, unknown>) =>
  request(t.app)
    .post('/api/Availability/SearchPropertyGroupAreaAvailability')
    .send({ PropertyGroupId: coastId, LanguageCode: 'en', DateFrom: '2027-03-03', DateTo: '2027-03-06', Rooms: [adults(2)], ...body });

describe('POST /api/Availability/SearchPropertyGroupAreaAvailability', () => {
  it('counts per night the properties that can take the party, and the lowest price in the first property’s currency', async () => {
    const { body } = await calendar({}).expect(200);
    // A night for 2 adults: Harbour £100.00, Beach €110.00 / 1.17 = £94.017 -> £94.02, Cliff £90.00
    // (closed the nights of 4 and 5 March), Dune £120.00 (its minimum stay is about arrivals, not
    // nights), East £130.00 (closed to arrival, not to staying), Fjord 1,000 kr: counted, but no
    // rate converts kronor, so never the lowest.
    expect(body).toEqual({
      Currency: 'GBP',
      Nights: [
        { Date: '2027-03-03', PropertiesAvailable: 6, LowestPrice: 90 },
        { Date: '2027-03-04', PropertiesAvailable: 5, LowestPrice: 94.02 },
        { Date: '2027-03-05', PropertiesAvailable: 5, LowestPrice: 94.02 },
        { Date: '2027-03-06', PropertiesAvailable: 6, LowestPrice: 90 },
      ],
    });
  });

  it('prices the whole party, and leaves out a property that does not take that many rooms', async () => {
    const { body } = await calendar({ Rooms: [adults(1), adults(1)], DateTo: '2027-03-04' }).expect(200);
    // East takes one room per booking. Cliff: 2 x £90.00 = £180.00 on the 3rd; on the 4th
    // Beach 2 x €110.00 = €220.00 / 1.17 = £188.034 -> £188.03.
    expect(body.Nights).toEqual([
      { Date: '2027-03-03', PropertiesAvailable: 5, LowestPrice: 180 },
      { Date: '2027-03-04', PropertiesAvailable: 4, LowestPrice: 188.03 },
    ]);
  });

  it('converts into the display currency asked', async () => {
    const { body } = await calendar({ DisplayCurrency: 'EUR', DateFrom: '2027-03-04', DateTo: '2027-03-04' }).expect(200);
    // Harbour £100.00 x 1.17 = €117.00, Beach €110.00, Dune £120.00 x 1.17 = €140.40, East £130.00 x 1.17 = €152.10.
    expect(body).toEqual({ Currency: 'EUR', Nights: [{ Date: '2027-03-04', PropertiesAvailable: 5, LowestPrice: 110 }] });
  });

  it('starts at today when asked from the past, and counts no property for a night none can sell', async () => {
    const { body } = await calendar({ DateFrom: '2027-02-20', DateTo: '2027-03-01', Rooms: [adults(3)] }).expect(200);
    // Only 1 March is not past; no double takes 3 adults.
    expect(body.Nights).toEqual([{ Date: '2027-03-01', PropertiesAvailable: 0, LowestPrice: null }]);
  });

  it('answers up to 62 nights and refuses 63', async () => {
    // 1 March to 1 May: 31 + 30 + 1 = 62 nights.
    expect((await calendar({ DateFrom: '2027-03-01', DateTo: '2027-05-01' }).expect(200)).body.Nights).toHaveLength(62);
    expect((await calendar({ DateFrom: '2027-03-01', DateTo: '2027-05-02' }).expect(400)).body.ModelState).toEqual({
      DateTo: ['A group calendar covers at most 62 nights. Ask for the nights after that in another call.'],
    });
  });

  it('refuses an end before the start or in the past, an unknown currency and an unknown group', async () => {
    expect((await calendar({ DateFrom: '2027-03-06', DateTo: '2027-03-05' }).expect(400)).body.ModelState).toEqual({
      DateTo: ['The end of the calendar must not be before its start'],
    });
    expect((await calendar({ DateFrom: '2027-02-01', DateTo: '2027-02-28' }).expect(400)).body.ModelState).toEqual({
      DateTo: ['The calendar cannot end in the past. Choose dates from today on.'],
    });
    expect((await calendar({ DisplayCurrency: 'XYZ' }).expect(400)).body.ModelState).toEqual({
      DisplayCurrency: ['There is no exchange rate for XYZ. Use one of EUR, GBP.'],
    });
    expect((await calendar({ PropertyGroupId: 999_999 }).expect(404)).body.Message).toBe(
      'There is no property group "999999". Check the address you were given.',
    );
  });
});

describe('GET /api/PropertyGroup/{id}', () => {
  const harbour = {
    PropertyCode: 'HARBOUR',
    PropertyName: 'Harbour Inn',
    Address: '1 Test Street, Testville',
    ImageUrl: null,
    Currency: 'GBP',
    TimeZone: 'Europe/London',
  };

  it('answers the group by its number or its code in any case, its properties in the order the group lists them', async () => {
    for (const id of [String(coastId), 'COAST', 'Coast']) {
      const { body } = await request(t.app).get(`/api/PropertyGroup/${id}`).expect(200);
      expect(body).toMatchObject({ PropertyGroupId: coastId, PropertyGroupCode: 'COAST', Name: 'Coast Hotels' });
      // The file lists the properties the other way round: the group's own list decides.
      expect(body.Properties.map((p: { PropertyCode: string }) => p.PropertyCode)).toEqual([
        'HARBOUR',
        'BEACH',
        'CLIFF',
        'DUNE',
        'EAST',
        'FJORD',
      ]);
      expect(body.Properties[0]).toMatchObject(harbour);
    }
  });

  it('answers 404 for a number or code no group has', async () => {
    for (const id of ['NOPE', '999999', '99999999999']) {
      expect((await request(t.app).get(`/api/PropertyGroup/${id}`).expect(404)).body.Message).toBe(
        `There is no property group "${id}". Check the address you were given.`,
      );
    }
  });
});
