import type { Tx } from '../database';
import { AppError } from '../errors';
import { AwaitingMovement, claimIdempotencyKey, requestHash, type IdempotentRequest } from '../idempotency';
import { findUnsettledMovements } from '../payments';
import { MONEY_MESSAGES } from './payment-messages';

/**
 * Claims a change's Idempotency-Key first thing in its transaction: the answer to replay when
 * the key's request is done; undefined to go on. A key whose request waits for a payment's
 * answer throws AwaitingMovement, for the caller to resume that payment after rolling back.
 */
export async function claimKey<Answer>(tx: Tx, request: IdempotentRequest): Promise<{ replay: Answer } | undefined> {
  if (!request.key) return undefined;
  const claim = await claimIdempotencyKey(tx, {
    key: request.key,
    scope: request.scope,
    requestHash: requestHash(request.body, request.hashKey),
    now: request.now,
  });
  if (claim.kind === 'replay') return { replay: claim.body as Answer };
  if (claim.kind === 'awaiting') throw new AwaitingMovement(claim.paymentId);
  return undefined;
}

/**
 * A booking whose earlier payment is still waiting for its provider's answer takes no other
 * change (a 409 that says so): the two could move money on one balance at once.
 */
export async function assertNoMovementInFlight(tx: Tx, reservationId: number): Promise<void> {
  if ((await findUnsettledMovements(tx, reservationId)).length > 0) throw new AppError('CONFLICT', MONEY_MESSAGES.movementInFlight);
}
