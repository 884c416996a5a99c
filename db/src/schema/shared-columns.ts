import { integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column builders every table shares, so one kind of value is stored one way everywhere.
 *
 * - Instants are `timestamptz` read as `Date` (UTC inside; STYLE.md rule 6).
 * - Nights and stay dates are `date` read as `YYYY-MM-DD` strings, in the property's zone
 *   (built inline with `date(name, { mode: 'string' })`).
 * - Money is integer minor units (pence, cents) beside a `char(3)` currency where it can vary.
 */

/** An instant (UTC `timestamptz`), read as a `Date`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An amount of money in integer minor units of the row's (or the property's) currency. */
export const minorUnits = (name: string) => integer(name);

/** `created_at` and `updated_at`; drizzle refreshes `updated_at` on every update it issues. */
export const timestamps = {
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
