import { and, eq, lt } from 'drizzle-orm';
import { reservations } from '@hotel/db/schema';
import type { Tx } from '../database';
import { releaseAwaitedKey } from '../idempotency';
import { cancelWaitingMovement, newMovementKey, recordIntents } from '../payments';
import { releaseUnpaidBooking } from './booking-payment';
import { makeMovements, type MovementContext } from './make-movement';
import { findReservationDetails } from './reservation-queries';

/**
 * The release of a booking whose guest never answered their bank's 3-D Secure check, or went
 * back to pay another way (docs/booking-retries-and-holds.md).
 */

/**
 * How long a booking waiting for its 3-D Secure answer holds its rooms, extras and voucher
 * balance: then, or as soon as the guest gives up on it, they go back.
 */
export const PAYMENT_HOLD_MINUTES = 10;
const paymentHoldMs = PAYMENT_HOLD_MINUTES * 60 * 1000;

/**
 * Releases a booking still waiting for its 3-D Secure answer: the waiting authorisation is
 * marked cancelled (an answer the provider gives later is still recorded, and its money given
 * back), everything the booking holds goes back, and a release of the check is recorded for the
 * provider, to be made after commit. With `skipLocked`, a booking whose answer is being recorded
 * right now is left to that answer. Answers the release movements to make, or false.
 */
async function releaseIfStillWaiting(tx: Tx, reservationId: number, now: Date, { skipLocked = false } = {}): Promise<number[] | false> {
  const [waiting] = await tx
    .select({ reservationNumber: reservations.reservationNumber })
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'pending_payment')))
    .for('update', skipLocked ? { skipLocked: true } : {});
  if (!waiting) return false;
  const details = await findReservationDetails(tx, reservationId);
  const payment = details.payment;
  // A payment still pending is the reconciler's: its provider may have taken the money.
  if (payment?.status !== 'requires_action' || payment.id === undefined) return false;
  await cancelWaitingMovement(tx, payment.id, now);
  await releaseUnpaidBooking(tx, reservationId, now);
  await releaseAwaitedKey(tx, payment.id);
  return recordIntents(tx, [
    {
      reservationId,
      gateway: payment.gateway,
      kind: 'void',
      purpose: 'release',
      amount: payment.amount,
      currency: payment.currency,
      idempotencyKey: newMovementKey(waiting.reservationNumber),
      targetId: payment.id,
      now,
    },
  ]);
}

/** The guest gave up on the bank's check (went back to pay another way): the booking is released now. */
export async function releasePendingPayment(context: MovementContext, reservationId: number): Promise<void> {
  const released = await context.database.db.transaction((tx) => releaseIfStillWaiting(tx, reservationId, context.clock.now()));
  if (released) await makeMovements(context, released);
}

/**
 * Releases bookings whose guest left the 3-D Secure check unanswered for PAYMENT_HOLD_MINUTES.
 * Safe to run in several processes at once: each booking is released by one of them. Answers
 * how many this run released.
 */
export async function releaseAbandonedPayments(context: MovementContext): Promise<number> {
  const now = context.clock.now();
  const cutOff = new Date(now.getTime() - paymentHoldMs);
  const abandoned = await context.database.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'pending_payment'), lt(reservations.createdAt, cutOff)));
  let released = 0;
  for (const { id } of abandoned) {
    const voids = await context.database.db.transaction((tx) => releaseIfStillWaiting(tx, id, now, { skipLocked: true }));
    if (!voids) continue;
    released += 1;
    await makeMovements(context, voids);
  }
  return released;
}

/**
 * Releases abandoned payments at once (what waited through a restart goes first) and then every
 * minute while the process runs; answers a stop function. The deadline is read from the
 * database, so a restart or another process loses nothing.
 */
export function scheduleAbandonedPaymentRelease(context: MovementContext, everyMs = 60_000): () => void {
  const run = () =>
    releaseAbandonedPayments(context).then(
      (count) => count > 0 && context.logger.info({ count }, 'released bookings whose payment was never completed'),
      (error: unknown) => context.logger.error({ err: error }, 'releasing abandoned payments failed'),
    );
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
