import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  auditRows,
  getAccount,
  givenAccountProperty,
  givenUser,
  logIn,
  NEW_PASSWORD,
  outbox,
  PASSWORD,
  resetAccounts,
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

const askForReset = (email: string) =>
  request(t.app).post('/api/Account/RequestPasswordReset').send({ LanguageCode: 'en', PropertyId: propertyId, EmailAddress: email });
const reset = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  request(t.app)
    .post('/api/Account/PasswordReset')
    .send({ LanguageCode: 'en', PropertyId: propertyId, Token: token, Password: password, ConfirmPassword: confirmation });
const resetRequested = {
  Success: true,
  Message: 'If an account exists for this email address, we have sent it a link to reset the password.',
};
const resetDone = { Success: true, Message: 'Your password has been successfully reset' };
const linkInvalid = { Success: false, Message: 'This password reset link is invalid or has expired. Please request a new one.' };

async function resetToken(email = 'ada@example.com'): Promise<string> {
  await askForReset(email).expect(200);
  const mails = await outbox(t);
  return tokenIn(mails.at(-1)!, 'ResetPassword');
}

describe('POST /api/Account/RequestPasswordReset', () => {
  it('e-mails a branded one-hour reset link to an address with an account', async () => {
    const user = await givenUser(t);
    expect((await askForReset('Ada@Example.com').expect(200)).body).toEqual(resetRequested);
    const [mail] = await outbox(t);
    expect(mail).toMatchObject({
      kind: 'password_reset',
      to: 'ada@example.com',
      subject: 'Reset your Harbour House password',
      userId: user.id,
    });
    const token = tokenIn(mail!, 'ResetPassword');
    expect(mail!.html).toContain(`href="http://localhost:3000/Account/ResetPassword/ACCT?token=${token}"`);
    expect(mail!.html).toContain('background:#0b6e4f;');
    expect(mail!.text).toContain('The link works once, for 60 minutes.');
    expect(await auditRows(t)).toEqual([{ action: 'account.password_reset_requested', userId: user.id, details: null }]);
  });

  it('keeps no live token in the outbox while the mail waits: its body is sealed until the dispatcher sends it', async () => {
    await givenUser(t);
    await askForReset('ada@example.com').expect(200);
    const token = tokenIn((await outbox(t))[0]!, 'ResetPassword');
    const [stored] = await rawRows<{ row: string }>(t.database.db, sql`SELECT row_to_json(m)::text AS row FROM mail_outbox m`);
    expect(stored!.row).not.toContain(token);
    expect(stored!.row).not.toContain('ResetPassword');
  });

  it('answers an unknown address exactly as a known one, sending nothing', async () => {
    await givenUser(t);
    const known = await askForReset('ada@example.com');
    await t.database.db.execute(sql`DELETE FROM mail_outbox`);
    const unknown = await askForReset('nobody@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect(await outbox(t)).toEqual([]);
    expect((await auditRows(t)).at(-1)).toEqual({
      action: 'account.password_reset_requested',
      userId: null,
      details: { email: 'nobody@example.com', reason: 'no_account' },
    });
  });

  it('takes at least 50 ms either way, so the time does not tell whether a mail was written', async () => {
    await givenUser(t);
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      const started = performance.now();
      await askForReset(email).expect(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    }
  });

  it('answers 400 with ModelState for an invalid address', async () => {
    const response = await request(t.app)
      .post('/api/Account/RequestPasswordReset')
      .send({ LanguageCode: 'en', PropertyId: propertyId })
      .expect(400);
    expect(response.body.ModelState).toEqual({ EmailAddress: ['A valid email address is required'] });
  });
});

describe('POST /api/Account/PasswordReset', () => {
  it('sets the new password, ends every session of the user, and confirms the address', async () => {
    await givenUser(t, { confirmed: false });
    const first = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    const second = await logIn(t, propertyId, 'ada@example.com', PASSWORD);
    const token = await resetToken();

    expect((await reset(token).expect(200)).body).toEqual(resetDone);
    await getAccount(t, first.cookie).expect(401);
    await getAccount(t, second.cookie).expect(401);
    expect((await logIn(t, propertyId, 'ada@example.com', PASSWORD)).response.body.Success).toBe(false);
    const { response, cookie } = await logIn(t, propertyId, 'ada@example.com', NEW_PASSWORD);
    expect(response.body).toMatchObject({ Success: true, EmailConfirmed: true });
    await getAccount(t, cookie).expect(200);
    expect((await auditRows(t)).map((row) => row.action)).toContain('account.password_reset');
  });

  it('refuses a token used before', async () => {
    await givenUser(t);
    const token = await resetToken();
    await reset(token).expect(200);
    expect((await reset(token, 'Third password, please').expect(200)).body).toEqual(linkInvalid);
  });

  it('refuses a token after its hour', async () => {
    await givenUser(t);
    const token = await resetToken();
    t.setNow('2027-03-01T10:00:00Z');
    expect((await reset(token)).body).toEqual(linkInvalid);
    t.setNow('2027-03-01T09:59:59Z');
    expect((await reset(token)).body).toEqual(resetDone);
  });

  it('refuses truncated, altered and made-up tokens', async () => {
    await givenUser(t);
    const token = await resetToken();
    for (const bad of [token.slice(0, 42), token.slice(0, 20), `${token.slice(1)}A`, `${token}x`, '-'.repeat(43)]) {
      expect((await reset(bad)).body).toEqual(linkInvalid);
    }
    expect((await reset(token)).body).toEqual(resetDone);
  });

  it('refuses a confirm-email token: tokens are bound to their purpose', async () => {
    await request(t.app)
      .post('/api/Account/Register')
      .send({
        LanguageCode: 'en',
        PropertyId: propertyId,
        EmailAddress: 'grace@example.com',
        Password: 'Cobalt river; 1906',
        Firstname: 'Grace',
        Lastname: 'Hopper',
        MobileNumber: '+447700900123',
      })
      .expect(200);
    const confirmToken = tokenIn((await outbox(t))[0]!, 'ConfirmEmail');
    expect((await reset(confirmToken)).body).toEqual(linkInvalid);
  });

  it('keeps only the newest link working', async () => {
    await givenUser(t);
    const older = await resetToken();
    const newer = await resetToken();
    expect((await reset(older)).body).toEqual(linkInvalid);
    expect((await reset(newer)).body).toEqual(resetDone);
  });

  it('answers 400 with ModelState for a weak, guessable or unconfirmed new password, and the token still works after', async () => {
    await givenUser(t);
    const token = await resetToken();
    const weak = await reset(token, 'short').expect(400);
    expect(weak.body.ModelState).toEqual({
      Password: ['Password must be at least 10 characters long and contain at least one non-alphanumeric character'],
    });
    expect((await reset(token, 'Sunshine2027!').expect(400)).body.ModelState).toEqual({
      Password: ['This password is too common or too easy to guess. Please choose another one.'],
    });
    // Guessable only for this user: their own name.
    expect((await reset(token, 'Lovelace#1815').expect(400)).body.ModelState).toEqual({
      Password: ['This password is too common or too easy to guess. Please choose another one.'],
    });
    expect((await reset(token, NEW_PASSWORD, 'something else').expect(400)).body.ModelState).toEqual({
      ConfirmPassword: ['Passwords do not match'],
    });
    expect((await reset(token)).body).toEqual(resetDone);
    const used = await rawRows<{ used: boolean }>(t.database.db, sql`SELECT used_at IS NOT NULL AS used FROM one_time_tokens`);
    expect(used).toEqual([{ used: true }]);
  });
});
