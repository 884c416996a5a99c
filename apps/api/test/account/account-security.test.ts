import { sql } from 'drizzle-orm';
import type { Response, Test } from 'supertest';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  getAccount,
  givenAccountProperty,
  givenUser,
  logIn,
  NEW_PASSWORD,
  outbox,
  PASSWORD,
  resetAccounts,
  sessionCookieOf,
  tokenIn,
} from './account-fixture';

let t: TestApp;
let propertyId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  propertyId = await givenAccountProperty(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.setNow('2027-03-01T09:00:00Z');
  await resetAccounts(t);
});

const update = (cookie: string) =>
  request(t.app)
    .post('/api/Account/Update')
    .set('Cookie', cookie)
    .send({ PropertyId: propertyId, Firstname: 'Mallory', Lastname: 'Lovelace', Telephone: '+441234567890', ReceiveBrandOffers: true });
const crossSite = {
  Message: 'This request came from another site and was refused. Please use the booking pages of this site.',
  Code: 'FORBIDDEN',
};

describe('cross-site request forgery', () => {
  it('refuses a cookie-carrying write that a browser says comes from another site (Sec-Fetch-Site or Origin), and changes nothing', async () => {
    await givenUser(t);
    const { cookie } = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    const bySecFetch = await update(cookie!).set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect(bySecFetch.body).toEqual(crossSite);
    await update(cookie!).set('Sec-Fetch-Site', 'same-site').expect(403);
    await update(cookie!).set('Origin', 'https://evil.example').expect(403);
    await update(cookie!).set('Origin', 'null').expect(403);
    await request(t.app).post('/api/Account/Logout').set('Cookie', cookie!).set('Origin', 'https://evil.example').expect(403);
    expect((await getAccount(t, cookie).expect(200)).body.Firstname).toBe('Ada');
  });

  it('lets same-origin writes through, and programs that send neither header', async () => {
    await givenUser(t);
    const { cookie } = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    await update(cookie!).set('Sec-Fetch-Site', 'same-origin').set('Origin', 'http://localhost:3000').expect(200);
    await update(cookie!).set('Origin', 'http://localhost:3000').expect(200);
    await update(cookie!).expect(200);
    // Reads are never refused.
    await getAccount(t, cookie).set('Sec-Fetch-Site', 'cross-site').expect(200);
  });

  it('lets cookieless writes elsewhere through from any site (anonymous booking, payment returns), but not logins', async () => {
    const search = await request(t.app)
      .post('/api/Availability/Search')
      .set('Origin', 'https://evil.example')
      .send({ PropertyId: propertyId, LanguageCode: 'en', DateFrom: '2027-03-04', DateTo: '2027-03-05', Rooms: [{ NumberOfAdults: 1 }] });
    expect(search.status).not.toBe(403);
    await givenUser(t);
    // A page elsewhere must not log a guest's browser into an account of its choosing.
    await request(t.app)
      .post('/api/Account/Authenticate')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ LanguageCode: 'en', PropertyId: propertyId, EmailAddress: 'ada@example.com', Password: PASSWORD })
      .expect(403);
  });
});

describe('rate limits (counted in the database)', () => {
  const from = (ip: string) => (call: Test) => call.set('X-Forwarded-For', ip);

  const loginFrom = (ip: string, password: string, email = 'ada@example.com') =>
    from(ip)(request(t.app).post('/api/Account/Authenticate')).send({
      LanguageCode: 'en',
      PropertyId: propertyId,
      EmailAddress: email,
      Password: password,
    });

  it('answers 429 with a message after 20 login attempts from one client in 15 minutes, sliding: no fresh allowance on the quarter hour', async () => {
    // Each at another account, so that only the per-client limit is reached.
    const attempt = (i: number) =>
      from('203.0.113.7')(request(t.app).post('/api/Account/Authenticate')).send({
        LanguageCode: 'en',
        PropertyId: propertyId,
        EmailAddress: `x${i}`,
      });
    t.setNow('2027-03-01T09:14:30Z');
    for (let i = 0; i < 20; i++) await attempt(i).expect(400);
    const refused = await attempt(20).expect(429);
    expect(refused.body).toEqual({ Message: 'Too many login attempts. Please wait a few minutes and try again.', Code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A clock-aligned window would start afresh at 09:15:00.
    t.setNow('2027-03-01T09:15:00Z');
    await attempt(21).expect(429);
    t.setNow('2027-03-01T09:30:00Z');
    await attempt(22).expect(400);
  });

  it('cannot be used to lock the owner out: failures from other clients never stop her logging in from hers', async () => {
    await givenUser(t);
    for (let i = 0; i < 30; i++) await loginFrom(`198.51.100.${i % 3}`, 'Wrong password!!');
    for (let i = 0; i < 30; i++) await loginFrom(`198.51.100.${100 + i}`, 'Wrong password!!').expect(200);
    expect((await loginFrom('192.0.2.44', PASSWORD).expect(200)).body.Success).toBe(true);
  });

  it('makes one client wait longer and longer after failures at one account: a minute after 5, the quarter hour after 10', async () => {
    await givenUser(t);
    const attacker = '198.51.100.77';
    for (let i = 0; i < 5; i++) expect((await loginFrom(attacker, 'Wrong password!!').expect(200)).body.Success).toBe(false);
    const first = await loginFrom(attacker, 'Wrong password!!').expect(429);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(61);
    // Not even the right password gets through before the wait is over.
    await loginFrom(attacker, PASSWORD).expect(429);
    t.setNow('2027-03-01T09:02:00Z');
    for (let i = 0; i < 5; i++) await loginFrom(attacker, 'Wrong password!!').expect(200);
    const second = await loginFrom(attacker, 'Wrong password!!').expect(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(61);
    t.setNow('2027-03-01T09:04:00Z');
    await loginFrom(attacker, PASSWORD).expect(429);
    // Another account from the same client is not held up.
    await givenUser(t, { email: 'grace@example.com' });
    expect((await loginFrom(attacker, PASSWORD, 'grace@example.com').expect(200)).body.Success).toBe(true);
  });

  it('forgets a client’s failures at an account once it logs in there', async () => {
    await givenUser(t);
    for (let i = 0; i < 4; i++) await loginFrom('198.51.100.88', 'Wrong password!!').expect(200);
    expect((await loginFrom('198.51.100.88', PASSWORD).expect(200)).body.Success).toBe(true);
    for (let i = 0; i < 5; i++) expect((await loginFrom('198.51.100.88', 'Wrong password!!').expect(200)).body.Success).toBe(false);
  });

  it('answers 429 after 10 registrations from one address in an hour', async () => {
    const attempt = () => from('203.0.113.8')(request(t.app).post('/api/Account/Register')).send({});
    for (let i = 0; i < 10; i++) await attempt().expect(400);
    expect((await attempt().expect(429)).body.Message).toBe(
      'Too many registrations from your network or for this address. Please try again later.',
    );
  });

  it('answers 429 after 5 reset requests for one address in an hour, the same for addresses without an account', async () => {
    await givenUser(t);
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      const attempt = (i: number) =>
        from(`192.0.2.${i}`)(request(t.app).post('/api/Account/RequestPasswordReset')).send({
          LanguageCode: 'en',
          PropertyId: propertyId,
          EmailAddress: email,
        });
      for (let i = 0; i < 5; i++) await attempt(i).expect(200);
      expect((await attempt(9).expect(429)).body.Message).toBe('Too many password reset requests. Please wait a while and try again.');
    }
    // Only five mails reached the owner.
    expect(await outbox(t)).toHaveLength(5);
  });

  it('answers 429 after 10 reset attempts from one address in 15 minutes', async () => {
    const attempt = () => from('203.0.113.9')(request(t.app).post('/api/Account/PasswordReset')).send({ Token: 'guess' });
    for (let i = 0; i < 10; i++) await attempt().expect(400);
    expect((await attempt().expect(429)).body.Message).toBe('Too many password reset attempts. Please wait a few minutes and try again.');
  });

  it('keeps its counters in the rate_limit_counters table, keyed by a hash rather than the address', async () => {
    await from('203.0.113.10')(request(t.app).post('/api/Account/RequestPasswordReset')).send({
      LanguageCode: 'en',
      PropertyId: propertyId,
      EmailAddress: 'ada@example.com',
    });
    const keys = (await rawRows<{ key: string }>(t.database.db, sql`SELECT key FROM rate_limit_counters ORDER BY key`)).map(
      (row) => row.key,
    );
    expect(keys).toEqual([expect.stringMatching(/^reset-request-account:[0-9a-f]{64}$/), expect.stringMatching(/^reset-request-ip:/)]);
    expect(keys.join(' ')).not.toContain('ada@example.com');
  });
});

describe('secrets', () => {
  it('never puts a password, token, session id or hash in an answer or a log line, through every account call', async () => {
    const answers: Response[] = [];
    const call = async (response: Promise<Response>) => {
      const answer = await response;
      answers.push(answer);
      return answer;
    };
    const register = {
      LanguageCode: 'en',
      PropertyId: propertyId,
      EmailAddress: 'grace@example.com',
      Password: PASSWORD,
      Firstname: 'Grace',
      Lastname: 'Hopper',
      MobileNumber: '+447700900123',
    };
    await call(request(t.app).post('/api/Account/Register').send(register));
    await call(request(t.app).post('/api/Account/Register').send(register));
    const mails = await outbox(t);
    const confirmToken = tokenIn(mails[0]!, 'ConfirmEmail');
    const ownerResetToken = tokenIn(mails[1]!, 'ResetPassword');
    await call(request(t.app).post('/api/Account/ConfirmEmail').send({ Token: confirmToken }));
    await call(request(t.app).post('/api/Account/ConfirmEmail').send({ Token: confirmToken }));
    const login = await call(
      request(t.app)
        .post('/api/Account/Authenticate')
        .send({ LanguageCode: 'en', PropertyId: propertyId, EmailAddress: 'grace@example.com', Password: PASSWORD }),
    );
    const cookie = sessionCookieOf(login)!;
    const sid = decodeURIComponent(cookie.slice('sid='.length)).slice(2).split('.')[0]!;
    await call(
      request(t.app)
        .post('/api/Account/Authenticate')
        .send({ LanguageCode: 'en', PropertyId: propertyId, EmailAddress: 'grace@example.com', Password: `${PASSWORD}x` }),
    );
    await call(getAccount(t, cookie));
    await call(
      request(t.app)
        .post('/api/Account/ChangePassword')
        .set('Cookie', cookie)
        .send({ PropertyId: propertyId, CurrentPassword: PASSWORD, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD }),
    );
    await call(
      request(t.app)
        .post('/api/Account/RequestPasswordReset')
        .send({ LanguageCode: 'en', PropertyId: propertyId, EmailAddress: 'grace@example.com' }),
    );
    const resetToken = tokenIn((await outbox(t)).at(-1)!, 'ResetPassword');
    const reset = {
      LanguageCode: 'en',
      PropertyId: propertyId,
      Token: resetToken,
      Password: 'Final answer: 42 owls',
      ConfirmPassword: 'Final answer: 42 owls',
    };
    await call(request(t.app).post('/api/Account/PasswordReset').send(reset));
    await call(request(t.app).post('/api/Account/PasswordReset').send(reset));
    await call(
      request(t.app)
        .post('/api/Account/PasswordReset')
        .send({ ...reset, Token: 'short' }),
    );
    await call(request(t.app).get(`/Account/ResetPassword/ACCT?token=${resetToken}`));
    await call(request(t.app).post('/api/Account/Logout').set('Cookie', cookie));

    const hashes = await rawRows<{ secret: string }>(
      t.database.db,
      sql`SELECT password_hash AS secret FROM users UNION ALL SELECT token_hash FROM one_time_tokens UNION ALL SELECT sid FROM sessions`,
    );
    const secrets = [
      PASSWORD,
      NEW_PASSWORD,
      'Final answer: 42 owls',
      confirmToken,
      ownerResetToken,
      resetToken,
      sid,
      ...hashes.map((row) => row.secret),
      '$argon2id$',
    ];
    expect(t.logLines.length).toBeGreaterThan(answers.length);
    for (const secret of secrets) {
      for (const answer of answers) {
        expect(answer.text).not.toContain(secret);
        expect(JSON.stringify(answer.headers).replace(cookie, '')).not.toContain(secret);
      }
      for (const line of t.logLines) expect(line).not.toContain(secret);
    }
    // The session cookie itself is only ever in its own Set-Cookie header.
    for (const line of t.logLines) expect(line).not.toContain(sid);
  });
});
