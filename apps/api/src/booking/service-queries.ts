import { and, asc, eq, inArray } from 'drizzle-orm';
import { serviceArticles, serviceRatePlans, serviceRoomTypes, services } from '@hotel/db/schema';
import type { Queryable } from '../database';

export type BookableService = Awaited<ReturnType<typeof findBookableServices>>[number];

/** The property's active services among `ids`, with their articles and the room types and rate plans they are offered for. */
export async function findBookableServices(db: Queryable, propertyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: services.id,
      code: services.code,
      name: services.name,
      chargeType: services.chargeType,
      chargePerPerson: services.chargePerPerson,
      startingInventory: services.startingInventory,
      offeredFrom: services.offeredFrom,
      offeredTo: services.offeredTo,
    })
    .from(services)
    .where(and(eq(services.propertyId, propertyId), eq(services.isActive, true), inArray(services.id, ids)));
  const found = rows.map((row) => row.id);
  if (found.length === 0) return [];
  const [articles, roomTypeLinks, ratePlanLinks] = await Promise.all([
    db.select().from(serviceArticles).where(inArray(serviceArticles.serviceId, found)).orderBy(asc(serviceArticles.sortOrder)),
    db.select().from(serviceRoomTypes).where(inArray(serviceRoomTypes.serviceId, found)),
    db.select().from(serviceRatePlans).where(inArray(serviceRatePlans.serviceId, found)),
  ]);
  return rows.map((row) => ({
    ...row,
    articles: articles.filter((a) => a.serviceId === row.id).map((a) => ({ name: a.name, price: a.price })),
    roomTypeIds: roomTypeLinks.filter((l) => l.serviceId === row.id).map((l) => l.roomTypeId),
    ratePlanIds: ratePlanLinks.filter((l) => l.serviceId === row.id).map((l) => l.ratePlanId),
  }));
}
