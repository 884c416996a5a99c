import { and, eq, inArray, sql } from 'drizzle-orm';
import { reservationRooms, reservationServices, reservations } from '@hotel/db/schema';
import { rawRows, type Tx } from '../database';

/**
 * Moves a room type's units sold by `delta` on each night, in one statement: a positive delta
 * only where a unit is free (the row lock queues concurrent bookings, the CHECK backs it).
 * Answers false when some night had too few free, and the caller rolls everything back.
 */
export async function shiftRoomUnits(tx: Tx, roomTypeId: number, deltas: ReadonlyMap<string, number>): Promise<boolean> {
  const entries = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return true;
  const rows = await rawRows<{ delta: number }>(
    tx,
    sql`UPDATE room_type_inventory i SET sold = greatest(i.sold + d.delta, 0)
        FROM unnest(${`{${entries.map(([night]) => night).join(',')}}`}::date[], ${`{${entries.map(([, delta]) => delta).join(',')}}`}::int[]) AS d(night, delta)
        WHERE i.room_type_id = ${roomTypeId} AND i.night = d.night AND (d.delta < 0 OR i.sold + d.delta <= i.total)
        RETURNING d.delta`,
  );
  return takenAll(entries, rows);
}

/** The same for a limited service's units used per night. */
export async function shiftServiceUnits(tx: Tx, serviceId: number, deltas: ReadonlyMap<string, number>): Promise<boolean> {
  const entries = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return true;
  const rows = await rawRows<{ delta: number }>(
    tx,
    sql`UPDATE service_inventory i SET used = greatest(i.used + d.delta, 0)
        FROM unnest(${`{${entries.map(([night]) => night).join(',')}}`}::date[], ${`{${entries.map(([, delta]) => delta).join(',')}}`}::int[]) AS d(night, delta)
        WHERE i.service_id = ${serviceId} AND i.night = d.night AND (d.delta < 0 OR i.used + d.delta <= i.total)
        RETURNING d.delta`,
  );
  return takenAll(entries, rows);
}

/** Every night that needed units got them; a night given back outside the sellable window has no row, which is fine. */
function takenAll(entries: readonly [string, number][], rows: readonly { delta: number }[]): boolean {
  return rows.filter((row) => row.delta > 0).length === entries.filter(([, delta]) => delta > 0).length;
}

export type RoomValues = Omit<typeof reservationRooms.$inferInsert, 'id' | 'reservationId' | 'createdAt' | 'updatedAt'>;
export type ServiceValues = Omit<typeof reservationServices.$inferInsert, 'id' | 'reservationRoomId' | 'createdAt' | 'updatedAt'>;

export async function updateRoom(tx: Tx, roomId: number, values: Partial<RoomValues>): Promise<void> {
  await tx.update(reservationRooms).set(values).where(eq(reservationRooms.id, roomId));
}

export async function insertRoom(tx: Tx, reservationId: number, values: RoomValues): Promise<number> {
  const [row] = await tx
    .insert(reservationRooms)
    .values({ ...values, reservationId })
    .returning({ id: reservationRooms.id });
  return row!.id;
}

/** Removes the room's lines of these extras, then adds `rows`. */
export async function replaceServiceLines(
  tx: Tx,
  roomId: number,
  removed: readonly number[],
  rows: readonly ServiceValues[],
): Promise<void> {
  if (removed.length > 0) {
    await tx
      .delete(reservationServices)
      .where(and(eq(reservationServices.reservationRoomId, roomId), inArray(reservationServices.serviceId, [...removed])));
  }
  if (rows.length > 0) await tx.insert(reservationServices).values(rows.map((row) => ({ ...row, reservationRoomId: roomId })));
}

export async function updateReservation(
  tx: Tx,
  reservationId: number,
  values: Partial<Omit<typeof reservations.$inferInsert, 'id' | 'createdAt'>>,
): Promise<void> {
  await tx.update(reservations).set(values).where(eq(reservations.id, reservationId));
}
