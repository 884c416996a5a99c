import { and, eq, sql } from 'drizzle-orm';
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
