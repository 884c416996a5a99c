import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { payments } from '@hotel/db/schema';
import type { Queryable, Tx } from '../database';
import type { AuthorisationResult } from './payment-gateway';

/** How a payment row's status reads a gateway's answer. */
const statusOf = { authorised: 'succeeded', requires_action: 'requires_action', declined: 'failed' } as const;

/**
 * The payments row of an authorisation: brand (as the card_types row of that code), last four
 * digits, expiry and the gateway's references, never the card itself. `reservationId` may be
 * SQL naming a reservation written in the same statement.
 */
export function authorisationRow(payment: {
  reservationId: number | SQL;
  gateway: string;
  amount: number;
  currency: string;
  result: AuthorisationResult;
  /** `manual`: the amount was only held on the card, for the hotel to capture later. */
  captureMethod: 'automatic' | 'manual';
  savedCardId?: number | null;
  completedAt: Date;
}) {
  const { result } = payment;
  return {
    reservationId: payment.reservationId,
    gateway: payment.gateway,
    transactionType: 'authorisation' as const,
    captureMethod: payment.captureMethod,
    status: statusOf[result.status],
    amount: payment.amount,
    currency: payment.currency,
    cardTypeId: result.brand === null ? null : sql`(SELECT id FROM card_types WHERE code = ${result.brand})`,
    cardLast4: result.last4,
    cardExpiryMonth: result.expiryMonth,
    cardExpiryYear: result.expiryYear,
    savedCardId: payment.savedCardId ?? null,
    gatewayReference: result.gatewayReference,
    gatewayToken: result.status === 'declined' ? null : result.cardToken,
    challengeUrl: result.status === 'requires_action' ? result.challengeUrl : null,
    failureReason: result.status === 'declined' ? result.declineMessage : null,
    completedAt: result.status === 'requires_action' ? null : payment.completedAt,
  } satisfies PgInsertValue<typeof payments>;
}

export type PaymentStatus = (typeof payments.$inferSelect)['status'];

/** The payment a gateway reference names; locked for update when `forUpdate` (the challenge answer settles it). */
export async function findPaymentByGatewayReference(
  db: Queryable,
  gateway: string,
  gatewayReference: string,
  { forUpdate = false } = {},
): Promise<{ id: number; reservationId: number; status: PaymentStatus; amount: number; currency: string } | undefined> {
  const query = db
    .select({
      id: payments.id,
      reservationId: payments.reservationId,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
    })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayReference, gatewayReference)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Records a challenged payment's final status. */
export async function settlePayment(
  tx: Tx,
  id: number,
  settlement: { status: 'succeeded' | 'failed'; failureReason: string | null; completedAt: Date },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: settlement.status,
      failureReason: settlement.failureReason,
      completedAt: settlement.completedAt,
      updatedAt: settlement.completedAt,
    })
    .where(eq(payments.id, id));
}
