import { eq, sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '@hotel/db/schema';
import { rawRows } from '../../src/database/raw-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  auditRows,
  getAccount,
  givenAccountProperty,
  givenUser,
  logIn,
  PASSWORD,
  resetAccounts,
  sessionCookieOf,
  sessionSetCookie,
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

const loginFailed = { Success: false, Message: 'Failed to login, please check your email address and password' };

describe('POST /api/Account/Authenticate', () => {
  it('logs in: answers Success, the welcome message and the user fields, and sets an HttpOnly SameSite=Lax session cookie', async () => {
    await givenUser(t);
    const { response, cookie } = await logIn(t, propertyId, 'ADA@example.com', PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      Success: true,
      Message: 'Welcome back Ada',
      Firstname: 'Ada',
      Lastname: 'Lovelace',
      Telephone: '+441234567890',
      EmailAddress: 'ada@example.com',
      ReceiveBrandOffers: false,
      CanChoosePaymentMethod: false,
      EmailConfirmed: true,
      CreditCards: [],
      Reservations: [],
    });
    expect(cookie).toMatch(/^sid=s%3A[\w-]{32}\./);
    const line = sessionSetCookie(response)!;
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    // PUBLIC_URL is http here: no Secure, no __Host- prefix.
    expect(line).not.toMatch(/Secure/);
    expect((await getAccount(t, cookie)).body.EmailAddress).toBe('ada@example.com');
  });

  it('answers Success false with the login failure message, the same for a wrong password and an unknown address, and sets no cookie', async () => {
    await givenUser(t);
    const wrong = await logIn(t, propertyId, 'ada@example.com', 'Not the password 1!');
    const unknown = await logIn(t, propertyId, 'nobody@example.com', PASSWORD);
    for (const { response, cookie } of [wrong, unknown]) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual(loginFailed);
      expect(cookie).toBeUndefined();
    }
  });

  it('answers 400 with ModelState for invalid input, before any password check', async () => {
    const response = await request(t.app)
      .post('/api/Account/Authenticate')
      .send({ LanguageCode: 'en', PropertyId: propertyId, EmailAddress: 'not-an-address', Password: '' })
      .expect(400);
    expect(response.body.ModelState).toEqual({
      EmailAddress: ['A valid email address is required'],
      Password: ['Password is required'],
    });
    await request(t.app).post('/api/Account/Authenticate').send('{"EmailAddress":').set('Content-Type', 'application/json').expect(400);
  });

  it('lets a user log in before confirming the e-mail address', async () => {
    await givenUser(t, { confirmed: false });
    const { response } = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    expect(response.body).toMatchObject({ Success: true, EmailConfirmed: false });
  });

  it('gives a new session id at login: a cookie held before (planted or from an earlier login) is not the one logged in', async () => {
    await givenUser(t);
    await givenUser(t, { email: 'grace@example.com', firstName: 'Grace' });
    const first = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    const second = await logIn(t, propertyId, 'grace@example.com', PASSWORD, first.cookie);
    expect(second.cookie).toBeDefined();
    expect(second.cookie).not.toBe(first.cookie);
    // The earlier session was replaced, not reused for the second user.
    await getAccount(t, first.cookie).expect(401);
    expect((await getAccount(t, second.cookie).expect(200)).body.Firstname).toBe('Grace');

    const planted = 'sid=s%3Aattacker-chosen-session-id.invalidsignature';
    const third = await logIn(t, propertyId, 'ada@example.com', PASSWORD, planted);
    expect(third.cookie).not.toBe(planted);
    expect(third.cookie).toMatch(/^sid=s%3A[\w-]{32}\./);
  });

  it('writes audit rows for a login and for failed logins, with no password in them', async () => {
    const user = await givenUser(t);
    await logIn(t, propertyId, 'ada@example.com', 'Not the password 1!');
    await logIn(t, propertyId, 'nobody@example.com', PASSWORD);
    await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    expect(await auditRows(t)).toEqual([
      { action: 'account.login_failed', userId: user.id, details: { email: 'ada@example.com', reason: 'wrong_password' } },
      { action: 'account.login_failed', userId: null, details: { email: 'nobody@example.com', reason: 'no_account' } },
      { action: 'account.login', userId: user.id, details: null },
    ]);
    const [row] = await rawRows<{ ip: string; requestId: string }>(
      t.database.db,
      sql`SELECT host(ip) AS ip, request_id AS "requestId" FROM audit_log WHERE action = 'account.login'`,
    );
    expect(row!.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(row!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const [lastLogin] = await t.database.db.select({ at: users.lastLoginAt }).from(users).where(eq(users.id, user.id));
    expect(lastLogin!.at).toEqual(new Date('2027-03-01T09:00:00Z'));
  });
});

describe('sessions', () => {
  it('GET /api/Account answers 401 without a session, and with a cookie the server never issued', async () => {
    const none = await getAccount(t, undefined).expect(401);
    expect(none.body).toEqual({ Message: 'Please log in to continue.', Code: 'UNAUTHORISED' });
    await getAccount(t, 'sid=s%3Anot-a-session.signature').expect(401);
  });

  it('logout ends the session in the store and clears the cookie: the old cookie answers 401', async () => {
    await givenUser(t);
    const { cookie } = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    const out = await request(t.app).post('/api/Account/Logout').set('Cookie', cookie!).expect(200);
    expect(out.body).toEqual({ Success: true, Message: 'You have been successfully logged out' });
    expect(sessionSetCookie(out)).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    await getAccount(t, cookie).expect(401);
    expect(await rawRows(t.database.db, sql`SELECT sid FROM sessions`)).toEqual([]);
    // Logging out without a session is harmless.
    await request(t.app).post('/api/Account/Logout').expect(200);
  });

  it('keeps only a hash of the session id, and the user it belongs to', async () => {
    const user = await givenUser(t);
    const { cookie } = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    const sid = decodeURIComponent(cookie!.slice('sid='.length)).slice(2).split('.')[0]!;
    const rows = await rawRows<{ sid: string; userId: number; data: string }>(
      t.database.db,
      sql`SELECT sid, user_id AS "userId", data::text AS data FROM sessions`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sid).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.sid).not.toContain(sid);
    expect(rows[0]!.userId).toBe(user.id);
    expect(rows[0]!.data).not.toContain(sid);
  });

  it('ends after 30 idle minutes; each request moves the idle deadline on', async () => {
    await givenUser(t);
    const { cookie } = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    t.setNow('2027-03-01T09:29:00Z');
    await getAccount(t, cookie).expect(200);
    t.setNow('2027-03-01T09:58:00Z');
    await getAccount(t, cookie).expect(200);
    t.setNow('2027-03-01T10:28:01Z');
    await getAccount(t, cookie).expect(401);
  });

  it('ends 12 hours after the login however busy it is', async () => {
    await givenUser(t);
    const { cookie } = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.setNow(new Date(Date.parse('2027-03-01T09:00:00Z') + minutes * 60_000));
      await getAccount(t, cookie).expect(200);
    }
    t.setNow('2027-03-01T21:00:00Z');
    await getAccount(t, cookie).expect(401);
  });

  it('sweeps ended sessions out of the table as new ones are written', async () => {
    await givenUser(t);
    await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    t.setNow('2027-03-02T09:00:00Z');
    await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    const rows = await t.database.db.select({ expires: sessions.expiresAt }).from(sessions);
    expect(rows).toEqual([{ expires: new Date('2027-03-02T09:30:00Z') }]);
  });

  it('reads the user fresh on each request: a session whose account is gone answers 401', async () => {
    const user = await givenUser(t);
    const { cookie } = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    await t.database.db.execute(sql`UPDATE users SET can_choose_payment_method = true WHERE id = ${user.id}`);
    expect((await getAccount(t, cookie).expect(200)).body.CanChoosePaymentMethod).toBe(true);
    await t.database.db.execute(sql`DELETE FROM users WHERE id = ${user.id}`);
    await getAccount(t, cookie).expect(401);
  });
});

describe('on an https site', () => {
  let https: TestApp;
  let httpsPropertyId: number;
  beforeAll(async () => {
    https = await createTestApp({ now: '2027-03-01T09:00:00Z', config: { publicUrl: 'https://book.harbour-house.example' } });
    httpsPropertyId = await givenAccountProperty(https);
    await givenUser(https);
  });
  afterAll(() => https.close());

  it('names the cookie __Host-sid and makes it Secure', async () => {
    const response = await request(https.app)
      .post('/api/Account/Authenticate')
      .set('X-Forwarded-Proto', 'https')
      .send({ LanguageCode: 'en', PropertyId: httpsPropertyId, EmailAddress: 'ada@example.com', Password: PASSWORD })
      .expect(200);
    const line = sessionSetCookie(response)!;
    expect(line).toMatch(/^__Host-sid=s%3A/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).not.toMatch(/Domain=/i);
    const cookie = sessionCookieOf(response)!;
    const account = await request(https.app).get('/api/Account').set('X-Forwarded-Proto', 'https').set('Cookie', cookie).expect(200);
    expect(account.body.Firstname).toBe('Ada');
  });

  it('refuses a login that reached the API as http, whose Secure cookie the browser would drop, and tells the operator once', async () => {
    const overHttp = () =>
      request(https.app)
        .post('/api/Account/Authenticate')
        .send({ LanguageCode: 'en', PropertyId: httpsPropertyId, EmailAddress: 'ada@example.com', Password: PASSWORD });
    for (const response of [await overHttp(), await overHttp()]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        Message:
          "Logging in needs the site's secure (https) address. If you used it, this site is not set up to keep you logged in yet: please tell the hotel.",
        Code: 'FORBIDDEN',
      });
      expect(sessionSetCookie(response)).toBeUndefined();
    }
    const told = https.logLines.filter((line) => line.includes('a login reached the API as http on an https site'));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('set TRUST_PROXY to your TLS proxy and have it send X-Forwarded-Proto: https');
    expect(JSON.parse(told[0]!)).toMatchObject({ level: 50, publicUrl: 'https://book.harbour-house.example' });
  });
});
