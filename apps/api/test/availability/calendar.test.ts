import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let propertyId: number;
let barId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({
        Code: 'CAL',
        RoomTypes: [
          { Code: 'DBL', Name: 'Double', Rooms: ['1', '2'] },
          { Code: 'SUP', Name: 'Suite', Rooms: ['3'] },
        ],
        RatePlans: [
          {
            Code: 'BAR',
            Name: 'Flexible',
            Prices: [
              { RoomType: 'DBL', BaseRate: 100, CostPerRoom: 5 },
              { RoomType: 'DBL', From: '2027-03-05', To: '2027-03-06', BaseRate: 140, MinLengthOfStay: 2 },
              { RoomType: 'SUP', BaseRate: 90, MinLengthOfStay: 3 },
              { RoomType: 'SUP', From: '2027-03-10', To: '2027-03-10', BaseRate: 90, StopSell: true },
            ],
          },
          { Code: 'CORP', Name: 'Corporate', RequiresCode: true, Prices: [{ RoomType: 'DBL', BaseRate: 10 }] },
        ],
      }),
    ),
  );
  propertyId = (await request(t.app).get('/api/Property/CAL')).body.PropertyId;
  barId = (
    await request(t.app)
      .post('/api/Availability/Search')
      .send({
        PropertyId: propertyId,
        LanguageCode: 'en',
        DateFrom: '2027-03-02',
        DateTo: '2027-03-03',
        Rooms: [{ NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 }],
      })
  ).body.RoomTypes[0].Rates[0].RatePlanId;
});
afterAll(() => t.close());

const calendar = (query: Record<string, string | number>) =>
  request(t.app)
    .get('/api/Availability')
    .query({ propertyId, languageCode: 'en', ...query });

describe('GET /api/Availability (the calendar)', () => {
  it('answers each night with the rooms free and each open rate’s lowest price and minimum stay', async () => {
    const { body } = await calendar({ fromDate: '2027-03-04', toDate: '2027-03-06' }).expect(200);
    expect(body).toEqual([
      { DateOfStay: '2027-03-04', AvailableRooms: 3, Rates: [{ RatePlanId: barId, MinimumRate: 90, MinLengthOfStay: 1 }] },
      { DateOfStay: '2027-03-05', AvailableRooms: 3, Rates: [{ RatePlanId: barId, MinimumRate: 90, MinLengthOfStay: 2 }] },
      { DateOfStay: '2027-03-06', AvailableRooms: 3, Rates: [{ RatePlanId: barId, MinimumRate: 90, MinLengthOfStay: 2 }] },
    ]);
  });

  it('leaves stop-sell and sold-out room types out of a night’s rates, and never shows code-only rates', async () => {
    await t.database.db.execute(
      sql`UPDATE room_type_inventory SET sold = total WHERE night = '2027-03-10' AND room_type_id IN (SELECT id FROM room_types WHERE code = 'DBL')`,
    );
    const { body } = await calendar({ fromDate: '2027-03-10', toDate: '2027-03-10' }).expect(200);
    expect(body).toEqual([{ DateOfStay: '2027-03-10', AvailableRooms: 1, Rates: [] }]);
  });

  it('is sent gzip-compressed to clients that accept it, compressed once and with its own ETag (36 months are 100 kB of JSON)', async () => {
    const server = t.app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const path = `/api/Availability?propertyId=${propertyId}&fromDate=2027-03-01&toDate=2030-03-01`;
      const get = (headers: Record<string, string>) =>
        new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          http
            .get({ port, path, headers }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
            })
            .on('error', reject);
        });
      const plain = await get({});
      const first = await get({ 'accept-encoding': 'gzip, deflate, br' });
      const again = await get({ 'accept-encoding': 'gzip' });

      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(first.headers.vary).toMatch(/Accept-Encoding/i);
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      const json = gunzipSync(first.body).toString('utf8');
      expect(json).toBe(plain.body.toString('utf8'));
      expect(JSON.parse(json)).toHaveLength(1097);
      expect(first.body.length).toBeLessThan(json.length / 5);
      // The cached answer's compressed copy is sent again as it is: same bytes, same tag.
      expect(again.body.equals(first.body)).toBe(true);
      expect(first.headers.etag).toBe(again.headers.etag);
      expect(first.headers.etag).not.toBe(plain.headers.etag);
      expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag! })).status).toBe(304);
      expect((await get({ 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    } finally {
      server.close();
    }
  });

  it('starts no earlier than today and ends no later than 36 months ahead', async () => {
    const { body } = await calendar({ fromDate: '2027-02-01', toDate: '2031-01-01' }).expect(200);
    expect(body[0].DateOfStay).toBe('2027-03-01');
    expect(body.at(-1).DateOfStay).toBe('2030-03-01');
    expect(body).toHaveLength(1097);
  });

  it('refuses an inverted or impossible window and an unknown property', async () => {
    expect((await calendar({ fromDate: '2027-03-10', toDate: '2027-03-01' }).expect(400)).body.ModelState).toEqual({
      toDate: ['The end of the calendar must not be before its start'],
    });
    expect((await calendar({ fromDate: '2027-02-30', toDate: '2027-03-01' }).expect(400)).body.ModelState).toHaveProperty('fromDate');
    await request(t.app).get('/api/Availability').query({ propertyId: 999_999, fromDate: '2027-03-01', toDate: '2027-03-02' }).expect(404);
    expect(
      (await request(t.app).get('/api/Availability').query({ fromDate: '2027-03-01', toDate: '2027-03-02' }).expect(400)).body.ModelState,
    ).toHaveProperty('propertyId');
  });
});
