// A local stand-in for Stripe's API, for the API's tests and the web's end-to-end runs: never
// for production. It follows the request and answer shapes of Stripe's API version
// 2026-10-28.endive (the version apps/api pins, STRIPE_API_VERSION): form-encoded bodies,
// `{ error: { type, code, decline_code, message } }` refusals, PaymentIntent, Customer,
// PaymentMethod, Refund, Charge and Event objects, Idempotency-Key replays, the Stripe-Signature
// webhook header. Only the calls this project makes are served, and the lookups a reconciler
// makes: PaymentIntent search, the refunds of a PaymentIntent, a refund, a customer.
//
// Switches (see docs/payments.md, "The local fake"):
// - `failNext(kind, { count, path })`: the next `count` calls made with the secret key whose
//   `METHOD /v1/path` matches `path` (a RegExp or the exact string; any call without it) fail:
//   `5xx` not done, answered 500; `timeout` done, never answered; `delay` done, answered after
//   `delayMs`; `5xx-after` done (money moved, events sent), then answered 500 api_error, which is
//   what the Idempotency-Key replays from then on; `drop` done, then the connection destroyed;
//   `pause` held before it is done until `releasePaused()` (`waitForPaused(n)` resolves once n
//   are held), done even if its client has gone by then. `failNext('timeout', 2)` still works.
//   `clearFaults()` forgets those no call has taken.
// - Idempotency as Stripe keeps it: the same key with other parameters is a 400
//   idempotency_error; a key whose first request is still being done is a 409
//   idempotency_key_in_use.
// - Webhooks: `duplicateWebhooks()` sends each twice; `holdWebhooks()` keeps them until
//   `deliverHeld(order)` (or holding stops); `reorderWebhooks()` keeps them to go out newest first.
// - Search: `searchLag()` keeps new PaymentIntents out of search until `indexForSearch()`, as
//   Stripe's index may lag by a minute or more.
// - Books: `ledger()` per PaymentIntent, `moneyByReservation()` summed per metadata.reservation.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createPausedRequests } from '../fake-providers/paused-requests.mjs';
import { createWebhookQueue } from '../fake-providers/webhook-queue.mjs';

export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * Stripe's documented test card numbers and what the fake does with each. `offSession` is what
 * a later charge without the guest does: 4000002760003184 always needs 3-D Secure, which a
 * charge without the guest cannot pass; 4000000000000341 is kept but then refused.
 */
export const FAKE_STRIPE_CARDS = {
  4242424242424242: { brand: 'visa', onSession: 'succeed', offSession: 'succeed' },
  5555555555554444: { brand: 'mastercard', onSession: 'succeed', offSession: 'succeed' },
  4000002760003184: { brand: 'visa', onSession: 'authenticate', offSession: 'authentication_required' },
  4000000000009995: { brand: 'visa', onSession: 'insufficient_funds', offSession: 'insufficient_funds' },
  4000000000000002: { brand: 'visa', onSession: 'generic_decline', offSession: 'generic_decline' },
  4000000000000341: { brand: 'visa', onSession: 'succeed', offSession: 'generic_decline' },
};

const declineMessages = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
};

/** `a[b][0]=x` form fields into nested objects and arrays, as Stripe reads them. */
export function parseForm(text) {
  const out = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter((part) => part !== '');
    let at = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) at[part] = value;
      else at = at[part] ??= {};
    });
  }
  return out;
}

const id = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** The Stripe-Signature header Stripe sends: `t=<unix time>,v1=<HMAC-SHA256 of "t.payload" with the endpoint secret>`. */
export function signPayload(payload, secret, timestamp = now()) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function stripeError(status, error) {
  return { status, body: { error: { message: error.message, type: error.type, ...error } } };
}

/** What a call told to fail does (`failNext`): see this file's header. */
const FAULT_KINDS = new Set(['5xx', 'timeout', 'delay', '5xx-after', 'drop', 'pause']);

/** Stripe failing on its side: a 500 `api_error`. */
const serverError = () => stripeError(500, { type: 'api_error', message: 'An unknown error occurred (fake Stripe).' });

const SEARCH_CLAUSE = /^(?:metadata\[(?:'([^']*)'|"([^"]*)")\]|(amount|currency|customer|status)):(?:'([^']*)'|"([^"]*)"|(\d+))/;

/**
 * A query of Stripe's search language, as far as PaymentIntents go here: `field:'value'` clauses
 * (amount, currency, customer, status, `metadata['key']`; in single or double quotes) joined by
 * AND, or by OR (Stripe refuses a mix, and more than 10 clauses). Answers the test a
 * PaymentIntent must pass, or undefined for a query the fake does not read.
 */
function searchTest(query) {
  const tests = [];
  const joins = new Set();
  let rest = query.trim();
  for (;;) {
    const clause = SEARCH_CLAUSE.exec(rest);
    if (!clause) return undefined;
    const [metadataKey, field, value] = [clause[1] ?? clause[2], clause[3], clause[4] ?? clause[5] ?? clause[6]];
    tests.push(field ? (intent) => String(intent[field]) === value : (intent) => intent.metadata?.[metadataKey] === value);
    rest = rest.slice(clause[0].length).trim();
    if (rest === '') break;
    const join = /^(AND|OR)\s+/.exec(rest);
    if (!join) return undefined;
    joins.add(join[1]);
    rest = rest.slice(join[0].length);
  }
  if (joins.size > 1 || tests.length > 10) return undefined;
  return joins.has('OR') ? (intent) => tests.some((test) => test(intent)) : (intent) => tests.every((test) => test(intent));
}

/** A list call's `limit`: 1 to 100, 10 when absent (Stripe's bounds); undefined when out of them. */
function listLimit(value) {
  const limit = value === undefined ? 10 : Number(value);
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : undefined;
}

const badLimit = () =>
  stripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid_integer',
    param: 'limit',
    message: 'Invalid integer: limit must be between 1 and 100',
  });

/**
 * Stripe's amount rules of the currencies it writes specially (docs.stripe.com/currencies): a
 * three-decimal amount's last digit must be 0; ISK and UGX are whole units written with two
 * decimals, always 00. (A zero-decimal amount is an integer of the unit, as every amount is.)
 * Answers the refusal of an amount that breaks them, or null.
 */
function amountRefusal(amount, currency, param) {
  const code = String(currency).toLowerCase();
  const step = ['bhd', 'jod', 'kwd', 'omr', 'tnd'].includes(code) ? 10 : ['isk', 'ugx'].includes(code) ? 100 : 1;
  if (amount % step === 0) return null;
  return stripeError(400, {
    type: 'invalid_request_error',
    code: 'invalid_charge_amount',
    param,
    message: `Amounts in ${code.toUpperCase()} must be multiples of ${step} (got ${amount}).`,
  });
}

/**
 * Starts the fake on `port` (0: any free port). `webhookUrl`, when given, receives every event
 * signed with `webhookSecret`; every event is also kept in `events` with its signed header,
 * for a test to deliver itself. Answers the running fake: its `url`, its state, switches for
 * failures, and `close()`.
 */
export async function startFakeStripe({ port = 0, host = '127.0.0.1', webhookUrl, webhookSecret = 'whsec_fake' } = {}) {
  const customers = new Map();
  const paymentMethods = new Map();
  /** The card number behind each payment method: kept apart, as Stripe never answers it. */
  const cardNumbers = new Map();
  const paymentIntents = new Map();
  const refunds = new Map();
  /** Each Idempotency-Key's first request (`METHOD path` and its parameters) and the answer saved for it. */
  const idempotent = new Map();
  /** The keys whose first request is being done right now (a request held by `pause`, say). */
  const executing = new Set();
  /** Every event, in order: `{ event, payload, signature }`. */
  const events = [];
  /** Every API request, in order: `{ method, path, body, idempotencyKey }` (a test checks what reached Stripe). */
  const requests = [];
  /** `{ kind, path }`, in the order they were asked for. */
  const faults = [];
  let duplicateWebhooks = false;
  /** Answers never to be sent (`timeout`), and answers waiting for `delayMs` (`delay`): `{ res, timer }`. */
  const hanging = new Set();
  const timers = new Set();
  const paused = createPausedRequests();
  /** PaymentIntents Stripe's search does not show yet (`searchLag`). */
  const unindexed = new Set();
  let searchLags = false;
  let delayMs = 2_000;
  let base = '';

  /** Posts one event to the webhook endpoint (twice when duplicating); answers the last HTTP status. */
  async function deliver(entry) {
    if (!webhookUrl) return null;
    const send = () =>
      fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': entry.signature },
        body: entry.payload,
      }).then(
        (response) => response.status,
        () => null,
      );
    const status = await send();
    return duplicateWebhooks ? send() : status;
  }
  const webhooks = createWebhookQueue(deliver);

  function emit(type, object) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: FAKE_STRIPE_API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event);
    const entry = { event, payload, signature: signPayload(payload, webhookSecret) };
    events.push(entry);
    webhooks.emit(entry);
  }

  function intentView(intent, expand = []) {
    const view = { ...intent };
    if (expand.includes('payment_method') && intent.payment_method) view.payment_method = paymentMethods.get(intent.payment_method) ?? null;
    return view;
  }

  /** Runs the card of a confirmed PaymentIntent; answers the error to send, if refused. */
  function confirm(intent, { offSession }) {
    const method = paymentMethods.get(intent.payment_method);
    if (!method)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${intent.payment_method}'`,
      });
    if (intent.customer && !method.customer) method.customer = intent.customer;
    const card = FAKE_STRIPE_CARDS[cardNumbers.get(method.id)] ?? { onSession: 'generic_decline', offSession: 'generic_decline' };
    const outcome = offSession ? card.offSession : card.onSession;
    if (outcome === 'succeed') {
      settle(intent);
      return undefined;
    }
    if (outcome === 'authenticate') {
      if (!intent.return_url)
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param: 'return_url',
          message: 'This PaymentIntent requires a return_url to be confirmed with a redirect.',
        });
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${base}/fake/3ds/${intent.id}`, return_url: intent.return_url },
      };
      emit('payment_intent.requires_action', intent);
      return undefined;
    }
    const code = outcome === 'authentication_required' ? 'authentication_required' : 'card_declined';
    const error = { type: 'card_error', code, decline_code: outcome, message: declineMessages[outcome], payment_method: method };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { ...error };
    emit('payment_intent.payment_failed', intent);
    return stripeError(402, { ...error, payment_intent: intent });
  }

  function settle(intent) {
    intent.next_action = null;
    intent.last_payment_error = null;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      emit('payment_intent.amount_capturable_updated', intent);
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.latest_charge = id('ch');
      emit('payment_intent.succeeded', intent);
    }
  }

  function failChallenge(intent) {
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message: 'The provided PaymentMethod has failed authentication.',
    };
    emit('payment_intent.payment_failed', intent);
  }

  function refunded(intent) {
    return [...refunds.values()]
      .filter((r) => r.payment_intent === intent.id && r.status === 'succeeded')
      .reduce((sum, r) => sum + r.amount, 0);
  }

  const notFound = (kind, value) =>
    stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${value}'` });

  /** The Charge behind a PaymentIntent that took money (latest_charge), as charge.refunded carries it. */
  function chargeOf(intent) {
    const amountRefunded = refunded(intent);
    return {
      id: intent.latest_charge,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount_received,
      amount_refunded: amountRefunded,
      captured: true,
      created: intent.created,
      currency: intent.currency,
      customer: intent.customer,
      livemode: false,
      metadata: intent.metadata,
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      refunded: amountRefunded >= intent.amount_received,
      status: 'succeeded',
    };
  }

  /** A refund of a succeeded PaymentIntent: refund.created, and charge.refunded for its charge, as Stripe sends them. */
  function refundOf(intent, amount, body) {
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      customer_account: null,
      metadata: body.metadata ?? {},
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      reason: body.reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    emit('refund.created', refund);
    emit('charge.refunded', chargeOf(intent));
    return refund;
  }

  /** GET /v1/payment_intents/search: a `search_result`, newest first, paged by `next_page`. */
  function searchIntents(body) {
    const matches = searchTest(String(body.query ?? ''));
    if (!matches)
      return stripeError(400, {
        type: 'invalid_request_error',
        param: 'query',
        message: `The fake cannot read the search query ${JSON.stringify(body.query ?? '')}: use field:'value' clauses joined by AND or OR.`,
      });
    const limit = listLimit(body.limit);
    if (!limit) return badLimit();
    const offset = body.page === undefined ? 0 : Number(/^page_(\d+)$/.exec(String(body.page))?.[1] ?? NaN);
    if (!Number.isInteger(offset))
      return stripeError(400, { type: 'invalid_request_error', param: 'page', message: `Invalid page: ${String(body.page)}` });
    const found = [...paymentIntents.values()].filter((intent) => !unindexed.has(intent.id) && matches(intent)).reverse();
    const hasMore = offset + limit < found.length;
    return {
      status: 200,
      body: {
        object: 'search_result',
        data: found.slice(offset, offset + limit).map((intent) => intentView(intent, Object.values(body.expand ?? {}))),
        has_more: hasMore,
        next_page: hasMore ? `page_${offset + limit}` : null,
        url: '/v1/payment_intents/search',
        ...(Object.values(body.expand ?? {}).includes('total_count') ? { total_count: found.length } : {}),
      },
    };
  }

  /** GET /v1/refunds: a `list`, newest first, of one PaymentIntent's or charge's refunds (or all), paged by id. */
  function listRefunds(body) {
    const limit = listLimit(body.limit);
    if (!limit) return badLimit();
    if (body.payment_intent !== undefined && !paymentIntents.has(body.payment_intent))
      return notFound('payment_intent', body.payment_intent);
    const found = [...refunds.values()]
      .filter((refund) => body.payment_intent === undefined || refund.payment_intent === body.payment_intent)
      .filter((refund) => body.charge === undefined || refund.charge === body.charge)
      .reverse();
    const cursor = body.starting_after ?? body.ending_before;
    const at = found.findIndex((refund) => refund.id === cursor);
    if (cursor !== undefined && at < 0) return notFound('refund', cursor);
    // starting_after: the page after the cursor; ending_before: the page just before it.
    const [from, to] =
      body.starting_after !== undefined ? [at + 1, at + 1 + limit] : cursor !== undefined ? [Math.max(0, at - limit), at] : [0, limit];
    const hasMore = body.starting_after === undefined && cursor !== undefined ? from > 0 : to < found.length;
    return { status: 200, body: { object: 'list', data: found.slice(from, to), has_more: hasMore, url: '/v1/refunds' } };
  }

  function route(method, path, body, auth) {
    let match;
    if (method === 'POST' && path === '/v1/payment_methods') {
      // The browser's call (Stripe.js, with the publishable key).
      const number = String(body.card?.number ?? '').replace(/\D/g, '');
      const known = FAKE_STRIPE_CARDS[number];
      if (!known && !/^\d{12,19}$/.test(number))
        return stripeError(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' });
      const pm = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        card: {
          brand: known?.brand ?? 'visa',
          last4: number.slice(-4),
          exp_month: Number(body.card?.exp_month),
          exp_year: Number(body.card?.exp_year),
          funding: 'credit',
          country: 'GB',
        },
        billing_details: { name: body.billing_details?.name ?? null, email: null, phone: null, address: null },
        created: now(),
        customer: null,
        livemode: false,
        metadata: {},
      };
      paymentMethods.set(pm.id, pm);
      cardNumbers.set(pm.id, number);
      return { status: 200, body: pm };
    }
    if (!auth.startsWith('sk_') && !auth.startsWith('rk_')) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: a secret key is needed for this call.',
      });
    }
    if ((match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)) && method === 'GET') {
      const pm = paymentMethods.get(match[1]);
      return pm ? { status: 200, body: pm } : notFound('payment_method', match[1]);
    }
    if ((match = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path)) && method === 'POST') {
      const pm = paymentMethods.get(match[1]);
      if (!pm) return notFound('payment_method', match[1]);
      if (!customers.has(body.customer)) return notFound('customer', body.customer);
      pm.customer = body.customer;
      return { status: 200, body: pm };
    }
    if ((match = /^\/v1\/customers\/([^/]+)$/.exec(path)) && method === 'GET') {
      const customer = customers.get(match[1]);
      return customer ? { status: 200, body: customer } : notFound('customer', match[1]);
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        email: body.email ?? null,
        name: body.name ?? null,
        livemode: false,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1)
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: 'amount',
          message: 'Invalid integer: amount',
        });
      const unpayable = amountRefusal(amount, body.currency, 'amount');
      if (unpayable) return unpayable;
      if (body.customer && !customers.has(body.customer)) return notFound('customer', body.customer);
      const intentId = id('pi');
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        capture_method: body.capture_method ?? 'automatic_async',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        confirmation_method: 'automatic',
        created: now(),
        currency: String(body.currency),
        customer: body.customer ?? null,
        description: body.description ?? null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: body.metadata ?? {},
        next_action: null,
        payment_method: body.payment_method ?? null,
        payment_method_types: ['card'],
        return_url: body.return_url ?? null,
        setup_future_usage: body.setup_future_usage ?? null,
        status: body.payment_method ? 'requires_confirmation' : 'requires_payment_method',
      };
      paymentIntents.set(intent.id, intent);
      if (searchLags) unindexed.add(intent.id);
      if (body.confirm === 'true') {
        const refused = confirm(intent, { offSession: body.off_session === 'true' });
        if (refused) return refused;
      }
      return { status: 200, body: intentView(intent, Object.values(body.expand ?? {})) };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') return searchIntents(body);
    if ((match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === 'GET') {
      const intent = paymentIntents.get(match[1]);
      return intent ? { status: 200, body: intentView(intent, Object.values(body.expand ?? {})) } : notFound('payment_intent', match[1]);
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(path)) && method === 'POST') {
      const intent = paymentIntents.get(match[1]);
      if (!intent) return notFound('payment_intent', match[1]);
      if (match[2] === 'capture') {
        if (intent.status !== 'requires_capture') {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
            payment_intent: intent,
          });
        }
        const toCapture = body.amount_to_capture === undefined ? intent.amount_capturable : Number(body.amount_to_capture);
        const uncapturable = amountRefusal(toCapture, intent.currency, 'amount_to_capture');
        if (uncapturable) return uncapturable;
        if (!(toCapture > 0 && toCapture <= intent.amount_capturable)) {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            param: 'amount_to_capture',
            message: 'The amount to capture is more than the amount capturable.',
          });
        }
        intent.amount_received = toCapture;
        intent.amount_capturable = 0;
        intent.status = 'succeeded';
        intent.latest_charge = id('ch');
        emit('payment_intent.succeeded', intent);
        return { status: 200, body: intent };
      }
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          payment_intent: intent,
        });
      }
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      intent.next_action = null;
      intent.cancellation_reason = body.cancellation_reason ?? null;
      emit('payment_intent.canceled', intent);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = paymentIntents.get(body.payment_intent);
      if (!intent) return notFound('payment_intent', body.payment_intent);
      if (intent.status !== 'succeeded') {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This PaymentIntent has no successful charge to refund.',
        });
      }
      const left = intent.amount_received - refunded(intent);
      const amount = body.amount === undefined ? left : Number(body.amount);
      const unrefundable = amountRefusal(amount, intent.currency, 'amount');
      if (unrefundable) return unrefundable;
      if (left <= 0)
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'This charge has already been refunded.',
        });
      if (!(amount > 0 && amount <= left)) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          param: 'amount',
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        });
      }
      return { status: 200, body: refundOf(intent, amount, body) };
    }
    if (method === 'GET' && path === '/v1/refunds') return listRefunds(body);
    if ((match = /^\/v1\/refunds\/([^/]+)$/.exec(path)) && method === 'GET') {
      const refund = refunds.get(match[1]);
      return refund ? { status: 200, body: refund } : notFound('refund', match[1]);
    }
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** The hosted 3-D Secure page: Complete or Fail, then back to the PaymentIntent's return_url. */
  function challengePage(intent) {
    const amount = `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure test payment</title></head>
<body><h1>3D Secure test payment</h1><p>Fake Stripe: confirm the payment of ${amount}.</p>
<form method="post"><button name="outcome" value="complete">Complete authentication</button>
<button name="outcome" value="fail">Fail authentication</button></form></body></html>`;
  }

  function answerChallenge(intent, outcome) {
    if (intent.status === 'requires_action') {
      if (outcome === 'complete') settle(intent);
      else failChallenge(intent);
    }
    const back = new URL(intent.return_url);
    back.searchParams.set('payment_intent', intent.id);
    back.searchParams.set('payment_intent_client_secret', intent.client_secret);
    back.searchParams.set(
      'redirect_status',
      intent.status === 'succeeded' || intent.status === 'requires_capture' ? 'succeeded' : 'failed',
    );
    return back.toString();
  }

  /** Writes an answer, unless its client has gone (a request held past its client's patience). */
  function send(res, { status, body }) {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': FAKE_STRIPE_API_VERSION });
    res.end(JSON.stringify(body));
  }

  /** The first fault asked for that matches `METHOD /v1/path` (or names no path), taken off the list. */
  function takeFault(call) {
    const at = faults.findIndex(({ path }) => {
      if (path === undefined) return true;
      if (typeof path === 'string') return path === call;
      path.lastIndex = 0;
      return path.test(call);
    });
    return at < 0 ? undefined : faults.splice(at, 1)[0].kind;
  }

  /**
   * What Stripe's idempotency layer answers a key it has seen: the saved answer for the same
   * parameters (500s included), a 400 idempotency_error for others, a 409 while the first request
   * with the key is still being done.
   * https://docs.stripe.com/api/idempotent_requests (API v1: "Stripe saves the status code and body
   * of the first request made with a given idempotency key after endpoint execution begins.
   * Retries with the same key return the saved response, including 500 errors."; keys may be
   * pruned once at least 24 hours old, which the fake never does) and
   * https://docs.stripe.com/idempotency ("The idempotency layer compares incoming parameters to
   * those of the original request and errors if they're not the same").
   */
  function replayed(key, params) {
    const saved = idempotent.get(key);
    if (saved && saved.params === params) return saved.answer;
    if (saved)
      return stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    return stripeError(409, {
      type: 'invalid_request_error',
      code: 'idempotency_key_in_use',
      message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
    });
  }

  /** Sends the answer as the fault says: never, late, as a 500, or by cutting the connection. */
  function reply(res, answer, fault) {
    if (fault === 'timeout') hanging.add(res);
    else if (fault === 'drop') res.destroy();
    else if (fault === '5xx-after') send(res, serverError());
    else if (fault === 'delay') {
      const late = {
        res,
        timer: setTimeout(() => {
          timers.delete(late);
          send(res, answer);
        }, delayMs),
      };
      timers.add(late);
    } else send(res, answer);
  }

  /** One call to the API: faults, then the idempotency layer, then the call itself. */
  async function answerApi(req, res, url, body) {
    const idempotencyKey = req.headers['idempotency-key'];
    requests.push({ method: req.method, path: url.pathname, body, idempotencyKey });
    const auth = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const call = `${req.method} ${url.pathname}`;
    // Faults are the server's calls' (secret key): the browser's card form is not what is being tested.
    const fault = /^(sk|rk)_/.test(auth) ? takeFault(call) : undefined;
    if (fault === '5xx') return send(res, serverError());
    // Idempotency keys count on POST only, as Stripe's do (GET is idempotent by itself).
    const key = req.method === 'POST' && typeof idempotencyKey === 'string' ? idempotencyKey : undefined;
    const params = JSON.stringify([call, body]);
    const first = key !== undefined && !idempotent.has(key) && !executing.has(key);
    if (first) executing.add(key);
    const held = fault === 'pause' ? paused.hold({ method: req.method, path: url.pathname, idempotencyKey: key }) : undefined;
    try {
      if (held) await held.released;
      if (key !== undefined && !first) return reply(res, replayed(key, params), fault);
      let answer = route(req.method, url.pathname, body, auth);
      if (fault === '5xx-after') answer = serverError();
      if (first) idempotent.set(key, { params, answer });
      return reply(res, answer, fault);
    } finally {
      if (first) executing.delete(key);
      held?.done();
    }
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let match;
      if ((match = /^\/fake\/3ds\/([^/]+)$/.exec(url.pathname))) {
        const intent = paymentIntents.get(match[1]);
        if (!intent) return send(res, notFound('payment_intent', match[1]));
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(challengePage(intent));
        }
        res.writeHead(303, { location: answerChallenge(intent, parseForm(text).outcome === 'complete' ? 'complete' : 'fail') });
        return res.end();
      }
      if (!url.pathname.startsWith('/v1/'))
        return send(res, stripeError(404, { type: 'invalid_request_error', message: 'Not a Stripe API path.' }));
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-headers': 'authorization, content-type, stripe-version',
          'access-control-allow-methods': 'GET, POST',
        });
        return res.end();
      }
      return void answerApi(req, res, url, req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(text));
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  base = `http://${host}:${address.port}`;

  /** Per PaymentIntent, what Stripe's books say: amounts, what was refunded (succeeded refunds), status. */
  function ledger() {
    return [...paymentIntents.values()].map((intent) => ({
      id: intent.id,
      amount: intent.amount,
      amount_capturable: intent.amount_capturable,
      amount_received: intent.amount_received,
      refunded: refunded(intent),
      status: intent.status,
      currency: intent.currency,
      metadata: { ...intent.metadata },
    }));
  }

  return {
    url: base,
    port: address.port,
    webhookSecret,
    events,
    requests,
    paymentIntents,
    refunds,
    /** Held webhook events, oldest first (`holdWebhooks`, `reorderWebhooks`). */
    heldWebhooks: webhooks.held,
    /** How long a `delay` answer waits (ms): longer than the clients' timeouts in the tests. */
    get delayMs() {
      return delayMs;
    },
    set delayMs(ms) {
      delayMs = ms;
    },
    /**
     * The next `count` calls made with the secret key whose `METHOD /v1/path` matches `path` (a
     * RegExp, or the exact string; every call when absent) fail as `kind` says (this file's header).
     * `failNext(kind, count)` is `failNext(kind, { count })`.
     */
    failNext(kind, options = {}) {
      if (!FAULT_KINDS.has(kind)) throw new Error(`unknown fault ${kind}: one of ${[...FAULT_KINDS].join(', ')}`);
      const { count = 1, path } = typeof options === 'number' ? { count: options } : options;
      for (let i = 0; i < count; i += 1) faults.push({ kind, path });
    },
    /** Forgets the faults asked for that no call has taken yet; answers how many there were. */
    clearFaults() {
      return faults.splice(0).length;
    },
    /** Resolves with the requests held by `pause` once there is at least one. */
    paused: () => paused.waitForPaused(1),
    /** Resolves with the requests held by `pause` once `count` of them are held at once. */
    waitForPaused: (count = 1) => paused.waitForPaused(count),
    /** Lets the held requests be done and answered (to nobody, if their client has gone); resolves once they have been. */
    releasePaused: () => paused.releasePaused(),
    /** Each webhook is sent twice, as Stripe may. */
    duplicateWebhooks(on = true) {
      duplicateWebhooks = on;
    },
    /** Keeps every event from now, for `deliverHeld`; stopping delivers what is held, oldest first. */
    holdWebhooks: (on = true) => webhooks.hold(on, 'oldest-first'),
    /** Keeps every event from now; `deliverHeld()`, or stopping, delivers them newest first (Stripe does not promise an order). */
    reorderWebhooks: (on = true) => webhooks.hold(on, 'newest-first'),
    /**
     * Delivers the held events one after another: `oldest-first`, `newest-first`, or the list a
     * function makes of them (those it leaves out stay held); resolves with each one's HTTP status.
     */
    deliverHeld: (order) => webhooks.deliverHeld(order),
    /** New PaymentIntents stay out of search until `indexForSearch()` (Stripe: searchable "in under 1 minute", later in an outage). */
    searchLag(on = true) {
      searchLags = on;
      if (!on) unindexed.clear();
    },
    /** Search catches up with every PaymentIntent made so far. */
    indexForSearch() {
      unindexed.clear();
    },
    /** A refund fails after it was made, as a card refund can: refund.updated and refund.failed, and it no longer counts. */
    failRefund(refundId) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = 'failed';
      refund.failure_reason = 'expired_or_canceled_card';
      emit('refund.updated', refund);
      emit('refund.failed', refund);
      return refund;
    },
    ledger,
    /**
     * Stripe's books summed per `metadata.reservation` ('' for PaymentIntents without one): money
     * taken (amount_received less succeeded refunds) and money held (amount_capturable of those
     * awaiting capture), in the reservation's currency, with its PaymentIntents.
     */
    moneyByReservation() {
      const books = {};
      for (const line of ledger()) {
        const reservation = line.metadata.reservation ?? '';
        const book = (books[reservation] ??= { currency: line.currency, taken: 0, held: 0, paymentIntents: [] });
        if (book.currency !== line.currency)
          throw new Error(`reservation ${reservation} has PaymentIntents in ${book.currency} and ${line.currency}`);
        book.taken += line.amount_received - line.refunded;
        if (line.status === 'requires_capture') book.held += line.amount_capturable;
        book.paymentIntents.push(line.id);
      }
      return books;
    },
    /** What the hosted 3-D Secure page does when the guest completes or fails it; answers the return_url with its parameters. */
    answerChallenge(intentId, outcome) {
      const intent = paymentIntents.get(intentId);
      if (!intent) throw new Error(`no PaymentIntent ${intentId}`);
      return answerChallenge(intent, outcome);
    },
    /** The events of one type about one object, in order. */
    eventsFor(objectId, type) {
      return events.filter((entry) => entry.event.data.object.id === objectId && (type === undefined || entry.event.type === type));
    },
    async close() {
      for (const res of hanging) res.destroy();
      for (const { timer, res } of timers) {
        clearTimeout(timer);
        res.destroy();
      }
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// `node tools/fake-stripe/fake-stripe.mjs [port]`: runs it alone (webhooks to FAKE_STRIPE_WEBHOOK_URL).
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeStripe({
    port: Number(process.argv[2] ?? 12111),
    webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_fake',
  });
  process.stdout.write(`fake Stripe on ${fake.url}\n`);
}
