import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from '../../../../tools/fake-stripe/fake-stripe.mjs';
import { STRIPE_API_VERSION } from '../../src/payments/stripe-gateway';
import { startFakePaystack, type FakePaystack, type FakePaystackEvent, type FakeTransaction } from '../support/fake-paystack.mjs';

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

describe('the fake PayStack', () => {
  const SECRET = 'sk_test_fakes_paystack';
  let fake: FakePaystack;
  let endpoint: WebhookEndpoint;

  type Answer = { status: number; body: { status: boolean; message: string; data?: unknown; meta?: unknown } };
  /** A call to PayStack's API as the adapter makes it: JSON, with the secret key. */
  const paystack = async (method: 'GET' | 'POST', path: string, body?: object, signal?: AbortSignal): Promise<Answer> => {
    const response = await fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      ...(body && { body: JSON.stringify(body) }),
      ...(signal && { signal }),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };

  /** ₦12,500.00 = 1,250,000 kobo, for the booking whose number begins the reference (`<reservation>-<tail>`). */
  const initialize = (reference: string, signal?: AbortSignal) =>
    paystack(
      'POST',
      '/transaction/initialize',
      {
        email: 'chidi@example.com',
        amount: 1_250_000,
        currency: 'NGN',
        reference,
        callback_url: 'https://hotel.example/api/Payments/PayStack/Return',
      },
      signal,
    );

  /** A booking paid by the guest: ₦12,500.00 taken, its card kept for later (a reusable authorization). */
  const paid = async (reservation: string) => {
    const reference = `${reservation}-a1b2c3`;
    expect((await initialize(reference)).status).toBe(200);
    return fake.pay(reference);
  };

  /** An amendment's ₦3,000.00 = 300,000 kobo, charged on the booking's card. */
  const chargeAgain = (booking: FakeTransaction, reference: string) =>
    paystack('POST', '/transaction/charge_authorization', {
      email: booking.email,
      amount: 300_000,
      currency: 'NGN',
      authorization_code: booking.authorization!.authorization_code,
      reference,
    });

  type PaystackEvent = { event: string; data: Record<string, unknown> };
  /** The events our endpoint received about a transaction, their signatures checked as the adapter checks them. */
  const deliveredFor = (reference: string) =>
    endpoint.deliveries
      .filter((delivery) => delivery.headers['x-paystack-signature'] === createHmac('sha512', SECRET).update(delivery.body).digest('hex'))
      .map((delivery) => JSON.parse(delivery.body) as PaystackEvent)
      .filter(({ data }) => data.reference === reference || data.transaction_reference === reference);
  const delivered = async (reference: string, count: number) => {
    await endpoint.until(() => deliveredFor(reference).length >= count);
    return deliveredFor(reference);
  };

  /** The refunds of a transaction, picked from GET /refund (one page of 100): how a reconciler finds a refund whose answer was lost. */
  const refundsOf = async (reference: string) =>
    ((await paystack('GET', '/refund?perPage=100')).body.data as { transaction_reference: string }[]).filter(
      (refund) => refund.transaction_reference === reference,
    );

  beforeAll(async () => {
    endpoint = await startWebhookEndpoint();
    fake = await startFakePaystack({ secretKey: SECRET, webhookUrl: endpoint.url });
  });
  afterAll(async () => {
    await fake.close();
    await endpoint.close();
  });

  describe('faults on command', () => {
    it('5xx and hang: not done; the same reference afterwards starts the payment', async () => {
      fake.faultNext('initialize', '5xx', { status: 503 });
      expect(await initialize('NOTDONE1-a1')).toEqual({ status: 503, body: { status: false, message: 'An error occurred' } });
      fake.hangNext('initialize');
      // The client gives up long before hangMs (2 s): this is the hang under test.
      await expect(initialize('NOTDONE1-a1', AbortSignal.timeout(200))).rejects.toThrow();
      expect(fake.transactions.has('NOTDONE1-a1')).toBe(false);
      expect((await initialize('NOTDONE1-a1')).status).toBe(200);
    });

    it('5xx-after: done, then 500; the reference (PayStack’s idempotency) refuses a second start, and verify tells what was done', async () => {
      fake.faultNext('initialize', '5xx-after');
      expect((await initialize('AFTER1-a1')).status).toBe(500);
      expect(await initialize('AFTER1-a1')).toEqual({ status: 400, body: { status: false, message: 'Duplicate Transaction Reference' } });
      expect(await paystack('GET', '/transaction/verify/AFTER1-a1')).toMatchObject({
        status: 200,
        body: { status: true, data: { reference: 'AFTER1-a1', status: 'abandoned', amount: 1_250_000 } },
      });
    });

    it('drop: a charge done, then the connection cut; asked again with its reference it is refused, and verify finds it taken', async () => {
      const booking = await paid('DROP1');
      fake.faultNext('charge_authorization', 'drop');
      await expect(chargeAgain(booking, 'DROP1-c1')).rejects.toThrow();
      expect((await chargeAgain(booking, 'DROP1-c1')).body.message).toBe('Duplicate Transaction Reference');
      expect((await paystack('GET', '/transaction/verify/DROP1-c1')).body.data).toMatchObject({ status: 'success', amount: 300_000 });
      // ₦12,500.00 + ₦3,000.00 taken, once each.
      expect(fake.moneyByReservation().DROP1).toEqual({ currency: 'NGN', taken: 1_550_000, references: ['DROP1-a1b2c3', 'DROP1-c1'] });
    });

    it('pause: a refund held before it is done; its client gone, released, it is done, and the refund list finds it', async () => {
      const booking = await paid('PAUSE1');
      fake.faultNext('refund', 'pause');
      const gone = new AbortController();
      const asked = paystack('POST', '/refund', { transaction: booking.reference, amount: 500_000 }, gone.signal).catch(
        (error: unknown) => error,
      );
      expect(await fake.waitForPaused(1)).toEqual([{ kind: 'refund', method: 'POST', path: '/refund' }]);
      expect(await refundsOf(booking.reference)).toEqual([]);
      gone.abort();
      expect(await asked).toMatchObject({ name: 'AbortError' });
      await fake.releasePaused();
      expect(await refundsOf(booking.reference)).toEqual([
        expect.objectContaining({ transaction: booking.id, amount: 500_000, status: 'pending', transaction_reference: booking.reference }),
      ]);
    });

    it('5xx-after on a refund: done, then 500; a refund has no idempotency, so asking again refunds again', async () => {
      const booking = await paid('AFTER2');
      fake.faultNext('refund', '5xx-after');
      expect((await paystack('POST', '/refund', { transaction: booking.reference, amount: 200_000 })).status).toBe(500);
      expect((await paystack('POST', '/refund', { transaction: booking.reference, amount: 200_000 })).status).toBe(200);
      // Two refunds of ₦2,000.00: a reconciler must look for the first before asking again.
      expect(await refundsOf(booking.reference)).toEqual([
        expect.objectContaining({ amount: 200_000 }),
        expect.objectContaining({ amount: 200_000 }),
      ]);
      expect(fake.moneyByReservation().AFTER2).toMatchObject({ taken: 1_250_000 - 400_000 });
    });

    it('faults the lookups too, each kind on its own', async () => {
      fake.faultNext('list_refunds', '5xx');
      fake.faultNext('fetch_refund', '5xx-after');
      expect((await paystack('GET', '/refund')).status).toBe(500);
      expect((await paystack('GET', '/refund/1')).status).toBe(500);
      expect((await paystack('GET', '/refund')).status).toBe(200);
      expect(() => fake.faultNext('refund', 'timeout' as never)).toThrow('unknown fault timeout');
    });
  });

  describe('finding a refund again', () => {
    it('lists refunds newest first, a page at a time, between two instants, in PayStack’s shape; fetches one by id', async () => {
      const booking = await paid('LIST1');
      const since = new Date().toISOString();
      const first = await paystack('POST', '/refund', { transaction: booking.reference, amount: 100_000, merchant_note: 'movement 41' });
      const second = await paystack('POST', '/refund', { transaction: booking.reference, amount: 150_000, merchant_note: 'movement 42' });
      const [firstId, secondId] = [first, second].map((answer) => (answer.body.data as { id: number }).id);

      const page = await paystack('GET', `/refund?perPage=1&page=1&from=${encodeURIComponent(since)}`);
      expect(page.body).toEqual({
        status: true,
        message: 'Refunds retrieved',
        data: [
          {
            integration: expect.any(Number),
            transaction: booking.id,
            dispute: null,
            settlement: null,
            id: secondId,
            domain: 'test',
            currency: 'NGN',
            amount: 150_000,
            status: 'pending',
            refunded_at: null,
            refunded_by: expect.any(String),
            customer_note: `Refund for transaction ${booking.reference}`,
            merchant_note: 'movement 42',
            deducted_amount: 150_000,
            fully_deducted: 1,
            createdAt: expect.any(String),
            bank_reference: null,
            transaction_reference: booking.reference,
            reason: expect.any(String),
            customer: expect.objectContaining({ email: 'chidi@example.com' }),
            refund_type: 'partial',
            transaction_amount: 1_250_000,
            initiated_by: expect.any(String),
            refund_channel: expect.any(String),
            session_id: null,
            collect_account_number: false,
          },
        ],
        meta: { total: 2, skipped: 0, perPage: '1', page: 1, pageCount: 2, failedRefundCount: 0 },
      });
      const next = await paystack('GET', `/refund?perPage=1&page=2&from=${encodeURIComponent(since)}`);
      expect(next.body.data).toEqual([expect.objectContaining({ id: firstId, merchant_note: 'movement 41' })]);
      // No filter by transaction is documented: one given is not applied.
      const other = await paid('LIST2');
      await paystack('POST', '/refund', { transaction: other.reference });
      const unfiltered = (await paystack('GET', `/refund?transaction=${booking.reference}&from=${encodeURIComponent(since)}`)).body.data;
      expect((unfiltered as { transaction_reference: string }[]).map((refund) => refund.transaction_reference)).toEqual([
        other.reference,
        booking.reference,
        booking.reference,
      ]);

      expect(await paystack('GET', `/refund/${firstId}`)).toMatchObject({
        status: 200,
        body: {
          status: true,
          message: 'Refund retrieved',
          data: { id: firstId, amount: 100_000, transaction_reference: booking.reference },
        },
      });
      expect(await paystack('GET', '/refund/999999')).toEqual({ status: 404, body: { status: false, message: 'Refund not found' } });
    });
  });

  describe('webhooks', () => {
    afterEach(() => {
      fake.duplicateWebhooks = false;
    });

    it('sends refund.pending when a refund is queued, then refund.processed; refunded whole, the transaction reads reversed', async () => {
      const booking = await paid('RHOOK1');
      const queued = await paystack('POST', '/refund', { transaction: booking.reference });
      const [pending] = await delivered(booking.reference, 1);
      expect(pending).toEqual({
        event: 'refund.pending',
        data: {
          status: 'pending',
          transaction_reference: booking.reference,
          refund_reference: null,
          amount: '1250000',
          currency: 'NGN',
          processor: expect.any(String),
          customer: { first_name: null, last_name: null, email: 'chidi@example.com' },
          integration: expect.any(Number),
          domain: 'test',
        },
      });
      fake.settleRefund((queued.body.data as { id: number }).id, 'processed');
      const [, processed] = await delivered(booking.reference, 2);
      expect(processed).toMatchObject({ event: 'refund.processed', data: { status: 'processed', refund_reference: expect.any(String) } });
      expect((await paystack('GET', `/transaction/verify/${booking.reference}`)).body.data).toMatchObject({ status: 'reversed' });
      expect(fake.moneyByReservation().RHOOK1).toMatchObject({ taken: 0 });
    });

    it('delivers each event twice when told to', async () => {
      fake.duplicateWebhooks = true;
      const booking = await paid('TWICE2');
      await paystack('POST', '/refund', { transaction: booking.reference, amount: 1_000 });
      const [first, second] = await delivered(booking.reference, 2);
      expect(first).toEqual(second);
      expect(first).toMatchObject({ event: 'refund.pending' });
    });

    it('holds events and delivers them newest first, or in the order a test chooses', async () => {
      const reference = 'ORDER3-a1';
      await fake.reorderWebhooks();
      await initialize(reference);
      // The guest pays on the checkout page: charge.success, after the redirect.
      const checkout = await fetch(`${fake.url}/checkout/${fake.transactions.get(reference)!.accessCode}/pay`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(checkout.status).toBe(302);
      const queued = await paystack('POST', '/refund', { transaction: reference, amount: 50_000 });
      fake.settleRefund((queued.body.data as { id: number }).id, 'failed');
      expect(fake.heldWebhooks.map((entry) => entry.event)).toEqual(['charge.success', 'refund.pending', 'refund.failed']);
      expect(deliveredFor(reference)).toEqual([]);
      const deliveries = await fake.reorderWebhooks(false);
      expect(deliveries.map(({ entry, status }) => [entry.event, status])).toEqual([
        ['refund.failed', 200],
        ['refund.pending', 200],
        ['charge.success', 200],
      ]);
      expect(deliveredFor(reference).map(({ event }) => event)).toEqual(['refund.failed', 'refund.pending', 'charge.success']);
      // A failed refund's amount is a number in PayStack's sample, a pending one's a string.
      expect(deliveredFor(reference)[0]!.data.amount).toBe(50_000);

      await fake.holdWebhooks();
      const again = await paystack('POST', '/refund', { transaction: reference, amount: 20_000 });
      fake.settleRefund((again.body.data as { id: number }).id, 'needs-attention');
      const attentionFirst = (held: FakePaystackEvent[]) =>
        [...held].sort((a, b) => Number(b.event.includes('attention')) - Number(a.event.includes('attention')));
      expect((await fake.deliverHeld(attentionFirst)).map(({ entry }) => entry.event)).toEqual([
        'refund.needs-attention',
        'refund.pending',
      ]);
      // Only refund.needs-attention names the refund and its notes.
      expect(deliveredFor(reference).at(-2)?.data).toMatchObject({
        id: String((again.body.data as { id: number }).id),
        merchant_note: expect.any(String),
      });
      expect(await fake.holdWebhooks(false)).toEqual([]);
    });
  });

  describe('the books', () => {
    it('answers per transaction and per booking what was taken, refunds that failed not counted', async () => {
      const booking = await paid('BOOKS1');
      const charged = await chargeAgain(booking, 'BOOKS1-c1');
      expect(charged.status).toBe(200);
      const back = await paystack('POST', '/refund', { transaction: booking.reference, amount: 250_000 });
      const failing = await paystack('POST', '/refund', { transaction: 'BOOKS1-c1', amount: 300_000 });
      fake.settleRefund((back.body.data as { id: number }).id, 'processed');
      fake.settleRefund((failing.body.data as { id: number }).id, 'failed');
      await initialize('BOOKS2-a1');

      expect(fake.ledger().filter((line) => line.reference.startsWith('BOOKS'))).toEqual([
        { reference: 'BOOKS1-a1b2c3', amount: 1_250_000, currency: 'NGN', status: 'success', refunded: 250_000 },
        { reference: 'BOOKS1-c1', amount: 300_000, currency: 'NGN', status: 'success', refunded: 0 },
        { reference: 'BOOKS2-a1', amount: 1_250_000, currency: 'NGN', status: 'abandoned', refunded: 0 },
      ]);
      const books = fake.moneyByReservation();
      // 1,250,000 + 300,000 - 250,000 = 1,300,000 kobo taken; the failed refund gave nothing back.
      expect(books.BOOKS1).toEqual({ currency: 'NGN', taken: 1_300_000, references: ['BOOKS1-a1b2c3', 'BOOKS1-c1'] });
      // Started, never paid: nothing taken.
      expect(books.BOOKS2).toEqual({ currency: 'NGN', taken: 0, references: ['BOOKS2-a1'] });
    });
  });
});
