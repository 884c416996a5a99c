import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { serviceArticles, serviceInventory, serviceRatePlans, serviceRoomTypes, services } from '@hotel/db/schema';
import type { IsoDate } from '@hotel/domain/dates';
import { type Queryable, rawRows } from '../database';

export type ServiceRow = {
  id: number;
  code: string;
  name: string;
  description: string;
  chargeType: 'PerStay' | 'PerDay' | 'PerQuantity';
  chargePerPerson: boolean;
  allowEditOnBookingEngine: boolean;
  startingInventory: number | null;
  offeredFrom: IsoDate | null;
  offeredTo: IsoDate | null;
};
export type ArticleRow = { id: number; serviceId: number; name: string; price: number };
export type ServiceNightRow = { serviceId: number; night: IsoDate; total: number; used: number };

/** Which of the property, its room type and its rate plan exist (retired ones count: reservations still point at them). */
export async function findStayParts(
  db: Queryable,
  ids: { propertyId: number; roomTypeId: number; ratePlanId: number },
): Promise<{ property: boolean; currency: string; roomType: boolean; ratePlan: boolean }> {
  // Written out: drizzle leaves column names unqualified in a select list, which a correlated subquery cannot have.
  const [row] = await rawRows<{ currency: string; roomType: boolean; ratePlan: boolean }>(
    db,
    sql`SELECT p.currency,
      EXISTS (SELECT 1 FROM room_types rt WHERE rt.id = ${ids.roomTypeId} AND rt.property_id = p.id) AS "roomType",
      EXISTS (SELECT 1 FROM rate_plans rp WHERE rp.id = ${ids.ratePlanId} AND rp.property_id = p.id) AS "ratePlan"
    FROM properties p WHERE p.id = ${ids.propertyId}`,
  );
  return row ? { property: true, ...row } : { property: false, currency: '', roomType: false, ratePlan: false };
}

/**
 * The property's active services offered for the room type and the rate plan (a service
 * linked to none is offered for all) whose offered window (inclusive, open when null) holds
 * at least one night of the stay, in the definition's order.
 */
export async function findOfferedServices(
  db: Queryable,
  offer: { propertyId: number; roomTypeId: number; ratePlanId: number; firstNight: IsoDate; lastNight: IsoDate },
): Promise<ServiceRow[]> {
  const offeredForRoomType = sql`(not exists (select 1 from ${serviceRoomTypes} where ${serviceRoomTypes.serviceId} = ${services.id})
    or exists (select 1 from ${serviceRoomTypes} where ${serviceRoomTypes.serviceId} = ${services.id} and ${serviceRoomTypes.roomTypeId} = ${offer.roomTypeId}))`;
  const offeredForRatePlan = sql`(not exists (select 1 from ${serviceRatePlans} where ${serviceRatePlans.serviceId} = ${services.id})
    or exists (select 1 from ${serviceRatePlans} where ${serviceRatePlans.serviceId} = ${services.id} and ${serviceRatePlans.ratePlanId} = ${offer.ratePlanId}))`;
  return db
    .select({
      id: services.id,
      code: services.code,
      name: services.name,
      description: services.description,
      chargeType: services.chargeType,
      chargePerPerson: services.chargePerPerson,
      allowEditOnBookingEngine: services.allowEditOnBookingEngine,
      startingInventory: services.startingInventory,
      offeredFrom: services.offeredFrom,
      offeredTo: services.offeredTo,
    })
    .from(services)
    .where(
      and(
        eq(services.propertyId, offer.propertyId),
        eq(services.isActive, true),
        or(isNull(services.offeredFrom), lte(services.offeredFrom, offer.lastNight)),
        or(isNull(services.offeredTo), gte(services.offeredTo, offer.firstNight)),
        offeredForRoomType,
        offeredForRatePlan,
      ),
    )
    .orderBy(asc(services.sortOrder), asc(services.id));
}

/** The articles of the services, each service's in the definition's order. */
export async function findArticles(db: Queryable, serviceIds: number[]): Promise<ArticleRow[]> {
  if (serviceIds.length === 0) return [];
  return db
    .select({ id: serviceArticles.id, serviceId: serviceArticles.serviceId, name: serviceArticles.name, price: serviceArticles.price })
    .from(serviceArticles)
    .where(inArray(serviceArticles.serviceId, serviceIds))
    .orderBy(asc(serviceArticles.serviceId), asc(serviceArticles.sortOrder), asc(serviceArticles.id));
}

/** The stored nights of limited services from the arrival up to (not including) the departure. */
export async function findServiceNights(
  db: Queryable,
  serviceIds: number[],
  arrival: IsoDate,
  departure: IsoDate,
): Promise<ServiceNightRow[]> {
  if (serviceIds.length === 0) return [];
  return db
    .select({
      serviceId: serviceInventory.serviceId,
      night: serviceInventory.night,
      total: serviceInventory.total,
      used: serviceInventory.used,
    })
    .from(serviceInventory)
    .where(
      and(inArray(serviceInventory.serviceId, serviceIds), gte(serviceInventory.night, arrival), lt(serviceInventory.night, departure)),
    );
}
