import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTypes, payments, properties, reservations } from '@hotel/db/schema';
import { authorisationAnswer, findMovement, movementRow, recordAnswer, type FinalAnswer } from '../../src/payments';
import type { CardDetails } from '../../src/payments/payment-gateway';
import { aDefinition, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let propertyId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  await givenDefinition(t.context, aDefinition());
  const [property] = await t.database.db.select({ id: properties.id }).from(properties);
  propertyId = property!.id;
});
afterAll(() => t.close());

const challengeCard: CardDetails = {
  number: '4000000000003220',
  nameOnCard: 'Ann Lee',
  expiryMonth: 12,
  expiryYear: 2030,
  securityCode: '123',
};

/** A booking waiting for its 3-D Secure answer, as the Create use case leaves it. */
async function aChallengedPayment(options: { returnUrl?: string } = {}) {
  const { db } = t.database;
  const [reservation] = await db
    .insert(reservations)
    .values({
      propertyId,
      reservationNumber: `T${randomBytes(4).toString('hex').toUpperCase()}`,
      confirmationTokenHash: createHash('sha256').update(randomBytes(16)).digest('hex'),
      dateFrom: '2027-04-01',
      dateTo: '2027-04-03',
      bookerFirstName: 'Ann',
      bookerLastName: 'Lee',
      bookerEmail: 'ann@example.com',
      bookerPhone: '+441234567890',
      paymentType: 'PayByCard',
      totalRooms: 20_000,
      total: 20_000,
      currency: 'GBP',
    })
    .returning({ id: reservations.id });
  const idempotencyKey = `T1-${randomBytes(5).toString('hex')}`;
  const result = await t.context.paymentGateways.byName('test').authorise({
    idempotencyKey,
    amount: 20_000,
    currency: 'GBP',
    reference: 'T1',
    card: challengeCard,
    ...(options.returnUrl ? { returnUrl: options.returnUrl } : {}),
  });
  if (result.status !== 'requires_action') throw new Error('the challenge card should ask for a challenge');
  // As a Create records it: the movement first, then the gateway's answer on it.
  const [payment] = await db
    .insert(payments)
    .values(
      movementRow({
        reservationId: reservation!.id,
        gateway: 'test',
        kind: 'authorisation',
        purpose: 'booking',
        amount: 20_000,
        currency: 'GBP',
        idempotencyKey,
        now: t.context.clock.now(),
      }),
    )
    .returning({ id: payments.id });
  await db.transaction(async (tx) => {
    const movement = await findMovement(tx, payment!.id, { lock: true });
    await recordAnswer(tx, movement!, authorisationAnswer(result) as FinalAnswer, t.context.clock.now());
  });
  return { reference: result.gatewayReference, challengeUrl: result.challengeUrl, paymentId: payment!.id, reservationId: reservation!.id };
}

async function paymentRow(id: number) {
  const [row] = await t.database.db
    .select({
      status: payments.status,
      failureReason: payments.failureReason,
      completedAt: payments.completedAt,
      cardLast4: payments.cardLast4,
      cardType: cardTypes.code,
      challengeUrl: payments.challengeUrl,
    })
    .from(payments)
    .leftJoin(cardTypes, eq(cardTypes.id, payments.cardTypeId))
    .where(eq(payments.id, id));
  return row!;
}

/** The form fields of the challenge page, as a browser would post them. */
function formOf(page: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!;
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return { action, fields };
}

describe('the 3-D Secure challenge of the test gateway', () => {
  it('is recorded with the payment: brand, last four digits and the challenge address, waiting for the guest', async () => {
    const { paymentId, challengeUrl } = await aChallengedPayment();
    expect(await paymentRow(paymentId)).toEqual({
      status: 'requires_action',
      failureReason: null,
      completedAt: null,
      cardLast4: '3220',
      cardType: 'visa',
      challengeUrl,
    });
  });

  it('shows a page with the amount and Approve / Fail buttons, without script, under the API CSP', async () => {
    const { challengeUrl, reference } = await aChallengedPayment({ returnUrl: '/Book/TEST/Status/abc' });
    const page = await request(t.app).get(challengeUrl).expect(200).expect('Content-Type', /html/);
    expect(page.text).toContain('£200.00');
    expect(page.text).toContain('>Approve</button>');
    expect(page.text).toContain('>Fail</button>');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    const form = formOf(page.text);
    expect(form.action).toBe(`/api/Payments/TestChallenge/${reference}`);
    expect(form.fields.ReturnTo).toBe(new URL(challengeUrl, 'http://x').searchParams.get('r'));
  });

  it('approving records the payment as succeeded and redirects (303) to the booking', async () => {
    const { challengeUrl, paymentId } = await aChallengedPayment({ returnUrl: '/Book/TEST/Status/abc?from=3ds' });
    const { action, fields } = formOf((await request(t.app).get(challengeUrl)).text);
    const answer = await request(t.app)
      .post(action)
      .type('form')
      .send({ ...fields, Outcome: 'approve' })
      .expect(303);
    expect(answer.headers.location).toBe('/Book/TEST/Status/abc?from=3ds');
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'succeeded',
      failureReason: null,
      completedAt: new Date('2027-03-01T09:00:00Z'),
    });
  });

  it('failing records the payment as failed with the reason for the guest', async () => {
    const { challengeUrl, paymentId } = await aChallengedPayment({ returnUrl: '/Book/TEST/Status/abc' });
    const { action, fields } = formOf((await request(t.app).get(challengeUrl)).text);
    await request(t.app)
      .post(action)
      .type('form')
      .send({ ...fields, Outcome: 'fail' })
      .expect(303);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Your bank could not confirm this payment (3-D Secure). Please try again, use another card or contact your bank.',
    });
  });

  it('is answered once: a second answer changes nothing, and the page then says how it ended', async () => {
    const { challengeUrl, reference, paymentId } = await aChallengedPayment();
    await request(t.app)
      .post(`/api/Payments/TestChallenge/${reference}`)
      .send({ Outcome: 'approve' })
      .expect(200, { Reference: reference, Status: 'succeeded' });
    await request(t.app)
      .post(`/api/Payments/TestChallenge/${reference}`)
      .send({ Outcome: 'fail' })
      .expect(200, { Reference: reference, Status: 'succeeded' });
    expect((await paymentRow(paymentId)).status).toBe('succeeded');
    const page = await request(t.app).get(challengeUrl).expect(200);
    expect(page.text).toContain('The payment was approved.');
    expect(page.text).not.toContain('<form');
  });

  it('answers a form without a return address with a page', async () => {
    const { reference } = await aChallengedPayment();
    const page = await request(t.app).post(`/api/Payments/TestChallenge/${reference}`).type('form').send({ Outcome: 'fail' }).expect(200);
    expect(page.headers['content-type']).toMatch(/html/);
    expect(page.text).toContain('The payment was not approved.');
  });

  it('never redirects anywhere but the sealed same-site path it was given', async () => {
    const { reference, paymentId } = await aChallengedPayment({ returnUrl: '/Book/TEST/Status/abc' });
    for (const ReturnTo of ['//evil.example/', 'https://evil.example/', 'not-sealed']) {
      const answer = await request(t.app)
        .post(`/api/Payments/TestChallenge/${reference}`)
        .type('form')
        .send({ Outcome: 'approve', ReturnTo })
        .expect(400);
      expect(answer.body.ModelState).toEqual({ ReturnTo: ['The return address does not belong to this challenge.'] });
    }
    // A return address sealed for another challenge does not open here either.
    const other = await aChallengedPayment({ returnUrl: '/Book/TEST/Status/other' });
    const sealedForOther = new URL(other.challengeUrl, 'http://x').searchParams.get('r')!;
    await request(t.app)
      .post(`/api/Payments/TestChallenge/${reference}`)
      .send({ Outcome: 'approve', ReturnTo: sealedForOther })
      .expect(400);
    expect((await paymentRow(paymentId)).status).toBe('requires_action');
  });

  it('answers 404 for a reference no payment has, and 400 for a malformed one or outcome', async () => {
    const unknown = 'tg_0123456789abcdef0123456789abcdef';
    const page = await request(t.app).get(`/api/Payments/TestChallenge/${unknown}`).expect(404);
    expect(page.text).toContain('There is no payment waiting for this check.');
    await request(t.app).get('/api/Payments/TestChallenge/<script>').expect(404);
    const answer = await request(t.app).post(`/api/Payments/TestChallenge/${unknown}`).send({ Outcome: 'approve' }).expect(404);
    expect(answer.body).toEqual({ Message: 'There is no payment waiting for this 3-D Secure check.', Code: 'NOT_FOUND' });
    const { reference } = await aChallengedPayment();
    const bad = await request(t.app).post(`/api/Payments/TestChallenge/${reference}`).send({ Outcome: 'maybe' }).expect(400);
    expect(Object.keys(bad.body.ModelState)).toEqual(['Outcome']);
    await request(t.app).post('/api/Payments/TestChallenge/nope').send({ Outcome: 'approve' }).expect(400);
  });

  it('is listed in the OpenAPI document (the POST; the page is for browsers)', async () => {
    const document = (await request(t.app).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths['/api/Payments/TestChallenge/{reference}'] ?? {})).toEqual(['post']);
  });
});
