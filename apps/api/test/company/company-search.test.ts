import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findCompaniesByNamePrefix } from '../../src/company/company-queries';
import { rawRows } from '../../src/database/raw-rows';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { givenUser, logIn, PASSWORD } from '../account/account-fixture';

let t: TestApp;
let hotelId: number;
let otherId: number;
/** The session of a confirmed account at the domain every company of the search tests lists. */
let booker: string;

// Every company lists the bookers' domain, so the search tests below see them all.
const bookers = { BookerEmailDomains: ['bookers-ltd.com'] };
const zetas = Array.from({ length: 25 }, (_, i) => ({ AccountId: `Z${i + 1}`, Name: `Zeta ${String(i + 1).padStart(2, '0')}` }));

beforeAll(async () => {
  t = await createTestApp();
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({
        Code: 'HOTEL',
        Companies: [
          ...[
            { AccountId: 'ACX', Name: 'ACMEX' },
            { AccountId: 'ACT', Name: 'acme trading' },
            { AccountId: 'ACME', Name: 'Acme Ltd' },
            { AccountId: 'APEX', Name: 'Apex' },
            { AccountId: 'PCT', Name: '100% Design' },
            { AccountId: 'DEG', Name: '100 Degrees' },
            { AccountId: 'AUB', Name: 'A_B Partners' },
            { AccountId: 'AXB', Name: 'AxB Partners' },
            { AccountId: 'BSL', Name: 'Back\\slash Studio' },
            { AccountId: 'BAK', Name: 'Backslash Bakery' },
          ].map((company) => ({ ...company, ...bookers })),
          ...zetas.map((company) => ({ ...company, ...bookers })),
          { AccountId: 'ACMEOWN', Name: 'Acme Own Bookers', LinkedAccounts: ['Buyer@Own-Ltd.com'] },
        ],
      }),
      aProperty({ Code: 'OTHER', Companies: [{ AccountId: 'ACO', Name: 'Acme Other', ...bookers }] }),
    ),
  );
  hotelId = (await request(t.app).get('/api/Property/HOTEL')).body.PropertyId;
  otherId = (await request(t.app).get('/api/Property/OTHER')).body.PropertyId;
  await givenUser(t, { email: 'ada@bookers-ltd.com' });
  booker = (await logIn(t, hotelId, 'ada@bookers-ltd.com', PASSWORD)).cookie!;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
});

const search = (query: Record<string, string | number>, cookie: string | null = booker) => {
  const call = request(t.app).get('/api/Company/SearchCompanies').query(query);
  return cookie === null ? call : call.set('Cookie', cookie);
};

describe('GET /api/Company/SearchCompanies answers only the companies a logged-in, confirmed account books for', () => {
  it('answers nobody else any company, so no AccountId reaches a stranger', async () => {
    await search({ propertyId: hotelId, query: 'acme' }, null).expect(200, []);
    await givenUser(t, { email: 'eve@bookers-ltd.com', confirmed: false });
    const unconfirmed = (await logIn(t, hotelId, 'eve@bookers-ltd.com', PASSWORD)).cookie!;
    await search({ propertyId: hotelId, query: 'acme' }, unconfirmed).expect(200, []);
    await givenUser(t, { email: 'mallory@elsewhere.com' });
    const elsewhere = (await logIn(t, hotelId, 'mallory@elsewhere.com', PASSWORD)).cookie!;
    await search({ propertyId: hotelId, query: 'acme' }, elsewhere).expect(200, []);
  });

  it('answers a company to the account it links, in any case, and to accounts at its domains', async () => {
    await givenUser(t, { email: 'buyer@own-ltd.com' });
    const buyer = (await logIn(t, hotelId, 'BUYER@own-ltd.com', PASSWORD)).cookie!;
    await search({ propertyId: hotelId, query: 'acme' }, buyer).expect(200, [{ AccountId: 'ACMEOWN', Name: 'Acme Own Bookers' }]);
    const { body } = await search({ propertyId: hotelId, query: 'acme' }).expect(200);
    expect(body).not.toContainEqual(expect.objectContaining({ AccountId: 'ACMEOWN' }));
  });
});

describe('GET /api/Company/SearchCompanies', () => {
  it("answers the property's companies whose name starts with the query, any case, by name", async () => {
    const { body } = await search({ propertyId: hotelId, query: 'acme' }).expect(200);
    expect(body).toEqual([
      { AccountId: 'ACME', Name: 'Acme Ltd' },
      { AccountId: 'ACT', Name: 'acme trading' },
      { AccountId: 'ACX', Name: 'ACMEX' },
    ]);
    await search({ propertyId: hotelId, query: 'ACME TR' }).expect(200, [{ AccountId: 'ACT', Name: 'acme trading' }]);
  });

  it('matches a prefix only, never the middle of a name, and ignores spaces around the query', async () => {
    await search({ propertyId: hotelId, query: 'trading' }).expect(200, []);
    await search({ propertyId: hotelId, query: '  ape  ' }).expect(200, [{ AccountId: 'APEX', Name: 'Apex' }]);
  });

  it('never answers another property’s companies', async () => {
    await search({ propertyId: otherId, query: 'acme' }).expect(200, [{ AccountId: 'ACO', Name: 'Acme Other' }]);
  });

  it('takes %, _ and \\ in the query literally, not as LIKE wildcards', async () => {
    await search({ propertyId: hotelId, query: '100%' }).expect(200, [{ AccountId: 'PCT', Name: '100% Design' }]);
    await search({ propertyId: hotelId, query: 'A_B' }).expect(200, [{ AccountId: 'AUB', Name: 'A_B Partners' }]);
    await search({ propertyId: hotelId, query: '%ac' }).expect(200, []);
    await search({ propertyId: hotelId, query: 'Back\\' }).expect(200, [{ AccountId: 'BSL', Name: 'Back\\slash Studio' }]);
  });

  it('answers at most 20 companies, the first by name', async () => {
    const { body } = await search({ propertyId: hotelId, query: 'zet' }).expect(200);
    expect(body).toEqual(zetas.slice(0, 20));
  });

  it('answers 400 with ModelState for a query under 3 characters, missing or too long', async () => {
    const short = await search({ propertyId: hotelId, query: 'ab' }).expect(400);
    expect(short.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { query: ['Enter at least 3 characters of the company name'] },
      Code: 'VALIDATION_FAILED',
    });
    const blank = await search({ propertyId: hotelId, query: ' ab ' }).expect(400);
    expect(blank.body.ModelState).toEqual({ query: ['Enter at least 3 characters of the company name'] });
    const missing = await search({ propertyId: hotelId }).expect(400);
    expect(missing.body.ModelState).toEqual({ query: ['Enter at least 3 characters of the company name'] });
    const long = await search({ propertyId: hotelId, query: 'x'.repeat(101) }).expect(400);
    expect(long.body.ModelState).toEqual({ query: ['Enter at most 100 characters of the company name'] });
  });

  it('answers 429 after 30 searches in a minute from one client, so the list cannot be walked prefix by prefix', async () => {
    const from = (client: string, query: string) => search({ propertyId: hotelId, query }).set('X-Forwarded-For', client);
    for (let i = 0; i < 30; i++) await from('203.0.113.40', `aa${String.fromCharCode(97 + (i % 26))}`).expect(200);
    const refused = await from('203.0.113.40', 'acme').expect(429);
    expect(refused.body.Message).toBe('Too many company searches from your network. Please wait a minute and try again.');
    await from('203.0.113.41', 'acme').expect(200);
  });

  it('answers 400 with ModelState for a missing or malformed propertyId', async () => {
    for (const propertyId of [undefined, 'abc', '0', '99999999999']) {
      const response = await search(propertyId === undefined ? { query: 'acme' } : { propertyId, query: 'acme' }).expect(400);
      expect(response.body.ModelState).toEqual({ propertyId: ['A valid propertyId is required'] });
    }
  });

  it('answers 404 for an unknown property', async () => {
    const response = await search({ propertyId: 999_999, query: 'acme' }).expect(404);
    expect(response.body).toEqual({ Message: 'There is no property 999999.', Code: 'NOT_FOUND' });
  });

  it('is served by the lower(name) text_pattern_ops index', async () => {
    const query = findCompaniesByNamePrefix(t.context.database.db, {
      propertyId: hotelId,
      prefix: 'ac%_',
      limit: 20,
      booker: { email: 'ada@bookers-ltd.com', domain: 'bookers-ltd.com' },
    });
    const plan = await t.context.database.db.transaction(async (tx) => {
      // On a table this small the planner would rightly scan it; the question is whether it can use the index.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rawRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query.getSQL()}`);
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('companies_property_id_lower_name_idx');
    expect(text).toMatch(/Index Cond: .*~>=~/);
  });
});
