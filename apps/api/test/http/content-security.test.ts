import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { isCheckoutPage, propertyCodeOfPage, stripeSources } from '../../src/http/content-security';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

// A property's Google Tag Manager and Facebook pixel are loaded by the web client from their
// own hosts: the policy allows those hosts on that property's pages, and nowhere else. A Stripe
// property's checkout loads Stripe.js (here from a fake's origin, as STRIPE_JS_URL may say):
// the policy allows its script, frames and API on that checkout only.
const FAKE_STRIPE_JS = 'http://127.0.0.1:4919/v3/';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'hotel-web-dist-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Book</title>');
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map');
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/main.tsx"]}');
  t = await createTestApp({
    config: { webDist, payments: { ...loadConfig({ NODE_ENV: 'test' }).payments, stripeJsUrl: FAKE_STRIPE_JS } },
  });
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({ Code: 'TRACKED', Name: 'Tracked Hotel', GoogleTagManagerContainerId: 'GTM-ABC123', FacebookPixelId: '1234567890' }),
      aProperty({ Code: 'PLAIN', Name: 'Plain Hotel' }),
      aProperty({ Code: 'STRIPED', Name: 'Striped Hotel', Payments: { Provider: 'stripe', PublicKey: 'pk_test_e2eStriped' } }),
      aProperty({
        Code: 'BOTH',
        Name: 'Tracked Striped Hotel',
        GoogleTagManagerContainerId: 'GTM-XYZ789',
        Payments: { Provider: 'stripe', PublicKey: 'pk_test_e2eBoth' },
      }),
    ),
  );
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const policyOf = async (address: string) =>
  (await request(t.app).get(address).set('Accept', 'text/html').expect(200)).headers['content-security-policy'] as string;

/** A directive of a policy, as written after its name ('' when it has none). */
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1) ?? '';

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

  it('lets Stripe.js, its frames and its API in on a Stripe property’s checkout', async () => {
    for (const page of ['/Book/STRIPED/Checkout', '/Book/STRIPED/Checkout/someConfirmationToken']) {
      const policy = await policyOf(page);
      expect(directive(policy, 'script-src')).toBe("'self' http://127.0.0.1:4919");
      expect(directive(policy, 'frame-src')).toBe("'self' http://127.0.0.1:4919");
      expect(directive(policy, 'connect-src')).toBe("'self' http://127.0.0.1:4919");
    }
  });

  it('keeps Stripe out of a Stripe property’s other pages and of other properties’ checkouts', async () => {
    for (const page of [
      '/Book/STRIPED',
      '/Book/STRIPED/Rooms-And-Rates',
      '/Manage/STRIPED',
      '/Book/PLAIN/Checkout',
      '/Book/TRACKED/Checkout',
    ]) {
      const policy = await policyOf(page);
      expect(policy).not.toContain('127.0.0.1:4919');
      expect(policy).not.toContain('frame-src');
    }
  });

  it('allows both the tracking hosts and Stripe on the checkout of a Stripe property that tracks', async () => {
    const policy = await policyOf('/Book/BOTH/Checkout');
    expect(directive(policy, 'script-src')).toBe(
      "'self' https://www.googletagmanager.com https://connect.facebook.net http://127.0.0.1:4919",
    );
    expect(directive(policy, 'frame-src')).toBe("'self' http://127.0.0.1:4919");
    expect(directive(await policyOf('/Book/BOTH'), 'script-src')).toBe(
      "'self' https://www.googletagmanager.com https://connect.facebook.net",
    );
  });

  it('names the origins Stripe documents for the real Stripe.js, and only the script’s origin for another', () => {
    expect(stripeSources('https://js.stripe.com/v3/')).toEqual({
      script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
    });
    expect(stripeSources('http://localhost:4000/stripe.js')).toEqual({
      script: ['http://localhost:4000'],
      frame: ['http://localhost:4000'],
      connect: ['http://localhost:4000'],
    });
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

  it('knows a checkout address from the others', () => {
    expect(isCheckoutPage('/Book/DEMO/Checkout')).toBe(true);
    expect(isCheckoutPage('/Book/DEMO/Checkout/abc')).toBe(true);
    expect(isCheckoutPage('/Book/DEMO/CheckoutX')).toBe(false);
    expect(isCheckoutPage('/Book/DEMO')).toBe(false);
    expect(isCheckoutPage('/Manage/DEMO/Checkout')).toBe(false);
  });
});

describe('the web client’s files', () => {
  it('serves the scripts but never a source map, even one left in the dist folder', async () => {
    await request(t.app).get('/assets/index-abc123.js').expect(200);
    await request(t.app).get('/assets/index-abc123.js.map').expect(404);
    await request(t.app).get('/assets/index-abc123.js.map').set('Accept', 'text/html').expect(404);
  });
});
