import { eq, sql } from 'drizzle-orm';
import { properties, reservations } from '@hotel/db/schema';
import type { Tx } from '../database';

/** A booking as a capture needs it: its card's currency and the property's capture method. */
export type BookingToCapture = {
  id: number;
  reservationNumber: string;
  currency: string;
  total: number;
  totalVat: number;
  isTaxExclusive: boolean;
  captureMethod: 'automatic' | 'manual';
};

/** The booking of this number, its row locked for update (a second capture waits here and then finds nothing held). */
export async function lockBookingToCapture(tx: Tx, reservationNumber: string): Promise<BookingToCapture | undefined> {
  // Only the reservation's row is locked: the property's capture method is read beside it.
  const [booking] = await tx
    .select({
      id: reservations.id,
      reservationNumber: reservations.reservationNumber,
      captureMethod: sql<BookingToCapture['captureMethod']>`(SELECT ${properties.paymentCaptureMethod} FROM ${properties}
                                                             WHERE ${properties.id} = ${reservations.propertyId})`,
      currency: reservations.currency,
      total: reservations.total,
      totalVat: reservations.totalVat,
      isTaxExclusive: reservations.isTaxExclusive,
    })
    .from(reservations)
    .where(eq(reservations.reservationNumber, reservationNumber))
    .for('update');
  return booking;
}
