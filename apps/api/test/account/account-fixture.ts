import { sql } from 'drizzle-orm';
import type { Response } from 'supertest';
import { request } from '../support/request';
import { users } from '@hotel/db/schema';
import { hashPassword } from '../../src/account/password-hashing';
import { rawRows } from '../../src/database/raw-rows';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import type { TestApp } from '../support/test-app';
import { opened } from '../support/outbox';

/** The password of every user `givenUser` makes unless told otherwise (meets the rule, not common). */
export const PASSWORD = 'Velvet harbour 42!';
export const NEW_PASSWORD = 'Quiet lantern, 7 owls';

const theme = Object.fromEntries(
  ['Primary', 'Secondary', 'Accent', 'Tertiary', 'Dark', 'DarkPage', 'Positive', 'Negative', 'Info', 'Warning', 'LightPage'].map((name) => [
    name,
    '#333333',
  ]),
);

/** A branded property to register through: its name, logo, colour and contact details head the account e-mails. */
export const accountProperty = aProperty({
  Code: 'ACCT',
  Name: 'Harbour House',
  Email: 'hello@harbour-house.example',
  LogoFileUrl: 'https://harbour-house.example/logo.png',
  Theme: { ...theme, BrandPrimary: '#0b6e4f' },
  CreditCards: ['Visa', 'Mastercard'],
});

/** Imports the account property and answers its id. */
export async function givenAccountProperty(t: TestApp): Promise<number> {
  await givenDefinition(t.context, aDefinition(accountProperty));
  return (await request(t.app).get('/api/Property/ACCT')).body.PropertyId as number;
}

// argon2 is slow on purpose: each password is hashed once per test file, at the real cost.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** A registered user written straight to the database (the registration itself has its own tests). */
export async function givenUser(
  t: TestApp,
  overrides: Partial<{ email: string; password: string; firstName: string; confirmed: boolean; canChoosePaymentMethod: boolean }> = {},
): Promise<{ id: number; email: string; password: string }> {
  const email = overrides.email ?? 'ada@example.com';
  const password = overrides.password ?? PASSWORD;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashOf(password),
      firstName: overrides.firstName ?? 'Ada',
      lastName: 'Lovelace',
      telephone: '+441234567890',
      canChoosePaymentMethod: overrides.canChoosePaymentMethod ?? false,
      emailConfirmedAt: overrides.confirmed === false ? null : new Date('2027-01-01T00:00:00Z'),
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password };
}

/** The session cookie a response sets ("name=value"), or undefined. */
export function sessionCookieOf(response: Response): string | undefined {
  const setCookie = response.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = setCookie?.find((line) => /^(?:__Host-)?sid=/.test(line));
  return cookie?.split(';')[0];
}

/** The whole Set-Cookie line of the session cookie. */
export function sessionSetCookie(response: Response): string | undefined {
  const setCookie = response.headers['set-cookie'] as unknown as string[] | undefined;
  return setCookie?.find((line) => /^(?:__Host-)?sid=/.test(line));
}

/** Logs in through the API and answers the response and its session cookie. */
export async function logIn(t: TestApp, propertyId: number, email: string, password: string, cookie?: string) {
  const call = request(t.app).post('/api/Account/Authenticate');
  if (cookie) call.set('Cookie', cookie);
  const response = await call.send({ LanguageCode: 'en', PropertyId: propertyId, EmailAddress: email, Password: password });
  return { response, cookie: sessionCookieOf(response) };
}

/** GET /api/Account with a cookie. */
export function getAccount(t: TestApp, cookie: string | undefined, propertyId?: number) {
  const call = request(t.app).get('/api/Account');
  if (cookie) call.set('Cookie', cookie);
  if (propertyId !== undefined) call.query({ propertyId });
  return call;
}

export type OutboxRow = { kind: string; to: string; subject: string; html: string; text: string; userId: number | null };

export async function outbox(t: TestApp): Promise<OutboxRow[]> {
  const rows = await rawRows<OutboxRow>(
    t.database.db,
    sql`SELECT kind, to_address AS "to", subject, html, text, user_id AS "userId" FROM mail_outbox ORDER BY id`,
  );
  return rows.map((row) => opened(t, row));
}

/** The token of the one link to `/Account/{page}/ACCT?token=...` in a mail's text. */
export function tokenIn(mail: OutboxRow, page: 'ConfirmEmail' | 'ResetPassword'): string {
  const match = new RegExp(`http://localhost:3000/Account/${page}/ACCT\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in:\n${mail.text}`);
  return match[1]!;
}

export async function auditRows(t: TestApp): Promise<{ action: string; userId: number | null; details: Record<string, unknown> | null }[]> {
  return rawRows(
    t.database.db,
    sql`SELECT action, actor_user_id AS "userId", details FROM audit_log WHERE action LIKE 'account.%' ORDER BY id`,
  );
}

/** Empties what account tests write, so each test starts from no users, mail, sessions or counters. */
export async function resetAccounts(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`DELETE FROM mail_outbox`);
  await t.database.db.execute(sql`DELETE FROM audit_log`);
  await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
  await t.database.db.execute(sql`DELETE FROM users`);
  await t.database.db.execute(sql`DELETE FROM sessions`);
}
