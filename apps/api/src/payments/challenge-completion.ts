import type { Money } from '@hotel/domain/money';
import type { AppContext } from '../app-context';
import { findMovementNamed, type PaymentStatus } from './movements';
import { TEST_GATEWAY_NAME } from './test-gateway';

export type ChallengeState = { found: false } | { found: true; status: PaymentStatus; amount: Money };

/** Where a test gateway challenge stands, for the challenge page. */
export async function findChallengeState(context: Pick<AppContext, 'database'>, gatewayReference: string): Promise<ChallengeState> {
  const payment = await findMovementNamed(context.database.db, TEST_GATEWAY_NAME, { gatewayReference });
  return payment
    ? { found: true, status: payment.status, amount: { amount: payment.amount, currency: payment.currency } }
    : { found: false };
}
