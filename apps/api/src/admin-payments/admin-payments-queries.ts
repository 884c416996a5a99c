import { eq } from 'drizzle-orm';
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
  const [booking] = await tx
    .select({
      id: reservations.id,
      reservationNumber: reservations.reservationNumber,
      currency: reservations.currency,
      total: reservations.total,
      totalVat: reservations.totalVat,
      isTaxExclusive: reservations.isTaxExclusive,
      captureMethod: properties.paymentCaptureMethod,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(eq(reservations.reservationNumber, reservationNumber))
    .for('update', { of: reservations });
  return booking;
}
