import { eq } from 'drizzle-orm';
import { payments, reservations } from '@hotel/db/schema';
import type { Queryable } from '../database';

/** The property of the booking with this number, if there is one. */
export async function propertyOfBooking(db: Queryable, reservationNumber: string): Promise<number | undefined> {
  const [row] = await db
    .select({ propertyId: reservations.propertyId })
    .from(reservations)
    .where(eq(reservations.reservationNumber, reservationNumber))
    .limit(1);
  return row?.propertyId;
}

/** The property of the booking a payment movement belongs to, if there is such a movement. */
export async function propertyOfMovement(db: Queryable, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ propertyId: reservations.propertyId })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .where(eq(payments.id, id))
    .limit(1);
  return row?.propertyId;
}
