import { and, asc, eq } from 'drizzle-orm';
import { properties, roomConfigurations, roomTypes } from '@hotel/db/schema';
import type { Queryable } from '../database';

export type RoomConfigurationRow = { id: number; label: string };

/**
 * Whether the room type belongs to the property. A retired room type still counts: guests
 * holding a reservation on it may still be asked their bed configuration.
 */
export async function hasRoomType(db: Queryable, propertyId: number, roomTypeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roomTypes.id })
    .from(roomTypes)
    .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.propertyId, propertyId)))
    .limit(1);
  return row !== undefined;
}

/** A room type's bed configurations, in the definition's order. */
export async function findRoomConfigurations(db: Queryable, roomTypeId: number): Promise<RoomConfigurationRow[]> {
  return db
    .select({ id: roomConfigurations.id, label: roomConfigurations.label })
    .from(roomConfigurations)
    .where(eq(roomConfigurations.roomTypeId, roomTypeId))
    .orderBy(asc(roomConfigurations.sortOrder), asc(roomConfigurations.id));
}

/** Whether a property has this numeric id. */
export async function hasProperty(db: Queryable, propertyId: number): Promise<boolean> {
  const [row] = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).limit(1);
  return row !== undefined;
}
