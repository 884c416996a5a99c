import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, givenBookingProperty, type Ids, visa } from '../reservation/reservation-fixture';
import { getAccount, givenUser, logIn, resetAccounts } from './account-fixture';

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
  await resetAccounts(t);
});

const create = (body: object, cookie?: string) => {
  const call = request(t.app).post('/api/Reservation/Create');
  if (cookie) call.set('Cookie', cookie);
  return call.send(body);
};

async function loggedIn(email = 'ada@example.com'): Promise<{ id: number; cookie: string }> {
  const user = await givenUser(t, { email });
  const { cookie } = await logIn(t, ids.propertyId, user.email, user.password);
  return { id: user.id, cookie: cookie! };
}

type SavedCardRow = {
  id: number;
  userId: number;
  gateway: string;
  token: string;
  last4: string;
  month: number;
  year: number;
  name: string | null;
};
const savedCardRows = () =>
  rawRows<SavedCardRow>(
    t.database.db,
    sql`SELECT id, user_id AS "userId", gateway, gateway_token AS token, last4, expiry_month AS month, expiry_year AS year, name_on_card AS name FROM saved_cards ORDER BY id`,
  );

/** Paying with a saved card: its id, the security code and expiry as the form sends them, no number. */
const withSavedCard = (creditCardId: number | string) => ({
  CreditCardId: creditCardId,
  NameOnCard: 'Ada Lovelace',
  SecurityCode: '123',
  ExpiryMonth: 12,
  ExpiryYear: 2029,
  CreditCardTypeId: 1,
});

describe('saved cards in Reservation/Create', () => {
  it("saves a logged-in user's card when asked: a gateway token with brand, last four and expiry, listed by GET /api/Account", async () => {
    const user = await loggedIn();
    await create(aBooking(ids, { CardDetails: { ...visa, SaveCreditCardToIndividual: true } }), user.cookie).expect(200);
    const rows = await savedCardRows();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        userId: user.id,
        gateway: 'test',
        token: expect.stringMatching(/^tt_a_visa_4242_122029_[0-9a-f]{32}$/),
        last4: '4242',
        month: 12,
        year: 2029,
        name: 'Ada Lovelace',
      },
    ]);
    const account = await getAccount(t, user.cookie, ids.propertyId).expect(200);
    expect(account.body.CreditCards).toEqual([
      {
        CreditCardId: rows[0]!.id,
        CreditCardTypeId: 1,
        Brand: 'Visa',
        Last4: '4242',
        ExpiryMonth: 12,
        ExpiryYear: 2029,
        NameOnCard: 'Ada Lovelace',
        PaymentProvider: 'test',
      },
    ]);
    expect(account.text).not.toContain(rows[0]!.token);
    expect(account.text).not.toContain('4242424242424242');
  });

  it('pays a later booking with the saved card by CreditCardId: the gateway authorises the token, the payment names the card', async () => {
    const user = await loggedIn();
    await create(aBooking(ids, { CardDetails: { ...visa, SaveCreditCardToIndividual: true } }), user.cookie).expect(200);
    const [saved] = await savedCardRows();
    const booked = await create(aBooking(ids, { CardDetails: withSavedCard(String(saved!.id)) }), user.cookie).expect(200);
    expect(booked.body).toMatchObject({ Success: true, ChallengeUrl: null });
    const payments = await rawRows<{ savedCardId: number | null; status: string; last4: string; amount: number }>(
      t.database.db,
      sql`SELECT saved_card_id AS "savedCardId", status, card_last4 AS last4, amount FROM payments ORDER BY id`,
    );
    expect(payments.slice(-2)).toEqual([
      { savedCardId: null, status: 'succeeded', last4: '4242', amount: 24000 },
      { savedCardId: saved!.id, status: 'succeeded', last4: '4242', amount: 24000 },
    ]);
    const confirmation = await request(t.app)
      .get('/api/Reservation/Confirmation')
      .query({ propertyId: ids.propertyId, confirmationToken: booked.body.ConfirmationToken })
      .expect(200);
    expect(confirmation.body.Card).toEqual({ Brand: 'Visa', Last4: '4242', ExpiryMonth: 12, ExpiryYear: 2029 });
    // Paying with it again does not save it again.
    expect(await savedCardRows()).toHaveLength(1);
  });

  it('saves a card once however often it is asked', async () => {
    const user = await loggedIn();
    for (let i = 0; i < 2; i++)
      await create(aBooking(ids, { CardDetails: { ...visa, SaveCreditCardToIndividual: true } }), user.cookie).expect(200);
    expect(await savedCardRows()).toHaveLength(1);
  });

  it('saves nothing for a guest who is not logged in, or who did not ask', async () => {
    await create(aBooking(ids, { CardDetails: { ...visa, SaveCreditCardToIndividual: true } })).expect(200);
    const user = await loggedIn();
    await create(aBooking(ids, { CardDetails: { ...visa, SaveCreditCardToIndividual: false } }), user.cookie).expect(200);
    expect(await savedCardRows()).toEqual([]);
  });

  it('saves nothing when the payment is declined (the booking is refused whole) or waits for 3-D Secure', async () => {
    const user = await loggedIn();
    await create(
      aBooking(ids, { CardDetails: { ...visa, CardNumber: '4000000000000002', SaveCreditCardToIndividual: true } }),
      user.cookie,
    ).expect(402);
    const challenged = await create(
      aBooking(ids, { CardDetails: { ...visa, CardNumber: '4000000000003220', SaveCreditCardToIndividual: true } }),
      user.cookie,
    ).expect(200);
    expect(challenged.body.ChallengeUrl).toMatch(/^\/api\/Payments\/TestChallenge\//);
    expect(await savedCardRows()).toEqual([]);
  });

  it("refuses another user's card, an unknown id, and a saved card without a login (400, nothing booked)", async () => {
    const owner = await loggedIn('owner@example.com');
    await create(aBooking(ids, { CardDetails: { ...visa, SaveCreditCardToIndividual: true } }), owner.cookie).expect(200);
    const [saved] = await savedCardRows();
    const other = await loggedIn('other@example.com');
    for (const creditCardId of [saved!.id, 999_999, 'not-a-card']) {
      const refused = await create(aBooking(ids, { CardDetails: withSavedCard(creditCardId) }), other.cookie).expect(400);
      expect(refused.body.ModelState).toEqual({
        'CardDetails.CreditCardId': ['This saved card was not found. Please choose another card or enter its details.'],
      });
    }
    const anonymous = await create(aBooking(ids, { CardDetails: withSavedCard(saved!.id) })).expect(400);
    expect(anonymous.body.ModelState).toEqual({ 'CardDetails.CreditCardId': ['Log in to pay with a saved card'] });
    const sold = await rawRows<{ sold: number }>(t.database.db, sql`SELECT sum(sold)::int AS sold FROM room_type_inventory`);
    // Only the owner's first booking took rooms: 2 nights of one room.
    expect(sold[0]!.sold).toBe(2);
  });
});
