import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

/** A production environment that starts: random secrets, an https address behind one trusted proxy, the test gateway. */
const production = {
  NODE_ENV: 'production',
  PAYMENTS: 'test',
  SESSION_SECRET: 'k3V9q2xW7mZ4bN8cR1tY6uP0sL5dF3gH',
  LINK_SECRET: 'A8s7D6f5G4h3J2k1L0z9X8c7V6b5N4m3',
  PUBLIC_URL: 'https://booking.example.com',
  TRUST_PROXY: '1',
};

describe('the environment', () => {
  it('runs one HTTP process unless API_WORKERS says more', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ API_WORKERS: '2', DATABASE_URL: 'postgres://hotel@localhost/hotel' }).workers).toBe(2);
  });

  it('takes a PostgreSQL URL in the forms pg reads, a Unix socket included', () => {
    for (const url of [
      'postgres://hotel:secret@db.example.com:5432/hotel',
      'postgresql://hotel@localhost/hotel?sslmode=require',
      // libpq's socket form: a user and no host, which a WHATWG URL refuses.
      'postgres://hotel@/hotel?host=/var/run/postgresql',
      'postgres://hotel@%2Fvar%2Frun%2Fpostgresql/hotel',
    ])
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL, naming the forms it takes', () => {
    for (const url of ['mysql://hotel@localhost/hotel', 'localhost:5432', 'hotel'])
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow('DATABASE_URL: a postgres:// URL');
    expect(() => loadConfig({ DATABASE_URL: 'db.example.com' })).toThrow('?host=/var/run/postgresql for a Unix socket');
  });

  it('refuses several workers on the embedded database, which one process owns', () => {
    expect(() => loadConfig({ API_WORKERS: '2' })).toThrow('API_WORKERS above 1 needs DATABASE_URL');
  });

  it('refuses a worker count that is not a whole number from 1 to 64', () => {
    expect(() => loadConfig({ API_WORKERS: '0' })).toThrow('API_WORKERS');
    expect(() => loadConfig({ API_WORKERS: 'many' })).toThrow('API_WORKERS');
  });

  it('requires the secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('SESSION_SECRET and LINK_SECRET');
  });

  it('builds links on the port it serves when PUBLIC_URL is unset, and on PUBLIC_URL when it is', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3411' }).publicUrl).toBe('http://localhost:3411');
    expect(loadConfig({ PORT: '3411', PUBLIC_URL: 'https://booking.example.com/' }).publicUrl).toBe('https://booking.example.com');
  });

  it('imports the demo only when DEMO=true (or --demo) asks for it', () => {
    expect(loadConfig({}).demo).toBe(false);
    expect(loadConfig({ DEMO: 'true' }).demo).toBe(true);
    expect(() => loadConfig({ DEMO: 'yes' })).toThrow('DEMO');
  });

  it('requires PUBLIC_URL in production, where localhost is nobody’s address', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow('PUBLIC_URL must be set in production');
    expect(loadConfig(production).publicUrl).toBe('https://booking.example.com');
  });

  it('refuses to start a production site on the test gateway unless PAYMENTS=test says so', () => {
    expect(() => loadConfig({ ...production, PAYMENTS: undefined })).toThrow('No card payment provider is configured');
    expect(loadConfig(production).payments.test).toBe(true);
  });

  it('runs Stripe in production when STRIPE_SECRET_KEY is set, without the test gateway', () => {
    const { payments } = loadConfig({
      ...production,
      PAYMENTS: undefined,
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(payments.test).toBe(false);
    expect(payments.stripe).toMatchObject({ secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc' });
    expect(payments.stripe?.apiUrl?.port).toBe('12111');
    expect(payments.stripeJsUrl).toBe('https://js.stripe.com/v3/');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow('STRIPE_SECRET_KEY');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow('STRIPE_WEBHOOK_SECRET');
  });

  it('runs the test gateway outside production without being asked', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).payments.test).toBe(true);
  });

  it('listens on loopback unless HOST names another address', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it.each([
    ['SESSION_SECRET', 'change-me-to-32-or-more-random-characters'],
    ['LINK_SECRET', 'change-me-too-32-or-more-random-characters'],
    ['ADMIN_API_KEY', 'change-me-admin-api-key'],
    ['SESSION_SECRET', 'local-demo-session-secret-not-for-production-use'],
    ['LINK_SECRET', 'development-only-secret-change-me-in-production!'],
  ])('refuses the published placeholder %s=%s in production', (name, value) => {
    expect(() => loadConfig({ ...production, [name]: value })).toThrow(`${name} still hold a published placeholder`);
    expect(loadConfig(production).isProduction).toBe(true);
  });

  it.each([
    ['SESSION_SECRET', 'a'.repeat(40)],
    ['LINK_SECRET', 'abc'.repeat(14)],
    ['ADMIN_API_KEY', 'hotelhotelhotelhotelhotelhotel'],
    ['SESSION_SECRET', 'Summer2024!'.repeat(3)],
    ['LINK_SECRET', 'abcdefghijklmnopqrstuvwxyz0123456789'],
  ])('refuses a %s as easy to guess as %s in production, naming the setting and not the value', (name, value) => {
    let refusal = '';
    try {
      loadConfig({ ...production, [name]: value });
    } catch (error) {
      refusal = (error as Error).message;
    }
    expect(refusal).toMatch(new RegExp(`^${name} is too easy to guess .*: set random values \\(openssl rand -base64 48\\)$`));
    expect(refusal).not.toContain(value.slice(0, 8));
  });

  it('takes random secrets as openssl makes them, base64 or hex', () => {
    for (let i = 0; i < 20; i += 1) {
      const config = loadConfig({
        ...production,
        SESSION_SECRET: randomBytes(48).toString('base64'),
        LINK_SECRET: randomBytes(16).toString('hex'),
        ADMIN_API_KEY: randomBytes(24).toString('base64'),
      });
      expect(config.isProduction).toBe(true);
    }
  });

  it('refuses one value for two secrets in production: whoever holds one could forge with the other', () => {
    expect(() => loadConfig({ ...production, LINK_SECRET: production.SESSION_SECRET })).toThrow(
      'SESSION_SECRET and LINK_SECRET hold the same value: give each its own',
    );
    expect(() => loadConfig({ ...production, ADMIN_API_KEY: production.LINK_SECRET })).toThrow(
      'LINK_SECRET and ADMIN_API_KEY hold the same value',
    );
  });

  it('refuses an http:// PUBLIC_URL in production unless ALLOW_HTTP_PUBLIC_URL=true says the network is private', () => {
    const onHttp = { ...production, PUBLIC_URL: 'http://booking.example.com' };
    expect(() => loadConfig(onHttp)).toThrow('PUBLIC_URL is http://: guests would send their passwords and session cookies in clear');
    expect(() => loadConfig(onHttp)).toThrow('set ALLOW_HTTP_PUBLIC_URL=true');
    expect(() => loadConfig({ ...onHttp, ALLOW_HTTP_PUBLIC_URL: 'false' })).toThrow('PUBLIC_URL is http://');
    expect(loadConfig({ ...onHttp, ALLOW_HTTP_PUBLIC_URL: 'true' }).publicUrl).toBe('http://booking.example.com');
    expect(() => loadConfig({ ...onHttp, ALLOW_HTTP_PUBLIC_URL: 'yes' })).toThrow('ALLOW_HTTP_PUBLIC_URL');
    // Outside production nothing is sent beyond this machine: http is the local default.
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it('refuses an https:// PUBLIC_URL in production without TRUST_PROXY, under which no login would keep its cookie', () => {
    expect(() => loadConfig({ ...production, TRUST_PROXY: undefined })).toThrow(
      'PUBLIC_URL is https:// but TRUST_PROXY is not set: the API speaks http behind your TLS proxy',
    );
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies’ addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7, fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow('TRUST_PROXY: not a hop count, an address or a CIDR range: everyone');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY');
  });
});
