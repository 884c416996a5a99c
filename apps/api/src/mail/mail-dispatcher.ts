import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { mailOutbox } from '@hotel/db/schema';
import type { AppContext } from '../app-context';
import type { Db } from '../database';
import { openMailBody, outboxKey, outboxMessageId } from './outbox';

export type DispatchOptions = {
  /** Rows claimed per round trip. */
  batchSize?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** Wait after the first failure; doubles with each further one. */
  baseDelayMs?: number;
  /** The longest wait between two attempts. */
  maxDelayMs?: number;
  /**
   * How long a claim holds without renewal. The dispatcher renews its claims every third of
   * this while it sends, so a slow send keeps its mail, and mail claimed by a process that
   * died (killed mid-send) is due again this long after its last renewal, not much later.
   */
  claimMs?: number;
  /** The longest a dispatcher renews its claims on one batch: a send hanging longer leaves its mail to another attempt. */
  maxClaimMs?: number;
};

export type DispatchReport = { sent: number; retrying: number; failed: number };

type DispatchContext = Pick<AppContext, 'database' | 'clock' | 'logger' | 'mailTransport' | 'config'>;

const defaults: Required<DispatchOptions> = {
  batchSize: 20,
  maxAttempts: 10,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  claimMs: 15_000,
  maxClaimMs: 10 * 60_000,
};

/** The wait before the next attempt after `attempts` failed ones: base, 2 x base, 4 x base... up to the maximum. */
export function retryDelayMs(attempts: number, options: Pick<Required<DispatchOptions>, 'baseDelayMs' | 'maxDelayMs'> = defaults): number {
  return Math.min(options.baseDelayMs * 2 ** Math.max(0, attempts - 1), options.maxDelayMs);
}

/**
 * Takes up to `batchSize` due messages for this dispatcher alone: the row locks are skipped by
 * any other dispatcher claiming at the same moment, and the claim itself (the attempt counted,
 * the next attempt pushed `claimMs` ahead) is committed at once, so the send happens outside
 * any transaction and no other process picks the row up while it is being sent
 * (`keepClaims` renews it meanwhile).
 */
async function claimDueMail(context: DispatchContext, now: Date, options: Required<DispatchOptions>) {
  const { db } = context.database;
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(options.batchSize)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + options.claimMs) })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      html: mailOutbox.html,
      text: mailOutbox.text,
      attempts: mailOutbox.attempts,
    });
}

/**
 * Renews this dispatcher's claims on the mail of a batch it has not settled yet, every third
 * of `claimMs` for at most `maxClaimMs`. A failed mail leaves the renewal (`settle`) before it
 * is set to be retried, after any renewal still writing it, so a renewal never overwrites its
 * next attempt; a sent mail leaves it once marked sent, which a renewal (of pending rows only)
 * cannot undo, so it stays claimed while the mark waits for the database.
 */
function keepClaims(context: DispatchContext, ids: number[], options: Required<DispatchOptions>) {
  const unsettled = new Set(ids);
  const giveUpAt = performance.now() + options.maxClaimMs;
  let renewal: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (renewal || unsettled.size === 0) return;
    if (performance.now() > giveUpAt) return clearInterval(timer);
    renewal = context.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(context.clock.now().getTime() + options.claimMs) })
      .where(and(inArray(mailOutbox.id, [...unsettled]), eq(mailOutbox.status, 'pending')))
      .then(
        () => undefined,
        (error: unknown) => context.logger.warn({ err: error }, 'could not renew the claim on mail being sent'),
      )
      .finally(() => (renewal = undefined));
  }, options.claimMs / 3);
  timer.unref();
  return {
    async settle(id: number): Promise<void> {
      unsettled.delete(id);
      await renewal;
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await renewal;
    },
  };
}

type ClaimedMail = Awaited<ReturnType<typeof claimDueMail>>[number];

/**
 * A settled mail keeps its addressee, subject and outcome, not its body: the body holds the
 * links the guest clicks, whose tokens the database otherwise keeps only as hashes.
 */
const withoutBody = { html: '', text: '' };

/**
 * Every sent mail is marked by the same statement, so drizzle builds it once per database and
 * PostgreSQL parses it once per connection; each mail only gives its id and time. Building it
 * anew cost about a tenth of a millisecond a mail, and a booking sends two.
 */
const markSentStatements = new WeakMap<Db, ReturnType<typeof prepareMarkSent>>();

function prepareMarkSent(db: Db) {
  return (
    db
      .update(mailOutbox)
      // A placeholder inside SQL gets no column encoder: the instant is given as ISO text.
      .set({ status: 'sent', sentAt: sql`${sql.placeholder('sentAt')}`, lastError: null, ...withoutBody })
      .where(eq(mailOutbox.id, sql.placeholder('id')))
      .prepare('mail_outbox_mark_sent')
  );
}

function markSent(db: Db, mail: { id: number; sentAt: Date }) {
  let statement = markSentStatements.get(db);
  if (!statement) markSentStatements.set(db, (statement = prepareMarkSent(db)));
  return statement.execute({ id: mail.id, sentAt: mail.sentAt.toISOString() });
}

/** The longest wait between two tries to mark a sent mail sent while the database is away. */
const longestMarkWaitMs = 5_000;

/**
 * Marks a mail the SMTP server has taken as sent, trying again until the database answers
 * (a restart, a cut connection): the mail is out, so giving up here would leave the row due and
 * send it a second time. It gives up only after `giveUpAfterMs` (the longest a claim is renewed),
 * so a shutdown during a long outage is not held forever; that case, like a process that dies
 * meanwhile, is left to the claim's expiry, and the retry carries the same Message-ID
 * (outboxMessageId), so mail clients keep one.
 */
async function markSentOnceTheDatabaseAnswers(
  context: DispatchContext,
  mail: { id: number; sentAt: Date },
  giveUpAfterMs: number,
): Promise<void> {
  // Real elapsed time, not the injectable clock: this bounds how long the process waits.
  const giveUpAt = performance.now() + giveUpAfterMs;
  for (let waitMs = 100; ; waitMs = Math.min(2 * waitMs, longestMarkWaitMs)) {
    try {
      await markSent(context.database.db, mail);
      return;
    } catch (error) {
      if (performance.now() + waitMs > giveUpAt) throw error;
      context.logger.warn({ err: error, mailId: mail.id }, 'a sent mail could not be marked sent yet; trying again, not sending again');
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** Sends a claimed batch in order, marking each mail sent, or due again later, or failed for good. */
async function sendBatch(context: DispatchContext, batch: ClaimedMail[], settings: Required<DispatchOptions>, report: DispatchReport) {
  if (batch.length === 0) return;
  const { db } = context.database;
  const claims = keepClaims(
    context,
    batch.map((mail) => mail.id),
    settings,
  );
  // Bodies are sealed at rest (outbox.ts): opened here, just before they leave.
  const key = outboxKey(context.config);
  try {
    for (const mail of batch) {
      try {
        await context.mailTransport.send({
          to: mail.to,
          subject: mail.subject,
          html: openMailBody(mail.html, key),
          text: openMailBody(mail.text, key),
          messageId: outboxMessageId(mail.id, context.config),
        });
      } catch (error) {
        const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const givingUp = mail.attempts >= settings.maxAttempts;
        await claims.settle(mail.id);
        const now = context.clock.now();
        await db
          .update(mailOutbox)
          .set(
            givingUp
              ? { status: 'failed', lastError, ...withoutBody }
              : { lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts, settings)) },
          )
          .where(eq(mailOutbox.id, mail.id));
        context.logger.warn(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error: lastError },
          givingUp ? 'mail failed for good' : 'mail failed, will retry',
        );
        report[givingUp ? 'failed' : 'retrying'] += 1;
        continue;
      }
      // Still claimed (renewed) until the mark lands: the mail is out, and no one may send it again.
      await markSentOnceTheDatabaseAnswers(context, { id: mail.id, sentAt: context.clock.now() }, settings.maxClaimMs);
      await claims.settle(mail.id);
      report.sent += 1;
    }
  } finally {
    await claims.stop();
  }
}

/**
 * Sends every message that is due, batch by batch: each is marked sent, or on failure retried
 * later with exponential backoff, or marked failed after `maxAttempts`. Safe to run in many
 * processes at once against one database. Tests call it directly.
 */
export async function dispatchPendingMail(context: DispatchContext, options: DispatchOptions = {}): Promise<DispatchReport> {
  const settings = { ...defaults, ...options };
  const report: DispatchReport = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDueMail(context, context.clock.now(), settings);
    claimed.sort((a, b) => a.id - b.id);
    await sendBatch(context, claimed, settings, report);
    if (claimed.length < settings.batchSize) return report;
  }
}

/** What a commit put in the outboxes, so that only the dispatchers with something to send look. */
export type Enqueued = { mail: boolean; webhooks: boolean };

/**
 * How use cases tell this process's dispatchers that messages were committed to the outboxes,
 * so they send now instead of at the next poll. One per application context, for both outboxes.
 */
export class MailEnqueued {
  private readonly wakers = new Set<(enqueued: Enqueued) => void>();

  /** After the commit; without `enqueued`, both dispatchers look. */
  notify(enqueued: Enqueued = { mail: true, webhooks: true }): void {
    for (const wake of this.wakers) wake(enqueued);
  }

  /** Calls `wake` on every notice until the returned function is called. */
  subscribe(wake: (enqueued: Enqueued) => void): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }
}

export type MailDispatcher = {
  /**
   * Stops polling and waits for a send in progress, then sends what was committed while it ran
   * (the last requests' confirmations), so the database can close after it.
   */
  stop(): Promise<void>;
};

/**
 * Runs `round` now, every `intervalMs` after that, and at once when `signal` is notified: the
 * loop of an outbox's dispatcher (mail here, webhooks in hotel-events). Never runs two rounds
 * at once; the timer does not keep the process alive. `stop` stops polling, waits for a round
 * in progress, then runs one more if something was committed while it ran (the last requests'
 * messages), so the database can close after it.
 */
export function startOutboxLoop(options: {
  signal: MailEnqueued;
  /** Which outbox's notices wake it: a booking that queued mail alone does not make the webhook dispatcher claim. */
  outbox: keyof Enqueued;
  intervalMs: number;
  round: () => Promise<void>;
  onError: (error: unknown) => void;
}): MailDispatcher {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let wokenDuringRound = false;
  let stopped = false;
  const runRound = () => options.round().catch(options.onError);

  const schedule = () => {
    timer = setTimeout(run, options.intervalMs);
    timer.unref();
  };
  function run(): void {
    if (stopped) return;
    if (round) {
      wokenDuringRound = true;
      return;
    }
    clearTimeout(timer);
    round = runRound().finally(() => {
      round = undefined;
      if (stopped) return;
      if (wokenDuringRound) {
        wokenDuringRound = false;
        run();
      } else schedule();
    });
  }

  const unsubscribe = options.signal.subscribe((enqueued) => {
    if (enqueued[options.outbox]) run();
  });
  run();
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await round;
      if (!wokenDuringRound) return;
      wokenDuringRound = false;
      await runRound();
    },
  };
}

/** Sends outbox mail now, every `intervalMs` (5 s) after that, and at once when `context.mailEnqueued` is notified. */
export function startMailDispatcher(
  context: DispatchContext & Pick<AppContext, 'mailEnqueued'>,
  options: DispatchOptions & { intervalMs?: number } = {},
): MailDispatcher {
  return startOutboxLoop({
    signal: context.mailEnqueued,
    outbox: 'mail',
    intervalMs: options.intervalMs ?? 5_000,
    round: async () => {
      const report = await dispatchPendingMail(context, options);
      if (report.sent + report.retrying + report.failed > 0) context.logger.info(report, 'mail dispatched');
    },
    onError: (error) => context.logger.warn({ err: error }, 'mail dispatch round failed'),
  });
}
