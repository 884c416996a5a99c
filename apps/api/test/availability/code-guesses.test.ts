import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aProperty, givenDefinition } from '../support/builders';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Promo and rate codes cannot be guessed by searching (docs/security.md, "Limits"): 10 searches
 * whose code the property does not have, from one client in a sliding quarter hour, then every
 * search with a code from it is refused until it has waited. A search without a code never
 * counts and is never refused; a right code never counts.
 */
const hotel = aProperty({
  Code: 'CODES',
  RatePlans: [
    { Code: 'BAR', Name: 'Best Available Rate', Prices: [{ RoomType: 'DBL', BaseRate: 100 }] },
    { Code: 'CORP', Name: 'Corporate', RequiresCode: true, Prices: [{ RoomType: 'DBL', BaseRate: 70 }] },
  ],
  Promotions: [{ Code: 'TENOFF', Name: 'Ten off', DiscountPercent: 10, RatePlans: ['BAR'] }],
});

let t: TestApp;
let propertyId: number;
let groupId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  await givenDefinition(t.context, { Groups: [{ Code: 'CODEGROUP', Name: 'Codes', Properties: ['CODES'] }], Properties: [hotel] });
  propertyId = (await request(t.app).get('/api/Property/CODES').expect(200)).body.PropertyId;
  groupId = (await request(t.app).get('/api/PropertyGroup/CODEGROUP').expect(200)).body.PropertyGroupId;
});
afterAll(() => t.close());
beforeEach(async () => {
  t.setNow('2027-03-01T09:00:00Z');
  await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
});

const stay = {
  LanguageCode: 'en',
  DateFrom: '2027-03-04',
  DateTo: '2027-03-06',
  Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
};
const search = (codes: { PromoCode?: string; RatePlanCode?: string }, client: string) =>
  request(t.app)
    .post('/api/Availability/Search')
    .set('X-Forwarded-For', client)
    .send({ PropertyId: propertyId, ...stay, ...codes });
const groupSearch = (codes: { PromoCode?: string }, client: string) =>
  request(t.app)
    .post('/api/Availability/SearchPropertyGroup')
    .set('X-Forwarded-For', client)
    .send({ PropertyGroupId: groupId, ...stay, ...codes });

const refusal = /^Too many promo or rate codes that did not work .* Please try again in \d+ minutes?, or search without a code\.$/;

describe('guessing promo and rate codes in searches', () => {
  it('refuses a client its 11th unknown promo code, and its right code too until it has waited; never a search without a code', async () => {
    const guesser = '198.51.100.40';
    for (let i = 0; i < 10; i += 1)
      expect((await search({ PromoCode: `GUESS${i}` }, guesser).expect(200)).body.IsPromoCodeValid).toBe(false);

    const refused = await search({ PromoCode: 'GUESS10' }, guesser).expect(429);
    expect(refused.body).toMatchObject({ Code: 'RATE_LIMITED', Message: expect.stringMatching(refusal) });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    await search({ PromoCode: 'TENOFF' }, guesser).expect(429);
    await search({ RatePlanCode: 'CORP' }, guesser).expect(429);
    // A plain search from the guesser still answers; another client's right code too.
    expect((await search({}, guesser).expect(200)).body.RoomTypes).toHaveLength(1);
    expect((await search({ PromoCode: 'TENOFF' }, '198.51.100.41').expect(200)).body.IsPromoCodeValid).toBe(true);

    t.setNow(new Date(Date.parse('2027-03-01T09:00:00Z') + wait * 1000));
    expect((await search({ PromoCode: 'TENOFF' }, guesser).expect(200)).body.IsPromoCodeValid).toBe(true);
  });

  it('counts an unknown rate code the same way, and a right one never', async () => {
    const guest = '198.51.100.50';
    for (let i = 0; i < 20; i += 1) await search({ RatePlanCode: 'corp', PromoCode: 'TENOFF' }, guest).expect(200);
    for (let i = 0; i < 10; i += 1) await search({ RatePlanCode: `GUESS${i}` }, guest).expect(200);
    await search({ RatePlanCode: 'CORP' }, guest).expect(429);
  });

  it('limits the group searches too: a code no property of the group has is a guess at the group', async () => {
    const guesser = '198.51.100.60';
    for (let i = 0; i < 10; i += 1)
      expect((await groupSearch({ PromoCode: `GUESS${i}` }, guesser).expect(200)).body.IsPromoCodeValid).toBe(false);
    expect((await groupSearch({ PromoCode: 'TENOFF' }, guesser).expect(429)).body.Message).toMatch(refusal);
    await groupSearch({}, guesser).expect(200);
    expect((await groupSearch({ PromoCode: 'TENOFF' }, '198.51.100.61').expect(200)).body.IsPromoCodeValid).toBe(true);
  });
});
