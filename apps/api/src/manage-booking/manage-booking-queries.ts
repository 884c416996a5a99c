import { and, eq, sql } from 'drizzle-orm';
import { cancellationReasons, reservations } from '@hotel/db/schema';
import { rawRows, type Queryable } from '../database';
import type { ReservationRow } from '../booking';

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

/**
 * Rooms free over a stay per room type, counting the nights that the booking's own rooms
 * `heldRoomIds` hold as free: a guest moving their stay by a night competes only with others.
 * A night without an inventory row is outside the sellable window: none free.
 */
export async function findFreeUnitsHolding(
  db: Queryable,
  query: { roomTypeIds: readonly number[]; from: string; to: string; nights: number; heldRoomIds: readonly number[] },
): Promise<Map<number, number>> {
  if (query.roomTypeIds.length === 0) return new Map();
  const rows = await rawRows<{ room_type_id: number; free: number; nights: number }>(
    db,
    sql`WITH held AS (
          SELECT rr.room_type_id, night::date AS night, count(*)::int AS units
          FROM reservation_rooms rr, generate_series(rr.date_from, rr.date_to - 1, interval '1 day') AS night
          WHERE rr.id = any(${`{${query.heldRoomIds.join(',')}}`}::int[]) AND rr.status = 'booked'
          GROUP BY 1, 2)
        SELECT i.room_type_id, min(i.total - i.sold + coalesce(held.units, 0))::int AS free, count(*)::int AS nights
        FROM room_type_inventory i
        LEFT JOIN held ON held.room_type_id = i.room_type_id AND held.night = i.night
        WHERE i.room_type_id = any(${`{${query.roomTypeIds.join(',')}}`}::int[]) AND i.night >= ${query.from}::date AND i.night < ${query.to}::date
        GROUP BY i.room_type_id`,
  );
  return new Map(rows.map((row) => [row.room_type_id, row.nights === query.nights ? Math.max(0, row.free) : 0]));
}

/** The ids of a property's cancellation reasons a guest may give. */
export async function findCancellationReasonIds(db: Queryable, propertyId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: cancellationReasons.id })
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.propertyId, propertyId), eq(cancellationReasons.isActive, true)));
  return new Set(rows.map((row) => row.id));
}
