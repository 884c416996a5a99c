import { and, asc, between, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import {
  nightlyPrices,
  promotionRatePlans,
  promotionRoomTypes,
  promotions,
  ratePlans,
  roomConfigurations,
  roomTypeInventory,
  roomTypeUpgrades,
  roomTypes,
} from '@hotel/db/schema';
import type { Queryable } from '../database/db';

export type RoomTypeRow = Awaited<ReturnType<typeof findSellableRoomTypes>>[number];
export type RatePlanRow = Awaited<ReturnType<typeof findSellableRatePlans>>[number];
export type NightlyPriceRow = typeof nightlyPrices.$inferSelect;

/** The room types a property sells, in its order, with the codes of the room types each upgrades to. */
export async function findSellableRoomTypes(db: Queryable, propertyId: number) {
  const rows = await db
    .select({
      id: roomTypes.id,
      code: roomTypes.code,
      name: roomTypes.name,
      description: roomTypes.description,
      imageUrls: roomTypes.imageUrls,
      maximumOccupancy: roomTypes.maximumOccupancy,
      minimumOccupancy: roomTypes.minimumOccupancy,
      adultMaximumOccupancy: roomTypes.adultMaximumOccupancy,
      childMaximumOccupancy: roomTypes.childMaximumOccupancy,
    })
    .from(roomTypes)
    .where(and(eq(roomTypes.propertyId, propertyId), eq(roomTypes.isActive, true)))
    .orderBy(asc(roomTypes.sortOrder), asc(roomTypes.id));
  const ids = rows.map((row) => row.id);
  const upgrades =
    ids.length === 0
      ? []
      : await db
          .select({ from: roomTypeUpgrades.fromRoomTypeId, to: roomTypeUpgrades.toRoomTypeId })
          .from(roomTypeUpgrades)
          .where(inArray(roomTypeUpgrades.fromRoomTypeId, ids))
          .orderBy(asc(roomTypeUpgrades.sortOrder));
  const configurations =
    ids.length === 0
      ? []
      : await db
          .select({ roomTypeId: roomConfigurations.roomTypeId, id: roomConfigurations.id, label: roomConfigurations.label })
          .from(roomConfigurations)
          .where(inArray(roomConfigurations.roomTypeId, ids))
          .orderBy(asc(roomConfigurations.sortOrder));
  return rows.map((row) => ({
    ...row,
    upgradesTo: upgrades.filter((u) => u.from === row.id).map((u) => u.to),
    configurations: configurations.filter((c) => c.roomTypeId === row.id).map(({ id, label }) => ({ id, label })),
  }));
}

/** The rate plans a property sells, in its order. */
export async function findSellableRatePlans(db: Queryable, propertyId: number) {
  return db
    .select({
      id: ratePlans.id,
      code: ratePlans.code,
      name: ratePlans.name,
      description: ratePlans.description,
      policy: ratePlans.policy,
      cancellationDeadlineHours: ratePlans.cancellationDeadlineHours,
      requiresCode: ratePlans.requiresCode,
      canPayByCompanyInvoice: ratePlans.canPayByCompanyInvoice,
      useOccupancyForRatePlan: ratePlans.useOccupancyForRatePlan,
      maximumOccupancy: ratePlans.maximumOccupancy,
      minimumOccupancy: ratePlans.minimumOccupancy,
      adultMaximumOccupancy: ratePlans.adultMaximumOccupancy,
      childMaximumOccupancy: ratePlans.childMaximumOccupancy,
    })
    .from(ratePlans)
    .where(and(eq(ratePlans.propertyId, propertyId), eq(ratePlans.isActive, true)))
    .orderBy(asc(ratePlans.sortOrder), asc(ratePlans.id));
}

/** Every nightly price of these room types from `first` to `last` night, both included. */
export async function findNightlyPrices(db: Queryable, roomTypeIds: number[], first: string, last: string): Promise<NightlyPriceRow[]> {
  if (roomTypeIds.length === 0) return [];
  return db
    .select()
    .from(nightlyPrices)
    .where(and(inArray(nightlyPrices.roomTypeId, roomTypeIds), between(nightlyPrices.night, first, last)));
}

/**
 * Rooms free for a whole stay per room type: the smallest `total - sold` over its nights. A
 * night without an inventory row is outside the sellable window and counts as none free.
 */
export async function findFreeUnits(
  db: Queryable,
  roomTypeIds: number[],
  from: string,
  to: string,
  nights: number,
): Promise<Map<number, number>> {
  const free = new Map(roomTypeIds.map((id) => [id, 0]));
  if (roomTypeIds.length === 0) return free;
  const rows = await db
    .select({
      roomTypeId: roomTypeInventory.roomTypeId,
      free: min(sql<number>`${roomTypeInventory.total} - ${roomTypeInventory.sold}`),
      nights: sql<number>`count(*)::int`,
    })
    .from(roomTypeInventory)
    .where(and(inArray(roomTypeInventory.roomTypeId, roomTypeIds), gte(roomTypeInventory.night, from), lt(roomTypeInventory.night, to)))
    .groupBy(roomTypeInventory.roomTypeId);
  for (const row of rows) free.set(row.roomTypeId, row.nights === nights ? Math.max(0, Number(row.free ?? 0)) : 0);
  return free;
}

/** A property's promotion by the code a guest typed (case-insensitive), with the codes it applies to. */
export async function findPromotionByCode(db: Queryable, propertyId: number, code: string) {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.propertyId, propertyId), sql`lower(${promotions.code}) = ${code.trim().toLowerCase()}`))
    .limit(1);
  if (!row) return undefined;
  const [plans, types] = await Promise.all([
    db
      .select({ code: ratePlans.code })
      .from(promotionRatePlans)
      .innerJoin(ratePlans, eq(ratePlans.id, promotionRatePlans.ratePlanId))
      .where(eq(promotionRatePlans.promotionId, row.id)),
    db
      .select({ code: roomTypes.code })
      .from(promotionRoomTypes)
      .innerJoin(roomTypes, eq(roomTypes.id, promotionRoomTypes.roomTypeId))
      .where(eq(promotionRoomTypes.promotionId, row.id)),
  ]);
  return { ...row, ratePlanCodes: plans.map((p) => p.code), roomTypeCodes: types.map((t) => t.code) };
}

export type PromotionRow = NonNullable<Awaited<ReturnType<typeof findPromotionByCode>>>;
