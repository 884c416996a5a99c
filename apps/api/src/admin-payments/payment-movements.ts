import { toMajor } from '@hotel/domain/money';
import type { PaymentMovementsResponse } from '@hotel/domain/wire/admin-payment';
import type { AppContext } from '../app-context';
import { CAPTURE_MESSAGES, reconcileMovementNow, STUCK_AFTER_MS, type MovementContext } from '../booking';
import { notFound } from '../errors';
import { findMovementsNeedingAttention } from '../payments';
import { propertyOfBooking, propertyOfMovement } from './admin-payments-queries';

/**
 * GET /api/Admin/PaymentMovements: the movements the operator must look at (docs/payments.md,
 * "When a movement is stuck"); a property's key sees its property's only.
 */
export async function paymentMovementsNeedingAttention(
  context: Pick<AppContext, 'database' | 'clock'>,
  onlyPropertyId: number | undefined,
): Promise<PaymentMovementsResponse> {
  const rows = await findMovementsNeedingAttention(context.database.db, context.clock.now(), STUCK_AFTER_MS, onlyPropertyId);
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

const noSuchMovement = (id: number) => notFound(`There is no payment movement ${id}.`);

/**
 * POST /api/Admin/PaymentMovements/{id}/Reconcile: asks the provider now what it did with the
 * movement, and records it. Another property's movement is, to a property's key, no movement.
 */
export async function reconcilePaymentMovement(context: MovementContext, id: number, onlyPropertyId: number | undefined) {
  if (onlyPropertyId !== undefined && (await propertyOfMovement(context.database.db, id)) !== onlyPropertyId) throw noSuchMovement(id);
  const outcome = await reconcileMovementNow(context, id);
  if (!outcome) throw noSuchMovement(id);
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

/** Before a capture: another property's booking is, to a property's key, no booking (the capture's own 404). */
export async function refuseOtherPropertysBooking(
  context: Pick<AppContext, 'database'>,
  reservationNumber: string,
  onlyPropertyId: number | undefined,
): Promise<void> {
  if (onlyPropertyId === undefined) return;
  if ((await propertyOfBooking(context.database.db, reservationNumber)) !== onlyPropertyId) {
    throw notFound(CAPTURE_MESSAGES.noSuchBooking(reservationNumber));
  }
}
