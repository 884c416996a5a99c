import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { type Tx, rawRows } from '../database';
import type { Enqueued } from '../mail';
import {
  askProvider,
  callProvider,
  claimOverdueMovements,
  findMovement,
  findMovementNamed,
  newMovementKey,
  noteUnanswered,
  RECONCILE_AFTER_MS,
  recordAnswer,
  recordIntents,
  recordReleasedRest,
  type AuthorisationRequest,
  type AuthorisationResult,
  type DeclineCode,
  type FinalAnswer,
  type HintOutcome,
  type Movement,
  type ProviderAnswer,
  type ProviderHint,
} from '../payments';
import { bookingPaymentAnswered } from './booking-payment';
import { captureAnswered } from './capture-history';
import { heldChangeAnswered } from './held-change';
import { applyLedgerChange, ledgerChangeOf, refundUndone } from './ledger';

/**
 * Making a recorded movement and recording what it came to (docs/payments.md): the one path
 * every money movement takes, whether its request makes it, a client's retry resumes it, a
 * provider's event or the guest's return from a bank's check reports it, or the reconciler asks
 * after its answer was lost. The provider is called outside any transaction; its answer is
 * recorded, with what it means for the booking, in one short transaction; what that queued is
 * announced and what it gave back is made after the commit.
 */

export type MovementContext = Pick<AppContext, 'database' | 'clock' | 'config' | 'logger' | 'paymentGateways' | 'mailEnqueued'>;

/** What a movement came to, for the caller's answer. `unknown`: no answer yet; it stays pending for a retry or the reconciler. */
export type MovementOutcome =
  | {
      status: 'succeeded' | 'requires_action' | 'failed' | 'cancelled';
      movement: Movement;
      declineMessage: string | null;
      /** Why a refusal was made: `provider_refused` is the site's provider refusing the call, not the guest's card. */
      declineCode: DeclineCode | null;
      challengeUrl: string | null;
    }
  | { status: 'unknown'; movement: Movement; reason: string };

const nothingQueued: Enqueued = { mail: false, webhooks: false };

/**
 * Whether an answer changes a movement: a pending one takes any, a 3-D Secure wait its outcome;
 * one we stopped waiting for (cancelled, or failed because the provider had no trace of it) is
 * still recorded succeeded when the provider says it took the money. A success is final, but
 * for a refund the provider failed afterwards.
 */
function changes(movement: Movement, answer: FinalAnswer): boolean {
  switch (movement.status) {
    case 'pending':
      return true;
    case 'requires_action':
      return answer.status !== 'requires_action';
    case 'cancelled':
    case 'failed':
      return answer.status === 'succeeded';
    case 'succeeded':
      // A refund can still fail after it was made (the card closed meanwhile); the rest is final.
      return movement.kind === 'refund' && answer.status === 'failed';
  }
}

/**
 * What is still to give back of a payment that took or holds money for something already undone
 * (a booking released before its bank's late yes), counting what is being given back already.
 */
async function giveBack(tx: Tx, payment: Movement, now: Date): Promise<number[]> {
  const [moving] = await rawRows<{ refunding: number; releasing: number }>(
    tx,
    sql`SELECT coalesce(sum(amount) FILTER (WHERE transaction_type = 'refund'), 0)::int AS refunding,
               coalesce(sum(amount) FILTER (WHERE transaction_type IN ('void', 'capture')), 0)::int AS releasing
        FROM payments WHERE (refunded_payment_id = ${payment.id} OR held_payment_id = ${payment.id})
          AND status IN ('pending', 'succeeded')`,
  );
  const held = payment.kind === 'authorisation' && payment.captureMethod === 'manual';
  const left = payment.amount - (held ? moving!.releasing : moving!.refunding);
  if (left <= 0) return [];
  // The card it goes back to, as the guest and the hotel are shown it.
  const [shownCard] = await rawRows<{
    cardTypeId: number | null;
    cardLast4: string | null;
    cardExpiryMonth: number | null;
    cardExpiryYear: number | null;
  }>(
    tx,
    sql`SELECT card_type_id AS "cardTypeId", card_last4 AS "cardLast4", card_expiry_month AS "cardExpiryMonth", card_expiry_year AS "cardExpiryYear"
        FROM payments WHERE id = ${payment.id}`,
  );
  return recordIntents(tx, [
    {
      reservationId: payment.reservationId,
      gateway: payment.gateway,
      kind: held ? 'void' : 'refund',
      purpose: 'release',
      amount: left,
      currency: payment.currency,
      idempotencyKey: newMovementKey(payment.reservationNumber),
      targetId: payment.id,
      shownCard,
      now,
    },
  ]);
}

/** What an answer left to do after its commit: movements to make, and a payment to ask its provider about again. */
type Finished = { enqueued: Enqueued; followUps: number[]; askAgain?: number };

/** What an answered movement means for its booking, in the transaction that records it. */
async function finishUseCase(tx: Tx, context: MovementContext, before: Movement, after: Movement, answer: FinalAnswer): Promise<Finished> {
  const now = context.clock.now();
  const takesMoney = after.kind === 'authorisation' || after.kind === 'charge';
  // The provider took money for something already undone, or another amount than was asked: it
  // goes back, and what waited for it is undone as a refusal would undo it.
  const undone = before.status === 'cancelled' || before.status === 'failed';
  if (takesMoney && after.status === 'succeeded' && (undone || after.amount !== before.amount)) {
    const enqueued = undone ? nothingQueued : await finishRefused(tx, context, after);
    // A release refused because the money was taken meanwhile is superseded by the give-back.
    await supersedeFailedReleases(tx, after.id, now);
    return { enqueued, followUps: await giveBack(tx, after, now) };
  }
  // A bank's check we stopped waiting for could not be released: the guest may have passed it
  // just before. Its provider is asked again, so a late yes is recorded and given back.
  if (after.kind === 'void' && after.status === 'failed' && before.targetStatus === 'cancelled' && after.targetId !== null)
    return { enqueued: nothingQueued, followUps: [], askAgain: after.targetId };
  switch (after.purpose) {
    case 'booking':
      return { enqueued: await bookingPaymentAnswered(tx, context, after, answer.card), followUps: [] };
    case 'amendment':
    case 'pre_check_in':
      return after.kind === 'charge'
        ? { enqueued: await heldChangeAnswered(tx, context, after), followUps: [] }
        : { enqueued: nothingQueued, followUps: [] };
    case 'capture':
      if (after.status === 'succeeded') await captureAnswered(tx, context, after);
      return { enqueued: nothingQueued, followUps: [] };
    default:
      return { enqueued: nothingQueued, followUps: [] };
  }
}

/** Releases of a payment that failed because the provider took it meanwhile: not wanted any more (the money is given back instead). */
async function supersedeFailedReleases(tx: Tx, paymentId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE payments SET status = 'cancelled', updated_at = ${now}
        WHERE held_payment_id = ${paymentId} AND transaction_type = 'void' AND status = 'failed'`,
  );
}

/**
 * Asks a provider again about a payment we stopped waiting for, and records what it says now (a
 * late yes is then given back). A provider that cannot say now leaves it to its event, and to
 * the operator's list of refused releases.
 */
async function askAgain(context: MovementContext, paymentId: number): Promise<void> {
  const payment = await findMovement(context.database.db, paymentId);
  if (!payment) return;
  const answer = await askProvider(context.paymentGateways.byName(payment.gateway), payment);
  if (answer.status !== 'succeeded' && answer.status !== 'failed' && answer.status !== 'requires_action') return;
  await settleOrLeave(context, payment, answer);
}

/** A payment the provider took for another amount than asked: its booking or change is undone as if refused. */
function finishRefused(tx: Tx, context: MovementContext, movement: Movement): Promise<Enqueued> {
  const refused = { ...movement, status: 'failed' as const };
  if (movement.purpose === 'booking') return bookingPaymentAnswered(tx, context, refused, null);
  if (movement.purpose === 'amendment' || movement.purpose === 'pre_check_in') return heldChangeAnswered(tx, context, refused);
  return Promise.resolve(nothingQueued);
}

/** Records a final answer and finishes its use case, once, in one transaction; answers the movement as it then stands. */
async function settle(
  context: MovementContext,
  movementId: number,
  answer: FinalAnswer,
  alsoInTransaction?: (tx: Tx) => Promise<boolean>,
): Promise<{ movement: Movement; recordedNow: boolean }> {
  const settled = await context.database.db.transaction(async (tx) => {
    const before = await findMovement(tx, movementId, { lock: true });
    if (!before) throw new Error(`payment movement ${movementId} vanished`);
    if ((await alsoInTransaction?.(tx)) === false || !changes(before, answer))
      return { movement: before, recordedNow: false, finished: { enqueued: nothingQueued, followUps: [] } };
    const now = context.clock.now();
    const after = await recordAnswer(tx, before, answer, now);
    // A refund failed after it succeeded: the money is the guest's again, paid and owed back.
    if (before.status === 'succeeded') await applyLedgerChange(tx, after.reservationId, refundUndone(before));
    if (after.status === 'succeeded') {
      const releasedRest = after.kind === 'capture' ? Number((after.intent as { releasesRest?: number } | null)?.releasesRest ?? 0) : 0;
      if (releasedRest > 0) await recordReleasedRest(tx, after, releasedRest, now);
      await applyLedgerChange(tx, after.reservationId, ledgerChangeOf(after, releasedRest, after.targetStatus === 'succeeded'));
    }
    return { movement: after, recordedNow: true, finished: await finishUseCase(tx, context, before, after, answer) };
  });
  context.mailEnqueued.notify(settled.finished.enqueued);
  if (settled.finished.followUps.length > 0) await makeMovements(context, settled.finished.followUps);
  if (settled.finished.askAgain !== undefined) await askAgain(context, settled.finished.askAgain);
  return settled;
}

function outcomeOf(movement: Movement, answer: ProviderAnswer): MovementOutcome {
  if (answer.status === 'unreachable') return { status: 'unknown', movement, reason: answer.reason };
  if (movement.status === 'pending') return { status: 'unknown', movement, reason: 'the provider has not decided yet' };
  return {
    status: movement.status,
    movement,
    declineMessage: answer.status === 'failed' ? answer.declineMessage : null,
    declineCode: answer.status === 'failed' ? answer.declineCode : null,
    challengeUrl: answer.status === 'requires_action' ? answer.challengeUrl : null,
  };
}

/** Records that an attempt got no final answer; the reconciler asks again from then on. */
async function leavePending(context: MovementContext, movement: Movement, reason: string): Promise<MovementOutcome> {
  await noteUnanswered(context.database.db, movement.id, reason, new Date(context.clock.now().getTime() + RECONCILE_AFTER_MS));
  return { status: 'unknown', movement, reason };
}

/**
 * Makes a pending movement: calls its provider with its key and records the answer. An
 * authorisation needs the card, which only its request has (`authorise`). With `askFirst` (a
 * retry after an earlier attempt got no answer) the provider is asked what it did before the
 * call is made again: an answer Stripe saved as a 500 would otherwise be replayed forever.
 */
export async function makeMovement(
  context: MovementContext,
  movement: Movement,
  options: {
    authorise?: (request: Pick<AuthorisationRequest, 'idempotencyKey' | 'amount' | 'currency'>) => Promise<AuthorisationResult>;
    askFirst?: boolean;
    /** The request's own record of a plain yes, in one statement; false when it matched nothing (then `settle` records it). */
    recordYes?: (answer: Extract<FinalAnswer, { status: 'succeeded' }>) => Promise<boolean>;
  } = {},
): Promise<MovementOutcome> {
  if (movement.status !== 'pending') return outcomeOf(movement, { status: 'not_found' });
  const gateway = context.paymentGateways.byName(movement.gateway);
  let answer: ProviderAnswer = options.askFirst ? await askProvider(gateway, movement) : { status: 'not_found' };
  if (answer.status === 'not_found') answer = await callProvider(gateway, movement, options.authorise);
  if (answer.status === 'unreachable' || answer.status === 'pending' || answer.status === 'not_found')
    return leavePending(context, movement, answer.status === 'unreachable' ? answer.reason : `the provider answered ${answer.status}`);
  if (answer.status === 'succeeded' && options.recordYes && (await recordYesOrLeave(context, movement, answer, options.recordYes)))
    return outcomeOf({ ...movement, status: 'succeeded', gatewayReference: answer.gatewayReference }, answer);
  return settleOrLeave(context, movement, answer);
}

/** `recordYes`, with a database failure read as settle reads one: the reconciler records it later. */
async function recordYesOrLeave(
  context: MovementContext,
  movement: Movement,
  answer: Extract<FinalAnswer, { status: 'succeeded' }>,
  recordYes: (answer: Extract<FinalAnswer, { status: 'succeeded' }>) => Promise<boolean>,
): Promise<boolean> {
  try {
    return await recordYes(answer);
  } catch (error) {
    context.logger.error(
      { err: error, movement: movement.id },
      'could not record a payment provider’s answer; the reconciler will ask again',
    );
    return false;
  }
}

/**
 * Records an answer; when the database fails to (it went away, a fault), the movement stays
 * pending: the provider did what it said, and a retry or the reconciler asks it again and records
 * it then. The caller hears the outcome is not known yet, never a 500 about money that moved;
 * but a guest to be sent to a bank's or provider's page is sent there (nothing has moved yet,
 * and the page may be known only now: PayStack's lookups do not give it).
 */
async function settleOrLeave(context: MovementContext, movement: Movement, answer: FinalAnswer): Promise<MovementOutcome> {
  try {
    const { movement: after } = await settle(context, movement.id, answer);
    return outcomeOf(after, answer);
  } catch (error) {
    context.logger.error(
      { err: error, movement: movement.id },
      'could not record a payment provider’s answer; the reconciler will ask again',
    );
    await leavePending(context, movement, 'the answer could not be recorded').catch(() => undefined);
    if (answer.status === 'requires_action' && answer.challengeUrl)
      return { status: 'requires_action', movement, declineMessage: null, declineCode: null, challengeUrl: answer.challengeUrl };
    return { status: 'unknown', movement, reason: 'the answer could not be recorded' };
  }
}

/** Makes (or, with `askFirst`, resumes) the movement of this id: what a request does after its transaction committed. */
export async function makeMovementById(
  context: MovementContext,
  id: number,
  options: { askFirst?: boolean } = {},
): Promise<MovementOutcome> {
  const movement = await findMovement(context.database.db, id);
  if (!movement) throw new Error(`payment movement ${id} vanished`);
  return makeMovement(context, movement, options);
}

/** Makes movements recorded by a transaction that has committed (give-backs, releases); a failure is the reconciler's to retry. */
export async function makeMovements(context: MovementContext, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    const movement = await findMovement(context.database.db, id);
    if (!movement) continue;
    try {
      await makeMovement(context, movement);
    } catch (error) {
      context.logger.error({ err: error, movement: id }, 'a payment movement failed; the reconciler will try it again');
    }
  }
}

/**
 * The reconciler's step for one overdue movement: the provider is asked what it did. What it did
 * is recorded; what it never did is made now when it gives money back, releases a hold or
 * captures what the hotel asked for, and is recorded failed when it would take the guest's money
 * (the guest was told nothing was taken: their booking or change is released instead).
 */
export async function reconcileMovement(context: MovementContext, movement: Movement): Promise<MovementOutcome> {
  const gateway = context.paymentGateways.byName(movement.gateway);
  const answer = await askProvider(gateway, movement);
  switch (answer.status) {
    case 'unreachable':
    case 'pending':
      return leavePending(context, movement, answer.status === 'unreachable' ? answer.reason : 'the provider has not decided yet');
    case 'not_found': {
      if (movement.kind === 'authorisation' || movement.kind === 'charge') {
        const failed: FinalAnswer = {
          status: 'failed',
          gatewayReference: null,
          declineCode: 'card_declined',
          declineMessage: 'The payment never reached the card provider, so nothing was taken.',
          card: null,
        };
        const { movement: after } = await settle(context, movement.id, failed);
        return outcomeOf(after, failed);
      }
      return makeMovement(context, movement);
    }
    default:
      return settleOrLeave(context, movement, answer);
  }
}

/** How long a movement may await its provider's answer before the operator is told (/readyz, the admin API). */
export const STUCK_AFTER_MS = 60 * 60_000;

/**
 * The operator's "ask now" for one movement (POST /api/Admin/PaymentMovements/{id}/Reconcile): a
 * pending movement is reconciled at once, whatever its next attempt's time; a 3-D Secure wait is
 * asked about; anything else is answered as it stands. Undefined when there is no such movement.
 */
export async function reconcileMovementNow(context: MovementContext, id: number): Promise<MovementOutcome | undefined> {
  const movement = await findMovement(context.database.db, id);
  if (!movement) return undefined;
  if (movement.status === 'pending') return reconcileMovement(context, movement);
  if (movement.status === 'requires_action') {
    const hinted = await takeProviderHint(context, { gateway: movement.gateway, names: { idempotencyKey: movement.idempotencyKey } });
    return outcomeOf(hinted.found ? hinted.movement : movement, { status: 'not_found' });
  }
  return outcomeOf(movement, { status: 'not_found' });
}

/** One pass of the reconciler: every movement whose answer is overdue, claimed for this process alone. Answers how many it settled. */
export async function reconcileOverdueMovements(context: MovementContext): Promise<{ settled: number; stillPending: number }> {
  const claimed = await claimOverdueMovements(context.database.db, context.clock.now());
  let settled = 0;
  for (const movement of claimed) {
    try {
      const outcome = await reconcileMovement(context, movement);
      if (outcome.status === 'unknown') continue;
      settled += 1;
      context.logger.info(
        { movement: movement.id, reservation: movement.reservationNumber, kind: movement.kind, outcome: outcome.status },
        'reconciled a payment movement whose answer was lost',
      );
    } catch (error) {
      context.logger.error({ err: error, movement: movement.id }, 'reconciling a payment movement failed');
    }
  }
  return { settled, stillPending: claimed.length - settled };
}

/** Runs the reconciler now and every `everyMs` (a minute) in this process; answers a stop function. */
export function scheduleMovementReconciler(context: MovementContext, everyMs = 60_000): () => void {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= reconcileOverdueMovements(context)
      .catch((error: unknown) => context.logger.error({ err: error }, 'the payment reconciler failed'))
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Acts on a provider's report: the movement it names is asked about (unless the report is the
 * answer) and what the provider says now is recorded. Asking rather than trusting the report
 * makes a duplicate, late or out-of-order event harmless: only the provider's present state is
 * recorded, once. A movement whose answer was lost has no reference of the provider's yet; the
 * report's is asked about then, the gateway checking it is this movement's (Stripe: its
 * metadata), so a late yes is found even while the provider's search lags. When the provider
 * cannot say, nothing is recorded and the outcome says so (`providerSilent`).
 */
export async function takeProviderHint(context: MovementContext, hint: ProviderHint): Promise<HintOutcome> {
  const movement = await findMovementNamed(context.database.db, hint.gateway, hint.names);
  // A success is final, so it is not asked about again; but a refund's, which can still fail.
  if (!movement || (movement.status === 'succeeded' && movement.kind !== 'refund')) {
    await recordHintOnly(context, hint);
    return movement ? { found: true, movement, settledNow: false } : { found: false };
  }
  const answer =
    hint.answer ??
    (await askProvider(context.paymentGateways.byName(hint.gateway), {
      ...movement,
      gatewayReference: movement.gatewayReference ?? hint.names.gatewayReference ?? null,
    }));
  if (answer.status !== 'succeeded' && answer.status !== 'requires_action' && answer.status !== 'failed')
    return { found: true, movement, settledNow: false, providerSilent: true };
  const settled = await settle(context, movement.id, answer, hint.alsoInTransaction);
  return { found: true, movement: settled.movement, settledNow: settled.recordedNow };
}

/** The hint's own record (a webhook event taken in), when it changes no movement. */
async function recordHintOnly(context: MovementContext, hint: ProviderHint): Promise<void> {
  if (hint.alsoInTransaction) await context.database.db.transaction(async (tx) => void (await hint.alsoInTransaction!(tx)));
}
