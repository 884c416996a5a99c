import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

// Compression is applied where answers are made: the API's router compresses each answer it
// serialises, a cached answer brings its own gzip copy, and the documents and the web client's
// files are compressed as they are sent. Each kind, to a client that accepts gzip and to one
// that does not.
let t: TestApp;
let webDist: string;
let propertyId: number;
const script = `console.log(${JSON.stringify('a booking engine '.repeat(400))});\n`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'hotel-web-dist-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Book</title>');
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), script);
  t = await createTestApp({ config: { webDist } });
  await givenDefinition(t.context, aDefinition(aProperty({ Code: 'ZIP', Name: 'Zip Hotel' })));
  propertyId = (await request(t.app).get('/api/Property/ZIP').expect(200)).body.PropertyId;
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

/** The answer as the client reads it: supertest undoes the gzip encoding the server names. */
const get = (url: string, acceptEncoding: string) => request(t.app).get(url).set('Accept-Encoding', acceptEncoding).expect(200);
const contentOf = (response: { text: string; body: unknown }) => response.text || JSON.stringify(response.body);

describe('answers are compressed for clients that accept gzip', () => {
  it.each([
    ['an API answer serialised by the router (the list of countries)', () => `/api/StaticData/${propertyId}/countries`],
    [
      'an API answer kept serialised (the calendar)',
      () => `/api/Availability?propertyId=${propertyId}&fromDate=2027-03-01&toDate=2027-06-30`,
    ],
    ['the OpenAPI document', () => '/api/openapi.json'],
    ['a file of the web client', () => '/assets/index-abc123.js'],
  ])('%s', async (_kind, url) => {
    const zipped = await get(url(), 'gzip, deflate, br');
    const plain = await get(url(), 'identity');
    expect(zipped.headers['content-encoding']).toMatch(/^(gzip|br)$/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(contentOf(plain).length).toBeGreaterThan(1024);
    expect(contentOf(zipped)).toBe(contentOf(plain));
  });

  it('leaves a small answer as it is', async () => {
    const small = await get(`/api/StaticData/${propertyId}/CancellationReasons`, 'gzip');
    expect(contentOf(small).length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
