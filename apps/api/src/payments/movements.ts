import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { payments } from '@hotel/db/schema';
import type { Minor } from '@hotel/domain/money';
import { type Db, type Queryable, type Tx, rawRows } from '../database';
import { AppError } from '../errors';
import {
  type AuthorisationRequest,
  type AuthorisationResult,
  type CardSummary,
  type DeclineCode,
  type MovementKind,
  type MovementLookup,
  type PaymentGateway,
} from './payment-gateway';

/**
 * Money movements (docs/payments.md, decision 0011). Every call to a payment provider is a row of
 * `payments` written BEFORE the call, in the use case's transaction, in state `pending` with an
 * idempotency key of its own; the transaction commits; the provider is called with that key;
 * the answer is recorded in a second, short transaction. No transaction waits on a provider,
 * a retry after a lost answer is the same call at the provider (Stripe's Idempotency-Key,
 * PayStack's reference), and a movement whose answer never arrived (a timeout, a 500 after the
 * work was done, a process killed in between) is found later by the reconciler, which asks the
 * provider what it did. This module owns the `payments` rows; the booking module decides what
 * each movement means for its booking.
 */

export type MovementPurpose = NonNullable<(typeof payments.$inferSelect)['purpose']>;
export type PaymentStatus = (typeof payments.$inferSelect)['status'];

/** How long a pending movement is its request's before the reconciler may ask the provider about it. */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * A fresh idempotency key for a movement of this booking: the reservation number (so the
 * provider's dashboard shows whose it is) and 40 random bits. Letters, digits and "-" only, as
 * PayStack's references allow.
 */
export function newMovementKey(reservationNumber: string): string {
  return `${reservationNumber.replace(/[^A-Za-z0-9]/g, '')}-${randomBytes(5).toString('hex')}`;
}

/** A movement as the runner and the reconciler need it. */
export type Movement = {
  id: number;
  reservationId: number;
  /** The booking's number: ours, for the provider's records. */
  reservationNumber: string;
  gateway: string;
  kind: MovementKind;
  status: PaymentStatus;
  purpose: MovementPurpose | null;
  amount: Minor;
  currency: string;
  idempotencyKey: string;
  gatewayReference: string | null;
  /** For a charge: the card token to charge. For an authorisation: the token its answer gave. */
  gatewayToken: string | null;
  captureMethod: 'automatic' | 'manual' | null;
  /** The authorisation or charge a refund, capture or void acts on. */
  targetId: number | null;
  targetReference: string | null;
  targetAmount: Minor | null;
  targetRefunded: Minor | null;
  /** Whether the hold a capture or void acts on was ever authorised (a 3-D Secure check left unanswered was not). */
  targetStatus: PaymentStatus | null;
  intent: Record<string, unknown> | null;
  attempts: number;
  /** Why the provider refused it, in words for the guest. */
  failureReason: string | null;
  createdAt: Date;
};

const movementColumns = sql`
  p.id, p.reservation_id AS "reservationId", b.reservation_number AS "reservationNumber", p.gateway, p.transaction_type AS kind, p.status, p.purpose,
  p.amount, p.currency, p.idempotency_key AS "idempotencyKey", p.gateway_reference AS "gatewayReference",
  p.gateway_token AS "gatewayToken", p.capture_method AS "captureMethod",
  coalesce(p.refunded_payment_id, p.held_payment_id) AS "targetId",
  t.gateway_reference AS "targetReference", t.amount AS "targetAmount", t.status AS "targetStatus",
  (SELECT coalesce(sum(r.amount), 0)::int FROM payments r
     WHERE r.refunded_payment_id = t.id AND r.transaction_type = 'refund' AND r.status = 'succeeded') AS "targetRefunded",
  p.intent, p.attempts, p.failure_reason AS "failureReason", p.created_at AS "createdAt"`;

const movementsWhere = (where: SQL, lock: SQL = sql``) =>
  sql`SELECT ${movementColumns} FROM payments p JOIN reservations b ON b.id = p.reservation_id
      LEFT JOIN payments t ON t.id = coalesce(p.refunded_payment_id, p.held_payment_id)
      WHERE ${where} ORDER BY p.id ${lock}`;

/**
 * Movements as read by raw SQL: the driver hands timestamps over as text there, so `createdAt`
 * (which a provider's lookup searches from) is made a Date here, once.
 */
async function movementRows(db: Queryable, query: SQL): Promise<Movement[]> {
  const rows = await rawRows<Omit<Movement, 'createdAt'> & { createdAt: Date | string }>(db, query);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/** One movement; locked until the transaction ends with `lock` (its outcome is being recorded). */
export async function findMovement(db: Queryable, id: number, { lock = false } = {}): Promise<Movement | undefined> {
  const [row] = await movementRows(db, movementsWhere(sql`p.id = ${id}`, lock ? sql`FOR UPDATE OF p` : sql``));
  return row;
}

/**
 * The movement a provider's event or return names: by our key when the provider carries it
 * (Stripe's metadata, PayStack's reference), else by the provider's own reference.
 */
export async function findMovementNamed(
  db: Queryable,
  gateway: string,
  names: { idempotencyKey?: string | null; gatewayReference?: string | null },
): Promise<Movement | undefined> {
  const byKey = names.idempotencyKey ? sql`p.idempotency_key = ${names.idempotencyKey}` : sql`FALSE`;
  const byReference = names.gatewayReference ? sql`p.gateway_reference = ${names.gatewayReference}` : sql`FALSE`;
  const [row] = await movementRows(db, movementsWhere(sql`p.gateway = ${gateway} AND (${byKey} OR ${byReference})`));
  return row;
}

/** A booking's movements whose outcome is not recorded yet: another change waits until they are. */
export async function findUnsettledMovements(db: Queryable, reservationId: number): Promise<Movement[]> {
  return movementRows(db, movementsWhere(sql`p.reservation_id = ${reservationId} AND p.status = 'pending'`));
}

/** The ids of a booking's movements made for one purpose (a cancellation's refunds), in id order. */
export async function findMovementIdsFor(db: Queryable, reservationId: number, purpose: MovementPurpose): Promise<number[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.purpose, purpose)))
    .orderBy(payments.id);
  return rows.map((row) => row.id);
}

/** A provider's refunds of one of its payments (by the payment's reference) that we recorded as made. */
export async function findSucceededRefundsOf(db: Queryable, gateway: string, paymentReference: string): Promise<Movement[]> {
  return movementRows(
    db,
    movementsWhere(
      sql`p.gateway = ${gateway} AND p.transaction_type = 'refund' AND p.status = 'succeeded' AND t.gateway_reference = ${paymentReference}`,
    ),
  );
}

/** Movements by id, in id order. */
export async function findMovementsOf(db: Queryable, ids: readonly number[]): Promise<Movement[]> {
  if (ids.length === 0) return [];
  return movementRows(db, movementsWhere(sql`p.id IN ${ids}`));
}

/** What a movement row is written with before its call. */
export type MovementIntent = {
  reservationId: number | SQL;
  gateway: string;
  kind: MovementKind;
  purpose: MovementPurpose;
  amount: Minor;
  currency: string;
  idempotencyKey: string;
  /** Of an authorisation: whether it holds (`manual`) or takes. */
  captureMethod?: 'automatic' | 'manual';
  /** Of a refund: the payment it gives back from; of a capture or void: the hold. */
  targetId?: number;
  /** Of a charge: the card token it charges, and the card's masked columns. */
  card?: ChargedCard;
  /** Of a refund, capture or release: the card it acts on, as shown (brand, last four digits, expiry). */
  shownCard?: Omit<ChargedCard, 'gatewayToken'>;
  savedCardId?: number | null;
  intent?: Record<string, unknown>;
  now: Date;
};

/** The card a charge goes to: its token and what may be shown of it. */
export type ChargedCard = {
  gatewayToken: string;
  cardTypeId: number | null;
  cardLast4: string | null;
  cardExpiryMonth: number | null;
  cardExpiryYear: number | null;
};

/**
 * The row of a movement about to be made: `pending`, counted as its first attempt, and the
 * reconciler's only after RECONCILE_AFTER_MS (its request is still making the call until then).
 */
export function movementRow(intent: MovementIntent) {
  return {
    reservationId: intent.reservationId,
    gateway: intent.gateway,
    transactionType: intent.kind,
    purpose: intent.purpose,
    status: 'pending' as const,
    amount: intent.amount,
    currency: intent.currency,
    idempotencyKey: intent.idempotencyKey,
    captureMethod: intent.kind === 'authorisation' ? (intent.captureMethod ?? 'automatic') : null,
    refundedPaymentId: intent.kind === 'refund' ? (intent.targetId ?? null) : null,
    heldPaymentId: intent.kind === 'capture' || intent.kind === 'void' ? (intent.targetId ?? null) : null,
    gatewayToken: intent.card?.gatewayToken ?? null,
    cardTypeId: (intent.card ?? intent.shownCard)?.cardTypeId ?? null,
    cardLast4: (intent.card ?? intent.shownCard)?.cardLast4 ?? null,
    cardExpiryMonth: (intent.card ?? intent.shownCard)?.cardExpiryMonth ?? null,
    cardExpiryYear: (intent.card ?? intent.shownCard)?.cardExpiryYear ?? null,
    savedCardId: intent.savedCardId ?? null,
    intent: intent.intent ?? null,
    attempts: 1,
    nextAttemptAt: new Date(intent.now.getTime() + RECONCILE_AFTER_MS),
    createdAt: intent.now,
    updatedAt: intent.now,
  } satisfies PgInsertValue<typeof payments>;
}

/** A movement just recorded with this id, as `findMovement` would read it: its request makes it without reading it back. */
export function recordedMovement(intent: MovementIntent, ids: { id: number; reservationId: number; reservationNumber: string }): Movement {
  return {
    id: ids.id,
    reservationId: ids.reservationId,
    reservationNumber: ids.reservationNumber,
    gateway: intent.gateway,
    kind: intent.kind,
    status: 'pending',
    purpose: intent.purpose,
    amount: intent.amount,
    currency: intent.currency,
    idempotencyKey: intent.idempotencyKey,
    gatewayReference: null,
    gatewayToken: intent.card?.gatewayToken ?? null,
    captureMethod: intent.kind === 'authorisation' ? (intent.captureMethod ?? 'automatic') : null,
    targetId: null,
    targetReference: null,
    targetAmount: null,
    targetRefunded: null,
    targetStatus: null,
    intent: intent.intent ?? null,
    attempts: 1,
    failureReason: null,
    createdAt: intent.now,
  };
}

/** Writes movements to make, in the use case's transaction; answers their ids in order. */
export async function recordIntents(tx: Tx, intents: readonly MovementIntent[]): Promise<number[]> {
  if (intents.length === 0) return [];
  const rows = await tx.insert(payments).values(intents.map(movementRow)).returning({ id: payments.id });
  return rows.map((row) => row.id);
}

/**
 * What the provider answered a movement's call, or said of it when asked later. `unreachable`:
 * no answer (a timeout after the SDK's retries, a 5xx, a lost connection): the provider may or
 * may not have done it, so the movement stays pending for a retry or the reconciler.
 */
export type ProviderAnswer =
  | { status: 'succeeded'; gatewayReference: string; card: CardSummary | null; cardToken: string | null; amount?: Minor }
  | { status: 'requires_action'; gatewayReference: string; challengeUrl: string | null; card: CardSummary | null; cardToken: string | null }
  | { status: 'failed'; gatewayReference: string | null; declineCode: DeclineCode; declineMessage: string; card: CardSummary | null }
  | { status: 'pending' }
  | { status: 'not_found' }
  | { status: 'unreachable'; reason: string };

const noCard = (result: { brand: unknown; last4: unknown; expiryMonth: unknown; expiryYear: unknown }): CardSummary | null =>
  result.brand === null || result.last4 === null || result.expiryMonth === null || result.expiryYear === null
    ? null
    : (result as CardSummary);

/** An authorisation's answer as a movement's. */
export function authorisationAnswer(result: AuthorisationResult): ProviderAnswer {
  switch (result.status) {
    case 'authorised':
      return { status: 'succeeded', gatewayReference: result.gatewayReference, card: noCard(result), cardToken: result.cardToken };
    case 'requires_action':
      return {
        status: 'requires_action',
        gatewayReference: result.gatewayReference,
        challengeUrl: result.challengeUrl,
        card: noCard(result),
        cardToken: result.cardToken,
      };
    case 'declined':
      return {
        status: 'failed',
        gatewayReference: result.gatewayReference,
        declineCode: result.declineCode ?? 'card_declined',
        declineMessage: result.declineMessage,
        card: noCard(result),
      };
  }
}

/** A lookup's answer as a movement's. */
export function lookupAnswer(found: MovementLookup): ProviderAnswer {
  switch (found.status) {
    case 'requires_action':
      return { ...found, card: null, cardToken: null };
    case 'failed':
      return { ...found, card: null };
    default:
      return found;
  }
}

/** Calls the provider, reading "no answer" (PAYMENT_UNAVAILABLE) as `unreachable`; anything else it throws is a defect and thrown. */
async function answerOf(call: () => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYMENT_UNAVAILABLE') return { status: 'unreachable', reason: error.message };
    throw error;
  }
}

/**
 * Makes a movement's call with its key. An authorisation needs the card it authorises, which is
 * never stored: `authorise` is given by the request that has it (the booking's first attempt, or
 * a client's retry with the same body). `reference` is ours for the provider's records.
 */
export function callProvider(
  gateway: PaymentGateway,
  movement: Movement,
  authorise?: (request: Pick<AuthorisationRequest, 'idempotencyKey' | 'amount' | 'currency'>) => Promise<AuthorisationResult>,
): Promise<ProviderAnswer> {
  const { idempotencyKey, amount, currency, reservationNumber: reference } = movement;
  return answerOf(async (): Promise<ProviderAnswer> => {
    switch (movement.kind) {
      case 'authorisation': {
        if (!authorise) throw new Error(`movement ${movement.id}: an authorisation is made only by the request that has its card`);
        return authorisationAnswer(await authorise({ idempotencyKey, amount, currency }));
      }
      case 'charge': {
        const result = await gateway.charge({ idempotencyKey, amount, currency, reference, cardToken: movement.gatewayToken ?? '' });
        return result.status === 'charged'
          ? { status: 'succeeded', gatewayReference: result.gatewayReference, card: noCard(result), cardToken: null }
          : {
              status: 'failed',
              gatewayReference: result.gatewayReference,
              declineCode: result.declineCode,
              declineMessage: result.declineMessage,
              card: null,
            };
      }
      case 'refund': {
        const result = await gateway.refund({
          idempotencyKey,
          amount,
          currency,
          reference,
          payment: {
            gatewayReference: movement.targetReference ?? '',
            amount: movement.targetAmount ?? 0,
            refunded: movement.targetRefunded ?? 0,
          },
        });
        return result.status === 'refunded'
          ? { status: 'succeeded', gatewayReference: result.gatewayReference, card: null, cardToken: null }
          : {
              status: 'failed',
              gatewayReference: result.gatewayReference,
              declineCode: result.declineCode,
              declineMessage: result.declineMessage,
              card: null,
            };
      }
      case 'capture':
      case 'void': {
        const target = movement.targetReference ?? '';
        const result =
          movement.kind === 'capture'
            ? await gateway.capture({ idempotencyKey, gatewayReference: target, amount, currency })
            : await gateway.void({ idempotencyKey, gatewayReference: target });
        // A capture or release is named by the hold it acts on: the row keeps no reference of its own.
        return result.status === 'declined'
          ? { status: 'failed', gatewayReference: null, declineCode: 'card_declined', declineMessage: result.declineMessage, card: null }
          : { status: 'succeeded', gatewayReference: '', card: null, cardToken: null };
      }
    }
  });
}

/** Asks the provider what it did with a movement whose answer was lost. */
export function askProvider(gateway: PaymentGateway, movement: Movement): Promise<ProviderAnswer> {
  return answerOf(async () =>
    lookupAnswer(
      await gateway.lookup({
        kind: movement.kind,
        idempotencyKey: movement.idempotencyKey,
        gatewayReference: movement.gatewayReference,
        target: movement.targetReference,
        amount: movement.amount,
        currency: movement.currency,
        createdAt: movement.createdAt,
      }),
    ),
  );
}

/** A final answer, recorded on a movement. */
export type FinalAnswer = Extract<ProviderAnswer, { status: 'succeeded' | 'requires_action' | 'failed' }>;

/**
 * Records the provider's answer on a movement the caller has locked (`findMovement` with
 * `lock`), and answers the movement as it now stands. What the provider says is the truth: a
 * movement we stopped waiting for (`cancelled`, or `failed` because the provider said it had no
 * such movement) is still recorded `succeeded` when the provider later says it took the money,
 * so the ledger shows it and the booking module gives it back. A movement already succeeded is
 * changed only by a refund the provider failed afterwards (a card closed meanwhile): that money
 * is the guest's again, still owed (the booking module decides which answers change what).
 */
export async function recordAnswer(tx: Tx, movement: Movement, answer: FinalAnswer, now: Date): Promise<Movement> {
  const card = answer.card;
  const status: PaymentStatus = answer.status === 'failed' ? 'failed' : answer.status;
  const reference = answer.gatewayReference || movement.gatewayReference;
  // The provider's amount is the truth of what moved: the ledger records it, and the booking
  // module gives back a payment that is not what it asked for.
  const amount = answer.status === 'succeeded' && answer.amount !== undefined ? answer.amount : movement.amount;
  await tx
    .update(payments)
    .set({
      status,
      amount,
      gatewayReference: movement.kind === 'capture' || movement.kind === 'void' ? null : reference,
      ...(answer.status !== 'failed' && movement.kind === 'authorisation' && answer.cardToken && { gatewayToken: answer.cardToken }),
      // A lookup may not know the bank's or provider's page (PayStack's verify does not say it): the one the call gave stays.
      challengeUrl: answer.status === 'requires_action' ? sql`coalesce(${answer.challengeUrl}, ${payments.challengeUrl})` : null,
      failureReason: answer.status === 'failed' ? answer.declineMessage : null,
      completedAt: answer.status === 'requires_action' ? null : now,
      nextAttemptAt: null,
      lastError: null,
      updatedAt: now,
      ...(card && {
        cardTypeId: sql`(SELECT id FROM card_types WHERE code = ${card.brand})`,
        cardLast4: card.last4,
        cardExpiryMonth: card.expiryMonth,
        cardExpiryYear: card.expiryYear,
      }),
    })
    .where(eq(payments.id, movement.id));
  return {
    ...movement,
    status,
    amount,
    gatewayReference: movement.kind === 'capture' || movement.kind === 'void' ? null : reference,
    gatewayToken: (answer.status !== 'failed' && movement.kind === 'authorisation' && answer.cardToken) || movement.gatewayToken,
  };
}

/** A challenge the booking stopped waiting for (released, or the guest went back): a late answer is still recorded. */
export async function cancelWaitingMovement(tx: Tx, movementId: number, now: Date): Promise<void> {
  await tx.update(payments).set({ status: 'cancelled', completedAt: now, updatedAt: now }).where(eq(payments.id, movementId));
}

/**
 * The release a partial capture makes of the rest of its hold, in the same call: a movement of
 * its own in the ledger, already succeeded (its key names the capture that made it).
 */
export async function recordReleasedRest(tx: Tx, capture: Movement, rest: Minor, now: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO payments (reservation_id, gateway, transaction_type, purpose, status, amount, currency, idempotency_key,
                          held_payment_id, card_type_id, card_last4, card_expiry_month, card_expiry_year,
                          attempts, completed_at, created_at, updated_at)
    SELECT reservation_id, gateway, 'void', purpose, 'succeeded', ${rest}, currency, idempotency_key || '-rest',
           held_payment_id, card_type_id, card_last4, card_expiry_month, card_expiry_year, 0, ${now}, ${now}, ${now}
    FROM payments WHERE id = ${capture.id}`);
}

/** An attempt that got no answer: counted, with why, and left to the reconciler from `retryAt` on. */
export async function noteUnanswered(db: Queryable, movementId: number, reason: string, retryAt: Date): Promise<void> {
  await db
    .update(payments)
    .set({ lastError: reason.slice(0, 500), nextAttemptAt: retryAt })
    .where(and(eq(payments.id, movementId), eq(payments.status, 'pending')));
}

/**
 * Takes up to `limit` movements whose answer is overdue, for this reconciler alone: their rows
 * are skipped by another reconciler claiming at the same moment, and the claim (an attempt
 * counted, the next one pushed `claimMs` ahead) commits at once, so the provider is asked
 * outside any transaction and no other process asks meanwhile.
 */
export async function claimOverdueMovements(db: Db, now: Date, { limit = 20, claimMs = 60_000 } = {}): Promise<Movement[]> {
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lte(payments.nextAttemptAt, now)))
    .orderBy(payments.nextAttemptAt, payments.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(payments)
    .set({ attempts: sql`${payments.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + claimMs) })
    .where(inArray(payments.id, due))
    .returning({ id: payments.id });
  return findMovementsOf(
    db,
    claimed.map((row) => row.id),
  );
}

/** A movement the operator must look at: its answer awaited for over `stuckAfterMs`, or a refund or release the provider refused. */
export type MovementNeedingAttention = {
  id: number;
  reservationNumber: string;
  problem: 'Stuck' | 'RefundRefused';
  gateway: string;
  kind: MovementKind;
  purpose: MovementPurpose | null;
  status: PaymentStatus;
  amount: number;
  currency: string;
  idempotencyKey: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
};

/** A refund or release the provider refused, of money it had taken or held: owed to the guest. */
const refusedGivingBack = sql`(p.status = 'failed' AND p.transaction_type IN ('refund', 'void')
  AND EXISTS (SELECT 1 FROM payments h WHERE h.id = coalesce(p.refunded_payment_id, p.held_payment_id) AND h.status = 'succeeded'))`;

export async function findMovementsNeedingAttention(
  db: Queryable,
  now: Date,
  stuckAfterMs: number,
  propertyId?: number,
): Promise<MovementNeedingAttention[]> {
  const rows = await rawRows<Omit<MovementNeedingAttention, 'createdAt'> & { createdAt: Date | string }>(
    db,
    sql`SELECT p.id, r.reservation_number AS "reservationNumber",
               CASE WHEN p.status = 'pending' THEN 'Stuck' ELSE 'RefundRefused' END AS problem,
               p.gateway, p.transaction_type AS kind, p.purpose, p.status, p.amount, p.currency,
               p.idempotency_key AS "idempotencyKey", p.attempts, coalesce(p.last_error, p.failure_reason) AS "lastError",
               p.created_at AS "createdAt"
        FROM payments p JOIN reservations r ON r.id = p.reservation_id
        WHERE ((p.status = 'pending' AND p.created_at < ${new Date(now.getTime() - stuckAfterMs)})
           OR ${refusedGivingBack})
          ${propertyId === undefined ? sql`` : sql`AND r.property_id = ${propertyId}`}
        ORDER BY p.created_at`,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/**
 * What /readyz warns of: movements that have awaited their provider's answer for over
 * `stuckAfterMs`, and refunds or releases the provider refused (money owed to a guest).
 */
export async function countMovementsNeedingAttention(
  db: Queryable,
  now: Date,
  stuckAfterMs: number,
): Promise<{ stuck: number; refused: number }> {
  const [row] = await rawRows<{ stuck: number; refused: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE p.status = 'pending' AND p.created_at < ${new Date(now.getTime() - stuckAfterMs)})::int AS stuck,
               count(*) FILTER (WHERE ${refusedGivingBack})::int AS refused
        FROM payments p WHERE p.status IN ('pending', 'failed')`,
  );
  return row ?? { stuck: 0, refused: 0 };
}
