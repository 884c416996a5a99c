import { asc, eq } from 'drizzle-orm';
import { properties } from '@hotel/db/schema';
import type { Queryable } from '../database';

export type BookingConfigurationRow = Pick<
  typeof properties.$inferSelect,
  'id' | 'groupId' | 'showRoomTypeOccupancy' | 'bookingConfiguration'
>;
export type LocationRow = { id: number; code: string; name: string; address: string | null };

// Ids are Postgres `integer`s: a longer number names no property (and must not reach the query).
const largestId = 2_147_483_647;

/** The columns a booking configuration is built from, of a property by its numeric id or its code. */
export async function findBookingConfiguration(db: Queryable, idOrCode: string): Promise<BookingConfigurationRow | undefined> {
  const byId = /^\d+$/.test(idOrCode);
  if (byId && Number(idOrCode) > largestId) return undefined;
  const [row] = await db
    .select({
      id: properties.id,
      groupId: properties.groupId,
      showRoomTypeOccupancy: properties.showRoomTypeOccupancy,
      bookingConfiguration: properties.bookingConfiguration,
    })
    .from(properties)
    .where(byId ? eq(properties.id, Number(idOrCode)) : eq(properties.code, idOrCode))
    .limit(1);
  return row;
}

/** Every property of a group, by name. */
export async function findGroupProperties(db: Queryable, groupId: number): Promise<LocationRow[]> {
  return db
    .select({ id: properties.id, code: properties.code, name: properties.name, address: properties.address })
    .from(properties)
    .where(eq(properties.groupId, groupId))
    .orderBy(asc(properties.name), asc(properties.id));
}
