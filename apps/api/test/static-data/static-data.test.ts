import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let innId: number;
beforeAll(async () => {
  t = await createTestApp();
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({
        Code: 'INN',
        CreditCards: ['Mastercard', 'amex', 'Visa'],
        CancellationReasons: ['Change of plans', 'Found a better price', 'Illness'],
      }),
      aProperty({ Code: 'BARE', CreditCards: [] }),
    ),
  );
  // A later import drops one reason: it is retired, not answered.
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({
        Code: 'INN',
        CreditCards: ['Mastercard', 'amex', 'Visa'],
        CancellationReasons: ['Illness', 'Change of plans'],
      }),
    ),
  );
  innId = (await request(t.app).get('/api/Property/INN')).body.PropertyId;
});
afterAll(() => t.close());

describe('GET /api/StaticData/{id}/countries', () => {
  it('answers every country with its numeric id, alpha-2 code and dialling code, sorted by name as people read it', async () => {
    const { body } = await request(t.app).get('/api/StaticData/INN/countries').expect(200);
    expect(body.length).toBeGreaterThan(240);
    expect(body).toContainEqual({ CountryId: 826, Name: 'United Kingdom', Code: 'GB', DiallingCode: '+44' });
    expect(body).toContainEqual({ CountryId: 10, Name: 'Antarctica', Code: 'AQ', DiallingCode: null });
    // Accented names sort with their letter, the same on every database collation.
    const names = body.map((country: { Name: string }) => country.Name);
    expect(names.indexOf('Åland Islands')).toBeLessThan(names.indexOf('Albania'));
    expect(names.indexOf('Côte d’Ivoire')).toBeLessThan(names.indexOf('Croatia'));
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
  });

  it('answers the same by numeric property id', async () => {
    const byCode = await request(t.app).get('/api/StaticData/INN/countries').expect(200);
    const byId = await request(t.app).get(`/api/StaticData/${innId}/countries`).expect(200);
    expect(byId.body).toEqual(byCode.body);
  });
});

describe('GET /api/StaticData/{id}/creditcardtypes', () => {
  it('answers the card types the property accepts, with their stable ids', async () => {
    const { body } = await request(t.app).get('/api/StaticData/INN/creditcardtypes').expect(200);
    expect(body).toEqual([
      { CreditCardTypeId: 1, Name: 'Visa', Code: 'visa' },
      { CreditCardTypeId: 2, Name: 'Mastercard', Code: 'mastercard' },
      { CreditCardTypeId: 3, Name: 'American Express', Code: 'amex' },
    ]);
  });

  it('answers an empty list for a property that accepts no card', async () => {
    await request(t.app).get('/api/StaticData/BARE/creditcardtypes').expect(200, []);
  });
});

describe('GET /api/StaticData/{id}/CancellationReasons', () => {
  it("answers the active reasons in the definition's order, leaving out retired ones", async () => {
    const { body } = await request(t.app).get(`/api/StaticData/${innId}/CancellationReasons`).expect(200);
    expect(body).toEqual([
      { CancellationReasonId: expect.any(Number), Reason: 'Illness' },
      { CancellationReasonId: expect.any(Number), Reason: 'Change of plans' },
    ]);
  });

  it('keeps the id of a reason across imports (cancelled reservations point at it)', async () => {
    const { body } = await request(t.app).get('/api/StaticData/INN/CancellationReasons').expect(200);
    const stored = await t.context.database.db.query.cancellationReasons.findMany({ where: (r, { eq }) => eq(r.propertyId, innId) });
    expect(stored).toHaveLength(3);
    expect(body[0].CancellationReasonId).toBe(stored.find((row) => row.text === 'Illness')!.id);
  });

  it('answers an empty list for a property without reasons', async () => {
    await request(t.app).get('/api/StaticData/BARE/CancellationReasons').expect(200, []);
  });
});

describe('every StaticData call', () => {
  it.each(['countries', 'creditcardtypes', 'CancellationReasons'])('%s answers 404 for an unknown property', async (list) => {
    const response = await request(t.app).get(`/api/StaticData/NOPE/${list}`).expect(404);
    expect(response.body).toEqual({ Message: 'There is no property "NOPE". Check the address you were given.', Code: 'NOT_FOUND' });
    await request(t.app).get(`/api/StaticData/999999/${list}`).expect(404);
    await request(t.app).get(`/api/StaticData/99999999999999/${list}`).expect(404);
  });

  it.each(['countries', 'creditcardtypes', 'CancellationReasons'])(
    '%s answers 400 with ModelState for an id that cannot be one',
    async (list) => {
      const response = await request(t.app).get(`/api/StaticData/%3Cb%3E/${list}`).expect(400);
      expect(response.body).toEqual({
        Message: 'The request is invalid.',
        ModelState: { id: ['A property id or code is required'] },
        Code: 'VALIDATION_FAILED',
      });
    },
  );
});
