import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, pgTable, uniqueIndex, text } from 'drizzle-orm/pg-core';
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
 * What a reservation took from a voucher. A cancellation that gives the amount back sets
 * `reversed_at` (and restores the balance) rather than deleting the row.
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
    createdAt: instant('created_at').notNull().defaultNow(),
    reversedAt: instant('reversed_at'),
  },
  (t) => [
    index('voucher_redemptions_gift_voucher_id_idx').on(t.giftVoucherId),
    index('voucher_redemptions_reservation_id_idx').on(t.reservationId),
    check('voucher_redemptions_amount_positive', sql`${t.amount} > 0`),
  ],
);
