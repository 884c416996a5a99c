import { and, desc, notInArray, sql } from 'drizzle-orm';
import { mailOutbox } from '@hotel/db/schema';
import type { Queryable } from '../database';

/**
 * Mail an address's allowance leaves out. The hotel's notices go to the hotel, whose staff may
 * book with its own address. Account mail (a confirmation link, a reset link) is bounded by the
 * account calls' own per-address limits, which count every request: counted here, a reset
 * (mailed to an account's address only) would make the allowance of an address with an account
 * run out sooner, and tell that the account exists.
 */
const notCounted = [
  'hotel_booking_created',
  'hotel_booking_amended',
  'hotel_booking_cancelled',
  'hotel_table_booking',
  'email_confirmation',
  'password_reset',
] as const;

/**
 * Seconds until `address` may be mailed once more, or 0 when it may now: it may while fewer than
 * `limit` mails to it were queued in the last `windowMs` (a sliding window, on the database's
 * clock, which wrote each row's `created_at`). Only mail queued counts, so a refused booking or a
 * replayed answer, which queue none, never uses up anyone's allowance.
 */
export async function secondsUntilAddressMayBeMailed(
  db: Queryable,
  address: string,
  allowance: { limit: number; windowMs: number },
): Promise<number> {
  const window = sql`make_interval(secs => ${allowance.windowMs / 1000})`;
  // The limit-th newest mail of the window: once it is older than the window, fewer than limit remain.
  const [oldestThatCounts] = await db
    .select({ waitSeconds: sql<number>`ceil(extract(epoch from ${mailOutbox.createdAt} + ${window} - now()))::int` })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.toAddress}) = ${address.trim().toLowerCase()}`,
        sql`${mailOutbox.createdAt} > now() - ${window}`,
        notInArray(mailOutbox.kind, [...notCounted]),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .offset(allowance.limit - 1)
    .limit(1);
  return oldestThatCounts ? Math.max(1, oldestThatCounts.waitSeconds) : 0;
}
