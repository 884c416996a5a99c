// A local stand-in for PayStack's API and hosted checkout, for the API tests and the e2e run.
// It answers the calls the adapter makes with the shapes PayStack documents
// (https://paystack.com/docs/api, PaystackOSS/openapi dist/paystack.yaml of 24 October 2025):
// `{ status: true, message, data }`, and `{ status: false, message }` with a 4xx for a refusal.
// Its checkout page has Pay, Fail and Cancel buttons; paying redirects to the callback_url with
// trxref and reference, then sends the signed charge.success webhook. Switches make the next
// calls fail with a 5xx, hang past the client's timeout, or deliver webhooks twice. Ids are
// counters, so a run is the same every time. Plain JavaScript: the e2e runner (Node, no
// TypeScript) starts it too; fake-paystack.d.mts types it for the tests.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';

const CURRENCIES = new Set(['NGN', 'GHS', 'ZAR', 'KES', 'USD']);

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const refuse = (res, status, message) => send(res, status, { status: false, message });

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text);
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The amount as PayStack's checkout shows it: 1250000 kobo is NGN 12,500.00. */
const shown = (amount, currency) => `${currency} ${(amount / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

function checkoutPage(transaction) {
  const action = (what) => `/checkout/${transaction.accessCode}/${what}`;
  const button = (what, label) => `<form method="post" action="${action(what)}"><button type="submit">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>PayStack checkout (test)</title></head>
<body><main><h1>PayStack checkout (test)</h1>
<p>Pay <strong>${escapeHtml(shown(transaction.amount, transaction.currency))}</strong> as ${escapeHtml(transaction.email)}</p>
<p>Reference ${escapeHtml(transaction.reference)}</p>
${button('pay', 'Pay')}${button('fail', 'Fail')}${button('cancel', 'Cancel')}
</main></body></html>`;
}

/**
 * Starts the fake on `port` (0: any free port). `webhookUrl` receives the signed events (none
 * when absent); `secretKey` is the only key it accepts and the one it signs with.
 */
export async function startFakePaystack({ port = 0, webhookUrl, secretKey }) {
  const transactions = new Map();
  const authorizations = new Map();
  const refunds = [];
  const requests = [];
  /** `{ initialize: [500, 503], verify: ['hang'] }`: what the next calls of each kind do instead of answering. */
  const upsets = { initialize: [], verify: [], charge_authorization: [], refund: [] };
  const counters = { transaction: 1000, authorization: 0, access: 0, refund: 500, customer: 70 };
  let declineNextChargeWith = null;
  let base = '';
  const timers = new Set();

  const fake = {
    url: '',
    transactions,
    refunds,
    requests,
    /** Where the signed events go (settable after start, when the API's port is known); none: no events. */
    webhookUrl,
    /** Deliver every webhook twice, as PayStack may. */
    duplicateWebhooks: false,
    /** How long a hung call waits before answering (longer than the client's timeout). */
    hangMs: 2_000,
    /** The next `times` calls of `kind` answer `status` (a 5xx). */
    failNext(kind, status = 500, times = 1) {
      for (let i = 0; i < times; i += 1) upsets[kind].push(status);
    },
    /** The next `times` calls of `kind` answer only after `hangMs`. */
    hangNext(kind, times = 1) {
      for (let i = 0; i < times; i += 1) upsets[kind].push('hang');
    },
    /** The next charge_authorization fails with this gateway_response ("Insufficient Funds"). */
    declineNextCharge(gatewayResponse) {
      declineNextChargeWith = gatewayResponse;
    },
    /** The transaction `initialize` made for our booking reference (its reference starts with it). */
    transactionFor(prefix) {
      return [...transactions.values()].find((t) => t.reference.startsWith(`${prefix}-`));
    },
    /** The guest pays on the checkout page (no browser): the transaction succeeds. */
    pay(reference, { reusable = true, last4 = '4081', cardType = 'visa ' } = {}) {
      const transaction = transactions.get(reference);
      counters.authorization += 1;
      const code = `AUTH_fake${String(counters.authorization).padStart(6, '0')}`;
      transaction.status = 'success';
      transaction.gatewayResponse = 'Successful';
      transaction.paidAt = new Date().toISOString();
      transaction.authorization = {
        authorization_code: code,
        bin: '408408',
        last4,
        exp_month: '12',
        exp_year: '2030',
        channel: 'card',
        card_type: cardType,
        bank: 'TEST BANK',
        country_code: 'NG',
        brand: cardType.trim(),
        reusable,
        signature: `SIG_fake${counters.authorization}`,
        account_name: null,
      };
      authorizations.set(code, { email: transaction.email, reusable, authorization: transaction.authorization });
      return transaction;
    },
    /** The bank refuses the payment on the checkout page. */
    fail(reference) {
      const transaction = transactions.get(reference);
      transaction.status = 'failed';
      transaction.gatewayResponse = 'Declined';
      return transaction;
    },
    /** The guest leaves the checkout page with Cancel. */
    abandon(reference) {
      const transaction = transactions.get(reference);
      transaction.status = 'abandoned';
      return transaction;
    },
    /** The JSON body and signature of the event PayStack sends for a transaction. */
    signedEvent(reference, event = 'charge.success', key = secretKey) {
      const body = JSON.stringify({ event, data: transactionData(transactions.get(reference)) });
      return { body, signature: createHmac('sha512', key).update(body).digest('hex') };
    },
    /** Sends the webhook for a transaction (twice when duplicateWebhooks), answering the last delivery's status. */
    async sendWebhook(reference, event = 'charge.success') {
      if (!fake.webhookUrl) return undefined;
      const { body, signature } = fake.signedEvent(reference, event);
      let status;
      for (let i = 0; i < (fake.duplicateWebhooks ? 2 : 1); i += 1) {
        const response = await fetch(fake.webhookUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
          body,
        });
        status = response.status;
      }
      return status;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  function transactionData(t) {
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      receipt_number: null,
      amount: t.amount,
      message: null,
      gateway_response: t.gatewayResponse,
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: 'card',
      currency: t.currency,
      ip_address: '127.0.0.1',
      metadata: t.metadata,
      fees: t.status === 'success' ? Math.round(t.amount * 0.015) : null,
      authorization: t.authorization ?? {},
      customer: { id: t.customerId, first_name: null, last_name: null, email: t.email, customer_code: `CUS_fake${t.customerId}` },
    };
  }

  function newTransaction({ email, amount, currency, reference, callbackUrl, metadata }) {
    counters.transaction += 1;
    counters.access += 1;
    counters.customer += 1;
    const transaction = {
      id: counters.transaction,
      accessCode: `fakeaccess${String(counters.access).padStart(6, '0')}`,
      email,
      amount,
      currency,
      reference,
      callbackUrl,
      metadata: metadata ?? {},
      // An initialized transaction nobody has paid reads as abandoned, as PayStack's does.
      status: 'abandoned',
      gatewayResponse: 'The transaction was not completed',
      paidAt: null,
      createdAt: new Date().toISOString(),
      customerId: counters.customer,
      authorization: undefined,
    };
    transactions.set(reference, transaction);
    return transaction;
  }

  const byAccessCode = (code) => [...transactions.values()].find((t) => t.accessCode === code);

  function returnAddress(address, reference) {
    const url = new URL(address);
    url.searchParams.set('trxref', reference);
    url.searchParams.set('reference', reference);
    return url.href;
  }

  /** A 5xx, or an answer only after hangMs, when a switch says so; answers whether the call was upset. */
  async function upset(kind, res) {
    const next = upsets[kind].shift();
    if (next === undefined) return false;
    if (next === 'hang') {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, fake.hangMs);
        timers.add(timer);
      });
      if (!res.destroyed) refuse(res, 504, 'Gateway timeout');
    } else {
      refuse(res, next, 'An error occurred');
    }
    return true;
  }

  async function api(req, res, path, body) {
    if (req.headers.authorization !== `Bearer ${secretKey}`) return refuse(res, 401, 'Invalid key');
    if (req.method === 'POST' && path === '/transaction/initialize') {
      if (await upset('initialize', res)) return;
      const { email, amount, currency = 'NGN', reference, callback_url: callbackUrl, metadata } = body;
      if (typeof email !== 'string' || !email.includes('@')) return refuse(res, 400, 'Invalid Email Address Passed');
      if (!Number.isInteger(amount) || amount <= 0) return refuse(res, 400, 'Invalid Amount Sent');
      if (!CURRENCIES.has(currency)) return refuse(res, 400, 'Currency not supported by merchant');
      if (typeof reference !== 'string' || !/^[A-Za-z0-9.=-]+$/.test(reference)) return refuse(res, 400, 'Invalid transaction reference');
      if (transactions.has(reference)) return refuse(res, 400, 'Duplicate Transaction Reference');
      const t = newTransaction({ email, amount, currency, reference, callbackUrl, metadata });
      return send(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${base}/checkout/${t.accessCode}`, access_code: t.accessCode, reference },
      });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && verify) {
      if (await upset('verify', res)) return;
      const t = transactions.get(decodeURIComponent(verify[1]));
      if (!t) return refuse(res, 400, 'Transaction reference not found');
      return send(res, 200, { status: true, message: 'Verification successful', data: transactionData(t) });
    }
    if (req.method === 'POST' && path === '/transaction/charge_authorization') {
      if (await upset('charge_authorization', res)) return;
      const { email, amount, currency = 'NGN', authorization_code: code, reference } = body;
      const known = authorizations.get(code);
      if (!known || known.email !== email) return refuse(res, 400, 'Invalid authorization code');
      if (!known.reusable) return refuse(res, 400, 'Authorization is not reusable');
      if (!Number.isInteger(amount) || amount <= 0) return refuse(res, 400, 'Invalid Amount Sent');
      if (transactions.has(reference)) return refuse(res, 400, 'Duplicate Transaction Reference');
      const t = newTransaction({ email, amount, currency, reference, callbackUrl: null, metadata: {} });
      t.authorization = known.authorization;
      if (declineNextChargeWith) {
        t.status = 'failed';
        t.gatewayResponse = declineNextChargeWith;
        declineNextChargeWith = null;
      } else {
        t.status = 'success';
        t.gatewayResponse = 'Approved';
        t.paidAt = new Date().toISOString();
      }
      return send(res, 200, { status: true, message: 'Charge attempted', data: transactionData(t) });
    }
    if (req.method === 'POST' && path === '/refund') {
      if (await upset('refund', res)) return;
      const t = [...transactions.values()].find((x) => x.reference === body.transaction || String(x.id) === String(body.transaction));
      if (!t || t.status !== 'success') return refuse(res, 400, 'Transaction not found or not successful');
      const refunded = refunds.filter((r) => r.transaction === t.reference).reduce((sum, r) => sum + r.amount, 0);
      const amount = body.amount ?? t.amount - refunded;
      if (!Number.isInteger(amount) || amount <= 0) return refuse(res, 400, 'Invalid Amount Sent');
      if (amount > t.amount - refunded) return refuse(res, 400, 'Refund amount cannot be more than the unrefunded transaction amount');
      counters.refund += 1;
      const refund = { id: counters.refund, transaction: t.reference, amount, currency: t.currency, status: 'pending' };
      refunds.push(refund);
      return send(res, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: {
            id: t.id,
            domain: 'test',
            reference: t.reference,
            amount: t.amount,
            paid_at: t.paidAt,
            channel: 'card',
            currency: t.currency,
          },
          integration: 1,
          deducted_amount: 0,
          channel: null,
          merchant_note: `Refund for transaction ${t.reference}`,
          customer_note: `Refund for transaction ${t.reference}`,
          status: 'pending',
          refunded_by: 'test@example.com',
          expected_at: new Date().toISOString(),
          currency: t.currency,
          domain: 'test',
          amount,
          fully_deducted: false,
          id: refund.id,
        },
      });
    }
    return refuse(res, 404, 'Not found');
  }

  async function checkout(req, res, path) {
    const page = /^\/checkout\/([a-z0-9]+)(?:\/(pay|fail|cancel))?$/.exec(path);
    const t = page && byAccessCode(page[1]);
    if (!t) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('This payment link is not valid.');
    }
    if (req.method === 'GET' && !page[2]) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(checkoutPage(t));
    }
    if (req.method !== 'POST' || !page[2]) return refuse(res, 405, 'Method not allowed');
    if (page[2] === 'pay') fake.pay(t.reference);
    else if (page[2] === 'fail') fake.fail(t.reference);
    else fake.abandon(t.reference);
    const back =
      page[2] === 'cancel' && typeof t.metadata.cancel_action === 'string'
        ? t.metadata.cancel_action
        : returnAddress(t.callbackUrl, t.reference);
    res.writeHead(302, { Location: back });
    res.end();
    // PayStack redirects first and then notifies: the webhook may arrive before or after the guest.
    if (page[2] === 'pay') setImmediate(() => void fake.sendWebhook(t.reference).catch(() => undefined));
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://fake').pathname;
    readBody(req)
      .then((body) => {
        requests.push({ method: req.method, path, body });
        return path.startsWith('/checkout/') ? checkout(req, res, path) : api(req, res, path, body);
      })
      .catch(() => refuse(res, 400, 'Bad request'));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  fake.url = base;
  return fake;
}
