import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { ratePlans } from './rate-plan';
import { roomTypes } from './room-type';
import { minorUnits, timestamps } from './shared-columns';

/** How a service's price multiplies: once per stay, per night, or per quantity booked. */
export const serviceChargeType = pgEnum('service_charge_type', ['PerStay', 'PerDay', 'PerQuantity']);

/**
 * An extra a guest may add to a room. It is offered for the room types and rate plans linked
 * to it (none linked: all) and for stays overlapping `offered_from`..`offered_to` (inclusive,
 * null: open). `starting_inventory` null means unlimited; otherwise `service_inventory`
 * counts its units per night.
 */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    chargeType: serviceChargeType('charge_type').notNull(),
    chargePerPerson: boolean('charge_per_person').notNull().default(false),
    allowEditOnBookingEngine: boolean('allow_edit_on_booking_engine').notNull().default(true),
    startingInventory: integer('starting_inventory'),
    offeredFrom: date('offered_from', { mode: 'string' }),
    offeredTo: date('offered_to', { mode: 'string' }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** False once a re-imported definition no longer lists it: kept, because reservations point at it, but no longer sold. */
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    unique('services_property_id_code_key').on(t.propertyId, t.code),
    check('services_starting_inventory_non_negative', sql`${t.startingInventory} >= 0`),
    check('services_offered_window_ordered', sql`${t.offeredTo} >= ${t.offeredFrom}`),
  ],
);

/** The priced articles of a service; the service's price is the sum of its articles. */
export const serviceArticles = pgTable(
  'service_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: minorUnits('price').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('service_articles_service_id_idx').on(t.serviceId), check('service_articles_price_non_negative', sql`${t.price} >= 0`)],
);

/** The room types a service is offered for; none means all. */
export const serviceRoomTypes = pgTable(
  'service_room_types',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.roomTypeId] }), index('service_room_types_room_type_id_idx').on(t.roomTypeId)],
);

/** The rate plans a service is offered for; none means all. */
export const serviceRatePlans = pgTable(
  'service_rate_plans',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    ratePlanId: integer('rate_plan_id')
      .notNull()
      .references(() => ratePlans.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.ratePlanId] }), index('service_rate_plans_rate_plan_id_idx').on(t.ratePlanId)],
);

/**
 * Units of a limited service per night: a booked quantity uses that many units on each
 * night of the stay. Taken like room inventory, with a conditional update the CHECK backs.
 */
export const serviceInventory = pgTable(
  'service_inventory',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.night] }),
    check('service_inventory_used_within_total', sql`${t.used} >= 0 AND ${t.used} <= ${t.total}`),
  ],
);
