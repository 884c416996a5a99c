import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../support/request';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

// The property pages, as sent, describe the hotel for crawlers that run no script: a schema.org
// Hotel in a JSON-LD script in the head of index.html.

const PUBLIC_URL = 'https://book.example';
const SHELL = '<!doctype html>\n<html>\n  <head>\n    <title>Book</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const HOSTILE_NAME = 'Hotel </script><script>alert(1)</script> & "Spa"';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'hotel-web-dist-'));
  await writeFile(path.join(webDist, 'index.html'), SHELL);
  t = await createTestApp({ config: { webDist, publicUrl: PUBLIC_URL } });
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({
        Code: 'RATED',
        Name: HOSTILE_NAME,
        Address: '1 Quay Street, Harbourtown',
        Telephone: '+44 1000 000000',
        HotelRating: 4,
        PropertyImageUrl: '/demo/rated.svg',
        WebsiteUrl: 'https://rated.example/',
      }),
      aProperty({ Code: 'PLAIN', Name: 'Plain Hotel', Telephone: '', Address: '' }),
    ),
  );
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const pageOf = async (address: string) => {
  const response = await request(t.app).get(address).set('Accept', 'text/html').expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.text;
};

/** The JSON-LD scripts of a page, their text as sent. */
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => match[1]!);

describe('the Hotel JSON-LD of a property’s pages', () => {
  it('describes the hotel in the head of every page of the property', async () => {
    for (const page of [
      '/Book/RATED',
      '/Book/RATED/Rooms-And-Rates',
      '/BookGroup/RATED',
      '/Manage/RATED',
      '/Book/RATED?arrive=2030-01-01',
    ]) {
      const html = await pageOf(page);
      const scripts = jsonLdOf(html);
      expect(scripts).toHaveLength(1);
      expect(html.indexOf('<script type="application/ld+json">')).toBeLessThan(html.indexOf('</head>'));
      expect(JSON.parse(scripts[0]!)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Hotel',
        name: HOSTILE_NAME,
        address: '1 Quay Street, Harbourtown',
        telephone: '+44 1000 000000',
        starRating: { '@type': 'Rating', ratingValue: 4 },
        // A relative image address is made whole on the site's public address.
        image: 'https://book.example/demo/rated.svg',
        url: 'https://rated.example/',
      });
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('escapes what could end the script early: a name cannot break out of it', async () => {
    const html = await pageOf('/Book/RATED');
    const [script] = jsonLdOf(html);
    expect(script).not.toMatch(/[<>&]/);
    expect(script).toContain('Hotel \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 \\"Spa\\"');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('leaves out what the property does not have, and names its booking page when it has no website', async () => {
    const [script] = jsonLdOf(await pageOf('/Book/PLAIN'));
    expect(JSON.parse(script!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Hotel',
      name: 'Plain Hotel',
      url: 'https://book.example/Book/PLAIN',
    });
  });

  it('serves the page as built, without a description, for an unknown property and outside any', async () => {
    for (const page of ['/Book/NOSUCH', '/Unauthorised', '/Book/%E0%A4%A', '/']) {
      expect(await pageOf(page)).toBe(SHELL);
    }
  });

  it('describes the hotel as its latest import has it', async () => {
    await pageOf('/Book/PLAIN');
    await givenDefinition(t.context, aDefinition(aProperty({ Code: 'PLAIN', Name: 'Plain Hotel Renamed', HotelRating: 3 })));
    const [script] = jsonLdOf(await pageOf('/Book/PLAIN'));
    expect(JSON.parse(script!)).toMatchObject({ name: 'Plain Hotel Renamed', starRating: { ratingValue: 3 } });
  });

  it('serves a new build of the client as soon as it replaces the old one', async () => {
    await pageOf('/Book/RATED');
    const rebuilt = SHELL.replace('<title>Book</title>', '<title>Book, rebuilt</title>');
    await writeFile(path.join(webDist, 'index.html'), rebuilt);
    // A distinct modification time, whatever the file system's clock resolution.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(webDist, 'index.html'), later, later);
    const html = await pageOf('/Book/RATED');
    expect(html).toContain('<title>Book, rebuilt</title>');
    expect(jsonLdOf(html)).toHaveLength(1);
    expect(await pageOf('/Unauthorised')).toBe(rebuilt);
    await writeFile(path.join(webDist, 'index.html'), SHELL);
  });
});
