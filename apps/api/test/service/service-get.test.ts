import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

type Json = Record<string, unknown>;

const breakfast = {
  Code: 'BRK',
  Name: 'Breakfast',
  Description: 'Served 7-10 in the orangery',
  ChargeType: 'PerDay',
  ChargePerPerson: true,
  Articles: [
    { Name: 'Full English', Price: 12.5 },
    { Name: 'Coffee', Price: 2.75 },
  ],
};
const parking = {
  Code: 'PARK',
  Name: 'Parking',
  ChargeType: 'PerDay',
  Articles: [{ Name: 'Space', Price: 8.99 }],
  StartingInventory: 3,
  RoomTypes: ['DBL'],
};
const champagne = {
  Code: 'CHAMP',
  Name: 'Champagne',
  ChargeType: 'PerQuantity',
  Articles: [{ Name: 'Bottle', Price: 45 }],
  StartingInventory: 10,
  RatePlans: ['NRF'],
};
const christmas = {
  Code: 'XMAS',
  Name: 'Christmas dinner',
  ChargeType: 'PerStay',
  AllowEditOnBookingEngine: false,
  Articles: [
    { Name: 'Dinner', Price: 65.1 },
    { Name: 'Crackers', Price: 0.1 },
  ],
  From: '2027-12-24',
  To: '2027-12-26',
};
const gala = {
  Code: 'GALA',
  Name: 'Gala dinner',
  ChargeType: 'PerDay',
  ChargePerPerson: true,
  Articles: [{ Name: 'Dinner', Price: 30 }],
  StartingInventory: 2,
  From: '2027-03-14',
  To: '2027-03-14',
};
const retired = { Code: 'OLD', Name: 'Newspaper', ChargeType: 'PerDay', Articles: [{ Name: 'Paper', Price: 1.2 }] };

const spa = (services: Json[]) =>
  aProperty({
    Code: 'SPA',
    RoomTypes: [
      { Code: 'DBL', Name: 'Double', Rooms: ['101', '102'] },
      { Code: 'SGL', Name: 'Single', Rooms: ['201'] },
    ],
    RatePlans: [
      {
        Code: 'BAR',
        Name: 'Best Available Rate',
        Prices: [
          { RoomType: 'DBL', BaseRate: 100 },
          { RoomType: 'SGL', BaseRate: 80 },
        ],
      },
      { Code: 'NRF', Name: 'Non-refundable', Prices: [{ RoomType: 'DBL', BaseRate: 90 }] },
    ],
    Services: services,
  });

let t: TestApp;
const ids = {
  property: 0,
  other: 0,
  dbl: 0,
  sgl: 0,
  bar: 0,
  nrf: 0,
  otherRoomType: 0,
  otherRatePlan: 0,
  parking: 0,
  champagne: 0,
  gala: 0,
};

beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  await givenDefinition(
    t.context,
    aDefinition(spa([breakfast, parking, champagne, christmas, gala, retired]), aProperty({ Code: 'OTHER' })),
  );
  // A later import no longer lists the newspaper: it is retired, no longer sold.
  await givenDefinition(t.context, aDefinition(spa([breakfast, parking, champagne, christmas, gala])));
  const { db } = t.context.database;
  const properties = await db.query.properties.findMany({ columns: { id: true, code: true } });
  ids.property = properties.find((p) => p.code === 'SPA')!.id;
  ids.other = properties.find((p) => p.code === 'OTHER')!.id;
  const roomTypes = await db.query.roomTypes.findMany({ columns: { id: true, code: true, propertyId: true } });
  const ratePlans = await db.query.ratePlans.findMany({ columns: { id: true, code: true, propertyId: true } });
  const services = await db.query.services.findMany({ columns: { id: true, code: true } });
  const of = <T extends { code: string; propertyId: number; id: number }>(rows: T[], propertyId: number, code: string) =>
    rows.find((row) => row.propertyId === propertyId && row.code === code)!.id;
  ids.dbl = of(roomTypes, ids.property, 'DBL');
  ids.sgl = of(roomTypes, ids.property, 'SGL');
  ids.bar = of(ratePlans, ids.property, 'BAR');
  ids.nrf = of(ratePlans, ids.property, 'NRF');
  ids.otherRoomType = of(roomTypes, ids.other, 'DBL');
  ids.otherRatePlan = of(ratePlans, ids.other, 'BAR');
  ids.parking = services.find((s) => s.code === 'PARK')!.id;
  ids.champagne = services.find((s) => s.code === 'CHAMP')!.id;
  ids.gala = services.find((s) => s.code === 'GALA')!.id;
});
afterAll(() => t.close());

function getServices(overrides: Json = {}) {
  const query = {
    propertyId: ids.property,
    roomTypeId: ids.dbl,
    ratePlanId: ids.bar,
    dateOfArrival: '2027-03-10',
    dateOfDeparture: '2027-03-12',
    languageCode: 'en',
    ...overrides,
  };
  return request(t.app)
    .get('/api/Service/Get')
    .query(Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string>);
}

const codes = (body: { Services: { ServiceCode: string }[] }) => body.Services.map((service) => service.ServiceCode);

async function setUsed(serviceId: number, night: string, used: number): Promise<void> {
  await t.context.database.db.execute(
    sql`UPDATE service_inventory SET used = ${used} WHERE service_id = ${serviceId} AND night = ${night}::date`,
  );
}

describe('GET /api/Service/Get', () => {
  it('answers the services offered for the room type and rate plan, with their articles and prices in pounds and pence', async () => {
    const { body } = await getServices().expect(200);
    expect(body).toEqual({
      Services: [
        {
          ServiceId: expect.any(Number),
          ServiceCode: 'BRK',
          ServiceName: 'Breakfast',
          ServiceDescription: 'Served 7-10 in the orangery',
          ChargeType: 'PerDay',
          ChargePerPerson: true,
          Articles: [
            { ArticleId: expect.any(Number), Name: 'Full English', Price: 12.5 },
            { ArticleId: expect.any(Number), Name: 'Coffee', Price: 2.75 },
          ],
          AllowEditOnBookingEngine: true,
          // 12.50 + 2.75
          Price: 15.25,
          OfferedFrom: null,
          OfferedTo: null,
        },
        {
          ServiceId: ids.parking,
          ServiceCode: 'PARK',
          ServiceName: 'Parking',
          ServiceDescription: '',
          ChargeType: 'PerDay',
          ChargePerPerson: false,
          Articles: [{ ArticleId: expect.any(Number), Name: 'Space', Price: 8.99 }],
          AllowEditOnBookingEngine: true,
          Price: 8.99,
          OfferedFrom: null,
          OfferedTo: null,
        },
      ],
      InventoryPerServiceId: { [body.Services[0].ServiceId]: null, [ids.parking]: 3 },
    });
  });

  it('offers a service linked to rate plans only with those plans, and one linked to room types only with those types', async () => {
    expect(codes((await getServices({ ratePlanId: ids.nrf }).expect(200)).body)).toEqual(['BRK', 'PARK', 'CHAMP']);
    expect(codes((await getServices({ roomTypeId: ids.sgl })).body)).toEqual(['BRK']);
  });

  it('sums article prices in pence, so 65.10 + 0.10 is exactly 65.20', async () => {
    const { body } = await getServices({ dateOfArrival: '2027-12-24', dateOfDeparture: '2027-12-26' }).expect(200);
    const dinner = body.Services.find((service: { ServiceCode: string }) => service.ServiceCode === 'XMAS');
    expect(dinner).toMatchObject({
      ChargeType: 'PerStay',
      AllowEditOnBookingEngine: false,
      Price: 65.2,
      OfferedFrom: '2027-12-24',
      OfferedTo: '2027-12-26',
    });
    expect(dinner.Articles.map((article: { Price: number }) => article.Price)).toEqual([65.1, 0.1]);
  });

  it("offers a dated service when one of the stay's nights lies in its window (both ends included)", async () => {
    const offered = async (arrival: string, departure: string) =>
      codes((await getServices({ dateOfArrival: arrival, dateOfDeparture: departure }).expect(200)).body).includes('XMAS');
    expect(await offered('2027-12-20', '2027-12-24')).toBe(false); // last night the 23rd
    expect(await offered('2027-12-20', '2027-12-25')).toBe(true); // last night the 24th
    expect(await offered('2027-12-26', '2027-12-28')).toBe(true); // first night the 26th
    expect(await offered('2027-12-27', '2027-12-29')).toBe(false);
  });

  it('leaves out services a later import retired', async () => {
    const { body } = await getServices().expect(200);
    expect(codes(body)).not.toContain('OLD');
  });

  it('answers the smallest free count over the stay for a limited service', async () => {
    await setUsed(ids.parking, '2027-04-10', 1);
    await setUsed(ids.parking, '2027-04-11', 2);
    await setUsed(ids.parking, '2027-04-12', 3); // the departure day is not a night of the stay
    await setUsed(ids.champagne, '2027-04-10', 4);
    const { body } = await getServices({ ratePlanId: ids.nrf, dateOfArrival: '2027-04-10', dateOfDeparture: '2027-04-12' }).expect(200);
    expect(body.InventoryPerServiceId[ids.parking]).toBe(1);
    expect(body.InventoryPerServiceId[ids.champagne]).toBe(6);
    const sold = await getServices({ dateOfArrival: '2027-04-11', dateOfDeparture: '2027-04-13' }).expect(200);
    expect(sold.body.InventoryPerServiceId[ids.parking]).toBe(0);
  });

  it('counts the units of a dated service over the nights of the stay it is offered on only', async () => {
    await setUsed(ids.gala, '2027-03-13', 2); // a night the dinner is not served: ignored
    await setUsed(ids.gala, '2027-03-14', 1);
    const { body } = await getServices({ dateOfArrival: '2027-03-12', dateOfDeparture: '2027-03-16' }).expect(200);
    expect(body.Services.find((service: { ServiceCode: string }) => service.ServiceCode === 'GALA')).toMatchObject({
      OfferedFrom: '2027-03-14',
      OfferedTo: '2027-03-14',
    });
    expect(body.InventoryPerServiceId[ids.gala]).toBe(1);
  });

  it('counts a night without a stored inventory row as nothing left', async () => {
    await t.context.database.db.execute(
      sql`DELETE FROM service_inventory WHERE service_id = ${ids.parking} AND night = '2027-05-02'::date`,
    );
    const { body } = await getServices({ dateOfArrival: '2027-05-01', dateOfDeparture: '2027-05-04' }).expect(200);
    expect(body.InventoryPerServiceId[ids.parking]).toBe(0);
    const before = await getServices({ dateOfArrival: '2027-04-28', dateOfDeparture: '2027-05-02' }).expect(200);
    expect(before.body.InventoryPerServiceId[ids.parking]).toBe(3);
  });

  it('accepts YYYY/MM/DD dates and no languageCode', async () => {
    const slashed = await getServices({ dateOfArrival: '2027/03/10', dateOfDeparture: '2027/03/12', languageCode: undefined }).expect(200);
    const dashed = await getServices().expect(200);
    expect(slashed.body).toEqual(dashed.body);
  });

  it('answers 400 with ModelState for dates that are not dates, or a departure not after the arrival', async () => {
    const invalid = await getServices({ dateOfArrival: '2027-02-30', dateOfDeparture: 'tomorrow' }).expect(400);
    expect(invalid.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: {
        dateOfArrival: ['A valid date is required (YYYY-MM-DD or YYYY/MM/DD)'],
        dateOfDeparture: ['A valid date is required (YYYY-MM-DD or YYYY/MM/DD)'],
      },
      Code: 'VALIDATION_FAILED',
    });
    for (const departure of ['2027-03-10', '2027-03-09']) {
      const response = await getServices({ dateOfDeparture: departure }).expect(400);
      expect(response.body.ModelState).toEqual({ dateOfDeparture: ['The departure date must be after the arrival date'] });
    }
    const missing = await getServices({ dateOfArrival: undefined }).expect(400);
    expect(Object.keys(missing.body.ModelState)).toEqual(['dateOfArrival']);
  });

  it('answers 400 for a stay longer than a booking may be', async () => {
    await getServices({ dateOfDeparture: '2027-05-09' }).expect(200); // 60 nights
    const response = await getServices({ dateOfDeparture: '2027-05-10' }).expect(400);
    expect(response.body.ModelState).toEqual({ dateOfDeparture: ['A stay can be at most 60 nights online.'] });
  });

  it('answers 400 with ModelState for missing or malformed ids and language codes', async () => {
    const response = await getServices({ propertyId: undefined, roomTypeId: 'x', ratePlanId: '-1', languageCode: 'not a language' }).expect(
      400,
    );
    expect(response.body.ModelState).toEqual({
      propertyId: ['A valid propertyId is required'],
      roomTypeId: ['A valid roomTypeId is required'],
      ratePlanId: ['A valid ratePlanId is required'],
      languageCode: [expect.any(String)],
    });
  });

  it('answers 404 for an unknown property, or a room type or rate plan that is not the property’s', async () => {
    const noProperty = await getServices({ propertyId: 999_999 }).expect(404);
    expect(noProperty.body).toEqual({ Message: 'There is no property 999999.', Code: 'NOT_FOUND' });
    const foreignRoomType = await getServices({ roomTypeId: ids.otherRoomType }).expect(404);
    expect(foreignRoomType.body.Message).toBe(`Property ${ids.property} has no room type ${ids.otherRoomType}.`);
    const foreignRatePlan = await getServices({ ratePlanId: ids.otherRatePlan }).expect(404);
    expect(foreignRatePlan.body.Message).toBe(`Property ${ids.property} has no rate plan ${ids.otherRatePlan}.`);
    await getServices({ ratePlanId: 999_999 }).expect(404);
  });
});
