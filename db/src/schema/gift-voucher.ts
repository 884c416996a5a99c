import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, char, check, date, index, integer, pgTable, uniqueIndex, text } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { reservations } from './reservation';
import { instant, minorUnits, timestamps } from './shared-columns';

/**
 * A gift voucher: a code with a remaining balance in minor units. A booking spends it under a
 * row lock in the booking's transaction; `balance >= 0` makes spending it twice impossible.
 * Codes are unique per property whatever their case, because guests type them. `expires_on`
 * is the last day it can be used, in the property's zone (null: never expires).
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    initialAmount: minorUnits('initial_amount').notNull(),
    balance: minorUnits('balance').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** An experience voucher (a spa day, a dinner): the guest is warned before using it on rooms. */
    isExperience: boolean('is_experience').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('gift_vouchers_property_id_lower_code_key').on(t.propertyId, sql`lower(${t.code})`),
    check('gift_vouchers_balance_non_negative', sql`${t.balance} >= 0`),
    check('gift_vouchers_initial_amount_non_negative', sql`${t.initialAmount} >= 0`),
  ],
);

/**
 * The voucher's movements: what a reservation took from it (`spend`), and what went back to it
 * (`return`, naming the spend it gives back: a booking released unpaid, or cancelled inside its
 * free-cancellation window). Rows are never changed or deleted; the balance is the initial
 * amount less spends plus returns.
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    giftVoucherId: integer('gift_voucher_id')
      .notNull()
      .references(() => giftVouchers.id, { onDelete: 'restrict' }),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    amount: minorUnits('amount').notNull(),
    kind: text('kind').$type<'spend' | 'return'>().notNull().default('spend'),
    /** The spend a return gives back. */
    returnsRedemptionId: integer('returns_redemption_id').references((): AnyPgColumn => voucherRedemptions.id, { onDelete: 'restrict' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('voucher_redemptions_gift_voucher_id_idx').on(t.giftVoucherId),
    index('voucher_redemptions_reservation_id_idx').on(t.reservationId),
    /** A spend goes back at most once. */
    uniqueIndex('voucher_redemptions_returns_redemption_id_key')
      .on(t.returnsRedemptionId)
      .where(sql`${t.returnsRedemptionId} IS NOT NULL`),
    check('voucher_redemptions_amount_positive', sql`${t.amount} > 0`),
    check('voucher_redemptions_kind_known', sql`${t.kind} IN ('spend', 'return')`),
    check('voucher_redemptions_return_names_its_spend', sql`(${t.kind} = 'return') = (${t.returnsRedemptionId} IS NOT NULL)`),
  ],
);
