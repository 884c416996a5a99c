import { and, eq } from 'drizzle-orm';
import { reservations } from '@hotel/db/schema';
import type { Queryable } from '../database';
import type { ReservationRow } from '../reservation';

/** A property's reservation by its number. */
export async function findReservationByNumber(
  db: Queryable,
  propertyId: number,
  reservationNumber: string,
): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.propertyId, propertyId), eq(reservations.reservationNumber, reservationNumber)))
    .limit(1);
  return row;
}
