import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { properties, webhookDeliveries } from '@hotel/db/schema';
import type { AppContext } from '../app-context';
import { startOutboxLoop, type MailDispatcher } from '../mail';
import { endpointWants } from './webhook-outbox';

/**
 * The waits between attempts after the first (Standard Webhooks' schedule): 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h. No attempt is made later than `GIVE_UP_AFTER_MS` after the
 * event: the last wait is cut short to end there, and after that the message is `failed`.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

export type WebhookDispatchOptions = {
  /** Messages claimed per round trip (sent side by side). */
  batchSize?: number;
  /** How long an endpoint has to answer before the attempt counts as failed. */
  timeoutMs?: number;
  /** The signature's `webhook-timestamp`: the wall clock, which receivers compare with theirs (not the injected clock, which schedules). */
  signedAt?: () => Date;
};

export type WebhookDispatchReport = { delivered: number; retrying: number; failed: number };

type DispatchContext = Pick<AppContext, 'database' | 'clock' | 'logger'>;

const defaults = { batchSize: 20, timeoutMs: 10_000, signedAt: () => new Date() } satisfies Required<WebhookDispatchOptions>;

/**
 * When the attempt after `attempts` failed ones is due, or null when there is none: the
 * schedule's wait from now, cut to the 24 hours after the event; none once that has passed.
 */
export function nextAttemptAt(attempts: number, createdAt: Date, now: Date): Date | null {
  const wait = RETRY_DELAYS_MS[attempts - 1];
  const deadline = createdAt.getTime() + GIVE_UP_AFTER_MS;
  if (wait === undefined || now.getTime() >= deadline) return null;
  return new Date(Math.min(now.getTime() + wait, deadline));
}

/**
 * Takes up to `batchSize` due messages for this dispatcher alone (rows another dispatcher has
 * locked are skipped), counting the attempt and pushing the next one past the send's timeout in
 * the same statement, so the POSTs happen outside any transaction and no other process sends
 * the same message meanwhile. Each comes with its endpoint's current secret and events.
 */
async function claimDueWebhooks(context: DispatchContext, now: Date, settings: Required<WebhookDispatchOptions>) {
  const { db } = context.database;
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(settings.batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + 6 * settings.timeoutMs) })
    .where(inArray(webhookDeliveries.id, due))
    .returning({
      id: webhookDeliveries.id,
      propertyId: webhookDeliveries.propertyId,
      endpoint: webhookDeliveries.endpoint,
      eventType: webhookDeliveries.eventType,
      messageId: webhookDeliveries.messageId,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
    });
  if (claimed.length === 0) return [];
  const owners = await db
    .select({ id: properties.id, webhooks: properties.webhooks })
    .from(properties)
    .where(
      inArray(
        properties.id,
        claimed.map((message) => message.propertyId),
      ),
    );
  return claimed.map((message) => ({
    ...message,
    // The endpoint as the definition now has it: a secret rotated since the event signs the retries.
    endpointNow: owners
      .find((owner) => owner.id === message.propertyId)
      ?.webhooks.find((endpoint) => endpoint.url === message.endpoint && endpointWants(endpoint, message.eventType)),
  }));
}

type ClaimedWebhook = Awaited<ReturnType<typeof claimDueWebhooks>>[number];

type Outcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

/**
 * One attempt: the payload POSTed as JSON with the Standard Webhooks headers, its signature
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` made by the `standardwebhooks` package.
 * A 2xx answer within the timeout delivers it; a redirect is not followed (and is not a 2xx).
 */
async function postWebhook(message: ClaimedWebhook, secret: string, settings: Required<WebhookDispatchOptions>): Promise<Outcome> {
  const { type, timestamp, data } = message.payload;
  // Standard Webhooks' order of the body's fields; jsonb keeps its own.
  const body = JSON.stringify({ type, timestamp, data });
  const signedAt = settings.signedAt();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'hotel-booking-engine-webhooks/1',
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(message.messageId, signedAt, body),
  };
  try {
    const response = await fetch(message.endpoint, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { ok: true, statusCode: response.status };
    return { ok: false, statusCode: response.status, error: `The endpoint answered ${response.status}.` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return {
      ok: false,
      statusCode: null,
      error: timedOut
        ? `The endpoint did not answer within ${settings.timeoutMs / 1000} s.`
        : `Could not reach the endpoint${cause || `: ${String(error)}`}`.slice(0, 1000),
    };
  }
}

async function sendOne(context: DispatchContext, message: ClaimedWebhook, settings: Required<WebhookDispatchOptions>) {
  const { db } = context.database;
  const outcome: Outcome = message.endpointNow
    ? await postWebhook(message, message.endpointNow.secret, settings)
    : { ok: false, statusCode: null, error: "The endpoint is no longer in the property's definition (or no longer takes this event)." };
  const now = context.clock.now();
  if (outcome.ok) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'delivered', deliveredAt: now, lastStatusCode: outcome.statusCode, lastError: null })
      .where(eq(webhookDeliveries.id, message.id));
    return 'delivered' as const;
  }
  const next = message.endpointNow ? nextAttemptAt(message.attempts, message.createdAt, now) : null;
  await db
    .update(webhookDeliveries)
    .set(
      next === null
        ? { status: 'failed', lastStatusCode: outcome.statusCode, lastError: outcome.error }
        : { nextAttemptAt: next, lastStatusCode: outcome.statusCode, lastError: outcome.error },
    )
    .where(eq(webhookDeliveries.id, message.id));
  context.logger.warn(
    { webhookDeliveryId: message.id, messageId: message.messageId, attempts: message.attempts, error: outcome.error },
    next === null ? 'webhook failed for good' : 'webhook failed, will retry',
  );
  return next === null ? ('failed' as const) : ('retrying' as const);
}

/**
 * Sends every webhook message that is due, batch by batch: each is delivered, or retried later
 * on the schedule, or failed for good. Safe to run in many processes against one database;
 * tests call it directly as the dispatcher's tick, moving the injected clock between calls.
 */
export async function dispatchPendingWebhooks(
  context: DispatchContext,
  options: WebhookDispatchOptions = {},
): Promise<WebhookDispatchReport> {
  const settings = { ...defaults, ...options };
  const report: WebhookDispatchReport = { delivered: 0, retrying: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDueWebhooks(context, context.clock.now(), settings);
    const outcomes = await Promise.all(claimed.map((message) => sendOne(context, message, settings)));
    for (const outcome of outcomes) report[outcome] += 1;
    if (claimed.length < settings.batchSize) return report;
  }
}

/**
 * Sends webhook messages now, every `intervalMs` (5 s) after that, and at once when a use case
 * nudges the outbox after its commit (`context.mailEnqueued`, the signal of both outboxes).
 */
export function startWebhookDispatcher(
  context: DispatchContext & Pick<AppContext, 'mailEnqueued'>,
  options: WebhookDispatchOptions & { intervalMs?: number } = {},
): MailDispatcher {
  return startOutboxLoop({
    signal: context.mailEnqueued,
    outbox: 'webhooks',
    intervalMs: options.intervalMs ?? 5_000,
    round: async () => {
      const report = await dispatchPendingWebhooks(context, options);
      if (report.delivered + report.retrying + report.failed > 0) context.logger.info(report, 'webhooks dispatched');
    },
    onError: (error) => context.logger.warn({ err: error }, 'webhook dispatch round failed'),
  });
}
