import { eq } from 'drizzle-orm';
import { properties, propertyGroups } from '@hotel/db/schema';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

const key = 'test-admin-key-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /api/Admin/Definition', () => {
  it('refuses a missing or wrong API key with 401, before reading the body', async () => {
    await request(t.app).put('/api/Admin/Definition').send(aDefinition()).expect(401);
    const wrong = await request(t.app)
      .put('/api/Admin/Definition')
      .set('X-Api-Key', 'test-admin-key-0123456780')
      .send(aDefinition())
      .expect(401);
    expect(wrong.body).toEqual({ Message: 'A valid API key is required (X-Api-Key header).', Code: 'UNAUTHORISED' });
    await request(t.app).get('/api/Property/TEST').expect(404);
  });

  it('imports with the right key, sent either way', async () => {
    const response = await request(t.app).put('/api/Admin/Definition').set('X-Api-Key', key).send(aDefinition()).expect(200);
    expect(response.body).toEqual({ Success: true, Properties: ['TEST'] });
    await request(t.app).put('/api/Admin/Definition').set('Authorization', `Bearer ${key}`).send(aDefinition()).expect(200);
    await request(t.app).get('/api/Property/TEST').expect(200);
  });

  it('answers 400 with every problem in ModelState by JSON path', async () => {
    const response = await request(t.app)
      .put('/api/Admin/Definition')
      .set('X-Api-Key', key)
      .send(aDefinition(aProperty({ Code: 'BAD', Email: 'not-an-address', RoomTypes: [] })))
      .expect(400);
    expect(response.body.Message).toBe('The definition has 3 problem(s); nothing was changed.');
    // The rate plan's price names a room type the (empty) list does not have: reported in the same answer.
    expect(Object.keys(response.body.ModelState).sort()).toEqual([
      'Properties[0].Email',
      'Properties[0].RatePlans[0].Prices[0].RoomType',
      'Properties[0].RoomTypes',
    ]);
  });

  it('answers 400, quickly, for 45,000 nested brackets', async () => {
    const deep = '['.repeat(45_000) + ']'.repeat(45_000);
    const started = Date.now();
    const response = await request(t.app)
      .put('/api/Admin/Definition')
      .set('X-Api-Key', key)
      .set('Content-Type', 'application/json')
      .send(`{"Properties":[],"Extra":${deep}}`)
      .expect(400);
    expect(response.body.Code).toBe('VALIDATION_FAILED');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('accepts definitions larger than the 100 kB guests may send', async () => {
    const roomTypes = Array.from({ length: 300 }, (_, i) => ({
      Code: `RT${i}`,
      Name: `Room type ${i}`,
      Description: 'A room. '.repeat(50),
      Rooms: [`${i}`],
    }));
    const definition = aDefinition(
      aProperty({
        Code: 'BIG',
        RoomTypes: roomTypes,
        RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'RT0', BaseRate: 100 }] }],
      }),
    );
    expect(JSON.stringify(definition).length).toBeGreaterThan(100_000);
    await request(t.app).put('/api/Admin/Definition').set('X-Api-Key', key).send(definition).expect(200);
  });

  it('without ADMIN_API_KEY, no operator key opens it', async () => {
    const disabled = await createTestApp({ config: { adminApiKey: undefined } });
    try {
      const response = await request(disabled.app).put('/api/Admin/Definition').set('X-Api-Key', key).send(aDefinition()).expect(401);
      expect(response.body.Message).toBe(
        'A valid API key is required (X-Api-Key header). ADMIN_API_KEY is not set on this server: only keys made with pnpm api-key:create open it.',
      );
    } finally {
      await disabled.close();
    }
  });
});

describe('GET /api/Admin/Definition/{propertyCode}', () => {
  const groupOf = async (code: string) => {
    const [row] = await t.database.db
      .select({ group: propertyGroups.code, position: properties.groupPosition })
      .from(properties)
      .leftJoin(propertyGroups, eq(propertyGroups.id, properties.groupId))
      .where(eq(properties.code, code));
    return row;
  };

  it('answers the property as imported, defaults written out, in a file of its own', async () => {
    const sent = {
      ...aDefinition(aProperty({ Code: ' READ ', Name: 'Read Back Hotel' })),
      Groups: [{ Code: 'G', Name: 'Group', Properties: ['READ'] }],
    };
    await request(t.app).put('/api/Admin/Definition').set('X-Api-Key', key).send(sent).expect(200);

    const { body } = await request(t.app).get('/api/Admin/Definition/READ').set('X-Api-Key', key).expect(200);
    expect(body.Groups).toEqual([]);
    expect(body.Properties).toHaveLength(1);
    const [property] = body.Properties;
    expect(property).toMatchObject({ Code: 'READ', Name: 'Read Back Hotel', StandardVatRate: 20, CreditCards: ['Visa', 'Mastercard'] });
    // Defaults the file left out are written out, so an integrator sees what applies.
    expect(property.Occupancy.AdultLabel).toBe('Adults');
    expect(property.RatePlans[0].Prices[0]).toMatchObject({ RoomType: 'DBL', BaseRate: 100, CostPerRoom: 0, MinLengthOfStay: 1 });
  });

  it('round-trips: what it answers can be PUT back unchanged, and reads back the same, the group kept', async () => {
    const first = await request(t.app).get('/api/Admin/Definition/READ').set('X-Api-Key', key).expect(200);
    const groupBefore = await groupOf('READ');
    const put = await request(t.app).put('/api/Admin/Definition').set('X-Api-Key', key).send(first.body).expect(200);
    expect(put.body).toEqual({ Success: true, Properties: ['READ'] });
    const second = await request(t.app).get('/api/Admin/Definition/READ').set('X-Api-Key', key).expect(200);
    expect(second.body).toEqual(first.body);
    expect(await groupOf('READ')).toEqual(groupBefore);
    expect(groupBefore).toEqual({ group: 'G', position: 1 });
  });

  it('answers an edit PUT back', async () => {
    const { body } = await request(t.app).get('/api/Admin/Definition/READ').set('X-Api-Key', key).expect(200);
    body.Properties[0].Name = 'Renamed Hotel';
    await request(t.app).put('/api/Admin/Definition').set('X-Api-Key', key).send(body).expect(200);
    const again = await request(t.app).get('/api/Admin/Definition/READ').set('X-Api-Key', key).expect(200);
    expect(again.body.Properties[0].Name).toBe('Renamed Hotel');
  });

  it('answers 404 for an unknown property, and 401 without the key', async () => {
    const unknown = await request(t.app).get('/api/Admin/Definition/NOPE').set('X-Api-Key', key).expect(404);
    expect(unknown.body).toEqual({ Message: 'No property has the code "NOPE".', Code: 'NOT_FOUND' });
    await request(t.app).get('/api/Admin/Definition/READ').expect(401);
  });

  it('answers 404 saying to PUT it once when the stored entry cannot be read back', async () => {
    await t.database.db.update(properties).set({ definition: null }).where(eq(properties.code, 'READ'));
    const { body } = await request(t.app).get('/api/Admin/Definition/READ').set('X-Api-Key', key).expect(404);
    expect(body.Message).toBe(
      'The definition of "READ" was not kept in a form that can be read back: PUT its definition once, and it can be read from then on.',
    );
  });
});
