import { asc, eq, sql } from 'drizzle-orm';
import { properties, propertyGroups } from '@hotel/db/schema';
import { MAX_ID } from '@hotel/domain/wire/scalars';
import type { Queryable } from '../database';

export type PropertyGroupRow = { id: number; code: string; name: string };

/** A group by its number or its code, the code in any case. */
export async function findPropertyGroup(db: Queryable, idOrCode: string): Promise<PropertyGroupRow | undefined> {
  const byId = /^\d+$/.test(idOrCode);
  // A number beyond the integer column cannot exist; asking Postgres would fail with an overflow.
  if (byId && Number(idOrCode) > MAX_ID) return undefined;
  const [row] = await db
    .select({ id: propertyGroups.id, code: propertyGroups.code, name: propertyGroups.name })
    .from(propertyGroups)
    .where(byId ? eq(propertyGroups.id, Number(idOrCode)) : sql`lower(${propertyGroups.code}) = lower(${idOrCode})`)
    .limit(1);
  return row;
}

/** The properties of a group, in the order its definition lists them. */
export async function findGroupProperties(db: Queryable, groupId: number) {
  return db
    .select({
      id: properties.id,
      code: properties.code,
      name: properties.name,
      address: properties.address,
      propertyImageUrl: properties.propertyImageUrl,
      hotelRating: properties.hotelRating,
      currency: properties.currency,
      timeZone: properties.timeZone,
    })
    .from(properties)
    .where(eq(properties.groupId, groupId))
    .orderBy(asc(properties.groupPosition), asc(properties.id));
}

export type GroupPropertyRow = Awaited<ReturnType<typeof findGroupProperties>>[number];
