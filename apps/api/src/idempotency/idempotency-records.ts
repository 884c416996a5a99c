import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { idempotencyRecords } from '@hotel/db/schema';
import { detectCardType, normalizeCardNumber } from '@hotel/domain/cards';
import type { AppContext } from '../app-context';
import type { Queryable, Tx } from '../database';
import { AppError } from '../errors';
import { derivedKey, openSealedText, sealText } from '../secrets';

/**
 * `Idempotency-Key` support for use cases that must not run twice (a retried booking).
 *
 * A key whose request has completed gets its saved answer whatever the use case's checks now
 * say (`replayingCompletedKey`): a retry after a lost answer must get the booking it made, not
 * "sold out" because that booking took the last room, nor "price changed" because the price
 * moved since, nor "too late today" because the same-day cut-off has passed.
 *
 * The use case calls `claimIdempotencyKey` first thing INSIDE its own transaction and
 * `saveIdempotentAnswer` just before it commits, so the stored answer commits with the
 * booking or not at all: a refused or crashed request leaves no record and its retry runs
 * afresh. Two requests with the same key at once cannot both run: on Postgres the second's
 * INSERT waits on the primary key until the first commits, then finds its row and replays it.
 *
 * An answer can carry a secret: Reservation/Create answers the booking's ConfirmationToken, of
 * which the reservation keeps only a hash. So the table keeps the key's SHA-256, never the key,
 * and each `...Token` field of a stored answer sealed (AES-256-GCM) under a key derived from the
 * Idempotency-Key: only the client that sent the key gets the token back, and a copy of the
 * table holds no usable one.
 */

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** What the table keeps of an Idempotency-Key: its SHA-256 (hex). */
export function storedIdempotencyKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const isSecretField = (name: string) => name.endsWith('Token');

/** The AES-256 key that seals the secrets of one key's answer in one scope. */
function sealingKey(key: string, scope: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, scope, 'idempotent answer secrets', 32));
}

/** A copy of an answer with each of its top-level `...Token` strings sealed (or, with `open`, opened again). */
function withSecretFields(body: unknown, key: string, scope: string, open: boolean): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const secretKey = sealingKey(key, scope);
  const entries = Object.entries(body as Record<string, unknown>).map(([name, value]) => {
    if (!isSecretField(name) || typeof value !== 'string') return [name, value];
    return [name, open ? openSealedText(value, secretKey) : sealText(value, secretKey)];
  });
  return Object.fromEntries(entries);
}

/** JSON with object keys sorted at every depth, so two equal bodies always serialise alike. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
}

/**
 * The key request hashes are made with: derived from LINK_SECRET, so a copy of the table alone
 * cannot test guesses of what a request held, and the operator sets no further secret.
 */
export function requestHashKey(config: { linkSecret: string }): Buffer {
  return derivedKey(config.linkSecret, 'idempotency', 'request hash');
}

/**
 * A body as it is hashed: each card number (a `CardNumber` field at any depth) becomes its
 * brand, last four digits and a keyed fingerprint, and every `SecurityCode` is left out. Equal
 * cards still hash alike, and a different card still counts as a different request, but no
 * hash holds anything to brute-force a security code or card number from.
 */
function withoutCardData(value: unknown, hashKey: Buffer): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutCardData(item, hashKey));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([name]) => name !== 'SecurityCode')
    .map(([name, item]) => {
      if (name !== 'CardNumber' || typeof item !== 'string') return [name, withoutCardData(item, hashKey)];
      const digits = normalizeCardNumber(item);
      const fingerprint = createHmac('sha256', hashKey).update(`card number:${digits}`).digest('base64url');
      return [name, { Brand: detectCardType(digits), LastFour: digits.slice(-4), Fingerprint: fingerprint }];
    });
  return Object.fromEntries(entries);
}

const requestHashPrefix = 'hmac-v1:';
/** What migration 0010 left of the unkeyed hashes stored before: a key's first request can no longer be compared. */
const legacyRequestHash = 'legacy';

/**
 * The keyed hash (HMAC-SHA-256 under `requestHashKey`) of a request body's canonical JSON
 * without its card data: equal for bodies that differ only in key order.
 */
export function requestHash(body: unknown, hashKey: Buffer): string {
  return (
    requestHashPrefix +
    createHmac('sha256', hashKey)
      .update(canonicalJson(withoutCardData(body, hashKey)))
      .digest('hex')
  );
}

/**
 * `awaiting`: the key's first request committed its work and a payment movement of it still
 * waits for the provider's answer (a timeout, a crash): the caller resumes that movement, outside
 * any transaction, rather than running the use case again.
 */
export type IdempotencyClaim =
  { kind: 'new' } | { kind: 'replay'; status: number; body: unknown } | { kind: 'awaiting'; paymentId: number };

/** Thrown inside a use case's transaction for a key that awaits a movement: the caller resumes it after rolling back. */
export class AwaitingMovement extends Error {
  constructor(readonly paymentId: number) {
    super(`the request of this Idempotency-Key waits for payment movement ${paymentId}`);
    this.name = 'AwaitingMovement';
  }
}

/**
 * Claims a key for this request inside the caller's transaction. `new`: run the use case and
 * call `saveIdempotentAnswer` before committing. `replay`: answer `status` and `body` as
 * they are. Throws IDEMPOTENCY_KEY_REUSED (422) when the key came with a different body.
 * Call it before any other write, so a concurrent duplicate waits here and not after work
 * it would have to undo.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  claim: { key: string; scope: string; requestHash: string; now: Date },
): Promise<IdempotencyClaim> {
  const { scope, now } = claim;
  const key = storedIdempotencyKey(claim.key);
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS);
  // An expired record is as good as none: take it over instead of refusing the key.
  const claimed = await tx
    .insert(idempotencyRecords)
    .values({ key, scope, requestHash: claim.requestHash, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyRecords.key, idempotencyRecords.scope],
      set: { requestHash: claim.requestHash, responseStatus: null, responseBody: null, awaitingPaymentId: null, createdAt: now, expiresAt },
      setWhere: lte(idempotencyRecords.expiresAt, now),
    })
    .returning({ key: idempotencyRecords.key });
  if (claimed.length > 0) return { kind: 'new' };

  const existing = await findRecord(tx, claim.key, scope);
  if (!existing) throw new Error('idempotency record vanished between its conflict and its read');
  return replayOf(existing, claim);
}

type StoredRecord = {
  requestHash: string;
  responseStatus: number | null;
  responseBody: unknown;
  awaitingPaymentId: number | null;
  expiresAt: Date;
};

async function findRecord(db: Queryable, key: string, scope: string): Promise<StoredRecord | undefined> {
  const [record] = await db
    .select({
      requestHash: idempotencyRecords.requestHash,
      responseStatus: idempotencyRecords.responseStatus,
      responseBody: idempotencyRecords.responseBody,
      awaitingPaymentId: idempotencyRecords.awaitingPaymentId,
      expiresAt: idempotencyRecords.expiresAt,
    })
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.key, storedIdempotencyKey(key)), eq(idempotencyRecords.scope, scope)));
  return record;
}

/** The replay a record gives the request `claim`; throws when the key came with another body or never finished. */
function replayOf(
  record: StoredRecord,
  claim: { key: string; scope: string; requestHash: string },
): Exclude<IdempotencyClaim, { kind: 'new' }> {
  // A record from before keyed hashes answers whoever holds its key, as a lookup by key does.
  if (record.requestHash !== claim.requestHash && record.requestHash !== legacyRequestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request. Send the original request unchanged to get its answer, or use a new Idempotency-Key for a new request.',
    );
  }
  if (record.responseStatus === null && record.awaitingPaymentId !== null) return { kind: 'awaiting', paymentId: record.awaitingPaymentId };
  // Only a use case that committed without saving its answer leaves this; say so rather than run twice.
  if (record.responseStatus === null) {
    throw new AppError('CONFLICT', 'A request with this Idempotency-Key has not finished. Wait a moment and send it again.');
  }
  return { kind: 'replay', status: record.responseStatus, body: withSecretFields(record.responseBody, claim.key, claim.scope, true) };
}

/** A key's committed answer in a scope, opened, unless it has expired; whatever body it came with. */
export async function findCompletedAnswer(db: Queryable, request: { key: string; scope: string; now: Date }): Promise<unknown> {
  const record = await findRecord(db, request.key, request.scope);
  if (!record || record.responseStatus === null || record.expiresAt <= request.now) return undefined;
  return withSecretFields(record.responseBody, request.key, request.scope, true);
}

/**
 * Whether a key has a live record in a scope: its request committed (answered, or waiting for a
 * payment's answer), so sending it again replays or resumes that work rather than doing more.
 */
export async function hasLiveRecord(db: Queryable, request: { key: string; scope: string; now: Date }): Promise<boolean> {
  const record = await findRecord(db, request.key, request.scope);
  return record !== undefined && record.expiresAt > request.now;
}

/** Whether a key's request, not answered yet, awaits the answer of the payment movement it recorded. */
export async function awaitsMovement(db: Queryable, request: { key: string; scope: string; now: Date }): Promise<boolean> {
  const record = await findRecord(db, request.key, request.scope);
  return record !== undefined && record.expiresAt > request.now && record.responseStatus === null && record.awaitingPaymentId !== null;
}

/**
 * Stores the answer to replay for a key claimed in this same transaction, or (outside one) for a
 * key whose request waited for a movement that has now settled.
 */
export async function saveIdempotentAnswer(
  tx: Queryable,
  answer: { key: string; scope: string; status: number; body: unknown },
): Promise<void> {
  const saved = await tx
    .update(idempotencyRecords)
    .set({
      responseStatus: answer.status,
      responseBody: withSecretFields(answer.body, answer.key, answer.scope, false),
      awaitingPaymentId: null,
    })
    .where(and(eq(idempotencyRecords.key, storedIdempotencyKey(answer.key)), eq(idempotencyRecords.scope, answer.scope)))
    .returning({ key: idempotencyRecords.key });
  if (saved.length !== 1) throw new Error('saveIdempotentAnswer called for a key this transaction did not claim');
}

/**
 * Runs a use case once per Idempotency-Key, inside the caller's transaction: the first run's
 * answer is saved in that same transaction, so a repeat of the request (a retry after a lost
 * answer, a double tap) gets it back instead of running again, and only a committed run is
 * ever replayed. A refusal the use case answers (rather than throws) is kept and replayed too.
 * Without a key, it simply runs.
 */
export async function idempotently<Answer>(tx: Tx, request: IdempotentRequest, useCase: () => Promise<Answer>): Promise<Answer> {
  const { key, scope } = request;
  if (!key) return useCase();
  const claim = await claimIdempotencyKey(tx, { key, scope, requestHash: requestHash(request.body, request.hashKey), now: request.now });
  if (claim.kind === 'replay') return claim.body as Answer;
  if (claim.kind === 'awaiting') throw new AwaitingMovement(claim.paymentId);
  const answer = await useCase();
  await saveIdempotentAnswer(tx, { key, scope, status: 200, body: answer });
  return answer;
}

/** A request that may carry an Idempotency-Key; `hashKey` is `requestHashKey(config)`. */
export type IdempotentRequest = { key: string | undefined; scope: string; body: unknown; now: Date; hashKey: Buffer };

/** A request as the idempotency records see it: its key (if sent) in its use case's scope, its body, now. */
export function idempotentRequest(
  context: { clock: { now(): Date }; config: { linkSecret: string } },
  request: { key: string | undefined; scope: string; body: unknown },
): IdempotentRequest {
  return { ...request, now: context.clock.now(), hashKey: requestHashKey(context.config) };
}

/**
 * Runs a use case so that a request whose Idempotency-Key has completed always gets its saved
 * answer back, whatever changed since: the rooms it took were the last, the price moved, the
 * same-day cut-off passed. A retry whose checks still pass is replayed where `run` claims the
 * key (`idempotently`, inside its transaction), before it writes anything; a retry that a check
 * refuses (thrown, or answered as a refusal by `isRefusal`) looks the key up, and a completed key
 * answers its saved answer instead of the refusal (or 422 for another body). So the refusal
 * never reaches the client that made the booking, and a request that is not a retry costs not
 * one statement more.
 */
export async function replayingCompletedKey<Answer>(
  db: Queryable,
  request: IdempotentRequest,
  run: () => Promise<Answer>,
  isRefusal: (answer: Answer) => boolean = () => false,
): Promise<Answer> {
  const { key, scope, now } = request;
  if (!key) return run();
  const completed = async () => {
    const record = await findRecord(db, key, scope);
    if (!record || record.expiresAt <= now) return undefined;
    const replay = replayOf(record, { key, scope, requestHash: requestHash(request.body, request.hashKey) });
    return replay.kind === 'replay' ? (replay.body as Answer) : undefined;
  };
  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'IDEMPOTENCY_KEY_REUSED') throw error;
    const saved = await completed();
    if (saved === undefined) throw error;
    return saved;
  }
  return isRefusal(answer) ? ((await completed()) ?? answer) : answer;
}

/**
 * Marks the key this transaction claimed as waiting for the movement it records: a retry then
 * resumes that movement. `answer`, when the use case can say now what it will answer (Create:
 * the booking's number and confirmation token), is stored with its secrets sealed, so whoever
 * settles the movement completes it (`completeAwaitedKey`) without knowing the key.
 */
export async function awaitMovement(
  tx: Tx,
  claim: { key: string; scope: string; paymentId: number; answer?: Record<string, unknown> },
): Promise<void> {
  await tx
    .update(idempotencyRecords)
    .set({
      awaitingPaymentId: claim.paymentId,
      ...(claim.answer && { responseBody: withSecretFields(claim.answer, claim.key, claim.scope, false) }),
    })
    .where(and(eq(idempotencyRecords.key, storedIdempotencyKey(claim.key)), eq(idempotencyRecords.scope, claim.scope)));
}

/**
 * The movement a key waited for has settled: its prepared answer (with `patch` merged in, such
 * as the ChallengeUrl 3-D Secure asked for) is now the key's answer. A key with no prepared
 * answer waits for its client's retry, which answers from the booking as it stands.
 */
export async function completeAwaitedKey(tx: Tx, paymentId: number, patch: Record<string, unknown> = {}): Promise<void> {
  await tx
    .update(idempotencyRecords)
    .set({
      responseStatus: 200,
      responseBody: sql`${idempotencyRecords.responseBody} || ${JSON.stringify(patch)}::jsonb`,
      awaitingPaymentId: null,
    })
    .where(
      and(
        eq(idempotencyRecords.awaitingPaymentId, paymentId),
        isNull(idempotencyRecords.responseStatus),
        isNotNull(idempotencyRecords.responseBody),
      ),
    );
}

/** The movement a key waited for was refused: its request wrote nothing that lasts, so the key is free for a corrected one. */
export async function releaseAwaitedKey(tx: Tx, paymentId: number): Promise<void> {
  await tx
    .delete(idempotencyRecords)
    .where(and(eq(idempotencyRecords.awaitingPaymentId, paymentId), isNull(idempotencyRecords.responseStatus)));
}

/** Deletes records past their 24 hours; answers how many went. */
export async function purgeExpiredIdempotencyRecords(db: Queryable, now: Date): Promise<number> {
  const purged = await db
    .delete(idempotencyRecords)
    .where(lte(idempotencyRecords.expiresAt, now))
    .returning({ key: idempotencyRecords.key });
  return purged.length;
}

/** Purges expired records now and then every `everyMs` (an hour) while the process runs; answers a stop function. */
export function scheduleIdempotencyPurge(context: Pick<AppContext, 'database' | 'clock' | 'logger'>, everyMs = 60 * 60 * 1000): () => void {
  const purge = () =>
    purgeExpiredIdempotencyRecords(context.database.db, context.clock.now()).then(
      (count) => count > 0 && context.logger.info({ count }, 'purged expired idempotency records'),
      (error: unknown) => context.logger.error({ err: error }, 'idempotency record purge failed'),
    );
  void purge();
  const timer = setInterval(purge, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
