import { sql } from 'drizzle-orm';
import express, { type Express } from 'express';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app-context';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { errorHandler } from '../../src/http/error-response';
import { rateLimit, type RateLimitOptions } from '../../src/http/rate-limit';
import { createLogger } from '../../src/logger';
import { onRealPostgres } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:15Z' });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.setNow('2027-03-01T09:00:15Z');
  await t.context.database.db.execute(sql`DELETE FROM rate_limit_counters`);
});

const login: RateLimitOptions = { name: 'login', windowMs: 60_000, limit: 3, message: 'Too many attempts. Please wait a minute.' };

/** An API process of its own: the limiter is built once per app, as `registerXxxRoutes` does. */
function anApp(context: AppContext, options: RateLimitOptions = login): Express {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.post('/login', rateLimit(options, context), (_req, res) => {
    res.json({ ok: true });
  });
  app.use(errorHandler);
  return app;
}

const attempt = (app: Express, ip = '203.0.113.9') => request(app).post('/login').set('X-Forwarded-For', ip);

describe('rateLimit', () => {
  it('lets `limit` requests through per window, then answers 429 through the error path with Retry-After', async () => {
    const app = anApp(t.context);
    for (let i = 0; i < 3; i++) await attempt(app).expect(200);
    const refused = await attempt(app).expect(429);
    expect(refused.body).toEqual({ Message: 'Too many attempts. Please wait a minute.', Code: 'RATE_LIMITED' });
    // 09:00:15 in a window ending 09:01:00.
    expect(refused.headers['retry-after']).toBe('45');
  });

  it('counts each client address separately', async () => {
    const app = anApp(t.context);
    for (let i = 0; i < 3; i++) await attempt(app, '203.0.113.9').expect(200);
    await attempt(app, '203.0.113.9').expect(429);
    await attempt(app, '198.51.100.7').expect(200);
  });

  it('lets the client in again once the window has passed', async () => {
    const app = anApp(t.context);
    for (let i = 0; i < 3; i++) await attempt(app).expect(200);
    await attempt(app).expect(429);
    t.setNow('2027-03-01T09:01:00Z');
    await attempt(app).expect(200);
  });

  it('counts against the key a caller chooses (an e-mail address, say), whatever the address', async () => {
    const app = anApp(t.context, { ...login, name: 'reset', key: (req) => String(req.headers['x-account'] ?? '') });
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) await attempt(app, ip).set('X-Account', 'ann@example.com').expect(200);
    await attempt(app, '203.0.113.4').set('X-Account', 'ann@example.com').expect(429);
    await attempt(app, '203.0.113.4').set('X-Account', 'bob@example.com').expect(200);
  });

  it("forgets a client's attempts when told to (after a successful login, say)", async () => {
    const limiter = rateLimit(login, t.context);
    const app = express();
    app.set('trust proxy', 'loopback');
    app.post('/login', limiter, (_req, res) => {
      res.json({ ok: true });
    });
    app.use(errorHandler);
    for (let i = 0; i < 3; i++) await attempt(app).expect(200);
    await attempt(app).expect(429);
    await limiter.resetKey('203.0.113.9');
    await attempt(app).expect(200);
  });

  it('keeps limiters with different names apart', async () => {
    const logins = anApp(t.context);
    const resets = anApp(t.context, { ...login, name: 'reset' });
    for (let i = 0; i < 3; i++) await attempt(logins).expect(200);
    await attempt(logins).expect(429);
    await attempt(resets).expect(200);
  });

  it('shares the count between two API instances on one database', async () => {
    // On Postgres the second instance has its own pool, as a second process would.
    const second = onRealPostgres()
      ? openPostgresDatabase({ connectionString: t.database.url!, logger: createLogger('silent'), pool: { writeConnections: 4 } })
      : t.context.database;
    try {
      const apps = [anApp(t.context), anApp({ ...t.context, database: second })];
      await attempt(apps[0]!).expect(200);
      await attempt(apps[1]!).expect(200);
      await attempt(apps[0]!).expect(200);
      await attempt(apps[1]!).expect(429);
      await attempt(apps[0]!).expect(429);
    } finally {
      if (second !== t.context.database) await second.close();
    }
  });

  it('lets exactly `limit` of many simultaneous requests through', async () => {
    const apps = [anApp(t.context), anApp(t.context)];
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(apps[i % 2]!).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
  });
});
