import { eq, sql } from 'drizzle-orm';
import { paymentWebhookEvents, payments } from '@hotel/db/schema';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../database';
import { AppError } from '../../http';
import type { PaymentSettledHandler, SettledPayment } from '../challenge-completion';
import { findPaymentByGatewayReference } from '../payment-queries';
import { PAYSTACK_GATEWAY_NAME, PAYSTACK_MESSAGES, type PaystackGateway, type PaystackSettlement } from './paystack-gateway';

type Context = Pick<AppContext, 'database' | 'clock' | 'logger'>;

/**
 * What settling a PayStack transaction did to our payment. `refund`: PayStack took money we do
 * not keep (for a booking already released, or another amount than the booking's), which the
 * caller gives back.
 */
export type PaystackSettlementState = 'settled' | 'already_settled' | 'refund' | 'still_pending' | 'unknown_reference';

/**
 * Applies what PayStack says of a transaction to its payments row, once: the row is locked, and
 * a payment no longer waiting (settled by the return or the webhook that came first, or released
 * at the end of its hold) is left as it is. A success for another amount or currency than the
 * booking's is not accepted. `onSettled` confirms or releases the booking in the same transaction.
 */
export async function applyPaystackSettlement(
  tx: Tx,
  context: Pick<AppContext, 'clock' | 'logger'>,
  settlement: PaystackSettlement,
  onSettled?: PaymentSettledHandler,
): Promise<PaystackSettlementState> {
  const payment = await findPaymentByGatewayReference(tx, PAYSTACK_GATEWAY_NAME, settlement.reference, { forUpdate: true });
  if (!payment) return 'unknown_reference';
  if (payment.status !== 'requires_action') {
    // The hold ran out, or the guest gave up on PayStack's page, before the payment went through: the rooms are already given back.
    if (settlement.outcome === 'succeeded' && (payment.status === 'cancelled' || payment.status === 'failed')) return 'refund';
    return 'already_settled';
  }
  if (settlement.outcome === 'pending') return 'still_pending';
  const now = context.clock.now();
  const matches = settlement.outcome === 'succeeded' && settlement.amount === payment.amount && settlement.currency === payment.currency;
  const failureReason = settlement.outcome === 'failed' ? settlement.failureReason : matches ? null : PAYSTACK_MESSAGES.amountMismatch;
  const card = settlement.outcome === 'succeeded' && matches ? settlement.card : null;
  await tx
    .update(payments)
    .set({
      status: failureReason === null ? 'succeeded' : 'failed',
      failureReason,
      completedAt: now,
      updatedAt: now,
      ...(card && {
        cardTypeId: sql`(SELECT id FROM card_types WHERE code = ${card.brand})`,
        cardLast4: card.last4,
        cardExpiryMonth: card.expiryMonth,
        cardExpiryYear: card.expiryYear,
      }),
      ...(settlement.outcome === 'succeeded' && matches && { gatewayToken: settlement.cardToken }),
    })
    .where(eq(payments.id, payment.id));
  const settled: SettledPayment = {
    paymentId: payment.id,
    reservationId: payment.reservationId,
    status: failureReason === null ? 'succeeded' : 'failed',
    failureReason,
  };
  await onSettled?.(tx, settled);
  return settlement.outcome === 'succeeded' && !matches ? 'refund' : 'settled';
}

/**
 * Gives back, whole, a payment PayStack took that no booking keeps, after the settling
 * transaction: the guest must not pay for rooms they do not have. A refund PayStack refuses or
 * cannot be asked for is logged for the hotel to make by hand.
 */
async function refundNotKept(context: Pick<AppContext, 'logger'>, gateway: PaystackGateway, reference: string): Promise<void> {
  const failed = (reason: unknown) =>
    context.logger.error({ reference, reason }, 'PayStack took a payment no booking keeps and the refund failed: refund it by hand');
  try {
    const result = await gateway.void(reference);
    if (result.status === 'voided') context.logger.warn({ reference }, 'PayStack took a payment no booking keeps: refunded');
    else failed(result.declineMessage);
  } catch (error) {
    failed(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The guest is back from PayStack's checkout: asks PayStack what became of the transaction
 * (verify, tried again on a timeout or 5xx) and settles the payment. When PayStack cannot be
 * reached, or has not decided, the booking stays pending: the webhook or the hold's end settles it.
 */
export async function settlePaystackReturn(
  context: Context,
  gateway: PaystackGateway,
  reference: string,
  onSettled?: PaymentSettledHandler,
): Promise<PaystackSettlementState> {
  const payment = await findPaymentByGatewayReference(context.database.db, PAYSTACK_GATEWAY_NAME, reference);
  if (!payment) return 'unknown_reference';
  if (payment.status !== 'requires_action') return 'already_settled';
  let settlement: PaystackSettlement;
  try {
    settlement = await gateway.verify(reference);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.logger.warn({ reference, err: error }, 'PayStack verify failed; the webhook or the hold will settle the booking');
    return 'still_pending';
  }
  const state = await context.database.db.transaction((tx) => applyPaystackSettlement(tx, context, settlement, onSettled));
  if (state === 'refund') await refundNotKept(context, gateway, reference);
  return state;
}

/**
 * One webhook delivery, already checked as PayStack's: recorded in `payment_webhook_events` and
 * acted on in the same transaction, so a redelivered event is acknowledged and changes nothing.
 */
export async function takePaystackWebhook(
  context: Context,
  gateway: PaystackGateway,
  delivery: ReturnType<PaystackGateway['parseWebhook']>,
  onSettled?: PaymentSettledHandler,
): Promise<{ duplicate: boolean; state: PaystackSettlementState | 'ignored' }> {
  const { event, settlement } = delivery;
  const taken = await context.database.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentWebhookEvents)
      .values({ provider: 'paystack', eventId: event.id, eventType: event.type, receivedAt: context.clock.now() })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (recorded.length === 0) return { duplicate: true, state: 'ignored' as const };
    if (!settlement) return { duplicate: false, state: 'ignored' as const };
    return { duplicate: false, state: await applyPaystackSettlement(tx, context, settlement, onSettled) };
  });
  if (taken.state === 'refund' && settlement) await refundNotKept(context, gateway, settlement.reference);
  return taken;
}
