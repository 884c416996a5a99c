import type { Money } from '@hotel/domain/money';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import type { ChallengeOutcome } from './payment-gateway';
import { findPaymentByGatewayReference, settlePayment, type PaymentStatus } from './payment-queries';

const amountOf = (payment: { amount: number; currency: string }): Money => ({ amount: payment.amount, currency: payment.currency });

/** A challenged payment once the guest has answered. */
export type SettledPayment = { paymentId: number; reservationId: number; status: 'succeeded' | 'failed'; failureReason: string | null };

/**
 * Runs in the same transaction as the payment's settlement: the reservation area confirms the
 * booking (and queues its confirmation e-mail) or releases it here.
 */
export type PaymentSettledHandler = (tx: Tx, payment: SettledPayment) => Promise<void>;

export type ChallengeState = { found: false } | { found: true; status: PaymentStatus; settledNow: boolean; amount: Money };

/**
 * Records the guest's answer to a 3-D Secure challenge on its payments row, once: the row is
 * locked, and a payment no longer waiting (answered already, or released meanwhile) is left
 * as it is and reported.
 */
export async function completePaymentChallenge(
  context: Pick<AppContext, 'database' | 'clock' | 'paymentGateway'>,
  gatewayReference: string,
  outcome: ChallengeOutcome,
  onSettled?: PaymentSettledHandler,
): Promise<ChallengeState> {
  const { paymentGateway } = context;
  return context.database.db.transaction(async (tx) => {
    const payment = await findPaymentByGatewayReference(tx, paymentGateway.name, gatewayReference, { forUpdate: true });
    if (!payment) return { found: false };
    if (payment.status !== 'requires_action') return { found: true, status: payment.status, settledNow: false, amount: amountOf(payment) };
    const result = await paymentGateway.completeChallenge(gatewayReference, outcome);
    const settled: SettledPayment = {
      paymentId: payment.id,
      reservationId: payment.reservationId,
      status: result.status === 'authorised' ? 'succeeded' : 'failed',
      failureReason: result.status === 'declined' ? result.declineMessage : null,
    };
    await settlePayment(tx, payment.id, { status: settled.status, failureReason: settled.failureReason, completedAt: context.clock.now() });
    await onSettled?.(tx, settled);
    return { found: true, status: settled.status, settledNow: true, amount: amountOf(payment) };
  });
}

/** Where a challenge stands, for the challenge page. */
export async function findChallengeState(
  context: Pick<AppContext, 'database' | 'paymentGateway'>,
  gatewayReference: string,
): Promise<ChallengeState> {
  const payment = await findPaymentByGatewayReference(context.database.db, context.paymentGateway.name, gatewayReference);
  return payment ? { found: true, status: payment.status, settledNow: false, amount: amountOf(payment) } : { found: false };
}
