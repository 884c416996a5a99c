// A local stand-in for Stripe's API, for the API's tests and the web's end-to-end runs: never
// for production. It follows the request and answer shapes of Stripe's API version
// 2026-10-28.endive (the version apps/api pins, STRIPE_API_VERSION): form-encoded bodies,
// `{ error: { type, code, decline_code, message } }` refusals, PaymentIntent, Customer,
// PaymentMethod, Refund and Event objects, Idempotency-Key replays, the Stripe-Signature
// webhook header. Only the calls this project makes are served. See docs/payments.md.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

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
  const idempotent = new Map();
  /** Every event, in order: `{ event, payload, signature }`. */
  const events = [];
  /** Every API request, in order: `{ method, path, body, idempotencyKey }` (a test checks what reached Stripe). */
  const requests = [];
  const faults = [];
  let duplicateWebhooks = false;
  const hanging = new Set();
  let base = '';

  async function deliver(entry) {
    if (!webhookUrl) return;
    const send = () =>
      fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': entry.signature },
        body: entry.payload,
      }).catch(() => undefined);
    await send();
    if (duplicateWebhooks) await send();
  }

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
    // After the answer that caused it, as Stripe does: the API's own transaction goes first.
    setImmediate(() => void deliver(entry));
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
      if (body.confirm === 'true') {
        const refused = confirm(intent, { offSession: body.off_session === 'true' });
        if (refused) return refused;
      }
      return { status: 200, body: intentView(intent, Object.values(body.expand ?? {})) };
    }
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
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        charge: intent.latest_charge,
        created: now(),
        currency: intent.currency,
        metadata: body.metadata ?? {},
        payment_intent: intent.id,
        reason: body.reason ?? null,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
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

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const send = ({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': FAKE_STRIPE_API_VERSION });
        res.end(JSON.stringify(body));
      };
      let match;
      if ((match = /^\/fake\/3ds\/([^/]+)$/.exec(url.pathname))) {
        const intent = paymentIntents.get(match[1]);
        if (!intent) return send(notFound('payment_intent', match[1]));
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(challengePage(intent));
        }
        res.writeHead(303, { location: answerChallenge(intent, parseForm(text).outcome === 'complete' ? 'complete' : 'fail') });
        return res.end();
      }
      if (!url.pathname.startsWith('/v1/'))
        return send(stripeError(404, { type: 'invalid_request_error', message: 'Not a Stripe API path.' }));
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-headers': 'authorization, content-type, stripe-version',
          'access-control-allow-methods': 'GET, POST',
        });
        return res.end();
      }
      const body = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(text);
      const idempotencyKey = req.headers['idempotency-key'];
      requests.push({ method: req.method, path: url.pathname, body, idempotencyKey });
      const auth = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      // Faults are the server's calls' (secret key): the browser's card form is not what is being tested.
      const fault = /^(sk|rk)_/.test(auth) ? faults.shift() : undefined;
      if (fault === 'timeout') {
        // Done, but the answer never comes: the SDK times out and retries with the same key.
        const answer = route(req.method, url.pathname, body, auth);
        if (idempotencyKey) idempotent.set(idempotencyKey, answer);
        hanging.add(res);
        return undefined;
      }
      if (fault === '5xx') return send(stripeError(500, { type: 'api_error', message: 'An unknown error occurred (fake Stripe).' }));
      if (idempotencyKey && idempotent.has(idempotencyKey)) return send(idempotent.get(idempotencyKey));
      const answer = route(req.method, url.pathname, body, auth);
      if (idempotencyKey && req.method === 'POST') idempotent.set(idempotencyKey, answer);
      return send(answer);
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  base = `http://${host}:${address.port}`;

  return {
    url: base,
    port: address.port,
    webhookSecret,
    events,
    requests,
    paymentIntents,
    /** The next `count` calls made with the secret key fail: `timeout` (done, answer never sent) or `5xx` (not done, 500). */
    failNext(kind, count = 1) {
      for (let i = 0; i < count; i += 1) faults.push(kind);
    },
    /** Each webhook is sent twice, as Stripe may. */
    duplicateWebhooks(on = true) {
      duplicateWebhooks = on;
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
