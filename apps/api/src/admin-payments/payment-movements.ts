import { toMajor } from '@hotel/domain/money';
import type { PaymentMovementsResponse } from '@hotel/domain/wire/admin-payment';
import type { AppContext } from '../app-context';
import { reconcileMovementNow, STUCK_AFTER_MS, type MovementContext } from '../booking';
import { notFound } from '../errors';
import { findMovementsNeedingAttention } from '../payments';

/** GET /api/Admin/PaymentMovements: the movements the operator must look at (docs/payments.md, "When a movement is stuck"). */
export async function paymentMovementsNeedingAttention(context: Pick<AppContext, 'database' | 'clock'>): Promise<PaymentMovementsResponse> {
  const rows = await findMovementsNeedingAttention(context.database.db, context.clock.now(), STUCK_AFTER_MS);
  return {
    Items: rows.map((row) => ({
      Id: row.id,
      ReservationNumber: row.reservationNumber,
      Problem: row.problem,
      Gateway: row.gateway,
      Kind: row.kind,
      Purpose: row.purpose,
      Status: row.status,
      Amount: toMajor(row.amount, row.currency),
      Currency: row.currency,
      IdempotencyKey: row.idempotencyKey,
      Attempts: row.attempts,
      LastError: row.lastError,
      CreatedAt: row.createdAt.toISOString(),
    })),
  };
}

/** POST /api/Admin/PaymentMovements/{id}/Reconcile: asks the provider now what it did with the movement, and records it. */
export async function reconcilePaymentMovement(context: MovementContext, id: number) {
  const outcome = await reconcileMovementNow(context, id);
  if (!outcome) throw notFound(`There is no payment movement ${id}.`);
  const settled = outcome.status !== 'unknown';
  return {
    Id: id,
    Status: outcome.movement.status,
    Settled: settled,
    Message: settled
      ? `The movement is ${outcome.movement.status}: recorded with what it means for booking ${outcome.movement.reservationNumber}.`
      : `The provider gave no answer yet (${outcome.reason}): the movement stays pending, and the reconciler keeps asking.`,
  };
}
