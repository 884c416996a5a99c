import { sql } from 'drizzle-orm';
import { addDays } from '@hotel/domain/dates';
import { expect } from 'vitest';
import type { FakeStripe } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { PAYMENT_HOLD_MINUTES, reconcileOverdueMovements } from '../../src/booking';
import { releaseAbandonedPayments } from '../../src/booking/abandoned-payments';
import { rawRows } from '../../src/database/raw-rows';
import { RECONCILE_AFTER_MS } from '../../src/payments';
import { oneRoomChange, type Booked } from '../manage-booking/manage-fixture';
import type { Ids } from '../reservation/reservation-fixture';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

/** A seeded source of choices (mulberry32), so a failing randomised run can be run again as it was. */
export type RandomSource = {
  /** In [0, 1). */
  next(): number;
  chance(probability: number): boolean;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** One of the choices, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  shuffle<T>(items: readonly T[]): T[];
};

export function randomSource(seed: number): RandomSource {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    chance: (probability) => next() < probability,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    weighted(choices) {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [choice, weight] of choices) {
        left -= weight;
        if (left < 0) return choice;
      }
      return choices.at(-1)![0];
    },
    shuffle(items) {
      const shuffled = [...items];
      for (let i = shuffled.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      return shuffled;
    },
  };
}

/** The calls that move money at Stripe: a PaymentIntent made, captured or cancelled, a refund made. */
export const STRIPE_MONEY_CALL = /^POST \/v1\/(payment_intents(\/[^/]+\/(capture|cancel))?|refunds)$/;

/**
 * The faults a step can meet at its boundary with Stripe or the database:
 * - `stripe-500`: every try of the next money call is answered 500, nothing done;
 * - `stripe-timeout`: every try is done but never answered (the client times out);
 * - `stripe-timeout-once`: the first try is done and never answered; the client's retry gets the saved answer;
 * - `stripe-500-after-success`: done (money moved), then answered 500, which its key replays ever after;
 * - `stripe-500-after-success-lookups-fail`: that, and the next lookups fail too;
 * - `stripe-drop-after-success`: done, then the connection cut;
 * - `stripe-slow`: done, answered after the client gave up;
 * - `stripe-timeout-search-lags`: every try done and never answered, and Stripe's search does not
 *   find it until the step is over (it may lag a minute): only the key keeps a retry from paying twice;
 * - `stripe-timeout-search-outage`: that, with search down until `endSearchOutage` (after the
 *   reconciler's first pass): the reconciler finds nothing and releases the booking, and only
 *   Stripe's event tells of the money taken, to be given back;
 * - `stripe-500-any` / `stripe-timeout-any`: the next Stripe call of any kind (a customer, a lookup);
 * - `db-refuses-answer`: the database refuses to record the provider's answer (the UPDATE of
 *   a pending movement), as a database failing between the provider's yes and the commit would.
 */
export const MONEY_FAULTS = [
  'none',
  'stripe-500',
  'stripe-timeout',
  'stripe-timeout-once',
  'stripe-500-after-success',
  'stripe-500-after-success-lookups-fail',
  'stripe-drop-after-success',
  'stripe-slow',
  'stripe-timeout-search-lags',
  'stripe-timeout-search-outage',
  'stripe-500-any',
  'stripe-timeout-any',
  'db-refuses-answer',
] as const;
export type MoneyFault = (typeof MONEY_FAULTS)[number];

/**
 * A fault injected between a provider's answer and its record: the database refuses the UPDATE
 * that would record a pending movement's outcome, as a database failing (or a process dying)
 * between the provider's yes and the commit would leave it.
 */
export async function refuseAnswers(t: TestApp): Promise<void> {
  await t.database.db.execute(
    sql.raw(
      `CREATE OR REPLACE FUNCTION refuse_payment_answer() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault: the answer cannot be recorded'; END $$`,
    ),
  );
  await t.database.db.execute(
    sql.raw(
      `CREATE TRIGGER refuse_payment_answer BEFORE UPDATE ON payments FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending') EXECUTE FUNCTION refuse_payment_answer()`,
    ),
  );
}

export async function allowAnswers(t: TestApp): Promise<void> {
  await t.database.db.execute(sql.raw('DROP TRIGGER IF EXISTS refuse_payment_answer ON payments'));
}

/**
 * An injected fault: `lift` once the step has had its first answer (the client's retries meet
 * what is left of it), `end` once the step is over. Both may be called more than once.
 */
export type InjectedFault = { lift(): Promise<void>; end(): Promise<void> };

/**
 * Injects the faults of MONEY_FAULTS into the fake and the app's database. `retries`: how many
 * times the app's Stripe client retries a call, so "every try" means every one.
 */
export function moneyFaults(t: TestApp, fake: FakeStripe, options: { retries: number }) {
  const tries = options.retries + 1;
  let searchOutage = false;

  return {
    kinds: MONEY_FAULTS,
    async inject(kind: MoneyFault): Promise<InjectedFault> {
      const path = STRIPE_MONEY_CALL;
      switch (kind) {
        case 'none':
          break;
        case 'stripe-500':
          fake.failNext('5xx', { count: tries, path });
          break;
        case 'stripe-timeout':
          fake.failNext('timeout', { count: tries, path });
          break;
        case 'stripe-timeout-once':
          fake.failNext('timeout', { count: 1, path });
          break;
        case 'stripe-500-after-success':
          fake.failNext('5xx-after', { count: 1, path });
          break;
        case 'stripe-500-after-success-lookups-fail':
          fake.failNext('5xx-after', { count: 1, path });
          break;
        case 'stripe-drop-after-success':
          fake.failNext('drop', { count: 1, path });
          break;
        case 'stripe-slow':
          fake.failNext('delay', { count: 1, path });
          break;
        case 'stripe-timeout-search-lags':
          fake.failNext('timeout', { count: tries, path });
          fake.searchLag(true);
          break;
        case 'stripe-timeout-search-outage':
          fake.failNext('timeout', { count: tries, path });
          fake.searchLag(true);
          searchOutage = true;
          break;
        case 'stripe-500-any':
          fake.failNext('5xx', { count: tries });
          break;
        case 'stripe-timeout-any':
          fake.failNext('timeout', { count: 1 });
          break;
        case 'db-refuses-answer':
          await refuseAnswers(t);
          break;
      }
      let lifted = false;
      const lift = async () => {
        if (lifted) return;
        lifted = true;
        fake.clearFaults();
        if (kind === 'db-refuses-answer') await allowAnswers(t);
        // The lookups of whoever asks next (the client's retry, a webhook, the reconciler) fail too.
        if (kind === 'stripe-500-after-success-lookups-fail') fake.failNext('5xx', { count: tries, path: /^GET / });
      };
      return {
        lift,
        async end() {
          await lift();
          fake.clearFaults();
          if (!searchOutage) fake.searchLag(false);
        },
      };
    },
    /** Stripe's search is back and has caught up with every PaymentIntent. */
    endSearchOutage() {
      searchOutage = false;
      fake.searchLag(false);
    },
  };
}

/** One signed provider event as a fake keeps it. */
export type HeldEvent = { payload: string; signature: string; name: string };

/**
 * A provider's events delivered late, shuffled, some twice, as Stripe and PayStack may send them.
 * One refused with a 503 (the provider could not be asked about it) is delivered again later, as
 * the provider does. `events` lists the fake's events so far, oldest first; `deliver` posts one
 * and answers its HTTP status.
 */
export function webhookDeliverer(random: RandomSource, events: () => readonly HeldEvent[], deliver: (event: HeldEvent) => Promise<number>) {
  let next = 0;
  let refused: HeldEvent[] = [];
  return {
    /** Delivers some of the events not delivered yet (all, with `all`), and those refused before. */
    async deliverSome(explain: () => string, options: { all?: boolean } = {}) {
      const all = events();
      const end = options.all ? all.length : random.int(next, all.length);
      const due = [...refused, ...all.slice(next, end)];
      next = end;
      refused = [];
      for (const event of random.shuffle(due.flatMap((entry) => (random.chance(0.3) ? [entry, entry] : [entry])))) {
        const status = await deliver(event);
        expect([200, 503], `${event.name}\n${explain()}`).toContain(status);
        if (status === 503 && !refused.includes(event)) refused.push(event);
      }
    },
    /** Events refused with a 503 and not yet taken in. */
    refused: () => refused.length,
  };
}

export type WebhookDeliverer = ReturnType<typeof webhookDeliverer>;

/** Posts an event to the app's webhook route of `provider`, signed in `signatureHeader`; answers the HTTP status. */
export const postWebhook =
  (t: TestApp, provider: 'stripe' | 'paystack', signatureHeader: string) =>
  async (event: HeldEvent): Promise<number> =>
    (
      await request(t.app)
        .post(`/api/Payments/Webhook/${provider}`)
        .set('Content-Type', 'application/json')
        .set(signatureHeader, event.signature)
        .send(event.payload)
    ).status;

/**
 * Time passes after the runs: abandoned bank checks are released, the reconciler asks after every
 * lost answer and the provider's events arrive, pass after pass, until nothing awaits an answer.
 * `afterReconciling` runs after each pass of the reconciler (a search outage ends).
 */
export async function settleEverything(
  t: TestApp,
  webhooks: WebhookDeliverer,
  explain: () => string,
  afterReconciling: () => void = () => undefined,
): Promise<void> {
  const started = t.context.clock.now().getTime();
  const step = Math.max(RECONCILE_AFTER_MS, PAYMENT_HOLD_MINUTES * 60_000) + 1_000;
  for (let pass = 1; pass <= 6; pass += 1) {
    t.setNow(new Date(started + pass * step));
    await releaseAbandonedPayments(t.context);
    await reconcileOverdueMovements(t.context);
    afterReconciling();
    await webhooks.deliverSome(explain, { all: true });
    const [open] = await rawRows<{ movements: number; bookings: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM payments WHERE status IN ('pending', 'requires_action'))::int AS movements,
                 (SELECT count(*) FROM reservations WHERE status = 'pending_payment')::int AS bookings`,
    );
    if (open!.movements === 0 && open!.bookings === 0 && webhooks.refused() === 0) return;
  }
  const left = await rawRows(
    t.database.db,
    sql`SELECT p.id, p.transaction_type, p.status, p.purpose, p.amount, p.last_error, r.reservation_number, r.status AS booking
        FROM payments p JOIN reservations r ON r.id = p.reservation_id
        WHERE p.status IN ('pending', 'requires_action') OR r.status = 'pending_payment'`,
  );
  throw new Error(`still awaiting an answer after the reconciler's passes: ${JSON.stringify(left)}\n${explain()}`);
}

/**
 * An app whose only card provider is Stripe at the fake, with less patience than production's so
 * a fault costs little time: `timeoutMs` a call, one retry (what `moneyFaults({ retries: 1 })` expects).
 */
export function stripeFaultApp(fake: FakeStripe, timeoutMs: number): Promise<TestApp> {
  return createTestApp({
    config: {
      payments: {
        test: false,
        stripe: {
          secretKey: 'sk_test_hotel',
          webhookSecret: fake.webhookSecret,
          apiUrl: new URL(fake.url),
          timeoutMs,
          maxNetworkRetries: 1,
        },
        stripeJsUrl: 'http://127.0.0.1:9/v3/',
      },
    },
  });
}

/**
 * What a guest sends after booking, through the manage-booking link: the stay a night longer
 * (dearer) or shorter (cheaper), priced by `stayPrice(from, to)` in major units, or cancelled.
 */
export async function sendGuestChange(
  t: TestApp,
  ids: Ids,
  booked: Booked,
  step: 'amend-dearer' | 'amend-cheaper' | 'cancel',
  key: string,
  stayPrice: (from: string, to: string) => number,
) {
  if (step === 'cancel')
    return request(t.app)
      .post('/api/ManageBooking/Cancel')
      .set('Idempotency-Key', key)
      .send({ PropertyId: ids.propertyId, ReservationId: booked.id, Code: booked.code });
  const room = (await oneRoomChange(t, ids, booked)).ReservationItems[0]!;
  const to = addDays(room.DateTo as string, step === 'amend-dearer' ? 1 : -1);
  const change = await oneRoomChange(t, ids, booked, { DateTo: to, TotalCost: stayPrice(room.DateFrom as string, to) });
  return request(t.app).post('/api/ManageBooking/Update').set('Idempotency-Key', key).send(change);
}
