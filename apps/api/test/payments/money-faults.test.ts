import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@hotel/domain/dates';
import { startFakeStripe, type FakeStripe } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { findLedgerBreaches } from '../../src/booking';
import { findDamage } from '../faults/fault-fixture';
import { findBooked, type Booked } from '../manage-booking/manage-fixture';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { request } from '../support/request';
import type { TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';
import { rows, stripePaymentMethod, stripeProperty, WEBHOOK_SECRET } from './stripe-fixture';
import {
  MONEY_FAULTS,
  moneyFaults,
  postWebhook,
  sendGuestChange,
  randomSource,
  settleEverything,
  stripeFaultApp,
  webhookDeliverer,
  type MoneyFault,
  type RandomSource,
} from './money-fault-kit';

/**
 * Money at the borders (decision 0011): 200 randomised runs over a booking's life, each with a
 * fault injected at one step's boundary with Stripe (the local fake) or the database, clients
 * that retry with their Idempotency-Key or give up, webhooks sent twice and out of order, and
 * the reconciler run afterwards. Then Stripe's books and ours must agree to the penny for every
 * booking, nothing may be held or taken for a booking that does not keep it, and no booking may
 * stand without its money.
 *
 * The properties: AUTO takes the money at booking, HELD holds it for the hotel to capture. Their
 * Double for two on the flexible rate is 100 a night, 140 on Friday and Saturday nights, VAT
 * included, free to cancel until 48 hours before arrival (every stay here is weeks away); a gift
 * voucher takes 50 off. Today is Monday 1 March 2027.
 *
 * A failing run prints its seed: MONEY_FAULT_SEED=<seed> runs the same runs again (MONEY_FAULT_RUNS: how many).
 */
const SEED = Number(process.env.MONEY_FAULT_SEED ?? 20_261_128);
const RUNS = Number(process.env.MONEY_FAULT_RUNS ?? 200);
const ADMIN = { 'X-Api-Key': 'test-admin-key-0123456789' };
const VOUCHERS_PER_PROPERTY = 60;

/** A night's price, in pounds: the flexible rate's Double for two. */
const nightPrice = (night: string) => ([5, 6].includes(new Date(`${night}T00:00:00Z`).getUTCDay()) ? 140 : 100);
const stayPrice = (from: string, to: string) => {
  let total = 0;
  for (let night = from; night < to; night = addDays(night, 1)) total += nightPrice(night);
  return total;
};

const faultProperty = (code: string, captureMethod: 'automatic' | 'manual') =>
  stripeProperty(captureMethod, {
    Code: code,
    ManageBookingConfiguration: { CheckInTime: '15:00' },
    RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
      plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
    ),
    GiftVouchers: Array.from({ length: VOUCHERS_PER_PROPERTY }, (_, i) => ({ Code: `${code}-GIFT-${i}`, Balance: 50 })),
  });

type Property = { code: string; captureMethod: 'automatic' | 'manual'; ids: Ids; vouchersUsed: number };
type Step = 'create' | 'amend-dearer' | 'amend-cheaper' | 'cancel' | 'capture';
type Answer = { step: Step; attempt: number; status: number; number?: string; message?: string };
type Run = {
  n: number;
  property: string;
  card: string;
  voucher: boolean;
  fault: MoneyFault;
  faultAt: Step;
  steps: Step[];
  answers: Answer[];
  /** A refund Stripe failed after it was made. */
  refundFailed?: number;
};

let fake: FakeStripe;
let t: TestApp;
let faults: ReturnType<typeof moneyFaults>;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  // Shorter patience than production's, so a fault costs little time: 300 ms, one retry.
  fake.delayMs = 600;
  t = await stripeFaultApp(fake, 300);
  faults = moneyFaults(t, fake, { retries: 1 });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe.runIf(onRealPostgres())('money at the borders: randomised runs with a fault at every step (Stripe, PostgreSQL)', () => {
  it(`${RUNS} runs over create, amend dearer and cheaper, cancel and capture: Stripe's books and ours agree, nothing moved twice`, async () => {
    const properties: Property[] = [];
    for (const [code, captureMethod] of [
      ['AUTO', 'automatic'],
      ['HELD', 'manual'],
    ] as const) {
      properties.push({ code, captureMethod, ids: await givenBookingProperty(t, faultProperty(code, captureMethod)), vouchersUsed: 0 });
    }
    const random = randomSource(SEED);
    const runs: Run[] = [];
    const webhooks = webhookDeliverer(
      random,
      () =>
        fake.events.map((entry) => ({
          payload: entry.payload,
          signature: entry.signature,
          name: `${entry.event.type} ${entry.event.data.object.id}`,
        })),
      postWebhook(t, 'stripe', 'Stripe-Signature'),
    );
    const explain = () =>
      `seed ${SEED} (MONEY_FAULT_SEED runs it again)\n${runs
        .slice(-8)
        .map((run) => JSON.stringify(run))
        .join('\n')}`;

    for (let n = 0; n < RUNS; n += 1) {
      const run = await oneRun(n, random, properties);
      runs.push(run);
      // Webhooks come when they come: some now, some later, some twice, out of order.
      if (random.chance(0.5)) await webhooks.deliverSome(explain);
    }
    // Whatever is still to come arrives, and the reconciler (and the release of abandoned bank
    // checks) runs as time passes, until nothing awaits an answer.
    await webhooks.deliverSome(explain, { all: true });
    await settleEverything(t, webhooks, explain, () => faults.endSearchOutage());

    // No answer was a 500, whatever failed.
    const answers = runs.flatMap((run) => run.answers.map((answer) => ({ run: run.n, ...answer })));
    expect(
      answers.filter((answer) => answer.status >= 500 && answer.status !== 503),
      explain(),
    ).toEqual([]);
    // Every kind of fault was injected, at every step.
    expect(new Set(runs.map((run) => run.fault)), explain()).toEqual(new Set(MONEY_FAULTS));
    expect(new Set(runs.filter((run) => run.fault !== 'none').map((run) => run.faultAt)), explain()).toEqual(
      new Set(['create', 'amend-dearer', 'amend-cheaper', 'cancel', 'capture']),
    );

    await expectBooksAgree(runs, properties, explain);
  }, 900_000);
});

/** One run: a booking, maybe a step after it, a fault at one of them, clients retrying or not. */
async function oneRun(n: number, random: RandomSource, properties: Property[]): Promise<Run> {
  const property = random.pick(properties);
  const card = random.weighted([
    ['4242424242424242', 14],
    ['4000002760003184', 3],
    ['4000000000000002', 2],
  ]);
  const voucher = random.chance(0.15) && property.vouchersUsed < VOUCHERS_PER_PROPERTY;
  const after = random.weighted<Step | 'nothing'>([
    ['nothing', 2],
    ['amend-dearer', 3],
    ['amend-cheaper', 3],
    ['cancel', 3],
    ['capture', property.captureMethod === 'manual' ? 3 : 0],
  ]);
  const steps: Step[] = after === 'nothing' ? ['create'] : ['create', after];
  const fault = random.pick(faults.kinds);
  const faultAt = random.pick(steps);
  const run: Run = { n, property: property.code, card, voucher, fault, faultAt, steps, answers: [] };

  const from = addDays('2027-04-05', random.int(0, 90));
  const to = addDays(from, after === 'amend-cheaper' ? random.int(2, 3) : random.int(1, 3));
  const body = aBooking(property.ids, {
    DateFrom: from,
    DateTo: to,
    Booker: { ...(aBooking(property.ids).Booker as object), Email: `guest-${n}@example.com` },
    CardDetails: { NameOnCard: 'Ada Lovelace' },
    PaymentMethodId: await stripePaymentMethod(fake, card),
    Rooms: [aRoom(property.ids, { DateFrom: from, DateTo: to, TotalCost: stayPrice(from, to) })],
    ...(voucher ? { HopGiftVoucherCode: `${property.code}-GIFT-${property.vouchersUsed++}` } : {}),
  });

  const created = await withFault(run, 'create', random, () =>
    request(t.app).post('/api/Reservation/Create').set('Idempotency-Key', `run-${n}-create`).send(body),
  );
  if (created?.status !== 200) return run;
  const answer = created.body as { ReservationNumber: string; ConfirmationToken: string; ChallengeUrl?: string | null };
  if (answer.ChallengeUrl) {
    // The bank's check: passed, failed or left; the guest comes back (or not) to the status page.
    const outcome = random.weighted<'complete' | 'fail' | 'leave'>([
      ['complete', 3],
      ['fail', 1],
      ['leave', 1],
    ]);
    if (outcome !== 'leave') fake.answerChallenge(answer.ChallengeUrl.split('/').at(-1)!, outcome);
    if (outcome !== 'leave' && random.chance(0.6)) {
      await request(t.app)
        .get('/api/Reservation/Status')
        .query({ propertyId: property.ids.propertyId, referenceNumber: answer.ConfirmationToken })
        .expect(200);
    }
  }
  if (after === 'nothing') return run;
  const [standing] = await rows(t, sql`SELECT status FROM reservations WHERE reservation_number = ${answer.ReservationNumber}`);
  if (standing?.status !== 'confirmed') return run;
  const booked = await findBooked(t, property.ids, answer);
  await withFault(run, after, random, () => stepAfter(after, property, booked, `run-${n}-${after}`));
  // Now and then the card's bank sends a refund back (a card closed meanwhile): Stripe fails it after it was made.
  const refund = [...fake.refunds.values()].find((r) => r.metadata.reservation === booked.number && r.status === 'succeeded');
  if (refund && random.chance(0.2)) {
    fake.failRefund(refund.id);
    run.refundFailed = refund.amount;
  }
  return run;
}

/** The step after the booking, as its guest (or, for a capture, the hotel) sends it. */
async function stepAfter(step: Step, property: Property, booked: Booked, key: string) {
  const ids = property.ids;
  switch (step) {
    case 'amend-dearer':
    case 'amend-cheaper':
    case 'cancel':
      return sendGuestChange(t, ids, booked, step, key, stayPrice);
    case 'capture':
      return request(t.app).post(`/api/Admin/Reservations/${booked.number}/Capture`).set(ADMIN).set('Idempotency-Key', key).send({});
    case 'create':
      throw new Error('the booking is not a step after the booking');
  }
}

/**
 * Sends a step, with the run's fault injected when this is its step; a client that got no
 * final answer (503) sends it again with its key, up to twice, or gives up.
 */
async function withFault(
  run: Run,
  step: Step,
  random: RandomSource,
  send: () => Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; body: unknown } | undefined> {
  const injected = run.faultAt === step ? await faults.inject(run.fault) : undefined;
  let response: { status: number; body: unknown } | undefined;
  try {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      response = await send();
      const said = response.body as { ReservationNumber?: string; Message?: string };
      run.answers.push({ step, attempt, status: response.status, number: said.ReservationNumber, message: said.Message });
      await injected?.lift();
      if (response.status !== 503 || !random.chance(0.6)) break;
    }
  } finally {
    await injected?.end();
  }
  return response;
}

type BookingRow = {
  number: string;
  status: string;
  total: number;
  voucher: number;
  paid: number;
  held: number;
  refunded: number;
  cancelledByGuest: boolean;
  confirmations: number;
  voucherKept: number;
};

/** Stripe's books, ours and the inventory, every booking, to the penny. */
async function expectBooksAgree(runs: Run[], properties: Property[], explain: () => string): Promise<void> {
  const bookings = (await rows(
    t,
    sql`SELECT r.reservation_number AS number, r.status, r.total, r.voucher_discount AS voucher,
               r.amount_paid AS paid, r.amount_held AS held, r.amount_refunded AS refunded,
               EXISTS (SELECT 1 FROM reservation_changes c WHERE c.reservation_id = r.id AND c.action = 'cancel') AS "cancelledByGuest",
               (SELECT count(*) FROM mail_outbox m WHERE m.reservation_id = r.id AND m.kind = 'booking_confirmation')::int AS confirmations,
               coalesce((SELECT sum(CASE WHEN v.kind = 'spend' THEN v.amount ELSE -v.amount END) FROM voucher_redemptions v
                         WHERE v.reservation_id = r.id), 0)::int AS "voucherKept"
        FROM reservations r ORDER BY r.id`,
  )) as unknown as BookingRow[];
  const stripeBooks = fake.moneyByReservation();
  const books = (number: string) => stripeBooks[number] ?? { taken: 0, held: 0 };

  // Each run's key made at most one booking; no booking without a run.
  expect(bookings.length, explain()).toBeLessThanOrEqual(runs.length);
  for (const run of runs) {
    const numbers = new Set(run.answers.filter((a) => a.step === 'create' && a.status === 200).map((a) => a.number));
    expect(numbers.size, explain()).toBeLessThanOrEqual(1);
  }

  // Our ledger: authorised - voided >= captured >= refunded, and the columns are what the movements say.
  expect(await findLedgerBreaches(t.database.db), explain()).toEqual([]);
  // Stripe's books and ours agree on every booking: taken is paid, held is held.
  const disagreements = bookings
    .filter((b) => books(b.number).taken !== b.paid || books(b.number).held !== b.held)
    .map((b) => ({ ...b, stripe: books(b.number) }));
  expect(disagreements, explain()).toEqual([]);
  // No money at Stripe for a booking we do not have.
  const known = new Set(bookings.map((b) => b.number));
  expect(
    Object.entries(stripeBooks).filter(([number, book]) => !known.has(number) && (book.taken !== 0 || book.held !== 0)),
    explain(),
  ).toEqual([]);
  // A refund Stripe failed after it was made is the guest's money again: shown to the operator
  // as refused, owed to the guest (and nothing else is).
  const { body: attention } = await request(t.app).get('/api/Admin/PaymentMovements').set(ADMIN).expect(200);
  const refusedRefunds = new Map<string, number>();
  for (const item of attention.Items as { ReservationNumber: string; Problem: string; Amount: number }[]) {
    expect(item.Problem, explain()).toBe('RefundRefused');
    refusedRefunds.set(item.ReservationNumber, (refusedRefunds.get(item.ReservationNumber) ?? 0) + Math.round(item.Amount * 100));
  }
  expect(refusedRefunds.size, explain()).toBe(runs.filter((run) => run.refundFailed !== undefined).length);
  const owedBack = (b: BookingRow) => refusedRefunds.get(b.number) ?? 0;
  // A booking that does not stand keeps nothing: a released one took nothing in the end, a
  // cancelled one gave back all it took and released all it held (every stay is inside its
  // free-cancellation window), its voucher part too.
  expect(
    bookings.filter((b) => b.status === 'cancelled' && (b.paid !== owedBack(b) || b.held !== 0 || b.voucherKept !== 0)),
    explain(),
  ).toEqual([]);
  // A booking that stands has its money: what it costs, less its voucher, was paid or is held.
  expect(
    bookings.filter((b) => b.status === 'confirmed' && (b.paid + b.held !== b.total + owedBack(b) || b.voucherKept !== b.voucher)),
    explain(),
  ).toEqual([]);
  // One confirmation for each booking that was ever confirmed, none for one that never was.
  expect(
    bookings.filter((b) => b.confirmations !== (b.status === 'confirmed' || b.cancelledByGuest ? 1 : 0)),
    explain(),
  ).toEqual([]);
  // Nothing moved twice: one PaymentIntent per movement that takes money, one refund per refund.
  const perMovement = new Map<string, number>();
  for (const intent of fake.paymentIntents.values())
    perMovement.set(intent.metadata.movement!, (perMovement.get(intent.metadata.movement!) ?? 0) + 1);
  for (const refund of fake.refunds.values())
    perMovement.set(refund.metadata.movement!, (perMovement.get(refund.metadata.movement!) ?? 0) + 1);
  expect(
    [...perMovement].filter(([, count]) => count > 1),
    explain(),
  ).toEqual([]);
  // The inventory counts exactly the rooms that stand.
  expect((await findDamage(t.database)).miscountedNights, explain()).toEqual([]);
  // The vouchers' balances are their movements'.
  const vouchers = await rows(
    t,
    sql`SELECT g.code, g.balance, g.initial_amount - coalesce((SELECT sum(CASE WHEN v.kind = 'spend' THEN v.amount ELSE -v.amount END)
                                                       FROM voucher_redemptions v WHERE v.gift_voucher_id = g.id), 0)::int AS expected
        FROM gift_vouchers g`,
  );
  expect(
    vouchers.filter((v) => v.balance !== v.expected),
    explain(),
  ).toEqual([]);
  expect(properties.reduce((sum, p) => sum + p.vouchersUsed, 0)).toBeGreaterThan(0);
}
