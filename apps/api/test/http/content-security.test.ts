import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyCodeOfPage } from '../../src/http/content-security';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

// A property's Google Tag Manager and Facebook pixel are loaded by the web client from their
// own hosts: the policy allows those hosts on that property's pages, and nowhere else.

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'hotel-web-dist-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Book</title>');
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map');
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/main.tsx"]}');
  t = await createTestApp({ config: { webDist } });
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({ Code: 'TRACKED', Name: 'Tracked Hotel', GoogleTagManagerContainerId: 'GTM-ABC123', FacebookPixelId: '1234567890' }),
      aProperty({ Code: 'PLAIN', Name: 'Plain Hotel' }),
    ),
  );
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const policyOf = async (address: string) =>
  (await request(t.app).get(address).set('Accept', 'text/html').expect(200)).headers['content-security-policy'] as string;

describe('the content security policy of the web client’s pages', () => {
  it('lets a tracked property’s pages load its tag manager and pixel, and report to them', async () => {
    for (const page of ['/Book/TRACKED', '/Book/TRACKED/Checkout', '/Account/Register/TRACKED', '/ManageAccount/TRACKED']) {
      const policy = await policyOf(page);
      expect(policy).toContain("script-src 'self' https://www.googletagmanager.com https://connect.facebook.net");
      expect(policy).toContain('https://*.google-analytics.com');
      expect(policy).toContain("default-src 'self'");
    }
  });

  it('keeps scripts to this site on the pages of a property without tracking, of an unknown one and outside any', async () => {
    for (const page of ['/Book/PLAIN', '/Book/NOSUCH', '/Unauthorised', '/Book/%E0%A4%A']) {
      const policy = await policyOf(page);
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toContain('googletagmanager');
    }
  });

  it('never widens the policy of an API answer', async () => {
    const response = await request(t.app).get('/api/Property/TRACKED').expect(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('reads the property code from every kind of page address', () => {
    expect(propertyCodeOfPage('/Book/DEMO/Rooms-And-Rates')).toBe('DEMO');
    expect(propertyCodeOfPage('/Account/ResetPassword/DEMO')).toBe('DEMO');
    expect(propertyCodeOfPage('/PreCheckIn/DEMO/ABC/xyz')).toBe('DEMO');
    expect(propertyCodeOfPage('/Manage/DEMO')).toBe('DEMO');
    expect(propertyCodeOfPage('/Error')).toBeUndefined();
    expect(propertyCodeOfPage('/Book/%E0%A4%A')).toBeUndefined();
  });
});

describe('the web client’s files', () => {
  it('serves the scripts but never a source map, even one left in the dist folder', async () => {
    await request(t.app).get('/assets/index-abc123.js').expect(200);
    await request(t.app).get('/assets/index-abc123.js.map').expect(404);
    await request(t.app).get('/assets/index-abc123.js.map').set('Accept', 'text/html').expect(404);
  });
});
