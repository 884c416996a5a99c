import { reservationChanges } from '@hotel/db/schema';
import type { Minor } from '@hotel/domain/money';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import type { ManageAccess } from './reservation-links';

/** What a change did to the card: charged, refunded, captured of a hold (minor units, the payments rows written) or nothing. */
export type RecordedPayment = { kind: 'Charge' | 'Refund' | 'Capture' | 'None'; amount: Minor; paymentIds: number[] };

/**
 * What a history row says of a change. Totals are what the guest pays, in minor units, before
 * and after; `changes` lists each field that moved with its old and new value. Never a card
 * number, token or manage code.
 */
export type ReservationChangeDetails = {
  previousTotal: Minor;
  newTotal: Minor;
  payment: RecordedPayment;
  changes: { field: string; old: unknown; new: unknown }[];
  [more: string]: unknown;
};

export type ReservationChange = {
  reservationId: number;
  /** How the guest got in: the e-mailed link or a search by number and name (`ManagedBooking.access`); `admin`, the hotel's API key. */
  via: ManageAccess | 'admin';
  action: 'cancel' | 'cancel-room' | 'amend' | 'precheckin' | 'capture' | 'acknowledge' | 'stay';
  details: ReservationChangeDetails;
};

/**
 * Appends a change to the booking's history, in the change's own transaction: it is kept only
 * if the change commits. The table refuses UPDATE and DELETE (migration 0012), so the history
 * is a record of what happened, not a state to tidy. Answers the row's id.
 */
export async function recordReservationChange(tx: Tx, context: Pick<AppContext, 'clock'>, change: ReservationChange): Promise<number> {
  const [row] = await tx
    .insert(reservationChanges)
    .values({ ...change, at: context.clock.now() })
    .returning({ id: reservationChanges.id });
  return row!.id;
}
