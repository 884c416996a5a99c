import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_ID } from '@hotel/domain/wire/scalars';
import {
  nightlyPrices,
  promotionRatePlans,
  properties,
  propertyGroups,
  promotionRoomTypes,
  promotions,
  ratePlans,
  roomConfigurations,
  roomTypeInventoryVersions,
  roomTypeUpgrades,
  roomTypes,
} from '@hotel/db/schema';
import { BatchedRead, type Db, type Queryable, rawRows } from '../database';

export type RoomTypeRow = Awaited<ReturnType<typeof findSellableRoomTypes>>[number];
export type RatePlanRow = Awaited<ReturnType<typeof findSellableRatePlans>>[number];

/** What availability answers are cached on: a property's catalogue version and the version of its rooms sold. */
export type PropertyVersions = { id: number; groupId: number | null; catalogueVersion: number; inventoryVersion: number };

/**
 * The version reads every search, calendar and booking runs, prepared once per context (a second
 * context on the same database is another API process, with statements and batches of its own).
 */
export class AvailabilityReads {
  private readonly versionReader = new BatchedRead((ids: number[]) => this.readVersions(ids));
  // Prepared at first use, so the database does not parse and plan them again on each request.
  private versionsStatement: ReturnType<typeof prepareVersions> | undefined;
  private groupVersionsStatement: ReturnType<typeof prepareGroupVersions> | undefined;

  constructor(private readonly db: Db) {}

  /**
   * A property's versions, in one small query. The inventory version is the sum of its room
   * types' versions: each is only ever raised, so the sum changes whenever any of them does.
   * Every search and calendar asks, so concurrent callers share a query (one started after
   * they asked, so a booking committed before the call is always seen).
   */
  propertyVersions(propertyId: number): Promise<PropertyVersions | undefined> {
    if (propertyId > MAX_ID) return Promise.resolve(undefined);
    return this.versionReader.read(propertyId);
  }

  /**
   * The versions of every property of a group, in the order its definition lists them, in one
   * query (a group search reads nothing else when its answer is cached). Undefined when there
   * is no such group; an empty list for a group left without properties.
   */
  async groupVersions(groupId: number): Promise<PropertyVersions[] | undefined> {
    if (groupId > MAX_ID) return undefined;
    this.groupVersionsStatement ??= prepareGroupVersions(this.db);
    const rows = await this.groupVersionsStatement.execute({ groupId });
    if (rows.length === 0) return undefined;
    return rows.flatMap((row) =>
      row.id === null || row.catalogueVersion === null
        ? []
        : [{ id: row.id, groupId, catalogueVersion: row.catalogueVersion, inventoryVersion: Number(row.inventoryVersion) }],
    );
  }

  private async readVersions(propertyIds: number[]): Promise<Map<number, PropertyVersions>> {
    this.versionsStatement ??= prepareVersions(this.db);
    const rows = await this.versionsStatement.execute({ propertyIds: `{${propertyIds.join(',')}}` });
    return new Map(rows.map((row) => [row.id, { ...row, inventoryVersion: Number(row.inventoryVersion) }]));
  }
}

// A property's inventory version: the sum of its room types' versions (see propertyVersions).
const inventoryVersion = sql<string>`coalesce(sum(${roomTypeInventoryVersions.version}), 0)`;

function prepareVersions(db: Db) {
  return db
    .select({ id: properties.id, groupId: properties.groupId, catalogueVersion: properties.catalogueVersion, inventoryVersion })
    .from(properties)
    .leftJoin(roomTypes, eq(roomTypes.propertyId, properties.id))
    .leftJoin(roomTypeInventoryVersions, eq(roomTypeInventoryVersions.roomTypeId, roomTypes.id))
    .where(sql`${properties.id} = any(${sql.placeholder('propertyIds')}::int[])`)
    .groupBy(properties.id)
    .prepare('property_versions');
}

function prepareGroupVersions(db: Db) {
  return db
    .select({ id: properties.id, catalogueVersion: properties.catalogueVersion, inventoryVersion })
    .from(propertyGroups)
    .leftJoin(properties, eq(properties.groupId, propertyGroups.id))
    .leftJoin(roomTypes, eq(roomTypes.propertyId, properties.id))
    .leftJoin(roomTypeInventoryVersions, eq(roomTypeInventoryVersions.roomTypeId, roomTypes.id))
    .where(eq(propertyGroups.id, sql.placeholder('groupId')))
    .groupBy(propertyGroups.id, properties.id)
    .orderBy(asc(properties.groupPosition), asc(properties.id))
    .prepare('group_versions');
}

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

/** A nightly price row as the price cache packs it: the night as its day of the month. */
export type MonthPriceRow = {
  rate_plan_id: number;
  room_type_id: number;
  day: number;
  base_rate: number;
  base_number_of_adults: number;
  cost_per_room: number;
  cost_per_adult: number;
  cost_per_child: number;
  cost_per_infant: number;
  per_person_cost_per_adult: number;
  per_person_cost_per_child: number;
  per_person_cost_per_infant: number;
  min_length_of_stay: number;
  max_length_of_stay: number | null;
  min_length_of_stay_through: number | null;
  min_advance_booking_days: number | null;
  max_advance_booking_days: number | null;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
  stop_sell: boolean;
};

/** Every nightly price of these room types from `first` to `last` night (both in one month). */
export async function findMonthPrices(db: Queryable, roomTypeIds: number[], first: string, last: string): Promise<MonthPriceRow[]> {
  if (roomTypeIds.length === 0) return [];
  return rawRows<MonthPriceRow>(
    db,
    sql`SELECT rate_plan_id, room_type_id, extract(day FROM night)::int AS day, base_rate, base_number_of_adults, cost_per_room,
          cost_per_adult, cost_per_child, cost_per_infant, per_person_cost_per_adult, per_person_cost_per_child,
          per_person_cost_per_infant, min_length_of_stay, max_length_of_stay, min_length_of_stay_through, min_advance_booking_days,
          max_advance_booking_days, closed_to_arrival, closed_to_departure, stop_sell
        FROM nightly_prices
        WHERE ${inArray(nightlyPrices.roomTypeId, roomTypeIds)} AND night BETWEEN ${first}::date AND ${last}::date`,
  );
}

/** The version of a property's catalogue (raised by every import of its definition). */
export async function findCatalogueVersion(db: Queryable, propertyId: number): Promise<number | undefined> {
  const [row] = await db.select({ version: properties.catalogueVersion }).from(properties).where(eq(properties.id, propertyId));
  return row?.version;
}

/** A property's promotions, each with the codes of the rate plans and room types it is limited to. */
export async function findPromotions(db: Queryable, propertyId: number) {
  const rows = await db.select().from(promotions).where(eq(promotions.propertyId, propertyId)).orderBy(asc(promotions.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [plans, types] = await Promise.all([
    db
      .select({ promotionId: promotionRatePlans.promotionId, code: ratePlans.code })
      .from(promotionRatePlans)
      .innerJoin(ratePlans, eq(ratePlans.id, promotionRatePlans.ratePlanId))
      .where(inArray(promotionRatePlans.promotionId, ids)),
    db
      .select({ promotionId: promotionRoomTypes.promotionId, code: roomTypes.code })
      .from(promotionRoomTypes)
      .innerJoin(roomTypes, eq(roomTypes.id, promotionRoomTypes.roomTypeId))
      .where(inArray(promotionRoomTypes.promotionId, ids)),
  ]);
  return rows.map((row) => ({
    ...row,
    ratePlanCodes: plans.filter((p) => p.promotionId === row.id).map((p) => p.code),
    roomTypeCodes: types.filter((t) => t.promotionId === row.id).map((t) => t.code),
  }));
}

export type PromotionRow = Awaited<ReturnType<typeof findPromotions>>[number];
