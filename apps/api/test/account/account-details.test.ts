import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { savedCards } from '@hotel/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  auditRows,
  getAccount,
  givenAccountProperty,
  givenUser,
  logIn,
  NEW_PASSWORD,
  PASSWORD,
  resetAccounts,
  sessionCookieOf,
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

const details = (overrides: Record<string, unknown> = {}) => ({
  PropertyId: propertyId,
  Firstname: 'Augusta',
  Lastname: 'King',
  Telephone: '+441632960001',
  ReceiveBrandOffers: true,
  ...overrides,
});
const update = (cookie: string | undefined, body: object) => {
  const call = request(t.app).post('/api/Account/Update');
  if (cookie) call.set('Cookie', cookie);
  return call.send(body);
};
const changePassword = (cookie: string | undefined, body: object) => {
  const call = request(t.app).post('/api/Account/ChangePassword');
  if (cookie) call.set('Cookie', cookie);
  return call.send(body);
};

async function loggedIn(): Promise<{ id: number; cookie: string }> {
  const user = await givenUser(t);
  const { cookie } = await logIn(t, propertyId, user.email, user.password);
  return { id: user.id, cookie: cookie! };
}

describe('GET /api/Account', () => {
  it("answers the user's fields and saved cards as brand, last four digits, expiry and the provider keeping each, never a number or token", async () => {
    const { id, cookie } = await loggedIn();
    // Card types 1 Visa, 2 Mastercard, 3 American Express (static data); the property accepts Visa and Mastercard.
    await t.database.db.insert(savedCards).values([
      {
        userId: id,
        gateway: 'test',
        gatewayToken: 'tt_a_visa_4242_122029_0123456789abcdef0123456789abcdef',
        cardTypeId: 1,
        last4: '4242',
        expiryMonth: 12,
        expiryYear: 2029,
        nameOnCard: 'Ada Lovelace',
      },
      {
        userId: id,
        gateway: 'stripe',
        gatewayToken: 'cus_Ada0005:pm_Amex0005',
        cardTypeId: 3,
        last4: '0005',
        expiryMonth: 1,
        expiryYear: 2030,
        nameOnCard: null,
      },
    ]);
    const everyCard = await getAccount(t, cookie).expect(200);
    expect(everyCard.body).toEqual({
      Firstname: 'Ada',
      Lastname: 'Lovelace',
      Telephone: '+441234567890',
      EmailAddress: 'ada@example.com',
      ReceiveBrandOffers: false,
      CanChoosePaymentMethod: false,
      EmailConfirmed: true,
      CreditCards: [
        {
          CreditCardId: expect.any(Number),
          CreditCardTypeId: 1,
          Brand: 'Visa',
          Last4: '4242',
          ExpiryMonth: 12,
          ExpiryYear: 2029,
          NameOnCard: 'Ada Lovelace',
          PaymentProvider: 'test',
        },
        {
          CreditCardId: expect.any(Number),
          CreditCardTypeId: 3,
          Brand: 'American Express',
          Last4: '0005',
          ExpiryMonth: 1,
          ExpiryYear: 2030,
          NameOnCard: null,
          PaymentProvider: 'stripe',
        },
      ],
      Reservations: [],
    });
    expect(everyCard.text).not.toContain('tt_');
    expect(everyCard.text).not.toMatch(/cus_|pm_/);
    // For a property, only the cards it accepts.
    const forProperty = await getAccount(t, cookie, propertyId).expect(200);
    expect(forProperty.body.CreditCards.map((card: { Brand: string }) => card.Brand)).toEqual(['Visa']);
    await getAccount(t, cookie, 999_999).expect(404);
  });
});

describe('POST /api/Account/Update', () => {
  it("saves the user's details, answers them, and audits which fields changed (not their values)", async () => {
    const { id, cookie } = await loggedIn();
    const response = await update(cookie, details()).expect(200);
    expect(response.body).toMatchObject({
      Success: true,
      Message: 'Your details have been saved successfully',
      Firstname: 'Augusta',
      Lastname: 'King',
      Telephone: '+441632960001',
      ReceiveBrandOffers: true,
      EmailAddress: 'ada@example.com',
    });
    expect((await getAccount(t, cookie).expect(200)).body).toMatchObject({ Firstname: 'Augusta', ReceiveBrandOffers: true });
    expect((await auditRows(t)).at(-1)).toEqual({
      action: 'account.details_updated',
      userId: id,
      details: { changed: ['Firstname', 'Lastname', 'Telephone', 'ReceiveBrandOffers'] },
    });
  });

  it('answers 401 without a session and 400 with ModelState for invalid details', async () => {
    await update(undefined, details()).expect(401);
    const { cookie } = await loggedIn();
    const invalid = await update(cookie, details({ Firstname: '', Telephone: '01632 960001' })).expect(400);
    expect(invalid.body.ModelState).toEqual({ Firstname: ['First Name is required'], Telephone: ['A valid phone number is required'] });
  });
});

describe('POST /api/Account/ChangePassword', () => {
  const change = (current = PASSWORD, next = NEW_PASSWORD) => ({
    PropertyId: propertyId,
    CurrentPassword: current,
    Password: next,
    ConfirmPassword: next,
  });

  it('changes the password, ends every session (the old cookies answer 401) and answers a new session for this browser', async () => {
    const { id, cookie } = await loggedIn();
    const elsewhere = (await logIn(t, propertyId, 'ada@example.com', PASSWORD)).cookie!;
    const response = await changePassword(cookie, change()).expect(200);
    expect(response.body).toEqual({ Success: true, Message: 'Your password has been changed.' });
    const renewed = sessionCookieOf(response);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(cookie);
    await getAccount(t, cookie).expect(401);
    await getAccount(t, elsewhere).expect(401);
    await getAccount(t, renewed).expect(200);
    expect((await logIn(t, propertyId, 'ada@example.com', PASSWORD)).response.body.Success).toBe(false);
    expect((await logIn(t, propertyId, 'ada@example.com', NEW_PASSWORD)).response.body.Success).toBe(true);
    expect((await auditRows(t)).filter((row) => row.action === 'account.password_changed')).toEqual([
      { action: 'account.password_changed', userId: id, details: null },
    ]);
  });

  it('refuses a wrong current password with Success false, audited, and the session stays', async () => {
    const { id, cookie } = await loggedIn();
    const response = await changePassword(cookie, change('Not my password 9!')).expect(200);
    expect(response.body).toEqual({ Success: false, Message: 'The current password is not correct.' });
    await getAccount(t, cookie).expect(200);
    expect((await auditRows(t)).at(-1)).toEqual({ action: 'account.password_change_failed', userId: id, details: null });
  });

  it('answers 401 without a session, and 400 for a new password that is weak, guessable or not confirmed', async () => {
    await changePassword(undefined, change()).expect(401);
    const { cookie } = await loggedIn();
    expect((await changePassword(cookie, change(PASSWORD, 'short')).expect(400)).body.ModelState).toEqual({
      Password: ['Password must be at least 10 characters long and contain at least one non-alphanumeric character'],
    });
    expect((await changePassword(cookie, change(PASSWORD, 'Welcome123!')).expect(400)).body.ModelState).toEqual({
      Password: ['This password is too common or too easy to guess. Please choose another one.'],
    });
    expect((await changePassword(cookie, { ...change(), ConfirmPassword: 'typo' }).expect(400)).body.ModelState).toEqual({
      ConfirmPassword: ['Passwords do not match'],
    });
    expect((await changePassword(cookie, { ...change(), CurrentPassword: '' }).expect(400)).body.ModelState).toEqual({
      CurrentPassword: ['Password is required'],
    });
    await getAccount(t, cookie).expect(200);
    const sessions = await t.database.db.execute(sql`SELECT 1 FROM sessions`);
    expect((sessions as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });
});
