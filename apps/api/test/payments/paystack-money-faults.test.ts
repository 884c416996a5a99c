import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@hotel/domain/dates';
import { findLedgerBreaches } from '../../src/booking';
import { findDamage } from '../faults/fault-fixture';
import { findBooked, type Booked } from '../manage-booking/manage-fixture';
import type { Ids } from '../reservation/reservation-fixture';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { startFakePaystack, type FakeCall, type FakePaystack } from '../support/fake-paystack.mjs';
import { request } from '../support/request';
import type { TestApp } from '../support/test-app';
import { PAYSTACK_SECRET, paystackApp } from './paystack-fixture';
import { onRealPostgres } from '../support/test-database';
import {
  allowAnswers,
  postWebhook,
  randomSource,
  refuseAnswers,
  sendGuestChange,
  settleEverything,
  webhookDeliverer,
  type RandomSource,
} from './money-fault-kit';
import { rows } from './stripe-fixture';

/**
 * Money at the borders with PayStack (decision 0011): randomised runs over a booking's life at a
 * PayStack property, each with a fault injected into one of PayStack's calls (or the database)
 * at one step, guests who pay, fail, cancel or leave PayStack's page and may never come back,
 * webhooks sent twice and out of order, then the hold's end and the reconciler. PayStack's books
 * and ours must agree to the kobo for every booking.
 *
 * The property PSNG sells a Double at ₦6,250.00 a night (625,000 kobo), VAT included, free to
 * cancel until 48 hours before arrival; today is Monday 1 March 2027 and every stay is weeks away.
 * PayStack takes no idempotency key: a transaction's reference is ours (the movement's key), and a
 * refund carries the key in its merchant_note, found again by listing refunds.
 */
const SEED = Number(process.env.MONEY_FAULT_SEED ?? 20_261_128);
const RUNS = Number(process.env.MONEY_FAULT_RUNS ?? 200);
const SECRET = PAYSTACK_SECRET;
const NIGHT = 6_250;
/** A stay of `from` to `to` at PSNG, in naira. */
const stayPrice = (from: string, to: string) => NIGHT * Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

type Step = 'create' | 'return' | 'amend-dearer' | 'amend-cheaper' | 'cancel';
/** The PayStack call each step makes. */
const CALL_OF: Record<Step, FakeCall> = {
  create: 'initialize',
  return: 'verify',
  'amend-dearer': 'charge_authorization',
  'amend-cheaper': 'refund',
  cancel: 'refund',
};
const FAULTS = [
  'none',
  'paystack-500',
  'paystack-hang',
  'paystack-500-after-success',
  'paystack-drop-after-success',
  'lookups-fail',
  'db-refuses-answer',
] as const;
type Fault = (typeof FAULTS)[number];
type Answer = { step: Step; attempt: number; status: number };
type Run = {
  n: number;
  fault: Fault;
  faultAt: Step;
  checkout: string;
  answers: Answer[];
  /** A refund PayStack failed after it accepted it. */
  refundFailed?: number;
};

let fake: FakePaystack;
let t: TestApp;
let ids: Ids;

beforeAll(async () => {
  // PayStack's clock is the API's: a refund is looked up from about when its movement was recorded.
  fake = await startFakePaystack({ secretKey: SECRET, now: () => t?.context.clock.now() ?? new Date() });
  fake.hangMs = 600;
  // Every event held, for the test to deliver late, out of order and twice.
  fake.holdWebhooks(true);
  t = await paystackApp(fake, { testGateway: false });
  await givenDefinition(
    t.context,
    aDefinition(
      aProperty({
        Code: 'PSNG',
        Currency: 'NGN',
        StandardVatRate: 7.5,
        IsStandardTaxExclusive: false,
        Payments: { Provider: 'paystack' },
        ManageBookingConfiguration: { CheckInTime: '15:00' },
        RoomTypes: [{ Code: 'DBL', Name: 'Double', Rooms: Array.from({ length: 20 }, (_, i) => String(101 + i)), MaximumOccupancy: 2 }],
        RatePlans: [{ Code: 'BAR', Name: 'Flexible', CancellationDeadlineHours: 48, Prices: [{ RoomType: 'DBL', BaseRate: NIGHT }] }],
      }),
    ),
  );
  const [row] = await rows(
    t,
    sql`SELECT p.id AS "propertyId", rt.id AS "roomTypeId", rp.id AS "ratePlanId"
        FROM properties p JOIN room_types rt ON rt.property_id = p.id JOIN rate_plans rp ON rp.property_id = p.id WHERE p.code = 'PSNG'`,
  );
  ids = {
    propertyId: row!.propertyId as number,
    roomTypes: { DBL: row!.roomTypeId as number },
    ratePlans: { BAR: row!.ratePlanId as number },
    services: {},
  };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Injects a fault into PayStack's next `call` (or the database), lifted by the function it answers. */
async function inject(fault: Fault, call: FakeCall): Promise<() => Promise<void>> {
  switch (fault) {
    case 'none':
      break;
    case 'paystack-500':
      fake.faultNext(call, '5xx', { times: 3 });
      break;
    case 'paystack-hang':
      fake.faultNext(call, 'hang', { times: 3 });
      break;
    case 'paystack-500-after-success':
      fake.faultNext(call, '5xx-after');
      break;
    case 'paystack-drop-after-success':
      fake.faultNext(call, 'drop');
      break;
    case 'lookups-fail':
      fake.faultNext(call, '5xx-after');
      fake.faultNext('verify', '5xx', { times: 3 });
      fake.faultNext('list_refunds', '5xx', { times: 3 });
      break;
    case 'db-refuses-answer':
      await refuseAnswers(t);
      break;
  }
  return async () => {
    await allowAnswers(t);
    fake.clearFaults();
  };
}

describe.runIf(onRealPostgres())('money at the borders: randomised runs with a fault at every step (PayStack, PostgreSQL)', () => {
  it(`${RUNS} runs over checkout, return, amend dearer and cheaper and cancel: PayStack's books and ours agree, nothing moved twice`, async () => {
    const random = randomSource(SEED);
    const runs: Run[] = [];
    const webhooks = webhookDeliverer(
      random,
      () => fake.heldWebhooks.map((entry) => ({ payload: entry.body, signature: entry.signature, name: entry.event })),
      postWebhook(t, 'paystack', 'x-paystack-signature'),
    );
    const explain = () =>
      `seed ${SEED}\n${runs
        .slice(-6)
        .map((run) => JSON.stringify(run))
        .join('\n')}`;
    for (let n = 0; n < RUNS; n += 1) {
      runs.push(await oneRun(n, random));
      if (random.chance(0.5)) await webhooks.deliverSome(explain);
    }
    await webhooks.deliverSome(explain, { all: true });
    await settleEverything(t, webhooks, explain);

    // Every kind of fault was injected, at every step.
    expect(new Set(runs.map((run) => run.fault)), explain()).toEqual(new Set(FAULTS));
    expect(new Set(runs.filter((run) => run.fault !== 'none').map((run) => run.faultAt)), explain()).toEqual(new Set(Object.keys(CALL_OF)));
    const answers = runs.flatMap((run) => run.answers.map((answer) => ({ run: run.n, ...answer })));
    expect(
      answers.filter((answer) => answer.status >= 500 && answer.status !== 503),
      explain(),
    ).toEqual([]);
    await expectBooksAgree(runs, explain);
  }, 900_000);
});

async function oneRun(n: number, random: RandomSource): Promise<Run> {
  const after = random.weighted<Step | 'nothing'>([
    ['nothing', 1],
    ['amend-dearer', 2],
    ['amend-cheaper', 2],
    ['cancel', 2],
  ]);
  const checkout = random.weighted<'pay' | 'fail' | 'cancel' | 'leave'>([
    ['pay', 7],
    ['fail', 1],
    ['cancel', 1],
    ['leave', 1],
  ]);
  const steps: Step[] = after === 'nothing' ? ['create', 'return'] : ['create', 'return', after];
  const run: Run = { n, fault: random.pick(FAULTS), faultAt: random.pick(steps), checkout, answers: [] };

  const from = addDays('2027-04-05', random.int(0, 90));
  const to = addDays(from, after === 'amend-cheaper' ? random.int(2, 3) : random.int(1, 3));
  const body = {
    LanguageCode: 'en',
    PropertyId: ids.propertyId,
    DateFrom: from,
    DateTo: to,
    Booker: { FirstName: 'Chidi', LastName: 'Okafor', Email: `guest-${n}@example.com`, Phone: '+2348012345678', CountryId: 566 },
    PaymentType: 'PayByPayStack',
    Rooms: [
      {
        ReservationItemId: 1,
        DateFrom: from,
        DateTo: to,
        RoomTypeId: ids.roomTypes.DBL,
        RatePlanId: ids.ratePlans.BAR,
        NumberOfAdults: 2,
        NumberOfChildren: 0,
        NumberOfInfants: 0,
        Guests: [{ FirstName: 'Chidi', LastName: 'Okafor' }],
        Services: [],
        TotalCost: stayPrice(from, to),
      },
    ],
  };
  const created = await withFault(run, 'create', random, () =>
    request(t.app).post('/api/Reservation/Create').set('Idempotency-Key', `paystack-run-${n}`).send(body),
  );
  if (created?.status !== 200) return run;
  const answer = created.body as { ReservationNumber: string; ConfirmationToken: string; ChallengeUrl: string };
  if (checkout === 'leave') return run;

  // The guest on PayStack's page: Pay, Fail or Cancel, redirected back to us (or not).
  const page = await fetch(`${answer.ChallengeUrl}/${checkout}`, { method: 'POST', redirect: 'manual' });
  const back = new URL(page.headers.get('location')!, 'http://localhost');
  if (random.chance(0.75)) await withFault(run, 'return', random, () => request(t.app).get(`${back.pathname}${back.search}`));
  if (after === 'nothing') return run;
  const [standing] = await rows(t, sql`SELECT status FROM reservations WHERE reservation_number = ${answer.ReservationNumber}`);
  if (standing?.status !== 'confirmed') return run;
  const booked = await findBooked(t, ids, answer);
  await withFault(run, after, random, () => stepAfter(after, booked, `paystack-run-${n}-${after}`));
  // Now and then a refund PayStack accepted fails on the bank's side (refund.failed).
  const refund = fake.refunds.find((r) => r.transaction.startsWith(`${booked.number}-`) && r.status === 'pending');
  if (refund && random.chance(0.2)) {
    fake.settleRefund(refund.id, 'failed');
    run.refundFailed = refund.amount;
  }
  return run;
}

function stepAfter(step: Step, booked: Booked, key: string) {
  if (step === 'create' || step === 'return') throw new Error(`${step} is not a step after the booking`);
  return sendGuestChange(t, ids, booked, step, key, stayPrice);
}

async function withFault(run: Run, step: Step, random: RandomSource, send: () => Promise<{ status: number; body: unknown }>) {
  const lift = run.faultAt === step ? await inject(run.fault, CALL_OF[step]) : undefined;
  let response: { status: number; body: unknown } | undefined;
  try {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      response = await send();
      run.answers.push({ step, attempt, status: response.status });
      await lift?.();
      if (response.status !== 503 || !random.chance(0.6)) break;
    }
  } finally {
    await lift?.();
  }
  return response;
}

async function expectBooksAgree(runs: Run[], explain: () => string): Promise<void> {
  const bookings = await rows(
    t,
    sql`SELECT r.reservation_number AS number, r.status, r.total, r.amount_paid AS paid, r.amount_held AS held
        FROM reservations r ORDER BY r.id`,
  );
  const books = fake.moneyByReservation();
  const takenBy = (number: unknown) => books[String(number)]?.taken ?? 0;
  expect(await findLedgerBreaches(t.database.db), explain()).toEqual([]);
  // PayStack's books and ours agree on every booking.
  expect(
    bookings.filter((b) => takenBy(b.number) !== b.paid).map((b) => ({ ...b, paystack: books[String(b.number)] })),
    explain(),
  ).toEqual([]);
  const known = new Set(bookings.map((b) => String(b.number)));
  expect(
    Object.entries(books).filter(([number, book]) => !known.has(number) && book.taken !== 0),
    explain(),
  ).toEqual([]);
  // A refund PayStack failed after accepting it is the guest's money again: shown to the operator
  // as refused and owed to the guest (and nothing else is).
  const { body: attention } = await request(t.app)
    .get('/api/Admin/PaymentMovements')
    .set('X-Api-Key', 'test-admin-key-0123456789')
    .expect(200);
  const owed = new Map<string, number>();
  for (const item of attention.Items as { ReservationNumber: string; Problem: string; Amount: number }[]) {
    expect(item.Problem, explain()).toBe('RefundRefused');
    owed.set(item.ReservationNumber, (owed.get(item.ReservationNumber) ?? 0) + Math.round(item.Amount * 100));
  }
  expect(owed.size, explain()).toBe(runs.filter((run) => run.refundFailed !== undefined).length);
  const owedBack = (b: Record<string, unknown>) => owed.get(String(b.number)) ?? 0;
  // A booking that does not stand keeps nothing; one that stands has all its money.
  expect(
    bookings.filter((b) => b.status === 'cancelled' && b.paid !== owedBack(b)),
    explain(),
  ).toEqual([]);
  expect(
    bookings.filter((b) => b.status === 'confirmed' && b.paid !== Number(b.total) + owedBack(b)),
    explain(),
  ).toEqual([]);
  // No refund made twice: each carries its movement's key in its merchant_note.
  const notes = fake.refunds.map((refund) => refund.merchantNote);
  expect(
    notes.filter((note, i) => notes.indexOf(note) !== i),
    explain(),
  ).toEqual([]);
  expect((await findDamage(t.database)).miscountedNights, explain()).toEqual([]);
}
