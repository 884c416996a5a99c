import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column builders every table shares, so one kind of value is stored one way everywhere.
 *
 * - Instants are `timestamptz` read as `Date` (UTC inside).
 * - Nights and stay dates are `date` read as `YYYY-MM-DD` strings, in the property's zone
 *   (built inline with `date(name, { mode: 'string' })`).
 * - Money is integer minor units (pence, cents) beside a `char(3)` currency where it can vary.
 * - Percentages (VAT rates, discounts) are exact decimals with at most `PERCENT_DECIMALS`
 *   decimals (8.875, 33.333), never rounded to whole basis points.
 */

/** An instant (UTC `timestamptz`), read as a `Date`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An amount of money in integer minor units of the row's (or the property's) currency. */
export const minorUnits = (name: string) => integer(name);

/** Decimals a stored percentage keeps; the property import refuses a rate with more. */
export const PERCENT_DECIMALS = 4;

/** A percentage as written (8.875 = 8.875 %), exact: `numeric(7, 4)` read as the number it holds. */
export const percentage = (name: string) => numeric(name, { precision: 7, scale: PERCENT_DECIMALS, mode: 'number' });

/** `created_at` and `updated_at`; drizzle refreshes `updated_at` on every update it issues. */
export const timestamps = {
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
