import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { STRIPE_API_VERSION } from '../../src/payments/stripe-gateway';

/**
 * The local fakes of Stripe and PayStack behave as the providers document, faults included: what
 * the API's tests of "money moves once" stand on. Over real HTTP: Stripe through its own SDK set up
 * as stripe-gateway.ts sets it up (with its retries under the same idempotency key), PayStack
 * through fetch. Every wait is for an event (an answer, a held request, a delivered webhook); the
 * clients' timeouts are the only clocks, and only where a hang is what is tested.
 */

/** One delivery our webhook endpoint received. */
type Delivery = { body: string; headers: IncomingHttpHeaders };

/** A webhook endpoint of our own that keeps every delivery and answers 200; `until(check)` waits for deliveries that pass. */
async function startWebhookEndpoint() {
  const deliveries: Delivery[] = [];
  const waiting: { check: () => boolean; resolve: () => void }[] = [];
  const wake = () => {
    for (const waiter of waiting.filter(({ check }) => check())) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    deliveries,
    /** Resolves once `check` holds: at once if it already does, else after the delivery that makes it hold. */
    until: (check: () => boolean) =>
      new Promise<void>((resolve) => {
        waiting.push({ check, resolve });
        wake();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type WebhookEndpoint = Awaited<ReturnType<typeof startWebhookEndpoint>>;

describe('the fake Stripe', () => {
  const SECRET = 'sk_test_fakes';
  const WEBHOOK_SECRET = 'whsec_fakes';
  const CREATE_INTENT = /^POST \/v1\/payment_intents$/;
  let fake: FakeStripe;
  let endpoint: WebhookEndpoint;

  /** The SDK as stripe-gateway.ts sets it up, pointed at the fake, with the timeout and retries a test needs. */
  const stripeSdk = (key: string, { timeout = 20_000, maxNetworkRetries = 2 } = {}) => {
    const api = new URL(fake.url);
    return new Stripe(key, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries,
      timeout,
      host: api.hostname,
      port: api.port,
      protocol: 'http',
      appInfo: { name: 'hotel-booking-engine' },
    });
  };

  /** What Stripe.js does in the browser, with the publishable key: a pm_ of a test card. */
  const paymentMethod = async (number = '4242424242424242') =>
    (
      await stripeSdk('pk_test_fakes').paymentMethods.create({
        type: 'card',
        card: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
      })
    ).id;

  /** A booking's PaymentIntent, confirmed at once: £240.00, 24,000 pence, as stripe-gateway.ts asks it. */
  const intentOf = async (reservation: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) => ({
    amount: 24_000,
    currency: 'gbp',
    payment_method: await paymentMethod(),
    confirm: true,
    metadata: { reservation },
    ...extra,
  });

  /** The requests that reached the fake with this idempotency key. */
  const sentWith = (key: string) => fake.requests.filter((request) => request.idempotencyKey === key);

  type DeliveredObject = { id: string; object: string; metadata?: Record<string, string> };
  /** The webhook events our endpoint received about a reservation (its objects' metadata), checked with Stripe's own signature check. */
  const deliveredFor = (reservation: string) =>
    endpoint.deliveries
      .map((delivery) => {
        const event = stripeSdk(SECRET).webhooks.constructEvent(
          delivery.body,
          String(delivery.headers['stripe-signature']),
          WEBHOOK_SECRET,
        );
        return { id: event.id, type: event.type, object: event.data.object as unknown as DeliveredObject };
      })
      .filter((event) => event.object.metadata?.reservation === reservation);
  /** Waits until `count` events about the reservation have been delivered; answers them in the order they came. */
  const delivered = async (reservation: string, count: number) => {
    await endpoint.until(() => deliveredFor(reservation).length >= count);
    return deliveredFor(reservation);
  };

  beforeAll(async () => {
    endpoint = await startWebhookEndpoint();
    fake = await startFakeStripe({ webhookUrl: endpoint.url, webhookSecret: WEBHOOK_SECRET });
  });
  afterAll(async () => {
    await fake.close();
    await endpoint.close();
  });

  describe('faults on command', () => {
    it('timeout: done but never answered; the SDK retries with the same key and gets the first answer, the money taken once', async () => {
      fake.failNext('timeout', { path: CREATE_INTENT });
      const intent = await stripeSdk(SECRET, { timeout: 300 }).paymentIntents.create(await intentOf('TIMEOUT1'), {
        idempotencyKey: 'TIMEOUT1:authorise',
      });
      expect(intent.status).toBe('succeeded');
      // Sent twice, done once.
      expect(sentWith('TIMEOUT1:authorise')).toHaveLength(2);
      expect(fake.moneyByReservation().TIMEOUT1).toEqual({ currency: 'gbp', taken: 24_000, held: 0, paymentIntents: [intent.id] });
    });

    it('5xx: not done, answered 500 api_error; the same key later does it, once', async () => {
      fake.failNext('5xx', { path: CREATE_INTENT });
      const once = stripeSdk(SECRET, { maxNetworkRetries: 0 });
      const params = await intentOf('FIVEXX1');
      await expect(once.paymentIntents.create(params, { idempotencyKey: 'FIVEXX1:authorise' })).rejects.toMatchObject({
        type: 'StripeAPIError',
        statusCode: 500,
        raw: { type: 'api_error' },
      });
      expect(fake.moneyByReservation().FIVEXX1).toBeUndefined();
      const intent = await once.paymentIntents.create(params, { idempotencyKey: 'FIVEXX1:authorise' });
      expect(fake.moneyByReservation().FIVEXX1).toMatchObject({ taken: 24_000, paymentIntents: [intent.id] });
    });

    it('5xx-after: done, then 500; every retry with the key gets the same 500 while the money was taken', async () => {
      fake.failNext('5xx-after', { path: CREATE_INTENT });
      const params = await intentOf('AFTER1');
      const key = { idempotencyKey: 'AFTER1:authorise' };
      // The SDK tries three times (maxNetworkRetries 2): Stripe replays the 500 it saved for the key.
      await expect(stripeSdk(SECRET).paymentIntents.create(params, key)).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
      expect(sentWith(key.idempotencyKey)).toHaveLength(3);
      await expect(stripeSdk(SECRET, { maxNetworkRetries: 0 }).paymentIntents.create(params, key)).rejects.toMatchObject({
        statusCode: 500,
      });
      const [taken] = fake.ledger().filter((line) => line.metadata.reservation === 'AFTER1');
      expect(taken).toMatchObject({ amount_received: 24_000, status: 'succeeded' });
      // Only a lookup tells a reconciler what happened: the PaymentIntent as Stripe has it.
      expect((await stripeSdk(SECRET).paymentIntents.retrieve(taken!.id)).status).toBe('succeeded');
    });

    it('drop: done, then the connection cut without an answer; the SDK retries and gets the first answer', async () => {
      fake.failNext('drop', { path: CREATE_INTENT });
      const intent = await stripeSdk(SECRET).paymentIntents.create(await intentOf('DROP1'), { idempotencyKey: 'DROP1:authorise' });
      expect(sentWith('DROP1:authorise')).toHaveLength(2);
      expect(fake.moneyByReservation().DROP1).toEqual({ currency: 'gbp', taken: 24_000, held: 0, paymentIntents: [intent.id] });
    });

    it('delay: done at once, answered late; a patient client gets the answer, an impatient one its retry’s replay', async () => {
      fake.delayMs = 1_000;
      fake.failNext('delay', { path: CREATE_INTENT });
      const answer = stripeSdk(SECRET).paymentIntents.create(await intentOf('DELAY1'), { idempotencyKey: 'DELAY1:authorise' });
      // Stripe's event comes before its answer: the money is already taken.
      const [event] = await delivered('DELAY1', 1);
      expect(event).toMatchObject({ type: 'payment_intent.succeeded' });
      expect(fake.moneyByReservation().DELAY1).toMatchObject({ taken: 24_000, paymentIntents: [event!.object.id] });
      expect((await answer).id).toBe(event!.object.id);

      fake.delayMs = 2_000;
      fake.failNext('delay', { path: CREATE_INTENT });
      const retried = await stripeSdk(SECRET, { timeout: 300 }).paymentIntents.create(await intentOf('DELAY2'), {
        idempotencyKey: 'DELAY2:authorise',
      });
      expect(sentWith('DELAY2:authorise')).toHaveLength(2);
      expect(fake.moneyByReservation().DELAY2).toMatchObject({ taken: 24_000, paymentIntents: [retried.id] });
    });

    it('pause: held before it is done; the same key meanwhile is a 409; released, it is done though its client has gone', async () => {
      fake.failNext('pause', { path: CREATE_INTENT });
      const params = await intentOf('PAUSE1');
      const key = { idempotencyKey: 'PAUSE1:authorise' };
      const impatient = stripeSdk(SECRET, { timeout: 300, maxNetworkRetries: 0 });
      const first = impatient.paymentIntents.create(params, key).then(
        () => 'answered',
        (error: unknown) => error,
      );
      expect(await fake.waitForPaused(1)).toEqual([{ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'PAUSE1:authorise' }]);
      expect(fake.moneyByReservation().PAUSE1).toBeUndefined();
      // Stripe is still doing the first request with this key.
      await expect(impatient.paymentIntents.create(params, key)).rejects.toMatchObject({
        statusCode: 409,
        code: 'idempotency_key_in_use',
        raw: { type: 'invalid_request_error' },
      });
      // The first request's client gives up (the API process could as well have died).
      expect(await first).toBeInstanceOf(Stripe.errors.StripeConnectionError);
      await fake.releasePaused();
      const [done] = fake.ledger().filter((line) => line.metadata.reservation === 'PAUSE1');
      expect(done).toMatchObject({ amount_received: 24_000, status: 'succeeded' });
      // Asked again with the key, Stripe answers what it did.
      expect((await stripeSdk(SECRET).paymentIntents.create(params, key)).id).toBe(done!.id);
    });

    it('refuses a key used again with other parameters: 400 idempotency_error', async () => {
      const sdk = stripeSdk(SECRET, { maxNetworkRetries: 0 });
      const params = await intentOf('MISMATCH1');
      await sdk.paymentIntents.create(params, { idempotencyKey: 'MISMATCH1:authorise' });
      await expect(
        sdk.paymentIntents.create({ ...params, amount: 1_000 }, { idempotencyKey: 'MISMATCH1:authorise' }),
      ).rejects.toMatchObject({
        type: 'StripeIdempotencyError',
        statusCode: 400,
      });
      expect(fake.moneyByReservation().MISMATCH1).toMatchObject({ taken: 24_000 });
    });

    it('fails only the calls its path names, in the order asked; the count form still works', async () => {
      fake.failNext('5xx', { path: CREATE_INTENT });
      fake.failNext('5xx', { path: 'POST /v1/customers', count: 2 });
      const sdk = stripeSdk(SECRET, { maxNetworkRetries: 0 });
      // A lookup is not a PaymentIntent creation: untouched.
      await expect(sdk.paymentIntents.search({ query: "metadata['reservation']:'NONE'" })).resolves.toMatchObject({ data: [] });
      await expect(sdk.customers.create({})).rejects.toMatchObject({ statusCode: 500 });
      await expect(sdk.customers.create({})).rejects.toMatchObject({ statusCode: 500 });
      const customer = await sdk.customers.create({ metadata: { reservation: 'PATH1' } });
      await expect(sdk.paymentIntents.create(await intentOf('PATH1', { customer: customer.id }))).rejects.toMatchObject({
        statusCode: 500,
      });
      fake.failNext('5xx', 1);
      await expect(sdk.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 500 });
      expect(await sdk.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, metadata: { reservation: 'PATH1' } });
    });
  });

  describe('lookups a reconciler makes', () => {
    it('searches PaymentIntents by metadata and status (AND, both quote forms), a page at a time', async () => {
      const sdk = stripeSdk(SECRET);
      const first = await sdk.paymentIntents.create(await intentOf('SEARCH1'));
      const second = await sdk.paymentIntents.create(await intentOf('SEARCH1', { capture_method: 'manual' }));
      await sdk.paymentIntents.create(await intentOf('SEARCH2'));

      const found = await sdk.paymentIntents.search({ query: `metadata['reservation']:'SEARCH1' AND status:'succeeded'` });
      expect(found).toMatchObject({ object: 'search_result', has_more: false, next_page: null, url: '/v1/payment_intents/search' });
      expect(found.data.map((intent) => intent.id)).toEqual([first.id]);

      const page = await sdk.paymentIntents.search({ query: 'metadata["reservation"]:"SEARCH1"', limit: 1 });
      expect(page).toMatchObject({ has_more: true, data: [{ id: second.id, status: 'requires_capture' }] });
      const next = await sdk.paymentIntents.search({ query: 'metadata["reservation"]:"SEARCH1"', limit: 1, page: page.next_page! });
      expect(next).toMatchObject({ has_more: false, next_page: null, data: [{ id: first.id }] });

      await expect(sdk.paymentIntents.search({ query: 'reservation = SEARCH1' })).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        param: 'query',
      });
    });

    it('search lags behind writes when told to (as Stripe’s may by a minute); retrieving by id never does', async () => {
      const sdk = stripeSdk(SECRET);
      fake.searchLag();
      const intent = await sdk.paymentIntents.create(await intentOf('LAG1'));
      expect((await sdk.paymentIntents.search({ query: "metadata['reservation']:'LAG1'" })).data).toEqual([]);
      expect((await sdk.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
      fake.indexForSearch();
      expect((await sdk.paymentIntents.search({ query: "metadata['reservation']:'LAG1'" })).data.map((found) => found.id)).toEqual([
        intent.id,
      ]);
      fake.searchLag(false);
    });

    it('lists a PaymentIntent’s refunds newest first, a page at a time, and retrieves a refund and a customer', async () => {
      const sdk = stripeSdk(SECRET);
      const customer = await sdk.customers.create({ metadata: { reservation: 'REFUNDS1' } });
      const intent = await sdk.paymentIntents.create(await intentOf('REFUNDS1', { customer: customer.id }));
      // £240.00 taken; £30.00 and then £20.00 given back.
      const older = await sdk.refunds.create({ payment_intent: intent.id, amount: 3_000, metadata: { reservation: 'REFUNDS1' } });
      const newer = await sdk.refunds.create({ payment_intent: intent.id, amount: 2_000, metadata: { reservation: 'REFUNDS1' } });

      const page = await sdk.refunds.list({ payment_intent: intent.id, limit: 1 });
      expect(page).toMatchObject({ object: 'list', url: '/v1/refunds', has_more: true });
      expect(page.data).toEqual([expect.objectContaining({ id: newer.id, amount: 2_000, status: 'succeeded', payment_intent: intent.id })]);
      const rest = await sdk.refunds.list({ payment_intent: intent.id, limit: 1, starting_after: newer.id });
      expect(rest).toMatchObject({ has_more: false, data: [{ id: older.id, amount: 3_000, metadata: { reservation: 'REFUNDS1' } }] });
      const back = await sdk.refunds.list({ payment_intent: intent.id, ending_before: older.id });
      expect(back.data.map((refund) => refund.id)).toEqual([newer.id]);
      expect((await sdk.refunds.list({ payment_intent: intent.id }).autoPagingToArray({ limit: 10 })).map((refund) => refund.id)).toEqual([
        newer.id,
        older.id,
      ]);

      expect(await sdk.refunds.retrieve(older.id)).toMatchObject({ id: older.id, object: 'refund', charge: intent.latest_charge });
      expect(await sdk.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, object: 'customer' });
      await expect(sdk.refunds.retrieve('re_unknown')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });
  });

  describe('webhooks', () => {
    afterEach(() => fake.duplicateWebhooks(false));

    it('sends refund.created and charge.refunded for a refund, signed as Stripe signs them', async () => {
      const sdk = stripeSdk(SECRET);
      const intent = await sdk.paymentIntents.create(await intentOf('HOOKS1'));
      const refund = await sdk.refunds.create({ payment_intent: intent.id, amount: 4_000, metadata: { reservation: 'HOOKS1' } });
      // Live deliveries go out side by side, in no promised order (as Stripe's).
      const events = await delivered('HOOKS1', 3);
      expect(events.map((event) => [event.type, event.object.object, event.object.id]).sort()).toEqual([
        ['charge.refunded', 'charge', intent.latest_charge],
        ['payment_intent.succeeded', 'payment_intent', intent.id],
        ['refund.created', 'refund', refund.id],
      ]);
      expect(events.find((event) => event.type === 'charge.refunded')?.object).toMatchObject({ amount_refunded: 4_000, refunded: false });
    });

    it('delivers each event twice when told to', async () => {
      fake.duplicateWebhooks();
      const intent = await stripeSdk(SECRET).paymentIntents.create(await intentOf('TWICE1'));
      const [first, second] = await delivered('TWICE1', 2);
      expect(first).toEqual(second);
      expect(first).toMatchObject({ type: 'payment_intent.succeeded', object: { id: intent.id } });
    });

    it('holds events and delivers them newest first (reorderWebhooks), or in the order a test chooses (holdWebhooks)', async () => {
      const sdk = stripeSdk(SECRET);
      await fake.reorderWebhooks();
      const intent = await sdk.paymentIntents.create(await intentOf('ORDER1', { capture_method: 'manual' }));
      await sdk.paymentIntents.capture(intent.id, { amount_to_capture: 20_000 });
      const emitted = fake.heldWebhooks.map((entry) => entry.event.type);
      expect(emitted).toEqual(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);
      const deliveries = await fake.reorderWebhooks(false);
      expect(deliveries.map(({ entry, status }) => [entry.event.type, status])).toEqual([
        ['payment_intent.succeeded', 200],
        ['payment_intent.amount_capturable_updated', 200],
      ]);
      // One after another: our endpoint received them in that order.
      expect(deliveredFor('ORDER1').map((event) => event.type)).toEqual([
        'payment_intent.succeeded',
        'payment_intent.amount_capturable_updated',
      ]);

      await fake.holdWebhooks();
      const held = await sdk.paymentIntents.create(await intentOf('ORDER2', { capture_method: 'manual' }));
      await sdk.paymentIntents.cancel(held.id);
      const refunded = await sdk.paymentIntents.create(await intentOf('ORDER2'));
      await sdk.refunds.create({ payment_intent: refunded.id, metadata: { reservation: 'ORDER2' } });
      expect(fake.heldWebhooks).toHaveLength(5);
      expect(deliveredFor('ORDER2')).toEqual([]);
      // The refund's events first, then the rest oldest first.
      const refundFirst = (events: FakeStripeEvent[]) => [
        ...events.filter((entry) => entry.event.type.includes('refund')),
        ...events.filter((entry) => !entry.event.type.includes('refund')),
      ];
      const chosen = [
        'refund.created',
        'charge.refunded',
        'payment_intent.amount_capturable_updated',
        'payment_intent.canceled',
        'payment_intent.succeeded',
      ];
      expect((await fake.deliverHeld(refundFirst)).map(({ entry }) => entry.event.type)).toEqual(chosen);
      expect(deliveredFor('ORDER2').map((event) => event.type)).toEqual(chosen);
      expect(await fake.holdWebhooks(false)).toEqual([]);
    });
  });

  describe('the books', () => {
    it('answers per PaymentIntent and per reservation what was taken and what is held, failed refunds not counted', async () => {
      const sdk = stripeSdk(SECRET);
      // LEDGER1: £240.00 taken, £50.00 back, then a £25.00 refund that fails.
      const taken = await sdk.paymentIntents.create(await intentOf('LEDGER1'));
      await sdk.refunds.create({ payment_intent: taken.id, amount: 5_000 });
      const failing = await sdk.refunds.create({ payment_intent: taken.id, amount: 2_500 });
      fake.failRefund(failing.id);
      // LEDGER2: £240.00 held, then £200.00 of it captured; another hold released.
      const captured = await sdk.paymentIntents.create(await intentOf('LEDGER2', { capture_method: 'manual' }));
      await sdk.paymentIntents.capture(captured.id, { amount_to_capture: 20_000 });
      const released = await sdk.paymentIntents.create(await intentOf('LEDGER2', { capture_method: 'manual' }));
      await sdk.paymentIntents.cancel(released.id);
      // LEDGER3: £240.00 held, nothing captured yet.
      const held = await sdk.paymentIntents.create(await intentOf('LEDGER3', { capture_method: 'manual' }));

      expect(fake.ledger().find((line) => line.id === taken.id)).toEqual({
        id: taken.id,
        amount: 24_000,
        amount_capturable: 0,
        amount_received: 24_000,
        refunded: 5_000,
        status: 'succeeded',
        currency: 'gbp',
        metadata: { reservation: 'LEDGER1' },
      });
      const books = fake.moneyByReservation();
      // 24,000 - 5,000 = 19,000 taken; the failed 2,500 is the guest's no more.
      expect(books.LEDGER1).toEqual({ currency: 'gbp', taken: 19_000, held: 0, paymentIntents: [taken.id] });
      expect(books.LEDGER2).toEqual({ currency: 'gbp', taken: 20_000, held: 0, paymentIntents: [captured.id, released.id] });
      expect(books.LEDGER3).toEqual({ currency: 'gbp', taken: 0, held: 24_000, paymentIntents: [held.id] });
      // What a test of the API asserts: no money held or taken for a reservation that was not booked.
      const booked = new Set(Object.keys(books).filter((reservation) => reservation !== 'LEDGER3'));
      const unbooked = Object.entries(books).filter(([reservation, book]) => !booked.has(reservation) && (book.taken || book.held));
      expect(unbooked.map(([reservation]) => reservation)).toEqual(['LEDGER3']);
    });
  });
});
