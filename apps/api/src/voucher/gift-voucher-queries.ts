import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { giftVouchers, voucherRedemptions } from '@hotel/db/schema';
import type { Queryable, Tx } from '../database';

export type GiftVoucherRow = {
  id: number;
  code: string;
  balance: number;
  currency: string;
  expiresOn: string | null;
  isExperience: boolean;
};

const columns = {
  id: giftVouchers.id,
  code: giftVouchers.code,
  balance: giftVouchers.balance,
  currency: giftVouchers.currency,
  expiresOn: giftVouchers.expiresOn,
  isExperience: giftVouchers.isExperience,
};
const byCode = (propertyId: number, code: string) =>
  and(eq(giftVouchers.propertyId, propertyId), sql`lower(${giftVouchers.code}) = ${code.trim().toLowerCase()}`);

/** A property's voucher by the code a guest typed (case-insensitive). */
export async function findGiftVoucher(db: Queryable, propertyId: number, code: string): Promise<GiftVoucherRow | undefined> {
  const [row] = await db.select(columns).from(giftVouchers).where(byCode(propertyId, code)).limit(1);
  return row;
}

/** The same, locked until the booking's transaction ends: two bookings never spend one balance twice. */
export async function lockGiftVoucher(tx: Tx, propertyId: number, code: string): Promise<GiftVoucherRow | undefined> {
  const [row] = await tx.select(columns).from(giftVouchers).where(byCode(propertyId, code)).limit(1).for('update');
  return row;
}

/** Takes `amount` off a locked voucher and records what the reservation took. */
export async function spendGiftVoucher(tx: Tx, voucherId: number, reservationId: number, amount: number): Promise<void> {
  await tx
    .update(giftVouchers)
    .set({ balance: sql`${giftVouchers.balance} - ${amount}` })
    .where(eq(giftVouchers.id, voucherId));
  await tx.insert(voucherRedemptions).values({ giftVoucherId: voucherId, reservationId, amount });
}

const returns = alias(voucherRedemptions, 'returns');

/**
 * Gives back to their vouchers what a booking spent and has not had back yet (it was released
 * unpaid, or cancelled inside its free-cancellation window): a `return` movement per spend,
 * naming it, and the balance raised by as much. Answers the amount given back.
 */
export async function returnVoucherSpends(tx: Tx, reservationId: number, now: Date): Promise<number> {
  const spends = await tx
    .select({ id: voucherRedemptions.id, voucherId: voucherRedemptions.giftVoucherId, amount: voucherRedemptions.amount })
    .from(voucherRedemptions)
    .leftJoin(returns, eq(returns.returnsRedemptionId, voucherRedemptions.id))
    .where(and(eq(voucherRedemptions.reservationId, reservationId), eq(voucherRedemptions.kind, 'spend'), isNull(returns.id)))
    .for('update', { of: voucherRedemptions });
  for (const spend of spends) {
    await tx
      .update(giftVouchers)
      .set({ balance: sql`${giftVouchers.balance} + ${spend.amount}` })
      .where(eq(giftVouchers.id, spend.voucherId));
    await tx.insert(voucherRedemptions).values({
      giftVoucherId: spend.voucherId,
      reservationId,
      amount: spend.amount,
      kind: 'return',
      returnsRedemptionId: spend.id,
      createdAt: now,
    });
  }
  return spends.reduce((sum, spend) => sum + spend.amount, 0);
}

/** What guests spent of a voucher and did not get back: spends less returns. */
export async function voucherSpentNet(db: Queryable, voucherId: number): Promise<number> {
  const [row] = await db
    .select({
      amount: sql<number>`coalesce(sum(CASE WHEN ${voucherRedemptions.kind} = 'spend' THEN ${voucherRedemptions.amount} ELSE -${voucherRedemptions.amount} END), 0)::int`,
    })
    .from(voucherRedemptions)
    .where(eq(voucherRedemptions.giftVoucherId, voucherId));
  return row?.amount ?? 0;
}
