// A local stand-in for PayStack's API and hosted checkout, for the API tests and the e2e run.
// It answers the calls the adapter makes, and the lookups a reconciler makes, with the shapes
// PayStack documents (https://paystack.com/docs/api, PaystackOSS/openapi dist/paystack.yaml of
// 24 October 2025; the event bodies of PaystackOSS/doc-code-snippets): `{ status: true,
// message, data }`, and `{ status: false, message }` with a 4xx for a refusal. Its checkout page
// has Pay, Fail and Cancel buttons; paying redirects to the callback_url with trxref and
// reference, then sends the signed charge.success webhook. Ids are counters, so a run is the
// same every time. Plain JavaScript: the e2e runner (Node, no TypeScript) starts it too;
// fake-paystack.d.mts types it for the tests.
//
// PayStack has no idempotency header: a transaction's reference is its idempotency (initialize
// and charge_authorization refuse a reference seen before), and a refund has none (asked twice,
// it is made twice). A refund lost to a failure is found again with GET /refund (perPage, page,
// from, to: no filter by transaction is documented, so none is applied here) by its
// transaction_reference, or GET /refund/{id}.
//
// Switches, per call kind (initialize, verify, charge_authorization, refund, list_refunds,
// fetch_refund): `faultNext(kind, fault, { times, status })` with `5xx` (not done, 500),
// `hang` (not done, answered 504 after hangMs), `5xx-after` (done, then 500), `drop` (done, then
// the connection destroyed) or `pause` (held before it is done until `releasePaused()`;
// `waitForPaused(n)` resolves once n are held; done even if its client has gone). `failNext` and
// `hangNext` are the older forms; `clearFaults()` forgets those not taken yet. Webhooks:
// `duplicateWebhooks`, `holdWebhooks()`, `reorderWebhooks()`, `deliverHeld(order)`; refunds send refund.pending, then `settleRefund`
// refund.processing, refund.processed, refund.failed or refund.needs-attention. Books:
// `ledger()`, `moneyByReservation()`.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { createPausedRequests } from '../../../../tools/fake-providers/paused-requests.mjs';
import { createWebhookQueue } from '../../../../tools/fake-providers/webhook-queue.mjs';

const CURRENCIES = new Set(['NGN', 'GHS', 'ZAR', 'KES', 'USD']);
/** The call kinds a fault can be asked for. */
const CALLS = ['initialize', 'verify', 'charge_authorization', 'refund', 'list_refunds', 'fetch_refund'];
const FAULTS = new Set(['5xx', 'hang', '5xx-after', 'drop', 'pause']);
/** Our integration's id and the dashboard user refunds are made by, as PayStack names them. */
const INTEGRATION = 100_982;
const REFUNDED_BY = 'hotel@example.com';

/** Writes an answer, unless its client has gone (a request held past its client's patience). */
function send(res, status, body) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const refuse = (res, status, message) => send(res, status, { status: false, message });

async function readBody(req, url) {
  // A GET's parameters are its query, as a POST's are its body.
  if (req.method === 'GET') return Object.fromEntries(url.searchParams);
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
 * when absent); `secretKey` is the only key it accepts and the one it signs with. `now` is
 * PayStack's clock, for a test whose API runs on a pinned one (the two agree, as in life).
 */
export async function startFakePaystack({ port = 0, webhookUrl, secretKey, now = () => new Date() }) {
  const transactions = new Map();
  const authorizations = new Map();
  const refunds = [];
  const requests = [];
  /** `{ initialize: [{ fault: '5xx', status: 503 }], verify: [{ fault: 'hang' }] }`: what the next calls of each kind do. */
  const upsets = Object.fromEntries(CALLS.map((call) => [call, []]));
  const counters = { transaction: 1000, authorization: 0, access: 0, refund: 500, customer: 70 };
  let declineNextChargeWith = null;
  let base = '';
  const timers = new Set();
  const paused = createPausedRequests();
  const webhooks = createWebhookQueue((entry) => post(entry.body, entry.signature));

  const sign = (body, key = secretKey) => createHmac('sha512', key).update(body).digest('hex');

  /** Posts one signed event to webhookUrl (twice when duplicateWebhooks); answers the last HTTP status, null when none. */
  async function post(body, signature) {
    if (!fake.webhookUrl) return null;
    let status = null;
    for (let i = 0; i < (fake.duplicateWebhooks ? 2 : 1); i += 1) {
      status = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
        body,
      }).then(
        (response) => response.status,
        () => null,
      );
    }
    return status;
  }

  /** An event as PayStack sends it, after the answer that caused it (or held): `{ event, data }`, signed. */
  function emit(event, data) {
    const body = JSON.stringify({ event, data });
    webhooks.emit({ event, body, signature: sign(body) });
  }

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
    /** Events held by holdWebhooks or reorderWebhooks, oldest first: `{ event, body, signature }`. */
    heldWebhooks: webhooks.held,
    /**
     * The next `times` calls of `kind` go wrong as `fault` says: `5xx` (not done, answered
     * `status`), `hang` (not done, answered 504 after hangMs), `5xx-after` (done, then 500),
     * `drop` (done, then the connection destroyed) or `pause` (held until releasePaused).
     */
    faultNext(kind, fault, { times = 1, status = 500 } = {}) {
      if (!upsets[kind]) throw new Error(`unknown PayStack call ${kind}: one of ${CALLS.join(', ')}`);
      if (!FAULTS.has(fault)) throw new Error(`unknown fault ${fault}: one of ${[...FAULTS].join(', ')}`);
      for (let i = 0; i < times; i += 1) upsets[kind].push({ fault, status });
    },
    /** Forgets the faults asked for that no call has taken yet. */
    clearFaults() {
      for (const kind of CALLS) upsets[kind].length = 0;
    },
    /** The next `times` calls of `kind` answer `status` (a 5xx) without being done. */
    failNext(kind, status = 500, times = 1) {
      fake.faultNext(kind, '5xx', { times, status });
    },
    /** The next `times` calls of `kind` answer only after `hangMs`, without being done. */
    hangNext(kind, times = 1) {
      fake.faultNext(kind, 'hang', { times });
    },
    /** Resolves with the requests held by `pause` once there is at least one. */
    paused: () => paused.waitForPaused(1),
    /** Resolves with the requests held by `pause` once `count` of them are held at once. */
    waitForPaused: (count = 1) => paused.waitForPaused(count),
    /** Lets the held requests be done and answered (to nobody, if their client has gone); resolves once they have been. */
    releasePaused: () => paused.releasePaused(),
    /** Keeps every event from now, for `deliverHeld`; stopping delivers what is held, oldest first. */
    holdWebhooks: (on = true) => webhooks.hold(on, 'oldest-first'),
    /** Keeps every event from now; `deliverHeld()`, or stopping, delivers them newest first: out of order. */
    reorderWebhooks: (on = true) => webhooks.hold(on, 'newest-first'),
    /** Delivers the held events one after another: `oldest-first`, `newest-first`, or as a function orders them; resolves with each one's status. */
    deliverHeld: (order) => webhooks.deliverHeld(order),
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
      transaction.paidAt = now().toISOString();
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
    /**
     * PayStack moves a refund on: `processing`, `processed`, `failed` (its amount counts as paid
     * again) or `needs-attention`, with the event of that name. A transaction refunded whole,
     * processed, reads `reversed`.
     */
    settleRefund(id, status) {
      const refund = refunds.find((r) => r.id === id);
      if (!refund) throw new Error(`no refund ${id}`);
      if (!['processing', 'processed', 'failed', 'needs-attention'].includes(status)) throw new Error(`unknown refund status ${status}`);
      refund.status = status;
      if (status === 'processed') refund.refundedAt = now().toISOString();
      const t = transactions.get(refund.transaction);
      const processed = refunds.filter((r) => r.transaction === t.reference && r.status === 'processed');
      if (processed.reduce((sum, r) => sum + r.amount, 0) >= t.amount) t.status = 'reversed';
      emit(`refund.${status}`, refundEvent(refund));
      return refund;
    },
    /** The JSON body and signature of the event PayStack sends for a transaction. */
    signedEvent(reference, event = 'charge.success', key = secretKey) {
      const body = JSON.stringify({ event, data: transactionData(transactions.get(reference)) });
      return { body, signature: sign(body, key) };
    },
    /** Sends the webhook for a transaction now (twice when duplicateWebhooks, never held), answering the last delivery's status. */
    async sendWebhook(reference, event = 'charge.success') {
      if (!fake.webhookUrl) return undefined;
      const { body, signature } = fake.signedEvent(reference, event);
      return (await post(body, signature)) ?? undefined;
    },
    /** Per transaction, PayStack's books: its amount, status and what was refunded (refunds not failed). */
    ledger() {
      return [...transactions.values()].map((t) => ({
        reference: t.reference,
        amount: t.amount,
        currency: t.currency,
        status: t.status,
        refunded: refundedOf(t),
      }));
    },
    /**
     * PayStack's books summed per booking (a reference is `<reservation number>-<tail>`): money
     * taken, the amount of each transaction paid (success, or reversed) less its refunds not
     * failed, as PayStack takes a refund off the merchant's balance when it is queued.
     */
    moneyByReservation() {
      const books = {};
      for (const line of fake.ledger()) {
        const tail = line.reference.lastIndexOf('-');
        const reservation = tail < 0 ? line.reference : line.reference.slice(0, tail);
        const book = (books[reservation] ??= { currency: line.currency, taken: 0, references: [] });
        if (book.currency !== line.currency)
          throw new Error(`booking ${reservation} has transactions in ${book.currency} and ${line.currency}`);
        const paid = line.status === 'success' || line.status === 'reversed' ? line.amount : 0;
        book.taken += paid - line.refunded;
        book.references.push(line.reference);
      }
      return books;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const customerOf = (t) => ({
    id: t.customerId,
    first_name: null,
    last_name: null,
    email: t.email,
    customer_code: `CUS_fake${t.customerId}`,
  });

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
      customer: customerOf(t),
    };
  }

  /** What was given back of a transaction: its refunds, but those that failed. */
  const refundedOf = (t) =>
    refunds.filter((r) => r.transaction === t.reference && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);

  /** A refund as GET /refund and GET /refund/{id} answer it (RefundListResponseArray, RefundFetchResponse). */
  function refundData(refund) {
    const t = transactions.get(refund.transaction);
    return {
      integration: INTEGRATION,
      transaction: t.id,
      dispute: null,
      settlement: null,
      id: refund.id,
      domain: 'test',
      currency: refund.currency,
      amount: refund.amount,
      status: refund.status,
      refunded_at: refund.refundedAt,
      refunded_by: REFUNDED_BY,
      customer_note: refund.customerNote,
      merchant_note: refund.merchantNote,
      deducted_amount: refund.amount,
      fully_deducted: 1,
      createdAt: refund.createdAt,
      bank_reference: null,
      transaction_reference: t.reference,
      reason: refund.status.toUpperCase(),
      customer: { ...customerOf(t), phone: null, metadata: null, risk_action: 'default', international_format_phone: null },
      refund_type: refund.amount === t.amount ? 'full' : 'partial',
      transaction_amount: t.amount,
      initiated_by: REFUNDED_BY,
      refund_channel: 'card',
      session_id: null,
      collect_account_number: false,
    };
  }

  /**
   * A refund event's data, as PayStack's samples show it: the transaction's reference, not the
   * refund's id (only refund.needs-attention carries the id and the notes), and the amount a
   * string in refund.pending, refund.processing and refund.processed but a number in
   * refund.failed and refund.needs-attention.
   */
  function refundEvent(refund) {
    const t = transactions.get(refund.transaction);
    const numeric = refund.status === 'failed' || refund.status === 'needs-attention';
    return {
      status: refund.status,
      transaction_reference: t.reference,
      refund_reference: refund.status === 'pending' || refund.status === 'processing' ? null : `TRF_fake${refund.id}`,
      amount: numeric ? refund.amount : String(refund.amount),
      currency: refund.currency,
      processor: 'fake-processor',
      customer: { first_name: null, last_name: null, email: t.email },
      integration: INTEGRATION,
      domain: 'test',
      ...(refund.status === 'needs-attention'
        ? { id: String(refund.id), customer_note: refund.customerNote, merchant_note: refund.merchantNote }
        : {}),
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
      createdAt: now().toISOString(),
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

  const answer = (message, data) => ({ status: 200, body: { status: true, message, data } });
  const refusal = (status, message) => ({ status, body: { status: false, message } });

  function initialize(body) {
    const { email, amount, currency = 'NGN', reference, callback_url: callbackUrl, metadata } = body;
    if (typeof email !== 'string' || !email.includes('@')) return refusal(400, 'Invalid Email Address Passed');
    if (!Number.isInteger(amount) || amount <= 0) return refusal(400, 'Invalid Amount Sent');
    if (!CURRENCIES.has(currency)) return refusal(400, 'Currency not supported by merchant');
    if (typeof reference !== 'string' || !/^[A-Za-z0-9.=-]+$/.test(reference)) return refusal(400, 'Invalid transaction reference');
    if (transactions.has(reference)) return refusal(400, 'Duplicate Transaction Reference');
    const t = newTransaction({ email, amount, currency, reference, callbackUrl, metadata });
    return answer('Authorization URL created', {
      authorization_url: `${base}/checkout/${t.accessCode}`,
      access_code: t.accessCode,
      reference,
    });
  }

  function verify(_body, [, reference]) {
    const t = transactions.get(decodeURIComponent(reference));
    return t ? answer('Verification successful', transactionData(t)) : refusal(400, 'Transaction reference not found');
  }

  function chargeAuthorization(body) {
    const { email, amount, currency = 'NGN', authorization_code: code, reference } = body;
    const known = authorizations.get(code);
    if (!known || known.email !== email) return refusal(400, 'Invalid authorization code');
    if (!known.reusable) return refusal(400, 'Authorization is not reusable');
    if (!Number.isInteger(amount) || amount <= 0) return refusal(400, 'Invalid Amount Sent');
    if (transactions.has(reference)) return refusal(400, 'Duplicate Transaction Reference');
    const t = newTransaction({ email, amount, currency, reference, callbackUrl: null, metadata: {} });
    t.authorization = known.authorization;
    if (declineNextChargeWith) {
      t.status = 'failed';
      t.gatewayResponse = declineNextChargeWith;
      declineNextChargeWith = null;
    } else {
      t.status = 'success';
      t.gatewayResponse = 'Approved';
      t.paidAt = now().toISOString();
    }
    return answer('Charge attempted', transactionData(t));
  }

  /** POST /refund: queued (pending), refund.pending sent. Not idempotent: the same refund asked twice is two refunds. */
  function createRefund(body) {
    const t = [...transactions.values()].find((x) => x.reference === body.transaction || String(x.id) === String(body.transaction));
    if (!t || t.status !== 'success') return refusal(400, 'Transaction not found or not successful');
    const left = t.amount - refundedOf(t);
    const amount = body.amount ?? left;
    if (!Number.isInteger(amount) || amount <= 0) return refusal(400, 'Invalid Amount Sent');
    if (amount > left) return refusal(400, 'Refund amount cannot be more than the unrefunded transaction amount');
    counters.refund += 1;
    const createdAt = now().toISOString();
    const refund = {
      id: counters.refund,
      transaction: t.reference,
      amount,
      currency: t.currency,
      status: 'pending',
      customerNote: body.customer_note ?? `Refund for transaction ${t.reference}`,
      merchantNote: body.merchant_note ?? `Refund for transaction ${t.reference} by ${REFUNDED_BY}`,
      createdAt,
      refundedAt: null,
    };
    refunds.push(refund);
    emit('refund.pending', refundEvent(refund));
    return answer('Refund has been queued for processing', {
      transaction: {
        id: t.id,
        domain: 'test',
        reference: t.reference,
        amount: t.amount,
        paid_at: t.paidAt,
        channel: 'card',
        currency: t.currency,
      },
      integration: INTEGRATION,
      deducted_amount: 0,
      channel: null,
      merchant_note: refund.merchantNote,
      customer_note: refund.customerNote,
      status: 'pending',
      refunded_by: REFUNDED_BY,
      expected_at: createdAt,
      currency: t.currency,
      domain: 'test',
      amount,
      fully_deducted: false,
      id: refund.id,
      createdAt,
      updatedAt: createdAt,
    });
  }

  /**
   * GET /refund: newest first, `perPage` (50) a `page` (1), made between `from` and `to`. The 24
   * October 2025 description documents no other filter, so any other (transaction, reference) is
   * ignored: a reconciler matches on `transaction_reference` itself.
   */
  function listRefunds(query) {
    const perPage = query.perPage === undefined ? 50 : Number(query.perPage);
    const page = query.page === undefined ? 1 : Number(query.page);
    const [from, to] = [query.from, query.to].map((date) => (date === undefined ? undefined : new Date(date)));
    if (!(Number.isInteger(perPage) && perPage > 0 && Number.isInteger(page) && page > 0)) return refusal(400, 'Invalid pagination');
    if ([from, to].some((date) => date !== undefined && Number.isNaN(date.getTime()))) return refusal(400, 'Invalid date');
    const found = refunds
      .filter((r) => (from === undefined || new Date(r.createdAt) >= from) && (to === undefined || new Date(r.createdAt) <= to))
      .reverse();
    return {
      status: 200,
      body: {
        status: true,
        message: 'Refunds retrieved',
        data: found.slice((page - 1) * perPage, page * perPage).map(refundData),
        meta: {
          total: found.length,
          skipped: (page - 1) * perPage,
          // A string in the 24 October 2025 schema (RefundListResponse.meta.perPage).
          perPage: String(perPage),
          page,
          pageCount: Math.ceil(found.length / perPage),
          failedRefundCount: found.filter((r) => r.status === 'failed').length,
        },
      },
    };
  }

  function fetchRefund(_query, [, id]) {
    const refund = refunds.find((r) => String(r.id) === id);
    return refund ? answer('Refund retrieved', refundData(refund)) : refusal(404, 'Refund not found');
  }

  const routes = [
    { kind: 'initialize', method: 'POST', path: /^\/transaction\/initialize$/, run: initialize },
    { kind: 'verify', method: 'GET', path: /^\/transaction\/verify\/([^/]+)$/, run: verify },
    { kind: 'charge_authorization', method: 'POST', path: /^\/transaction\/charge_authorization$/, run: chargeAuthorization },
    { kind: 'refund', method: 'POST', path: /^\/refund$/, run: createRefund },
    { kind: 'list_refunds', method: 'GET', path: /^\/refund$/, run: listRefunds },
    { kind: 'fetch_refund', method: 'GET', path: /^\/refund\/([^/]+)$/, run: fetchRefund },
  ];

  /** Waits hangMs, then a 504 (to nobody, usually: the client has given up). */
  async function hang(res) {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, fake.hangMs);
      timers.add(timer);
    });
    send(res, 504, { status: false, message: 'Gateway timeout' });
  }

  /** One API call: the fault asked for its kind, if any, around the call itself. */
  async function api(req, res, path, body) {
    if (req.headers.authorization !== `Bearer ${secretKey}`) return refuse(res, 401, 'Invalid key');
    const route = routes.find((r) => r.method === req.method && r.path.test(path));
    if (!route) return refuse(res, 404, 'Not found');
    const upset = upsets[route.kind].shift();
    if (upset?.fault === '5xx') return refuse(res, upset.status, 'An error occurred');
    if (upset?.fault === 'hang') return hang(res);
    const held = upset?.fault === 'pause' ? paused.hold({ kind: route.kind, method: req.method, path }) : undefined;
    try {
      if (held) await held.released;
      // Done from here on, whoever hears of it.
      const done = route.run(body, route.path.exec(path));
      if (upset?.fault === 'drop') return void res.destroy();
      if (upset?.fault === '5xx-after') return refuse(res, upset.status, 'An error occurred');
      return send(res, done.status, done.body);
    } finally {
      held?.done();
    }
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
    if (page[2] === 'pay') emit('charge.success', transactionData(t));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://fake');
    const { pathname: path } = url;
    readBody(req, url)
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
