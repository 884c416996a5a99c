import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { giftVouchers, payments, reservations, voucherRedemptions } from '@hotel/db/schema';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { recordReservationEvent } from '../hotel-events';
import type { SettledPayment } from '../payments';
import { confirmedBookingOf, enqueueBookingConfirmation } from './booking-confirmation-mail';
import { releaseHeldRoom } from './inventory';
import { findReservationById, findReservationDetails } from './reservation-queries';

/**
 * How long a booking waiting for its 3-D Secure answer holds its rooms, extras and voucher
 * balance (docs/booking-retries-and-holds.md): then, or as soon as the guest gives up on it, they go back.
 */
export const PAYMENT_HOLD_MINUTES = 10;
const paymentHoldMs = PAYMENT_HOLD_MINUTES * 60 * 1000;

/** Cancels a booking that was never paid, giving back its rooms, extras and voucher balance. */
async function releaseUnpaidReservation(tx: Tx, reservationId: number, now: Date): Promise<void> {
  const details = await findReservationDetails(tx, reservationId);
  for (const room of details.rooms) await releaseHeldRoom(tx, room);
  const redemptions = await tx
    .update(voucherRedemptions)
    .set({ reversedAt: now })
    .where(and(eq(voucherRedemptions.reservationId, reservationId), isNull(voucherRedemptions.reversedAt)))
    .returning({ voucherId: voucherRedemptions.giftVoucherId, amount: voucherRedemptions.amount });
  for (const redemption of redemptions) {
    await tx
      .update(giftVouchers)
      .set({ balance: sql`${giftVouchers.balance} + ${redemption.amount}` })
      .where(eq(giftVouchers.id, redemption.voucherId));
  }
  await tx.update(reservations).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(eq(reservations.id, reservationId));
}

/**
 * What a booking waiting for 3-D Secure becomes once the bank answers, in the same transaction
 * as the payment's settlement: confirmed with its e-mail queued, or released.
 */
export function reservationPaymentSettled(context: Pick<AppContext, 'config' | 'clock'>) {
  return async (tx: Tx, payment: SettledPayment): Promise<void> => {
    const reservation = await findReservationById(tx, payment.reservationId);
    if (!reservation || reservation.status !== 'pending_payment') return;
    const now = context.clock.now();
    if (payment.status === 'succeeded') {
      await tx
        .update(reservations)
        .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
        .where(eq(reservations.id, reservation.id));
      await enqueueBookingConfirmation(tx, context, await confirmedBookingOf(tx, reservation.id));
      await recordReservationEvent(tx, context, { type: 'reservation.created', reservationId: reservation.id });
      return;
    }
    await releaseUnpaidReservation(tx, reservation.id, now);
  };
}

/**
 * Releases a booking still waiting for its 3-D Secure answer: its payment is marked cancelled,
 * so a late answer no longer confirms it, and its rooms, extras and voucher balance go back.
 * Locks the payment before the reservation, as the challenge's answer does, so the two never
 * deadlock; with `skipLocked`, a booking whose answer is being recorded right now is left to
 * that answer. Answers whether it released the booking.
 */
type Released = { gateway: string; gatewayReference: string | null }[];

async function releaseIfStillPending(tx: Tx, reservationId: number, now: Date, { skipLocked = false } = {}): Promise<Released | false> {
  const waiting = and(eq(payments.reservationId, reservationId), eq(payments.status, 'requires_action'));
  const locked = await tx
    .select({ id: payments.id, gateway: payments.gateway, gatewayReference: payments.gatewayReference })
    .from(payments)
    .where(waiting)
    .for('update', skipLocked ? { skipLocked: true } : {});
  if (skipLocked && locked.length === 0) return false;
  const [row] = await tx.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, reservationId)).for('update');
  if (row?.status !== 'pending_payment') return false;
  await tx.update(payments).set({ status: 'cancelled', completedAt: now }).where(waiting);
  await releaseUnpaidReservation(tx, reservationId, now);
  return locked;
}

type ReleaseContext = Pick<AppContext, 'database' | 'clock' | 'paymentGateways' | 'logger'>;

/**
 * After the release commits, the provider is told too: a 3-D Secure check the guest finishes
 * later then fails at the provider instead of taking money for a booking that is gone. A
 * provider that cannot be reached is logged; a late success is voided when it is reported.
 */
async function voidReleased(context: ReleaseContext, released: Released): Promise<void> {
  for (const payment of released) {
    const gateway = context.paymentGateways.find(payment.gateway);
    if (!gateway || payment.gatewayReference === null) continue;
    await gateway.void(payment.gatewayReference).catch((error: unknown) => {
      context.logger.warn(
        { err: error, gateway: payment.gateway, reference: payment.gatewayReference },
        'could not void a released payment',
      );
    });
  }
}

/** The guest gave up on the bank's check (went back to pay another way): the booking is released now. */
export async function releasePendingPayment(context: ReleaseContext, reservationId: number): Promise<void> {
  const released = await context.database.db.transaction((tx) => releaseIfStillPending(tx, reservationId, context.clock.now()));
  if (released) await voidReleased(context, released);
}

/**
 * Releases bookings whose guest left the 3-D Secure check unanswered for PAYMENT_HOLD_MINUTES.
 * Safe to run in several processes at once: each booking is released by one of them. Answers
 * how many this run released.
 */
export async function releaseAbandonedPayments(context: ReleaseContext): Promise<number> {
  const now = context.clock.now();
  const cutOff = new Date(now.getTime() - paymentHoldMs);
  const abandoned = await context.database.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'pending_payment'), lt(reservations.createdAt, cutOff)));
  let released = 0;
  for (const { id } of abandoned) {
    const payments = await context.database.db.transaction((tx) => releaseIfStillPending(tx, id, now, { skipLocked: true }));
    if (!payments) continue;
    released += 1;
    await voidReleased(context, payments);
  }
  return released;
}

/**
 * Releases abandoned payments at once (what waited through a restart goes first) and then every
 * minute while the process runs; answers a stop function. The deadline is read from the
 * database, so a restart or another process loses nothing.
 */
export function scheduleAbandonedPaymentRelease(context: ReleaseContext, everyMs = 60_000): () => void {
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
