import { and, eq } from 'drizzle-orm';
import { reservationRooms, reservations } from '@hotel/db/schema';
import type { Tx } from '../database';

/**
 * The only writes of a booking's and its rooms' status (`pending_payment` -> `confirmed` ->
 * `cancelled`; a room `booked` -> `cancelled`): every use case of the booking module goes
 * through these, so what may follow what is said in one place. Each is conditional on the status
 * it leaves, and answers whether it changed anything: a second settlement, release or
 * cancellation of the same booking changes nothing.
 */

/** A booking waiting for its payment is paid for: confirmed. */
export async function markConfirmed(tx: Tx, reservationId: number, now: Date): Promise<boolean> {
  const changed = await tx
    .update(reservations)
    .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'pending_payment')))
    .returning({ id: reservations.id });
  return changed.length > 0;
}

/**
 * A booking ends: released unpaid (from `pending_payment`), or cancelled (from `confirmed`, with
 * the reason given), with every room still booked.
 */
export async function markCancelled(
  tx: Tx,
  reservationId: number,
  from: 'pending_payment' | 'confirmed',
  now: Date,
  reasonId: number | null = null,
): Promise<boolean> {
  const cancelled = { status: 'cancelled' as const, cancelledAt: now, cancellationReasonId: reasonId, updatedAt: now };
  const changed = await tx
    .update(reservations)
    .set(cancelled)
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, from)))
    .returning({ id: reservations.id });
  if (changed.length === 0) return false;
  await tx
    .update(reservationRooms)
    .set(cancelled)
    .where(and(eq(reservationRooms.reservationId, reservationId), eq(reservationRooms.status, 'booked')));
  return true;
}

/** Rooms an amendment takes off a booking that stands, each with its reason. */
export async function markRoomsCancelled(tx: Tx, rooms: readonly { id: number; reasonId: number | null }[], now: Date): Promise<void> {
  for (const room of rooms) {
    await tx
      .update(reservationRooms)
      .set({ status: 'cancelled', cancelledAt: now, cancellationReasonId: room.reasonId, updatedAt: now })
      .where(and(eq(reservationRooms.id, room.id), eq(reservationRooms.status, 'booked')));
  }
}
