import { eq, sql } from 'drizzle-orm';
import { reservations } from '@hotel/db/schema';
import type { Minor } from '@hotel/domain/money';
import { type Queryable, type Tx, rawRows } from '../database';
import type { Movement } from '../payments';

/**
 * A booking's money as its movements say it, kept on the reservations row in the statement that
 * records each outcome (`amount_paid`, `amount_refunded`, `amount_held`), so the feed, the
 * webhooks and the e-mails read it without summing, and `findLedgerBreaches` can prove it.
 */

/** What a movement that has just succeeded adds to its booking's columns. */
export type LedgerChange = { paid: Minor; held: Minor; refunded: Minor };

/**
 * The change a succeeded movement makes. `targetSucceeded`: whether the hold a capture or void
 * acts on had been authorised (a 3-D Secure check released before it was answered held nothing).
 */
export function ledgerChangeOf(
  movement: Pick<Movement, 'kind' | 'amount' | 'captureMethod'>,
  releasedRest: Minor,
  targetSucceeded: boolean,
): LedgerChange {
  switch (movement.kind) {
    case 'authorisation':
      return movement.captureMethod === 'manual'
        ? { paid: 0, held: movement.amount, refunded: 0 }
        : { paid: movement.amount, held: 0, refunded: 0 };
    case 'charge':
      return { paid: movement.amount, held: 0, refunded: 0 };
    case 'capture':
      return { paid: movement.amount, held: -(movement.amount + releasedRest), refunded: 0 };
    case 'void':
      return { paid: 0, held: targetSucceeded ? -movement.amount : 0, refunded: 0 };
    case 'refund':
      return { paid: -movement.amount, held: 0, refunded: movement.amount };
  }
}

/** What a refund that failed after it succeeded takes back off its booking's columns. */
export function refundUndone(refund: Pick<Movement, 'kind' | 'amount'>): LedgerChange {
  if (refund.kind !== 'refund') throw new Error(`only a refund is undone after it succeeded, not a ${refund.kind}`);
  return { paid: refund.amount, held: 0, refunded: -refund.amount };
}

/** Adds a change to the booking's columns; the table's CHECK refuses any that would go below zero. */
export async function applyLedgerChange(tx: Tx, reservationId: number, change: LedgerChange): Promise<void> {
  if (change.paid === 0 && change.held === 0 && change.refunded === 0) return;
  await tx
    .update(reservations)
    .set({
      amountPaid: sql`${reservations.amountPaid} + ${change.paid}`,
      amountHeld: sql`${reservations.amountHeld} + ${change.held}`,
      amountRefunded: sql`${reservations.amountRefunded} + ${change.refunded}`,
    })
    .where(eq(reservations.id, reservationId));
}

/** A booking whose columns or movements break the ledger's rules, with both sides. */
export type LedgerBreach = {
  reservationId: number;
  reservationNumber: string;
  authorised: Minor;
  voided: Minor;
  captured: Minor;
  refunded: Minor;
  held: Minor;
  amountPaid: Minor;
  amountRefunded: Minor;
  amountHeld: Minor;
};

/**
 * The bookings (of one, or all) whose money does not add up: from their succeeded movements,
 * authorised - voided >= captured >= refunded must hold, and the columns must equal captured -
 * refunded (paid), refunded and what holds still hold. A release of a hold that was never
 * authorised (a 3-D Secure check left unanswered) counts for nothing. Run by the tests after
 * every fault and by the bench; empty when the ledger is true.
 */
export async function findLedgerBreaches(db: Queryable, reservationId?: number): Promise<LedgerBreach[]> {
  const only = reservationId === undefined ? sql`TRUE` : sql`r.id = ${reservationId}`;
  return rawRows<LedgerBreach>(
    db,
    sql`WITH moved AS (
          SELECT p.reservation_id,
            coalesce(sum(p.amount) FILTER (WHERE p.transaction_type IN ('authorisation', 'charge')), 0)::int AS authorised,
            coalesce(sum(p.amount) FILTER (WHERE p.transaction_type = 'void' AND h.status = 'succeeded'), 0)::int AS voided,
            coalesce(sum(p.amount) FILTER (WHERE (p.transaction_type = 'authorisation' AND p.capture_method = 'automatic')
                                               OR p.transaction_type IN ('charge', 'capture')), 0)::int AS captured,
            coalesce(sum(p.amount) FILTER (WHERE p.transaction_type = 'refund'), 0)::int AS refunded,
            (coalesce(sum(p.amount) FILTER (WHERE p.transaction_type = 'authorisation' AND p.capture_method = 'manual'), 0)
              - coalesce(sum(p.amount) FILTER (WHERE p.transaction_type = 'capture'
                                                  OR (p.transaction_type = 'void' AND h.status = 'succeeded')), 0))::int AS held
          FROM payments p LEFT JOIN payments h ON h.id = p.held_payment_id
          WHERE p.status = 'succeeded'
          GROUP BY p.reservation_id
        )
        SELECT r.id AS "reservationId", r.reservation_number AS "reservationNumber",
               coalesce(m.authorised, 0) AS authorised, coalesce(m.voided, 0) AS voided,
               coalesce(m.captured, 0) AS captured, coalesce(m.refunded, 0) AS refunded, coalesce(m.held, 0) AS held,
               r.amount_paid AS "amountPaid", r.amount_refunded AS "amountRefunded", r.amount_held AS "amountHeld"
        FROM reservations r LEFT JOIN moved m ON m.reservation_id = r.id
        WHERE ${only} AND NOT (
          coalesce(m.authorised, 0) - coalesce(m.voided, 0) >= coalesce(m.captured, 0)
          AND coalesce(m.captured, 0) >= coalesce(m.refunded, 0)
          AND coalesce(m.held, 0) >= 0
          AND r.amount_paid = coalesce(m.captured, 0) - coalesce(m.refunded, 0)
          AND r.amount_refunded = coalesce(m.refunded, 0)
          AND r.amount_held = coalesce(m.held, 0)
        )
        ORDER BY r.id`,
  );
}
