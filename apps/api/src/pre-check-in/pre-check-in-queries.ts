import { and, asc, eq, inArray } from 'drizzle-orm';
import { reservationRooms, reservations, roomConfigurations, roomTypes } from '@hotel/db/schema';
import type { Queryable, Tx } from '../database';
import type { ReservationRow } from '../booking';

/** A property's reservation by its number; `lock` holds the row until the transaction ends. */
export async function findReservationByReference(
  db: Queryable,
  propertyId: number,
  reservationNumber: string,
  options: { lock?: boolean } = {},
): Promise<ReservationRow | undefined> {
  const query = db
    .select()
    .from(reservations)
    .where(and(eq(reservations.propertyId, propertyId), eq(reservations.reservationNumber, reservationNumber)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The room types' maximum occupancy and the configurations each offers, in their order. */
export async function findRoomTypeOptions(db: Queryable, roomTypeIds: readonly number[]) {
  if (roomTypeIds.length === 0) return { occupancy: new Map<number, number | null>(), configurations: [] };
  const types = await db
    .select({ id: roomTypes.id, maximumOccupancy: roomTypes.maximumOccupancy })
    .from(roomTypes)
    .where(inArray(roomTypes.id, [...roomTypeIds]));
  const configurations = await db
    .select({ id: roomConfigurations.id, roomTypeId: roomConfigurations.roomTypeId, label: roomConfigurations.label })
    .from(roomConfigurations)
    .where(inArray(roomConfigurations.roomTypeId, [...roomTypeIds]))
    .orderBy(asc(roomConfigurations.sortOrder), asc(roomConfigurations.id));
  return { occupancy: new Map(types.map((type) => [type.id, type.maximumOccupancy])), configurations };
}

export type RoomTypeOptions = Awaited<ReturnType<typeof findRoomTypeOptions>>;

export async function setRoomConfiguration(tx: Tx, roomId: number, configuration: { id: number; label: string } | null): Promise<void> {
  await tx
    .update(reservationRooms)
    .set({ roomConfigurationId: configuration?.id ?? null, roomConfigurationLabel: configuration?.label ?? null })
    .where(eq(reservationRooms.id, roomId));
}

export async function updatePreCheckedReservation(
  tx: Tx,
  reservationId: number,
  values: Partial<Omit<typeof reservations.$inferInsert, 'id' | 'createdAt'>>,
): Promise<void> {
  await tx.update(reservations).set(values).where(eq(reservations.id, reservationId));
}

export async function findReservationById(db: Queryable, id: number): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
  return row;
}
