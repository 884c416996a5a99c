import type { Money } from '@hotel/domain/money';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import type { ChallengeOutcome, ChallengeResult, PaymentGateway } from './payment-gateway';
import { findPaymentByGatewayReference, settlePayment, type PaymentStatus } from './payment-queries';
import { TEST_GATEWAY_NAME } from './test-gateway';

const amountOf = (payment: { amount: number; currency: string }): Money => ({ amount: payment.amount, currency: payment.currency });

/** A challenged payment once the guest has answered. */
export type SettledPayment = { paymentId: number; reservationId: number; status: 'succeeded' | 'failed'; failureReason: string | null };

/**
 * Runs in the same transaction as the payment's settlement: the reservation area confirms the
 * booking (and queues its confirmation e-mail) or releases it here.
 */
export type PaymentSettledHandler = (tx: Tx, payment: SettledPayment) => Promise<void>;

export type ChallengeState = { found: false } | { found: true; status: PaymentStatus; settledNow: boolean; amount: Money };

/** What the provider says of a payment that waited for 3-D Secure: settled, or still waiting. */
export type WaitingAnswer = ChallengeResult | { status: 'requires_action'; gatewayReference: string };

/**
 * Settles a payment that waited for 3-D Secure, once: the row is locked, and a payment no
 * longer waiting (answered already, or released meanwhile) is left as it is and reported.
 * `answer` asks the gateway (the test gateway's page answer, Stripe's PaymentIntent);
 * `alsoInTransaction` runs first in the same transaction (the webhook's ledger entry).
 * A payment the provider settled after we released its booking is voided, so no money is kept
 * for a booking that is gone.
 */
export async function settleWaitingPayment(
  context: Pick<AppContext, 'database' | 'clock' | 'paymentGateways'>,
  payment: {
    gateway: string;
    gatewayReference: string;
    answer: (gateway: PaymentGateway) => Promise<WaitingAnswer>;
    onSettled?: PaymentSettledHandler | undefined;
    /** Answers false to settle nothing (an event already taken in): the transaction keeps only what it wrote. */
    alsoInTransaction?: (tx: Tx) => Promise<boolean>;
  },
): Promise<ChallengeState> {
  const gateway = context.paymentGateways.byName(payment.gateway);
  return context.database.db.transaction(async (tx) => {
    if ((await payment.alsoInTransaction?.(tx)) === false) return { found: false };
    const row = await findPaymentByGatewayReference(tx, gateway.name, payment.gatewayReference, { forUpdate: true });
    if (!row) return { found: false };
    if (row.status !== 'requires_action') {
      if (row.status === 'cancelled' && (await payment.answer(gateway)).status === 'authorised')
        await releaseLate(gateway, payment.gatewayReference);
      return { found: true, status: row.status, settledNow: false, amount: amountOf(row) };
    }
    const result = await payment.answer(gateway);
    if (result.status === 'requires_action') return { found: true, status: row.status, settledNow: false, amount: amountOf(row) };
    const settled: SettledPayment = {
      paymentId: row.id,
      reservationId: row.reservationId,
      status: result.status === 'authorised' ? 'succeeded' : 'failed',
      failureReason: result.status === 'declined' ? result.declineMessage : null,
    };
    await settlePayment(tx, row.id, { status: settled.status, failureReason: settled.failureReason, completedAt: context.clock.now() });
    await payment.onSettled?.(tx, settled);
    return { found: true, status: settled.status, settledNow: true, amount: amountOf(row) };
  });
}

/** Gives back what the guest's bank authorised after the booking's hold ran out: voided while held, refunded once taken. */
async function releaseLate(gateway: PaymentGateway, gatewayReference: string): Promise<void> {
  await gateway.void(gatewayReference);
}

/** The guest's answer on the test gateway's challenge page. */
export function completePaymentChallenge(
  context: Pick<AppContext, 'database' | 'clock' | 'paymentGateways'>,
  gatewayReference: string,
  outcome: ChallengeOutcome,
  onSettled?: PaymentSettledHandler,
): Promise<ChallengeState> {
  return settleWaitingPayment(context, {
    gateway: TEST_GATEWAY_NAME,
    gatewayReference,
    answer: (gateway) => gateway.completeChallenge(gatewayReference, outcome),
    onSettled,
  });
}

/** Where a test gateway challenge stands, for the challenge page. */
export async function findChallengeState(context: Pick<AppContext, 'database'>, gatewayReference: string): Promise<ChallengeState> {
  const payment = await findPaymentByGatewayReference(context.database.db, TEST_GATEWAY_NAME, gatewayReference);
  return payment ? { found: true, status: payment.status, settledNow: false, amount: amountOf(payment) } : { found: false };
}
