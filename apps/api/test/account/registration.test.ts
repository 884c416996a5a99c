import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { auditRows, getAccount, givenAccountProperty, givenUser, logIn, outbox, PASSWORD, resetAccounts, tokenIn } from './account-fixture';

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

const registration = (overrides: Record<string, unknown> = {}) => ({
  LanguageCode: 'en',
  PropertyId: propertyId,
  EmailAddress: 'grace@example.com',
  Password: 'Cobalt river; 1906',
  Firstname: 'Grace',
  Lastname: 'Hopper',
  MobileNumber: '+447700900123',
  ...overrides,
});
const register = (body: object) => request(t.app).post('/api/Account/Register').send(body);
const confirm = (token: unknown) => request(t.app).post('/api/Account/ConfirmEmail').send({ Token: token });
const registered = { Success: true, Message: 'User registration successful, check your email to confirm' };
const linkInvalid = { Success: false, Message: 'This confirmation link is invalid or has expired.' };

describe('POST /api/Account/Register', () => {
  it('creates the account with an argon2id hash and e-mails a branded confirmation link through the outbox', async () => {
    const response = await register(registration()).expect(200);
    expect(response.body).toEqual(registered);
    // Registering does not log in.
    expect(response.headers['set-cookie']).toBeUndefined();

    const [user] = await rawRows<{ id: number; email: string; hash: string; telephone: string; confirmed: boolean; property: number }>(
      t.database.db,
      sql`SELECT id, email, password_hash AS hash, telephone, email_confirmed_at IS NOT NULL AS confirmed, registered_property_id AS property FROM users`,
    );
    expect(user).toMatchObject({ email: 'grace@example.com', telephone: '+447700900123', confirmed: false, property: propertyId });
    expect(user!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

    const [mail] = await outbox(t);
    expect(mail).toMatchObject({
      kind: 'email_confirmation',
      to: 'grace@example.com',
      subject: 'Confirm your email address for Harbour House',
      userId: user!.id,
    });
    const token = tokenIn(mail!, 'ConfirmEmail');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain(`href="http://localhost:3000/Account/ConfirmEmail/ACCT?token=${token}"`);
    expect(mail!.html).toContain('background:#0b6e4f;');
    expect(mail!.html).toContain('<img src="https://harbour-house.example/logo.png" alt="Harbour House"');
    expect(mail!.text).toContain('Dear Grace,');
    expect(mail!.text).toContain('The link works once, for 24 hours.');
    expect(mail!.text).toContain('hello@harbour-house.example');

    // Only the token's SHA-256 is stored.
    const tokens = await rawRows<{ hash: string; purpose: string }>(
      t.database.db,
      sql`SELECT token_hash AS hash, purpose FROM one_time_tokens`,
    );
    expect(tokens).toEqual([{ hash: expect.stringMatching(/^[0-9a-f]{64}$/), purpose: 'confirm_email' }]);
    expect(tokens[0]!.hash).not.toContain(token);
    expect(await auditRows(t)).toEqual([{ action: 'account.registered', userId: user!.id, details: null }]);
  });

  it('answers an address that has an account exactly as a new one, and e-mails its owner a reset link instead', async () => {
    await givenUser(t, { email: 'grace@example.com', firstName: 'Grace' });
    const known = await register(registration({ EmailAddress: 'Grace@Example.com', Password: 'Another thing 99?' }));

    // The owner's password is untouched, and they are told, with a way in.
    const mails = await outbox(t);
    expect(mails.map((mail) => [mail.kind, mail.to, mail.subject])).toEqual([
      ['password_reset', 'grace@example.com', 'You already have a Harbour House account'],
    ]);
    expect(mails[0]!.text).toContain('tried to create a new Harbour House account with this email address');
    tokenIn(mails[0]!, 'ResetPassword');
    expect((await logIn(t, propertyId, 'grace@example.com', PASSWORD)).response.body.Success).toBe(true);
    expect((await logIn(t, propertyId, 'grace@example.com', 'Another thing 99?')).response.body.Success).toBe(false);

    const unknown = await register(registration({ EmailAddress: 'someone.new@example.com' }));
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    expect(unknown.body).toEqual(registered);
  });

  it('answers 400 with ModelState for each invalid field', async () => {
    const response = await register({
      LanguageCode: 'en',
      PropertyId: propertyId,
      EmailAddress: 'grace@',
      Password: 'short',
      Firstname: ' ',
      MobileNumber: '0123',
    }).expect(400);
    expect(response.body.ModelState).toEqual({
      EmailAddress: ['A valid email address is required'],
      Password: ['Password must be at least 10 characters long and contain at least one non-alphanumeric character'],
      Firstname: ['First Name is required'],
      Lastname: ['Last Name is required'],
      MobileNumber: ['A valid phone number is required'],
    });
    expect(await outbox(t)).toEqual([]);
  });

  it.each([
    ['a common password with a symbol', 'password123!'],
    ['a common word with a year and a symbol', 'Liverpool2027!'],
    ['look-alike characters', 'P@ssw0rd!!'],
    ['a keyboard walk', 'qwertyuiop!'],
    ['too few different characters', 'aaaaaaaaa!'],
    ['the e-mail address', 'grace@example.com'],
    ['the surname and digits', 'Hopper-1906'],
  ])('refuses %s (400), although it meets the length rule', async (_case, password) => {
    const response = await register(registration({ Password: password })).expect(400);
    expect(response.body.ModelState).toEqual({
      Password: ['This password is too common or too easy to guess. Please choose another one.'],
    });
  });

  it('answers 404 for an unknown property', async () => {
    await register(registration({ PropertyId: 999_999 })).expect(404);
  });
});

describe('POST /api/Account/ConfirmEmail', () => {
  async function registeredToken(): Promise<string> {
    await register(registration()).expect(200);
    return tokenIn((await outbox(t))[0]!, 'ConfirmEmail');
  }

  it('confirms the address once; the account then shows it confirmed', async () => {
    const token = await registeredToken();
    expect((await confirm(token).expect(200)).body).toEqual({ Success: true, Message: 'Thank you, your email address is confirmed.' });
    const { cookie } = await logIn(t, propertyId, 'grace@example.com', 'Cobalt river; 1906');
    expect((await getAccount(t, cookie).expect(200)).body.EmailConfirmed).toBe(true);
    expect((await auditRows(t)).map((row) => row.action)).toContain('account.email_confirmed');
  });

  it('refuses a token used before', async () => {
    const token = await registeredToken();
    await confirm(token).expect(200);
    expect((await confirm(token).expect(200)).body).toEqual(linkInvalid);
  });

  it('refuses a token after its 24 hours, and accepts it just before', async () => {
    const token = await registeredToken();
    t.setNow('2027-03-02T09:00:00Z');
    expect((await confirm(token)).body).toEqual(linkInvalid);
    await t.database.db.execute(sql`UPDATE one_time_tokens SET expires_at = expires_at + interval '1 second'`);
    expect((await confirm(token)).body.Success).toBe(true);
  });

  it('refuses a truncated, altered or made-up token', async () => {
    const token = await registeredToken();
    for (const bad of [
      token.slice(0, -1),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `${token}A`,
      'x'.repeat(43),
      'not a token',
    ]) {
      expect((await confirm(bad)).body).toEqual(linkInvalid);
    }
    // The real one still works.
    expect((await confirm(token)).body.Success).toBe(true);
  });

  it('refuses a password reset token: tokens are bound to their purpose', async () => {
    await givenUser(t);
    await request(t.app)
      .post('/api/Account/RequestPasswordReset')
      .send({ LanguageCode: 'en', PropertyId: propertyId, EmailAddress: 'ada@example.com' });
    const resetToken = tokenIn((await outbox(t))[0]!, 'ResetPassword');
    expect((await confirm(resetToken)).body).toEqual(linkInvalid);
  });

  it('answers 400 with ModelState without a token', async () => {
    const response = await request(t.app).post('/api/Account/ConfirmEmail').send({}).expect(400);
    expect(response.body.ModelState).toEqual({ Token: ['Token is required'] });
  });
});
