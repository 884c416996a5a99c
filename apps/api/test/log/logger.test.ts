import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import express from 'express';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog } from '../../src/http/access-log';
import { errorHandler } from '../../src/http/error-response';
import { createLogger, withoutQueryValues } from '../../src/logger';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SECRET = 'Velvet harbour 42!';

/** A logger writing to an array, wired like the app's: the access log, then the error handler. */
function loggedApp(route: express.RequestHandler) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = express();
  app.use(accessLog(createLogger('info', sink)));
  app.get('/fail', route);
  app.use(errorHandler);
  return { app, lines };
}

describe('what the log keeps', () => {
  it('a failed query keeps its SQL and the reason, not the values bound to it or quoted in the reason', async () => {
    const { app, lines } = loggedApp(async () => {
      await t.database.db.execute(sql`SELECT ${SECRET}::int AS n`);
    });
    await request(app).get('/fail').expect(500);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('Failed query: SELECT $1::int AS n');
    expect(logged).toContain('invalid input syntax for type integer');
    expect(logged).toContain('params: [redacted]');
    expect(logged).not.toContain('Velvet');
  });

  it('a violation keeps its constraint and columns, not the key values', () => {
    const violation = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      detail: 'Key (lower(email))=(ada@example.com) already exists.',
      constraint: 'users_email_key',
    });
    const wrapped = new Error(`Failed query: insert into "users" ("email") values ($1)\nparams: ada@example.com`, { cause: violation });
    const clean = withoutQueryValues(wrapped);
    expect(clean.message).toBe('Failed query: insert into "users" ("email") values ($1)\nparams: [redacted]');
    expect(clean.cause).toMatchObject({
      message: 'duplicate key value violates unique constraint "users_email_key"',
      detail: 'Key (lower(email))=([redacted]) already exists.',
      constraint: 'users_email_key',
    });
    expect(JSON.stringify({ ...clean, stack: clean.stack, cause: { ...(clean.cause as object) } })).not.toContain('ada@');
  });

  it("a redirect's address is logged without the token it carries (the 3-D Secure return to the Status page)", async () => {
    const token = 'Zq3xVbN81kLmPq0rStUvWx-_yzAbCdEfGhIjKlMnOpQ';
    const { app, lines } = loggedApp((_req, res) => res.redirect(303, `/Book/DEMO/Status/${token}`));
    await request(app).get('/fail').expect(303);
    expect(lines.join('\n')).toContain('"location":"/Book/DEMO/Status/[removed]"');
    expect(lines.join('\n')).not.toContain(token);
  });

  it('an error without values is logged as it is', () => {
    const error = new RangeError('amount must be a positive integer of minor units');
    expect(withoutQueryValues(error)).toBe(error);
  });
});
