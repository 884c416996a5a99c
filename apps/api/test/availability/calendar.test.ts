import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { request } from '../support/request';
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
  it('answers each night with the rooms free and, per rate, the shortest stay one adult can book and its price per night', async () => {
    const { body } = await calendar({ fromDate: '2027-03-04', toDate: '2027-03-06' }).expect(200);
    expect(body).toEqual([
      // Double: 100 + 5 per room, one night; the suite's 90 needs three nights, so a one-night search answers 105.
      { DateOfStay: '2027-03-04', AvailableRooms: 3, Rates: [{ RatePlanId: barId, MinimumRate: 105, MinLengthOfStay: 1 }] },
      // Double: 140 with a two-night minimum (5th and 6th): (140 + 140) / 2 = 140; the suite needs three nights.
      { DateOfStay: '2027-03-05', AvailableRooms: 3, Rates: [{ RatePlanId: barId, MinimumRate: 140, MinLengthOfStay: 2 }] },
      // Double: 140 on the 6th, two nights minimum, then 105 on the 7th: (140 + 105) / 2 = 122.50.
      { DateOfStay: '2027-03-06', AvailableRooms: 3, Rates: [{ RatePlanId: barId, MinimumRate: 122.5, MinLengthOfStay: 2 }] },
    ]);
  });

  it('prices a night as a one-night search for one adult does: per-person rates, closed nights, minimum stays, occupancy', async () => {
    await givenDefinition(
      t.context,
      aDefinition(
        aProperty({
          Code: 'RULES',
          RoomTypes: [
            { Code: 'DBL', Name: 'Double', Rooms: ['1'] },
            { Code: 'TWN', Name: 'Twin for two', Rooms: ['2'], MinimumOccupancy: 2 },
          ],
          RatePlans: [
            { Code: 'PP', Name: 'Per person', Prices: [{ RoomType: 'DBL', BaseRate: 0, PerPersonCostPerAdult: 60 }] },
            {
              Code: 'REST',
              Name: 'Restricted',
              Prices: [
                { RoomType: 'DBL', BaseRate: 80 },
                { RoomType: 'DBL', From: '2027-03-10', To: '2027-03-10', BaseRate: 80, ClosedToArrival: true },
                { RoomType: 'DBL', From: '2027-03-12', To: '2027-03-12', BaseRate: 90, ClosedToDeparture: true },
                { RoomType: 'DBL', From: '2027-03-15', To: '2027-03-15', BaseRate: 100, MinLengthOfStay: 2 },
                // Cheaper, but one adult cannot have it: the twin takes two guests at least.
                { RoomType: 'TWN', BaseRate: 50 },
              ],
            },
          ],
        }),
      ),
    );
    const property = (await request(t.app).get('/api/Property/RULES')).body.PropertyId;
    const { body } = await request(t.app)
      .get('/api/Availability')
      .query({ propertyId: property, fromDate: '2027-03-09', toDate: '2027-03-15' })
      .expect(200);
    const [perPerson, restricted] = [...new Set(body[0].Rates.map((rate: { RatePlanId: number }) => rate.RatePlanId))] as number[];
    const rates = (night: { Rates: { RatePlanId: number }[] }) =>
      night.Rates.map((rate) => ({
        ...rate,
        RatePlanId: rate.RatePlanId === perPerson ? 'PP' : rate.RatePlanId === restricted ? 'REST' : '?',
      }));
    const pp = { RatePlanId: 'PP', MinLengthOfStay: 1, MinimumRate: 60 }; // 0 + 60 for the one adult
    expect(body.map(rates)).toEqual([
      [pp, { RatePlanId: 'REST', MinLengthOfStay: 1, MinimumRate: 80 }], // the 9th: 80, the twin is for two
      [pp], // the 10th is closed to arrival
      [pp, { RatePlanId: 'REST', MinLengthOfStay: 2, MinimumRate: 85 }], // the 11th: leaving on the 12th is closed, so 2 nights: (80 + 90) / 2
      [pp, { RatePlanId: 'REST', MinLengthOfStay: 1, MinimumRate: 90 }], // the 12th: 90, leaving on the 13th
      [pp, { RatePlanId: 'REST', MinLengthOfStay: 1, MinimumRate: 80 }],
      [pp, { RatePlanId: 'REST', MinLengthOfStay: 1, MinimumRate: 80 }],
      [pp, { RatePlanId: 'REST', MinLengthOfStay: 2, MinimumRate: 90 }], // the 15th: 2 nights minimum, (100 + 80) / 2
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

  it('answers any stretch of nights as the same entries, whether written out fresh or kept, with their length, tag, HEAD and 304', async () => {
    const whole = (await calendar({ fromDate: '2027-03-01', toDate: '2030-03-01' }).expect(200)).body as { DateOfStay: string }[];
    // Stretches starting and ending inside, on and beside the 32-night runs the model keeps joined.
    const stretches: [number, number][] = [
      [0, 0],
      [0, 31],
      [0, 32],
      [1, 33],
      [31, 96],
      [32, 63],
      [40, 41],
      [500, 1096],
      [1096, 1096],
    ];
    // As sent to a client that takes no gzip copy: the bytes the model wrote.
    const plain = (query: Record<string, string>) => calendar(query).set('Accept-Encoding', 'identity').expect(200);
    for (const [from, to] of stretches) {
      const query = { fromDate: whole[from]!.DateOfStay, toDate: whole[to]!.DateOfStay };
      const fresh = await plain(query);
      const again = await plain(query);
      const kept = await plain(query);
      expect(fresh.body).toEqual(whole.slice(from, to + 1));
      expect(fresh.text).toBe(kept.text);
      expect(again.text).toBe(kept.text);
      expect(Number(fresh.headers['content-length'])).toBe(Buffer.byteLength(fresh.text));
      expect(fresh.headers.etag).toBe(kept.headers.etag);
    }
    const query = { fromDate: whole[7]!.DateOfStay, toDate: whole[300]!.DateOfStay };
    const head = await request(t.app)
      .head('/api/Availability')
      .query({ ...query, propertyId, languageCode: 'en' })
      .set('Accept-Encoding', 'identity')
      .expect(200);
    const get = await plain(query);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text ?? '').toBe('');
    const unchanged = await request(t.app)
      .get('/api/Availability')
      .query({ ...query, propertyId, languageCode: 'en' })
      .set('Accept-Encoding', 'identity')
      .set('If-None-Match', get.headers.etag!)
      .expect(304);
    expect(unchanged.text ?? '').toBe('');
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
