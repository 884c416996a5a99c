import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let ids: { seaside: number; other: number; double: number; single: number; family: number; otherDouble: number };

async function roomTypeIds(): Promise<Record<string, number>> {
  const rows = await t.context.database.db.query.roomTypes.findMany({ columns: { id: true, code: true, propertyId: true } });
  return Object.fromEntries(rows.map((row) => [`${row.propertyId}:${row.code}`, row.id]));
}

beforeAll(async () => {
  t = await createTestApp();
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({
        Code: 'SEASIDE',
        RoomTypes: [
          // Listed out of alphabetical order: the answer keeps the definition's order.
          { Code: 'DBL', Name: 'Double', Rooms: ['101'], Configurations: ['Twin beds', 'Double bed', 'Double bed and sofa bed'] },
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
        ],
      }),
      aProperty({
        Code: 'OTHER',
        RoomTypes: [
          { Code: 'DBL', Name: 'Double', Rooms: ['1'], Configurations: ['King bed'] },
          { Code: 'FAM', Name: 'Family', Rooms: ['2'], Configurations: ['Bunk beds'] },
        ],
        RatePlans: [{ Code: 'BAR', Name: 'Best Available Rate', Prices: [{ RoomType: 'DBL', BaseRate: 90 }] }],
      }),
    ),
  );
  // A later import no longer lists the family room: it is retired, not deleted.
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({
        Code: 'OTHER',
        RoomTypes: [{ Code: 'DBL', Name: 'Double', Rooms: ['1'], Configurations: ['King bed'] }],
        RatePlans: [{ Code: 'BAR', Name: 'Best Available Rate', Prices: [{ RoomType: 'DBL', BaseRate: 90 }] }],
      }),
    ),
  );
  const properties = await t.context.database.db.query.properties.findMany({ columns: { id: true, code: true } });
  const seaside = properties.find((p) => p.code === 'SEASIDE')!.id;
  const other = properties.find((p) => p.code === 'OTHER')!.id;
  const roomTypes = await roomTypeIds();
  ids = {
    seaside,
    other,
    double: roomTypes[`${seaside}:DBL`]!,
    single: roomTypes[`${seaside}:SGL`]!,
    family: roomTypes[`${other}:FAM`]!,
    otherDouble: roomTypes[`${other}:DBL`]!,
  };
});
afterAll(() => t.close());

const get = (query: Record<string, string | number>) => request(t.app).get('/api/RoomTypeConfiguration/Get').query(query);

describe('GET /api/RoomTypeConfiguration/Get', () => {
  it("answers the room type's bed configurations in the definition's order", async () => {
    const { body } = await get({ propertyId: ids.seaside, roomTypeId: ids.double }).expect(200);
    expect(body).toEqual([
      { RoomConfigurationDropdownOptionId: expect.any(Number), Name: 'Twin beds' },
      { RoomConfigurationDropdownOptionId: expect.any(Number), Name: 'Double bed' },
      { RoomConfigurationDropdownOptionId: expect.any(Number), Name: 'Double bed and sofa bed' },
    ]);
    const stored = await t.context.database.db.query.roomConfigurations.findMany({ where: (c, { eq }) => eq(c.roomTypeId, ids.double) });
    const idByLabel = new Map(stored.map((row) => [row.label, row.id]));
    for (const option of body) expect(option.RoomConfigurationDropdownOptionId).toBe(idByLabel.get(option.Name));
  });

  it('answers an empty list for a room type without configurations', async () => {
    await get({ propertyId: ids.seaside, roomTypeId: ids.single }).expect(200, []);
  });

  it('still answers a room type a later import retired (reservations on it may be asked their configuration)', async () => {
    const retired = await t.context.database.db.query.roomTypes.findFirst({ where: (r, { eq }) => eq(r.id, ids.family) });
    expect(retired?.isActive).toBe(false);
    const family = await get({ propertyId: ids.other, roomTypeId: ids.family }).expect(200);
    expect(family.body).toEqual([{ RoomConfigurationDropdownOptionId: expect.any(Number), Name: 'Bunk beds' }]);
  });

  it('answers 404 for an unknown property, an unknown room type, or a room type of another property', async () => {
    const noProperty = await get({ propertyId: 999_999, roomTypeId: ids.double }).expect(404);
    expect(noProperty.body).toEqual({ Message: 'There is no property 999999.', Code: 'NOT_FOUND' });
    const noRoomType = await get({ propertyId: ids.seaside, roomTypeId: 999_999 }).expect(404);
    expect(noRoomType.body).toEqual({ Message: `Property ${ids.seaside} has no room type 999999.`, Code: 'NOT_FOUND' });
    await get({ propertyId: ids.seaside, roomTypeId: ids.otherDouble }).expect(404);
  });

  it('answers 400 with ModelState for missing or malformed ids', async () => {
    const missing = await request(t.app).get('/api/RoomTypeConfiguration/Get').expect(400);
    expect(missing.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { propertyId: ['A valid propertyId is required'], roomTypeId: ['A valid roomTypeId is required'] },
      Code: 'VALIDATION_FAILED',
    });
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const response = await get({ propertyId: ids.seaside, roomTypeId: bad }).expect(400);
      expect(response.body.ModelState).toEqual({ roomTypeId: ['A valid roomTypeId is required'] });
    }
  });
});
