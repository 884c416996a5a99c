import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { timestamps } from './shared-columns';

/**
 * A kind of room a property sells. Occupancy limits are optional: a missing bound is ignored
 * by the occupancy rule (docs/domain-rules.md).
 */
export const roomTypes = pgTable(
  'room_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    maximumOccupancy: smallint('maximum_occupancy'),
    minimumOccupancy: smallint('minimum_occupancy'),
    adultMaximumOccupancy: smallint('adult_maximum_occupancy'),
    childMaximumOccupancy: smallint('child_maximum_occupancy'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** False once a re-imported definition no longer lists it: kept, because reservations point at it, but no longer sold. */
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    unique('room_types_property_id_code_key').on(t.propertyId, t.code),
    check(
      'room_types_occupancy_non_negative',
      sql`${t.maximumOccupancy} >= 0 AND ${t.minimumOccupancy} >= 0 AND ${t.adultMaximumOccupancy} >= 0 AND ${t.childMaximumOccupancy} >= 0`,
    ),
    check('room_types_occupancy_min_not_above_max', sql`${t.minimumOccupancy} <= ${t.maximumOccupancy}`),
  ],
);

/** The units (numbered rooms) of a room type; their count is the room type's inventory. */
export const rooms = pgTable(
  'rooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
  },
  (t) => [unique('rooms_room_type_id_number_key').on(t.roomTypeId, t.number)],
);

/** The room types a room type may be upgraded to. */
export const roomTypeUpgrades = pgTable(
  'room_type_upgrades',
  {
    fromRoomTypeId: integer('from_room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    toRoomTypeId: integer('to_room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.fromRoomTypeId, t.toRoomTypeId] }),
    index('room_type_upgrades_to_room_type_id_idx').on(t.toRoomTypeId),
    check('room_type_upgrades_not_to_itself', sql`${t.fromRoomTypeId} <> ${t.toRoomTypeId}`),
  ],
);

/**
 * Bed/room configurations a guest may ask for ("Double bed", "Twin beds"); the id is the
 * wire's `RoomConfigurationDropdownOptionId`.
 */
export const roomConfigurations = pgTable(
  'room_configurations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('room_configurations_room_type_id_label_key').on(t.roomTypeId, t.label)],
);

/**
 * Units of a room type taken out of sale from `first_night` to `last_night`, both included.
 */
export const closures = pgTable(
  'closures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    firstNight: date('first_night', { mode: 'string' }).notNull(),
    lastNight: date('last_night', { mode: 'string' }).notNull(),
    rooms: smallint('rooms').notNull(),
    ...timestamps,
  },
  (t) => [
    index('closures_room_type_id_first_night_idx').on(t.roomTypeId, t.firstNight),
    check('closures_nights_ordered', sql`${t.lastNight} >= ${t.firstNight}`),
    check('closures_rooms_positive', sql`${t.rooms} > 0`),
  ],
);

/**
 * Units of a room type per night: `total` (its rooms minus closures) and `sold`. Taking a room
 * is one conditional `UPDATE ... SET sold = sold + 1 WHERE sold < total`; the CHECK makes
 * overselling impossible even for a query that forgets the condition.
 */
export const roomTypeInventory = pgTable(
  'room_type_inventory',
  {
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
    sold: integer('sold').notNull().default(0),
    /** Set when `total` came from a rates-and-availability update: re-imports keep it (see nightly_prices.set_by_ari). */
    totalSetByAri: boolean('total_set_by_ari').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.night] }),
    check('room_type_inventory_sold_within_total', sql`${t.sold} >= 0 AND ${t.sold} <= ${t.total}`),
  ],
);

/**
 * Raised, at commit, by every transaction that changes a room type's `sold` (a deferred
 * trigger on room_type_inventory, migration 0007): the version the availability calendar's
 * cache is keyed on. One row per room type, so bookings of different room types never queue
 * on it, and the trigger runs at commit, so the row is held only for the commit itself.
 */
export const roomTypeInventoryVersions = pgTable('room_type_inventory_versions', {
  roomTypeId: integer('room_type_id')
    .primaryKey()
    .references(() => roomTypes.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The inventory version (above) at which each night of a room type last changed its rooms sold,
 * written by the same commit-time trigger (migration 0021). An API process keeps every
 * property's rooms free in memory and, when a room type's version moves past the one it holds,
 * reads only the nights changed since then (apps/api/src/availability/inventory-mirror.ts).
 * One row per night at most, so the table never outgrows the inventory itself.
 */
export const roomTypeInventoryNightVersions = pgTable(
  'room_type_inventory_night_versions',
  {
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.night] }),
    index('room_type_inventory_night_versions_version_idx').on(t.roomTypeId, t.version),
  ],
);
