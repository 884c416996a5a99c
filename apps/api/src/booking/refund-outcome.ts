import { formatMoney } from '@hotel/domain/money';
import type { Queryable } from '../database';
import { findMovementsOf } from '../payments';

/**
 * What a use case's refunds came to, for its answer: refused by the provider, or not answered yet
 * (the reconciler finishes it), each as the amount shown to the guest; null when all went through.
 */
export type RefundTrouble = { kind: 'refused' | 'pending'; amount: string } | null;

export async function refundTrouble(db: Queryable, movementIds: readonly number[]): Promise<RefundTrouble> {
  const movements = await findMovementsOf(db, movementIds);
  const sum = (status: string) => movements.filter((m) => m.status === status).reduce((total, m) => total + m.amount, 0);
  const shown = (amount: number) => formatMoney({ amount, currency: movements[0]!.currency });
  if (sum('failed') > 0) return { kind: 'refused', amount: shown(sum('failed')) };
  if (sum('pending') > 0) return { kind: 'pending', amount: shown(sum('pending')) };
  return null;
}
