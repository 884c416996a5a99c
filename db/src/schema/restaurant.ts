import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, smallint, text, time, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { reservations } from './reservation';
import { instant, timestamps } from './shared-columns';

/**
 * A restaurant of a property, bookable online for parties of `min_online_party_size` to
 * `max_online_party_size`. Names are unique per property whatever their case (the booking
 * configuration's default restaurant is matched by name).
 */
export const restaurants = pgTable(
  'restaurants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minOnlinePartySize: smallint('min_online_party_size').notNull().default(1),
    maxOnlinePartySize: smallint('max_online_party_size').notNull(),
    noAvailabilityText: text('no_availability_text').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** False once a re-imported definition no longer lists it: kept, because table bookings point at it, but no longer offered. */
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('restaurants_property_id_lower_name_key').on(t.propertyId, sql`lower(${t.name})`),
    check('restaurants_party_size_bounds', sql`${t.minOnlinePartySize} >= 1 AND ${t.maxOnlinePartySize} >= ${t.minOnlinePartySize}`),
  ],
);

/** A table of a restaurant and how many it seats. */
export const restaurantTables = pgTable(
  'restaurant_tables',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    capacity: smallint('capacity').notNull(),
    /** False once a re-imported definition no longer lists it: kept, because table bookings point at it, but no longer offered. */
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    unique('restaurant_tables_restaurant_id_label_key').on(t.restaurantId, t.label),
    check('restaurant_tables_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

/**
 * When a restaurant seats guests: on the ISO weekdays listed (1 = Monday .. 7 = Sunday), a
 * sitting may start every `interval_minutes` from `first_start` to `last_start` (local times
 * of the property's zone) and lasts `duration_minutes`.
 */
export const restaurantSittings = pgTable(
  'restaurant_sittings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    weekdays: smallint('weekdays').array().notNull(),
    firstStart: time('first_start').notNull(),
    lastStart: time('last_start').notNull(),
    intervalMinutes: smallint('interval_minutes').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
  },
  (t) => [
    index('restaurant_sittings_restaurant_id_idx').on(t.restaurantId),
    check('restaurant_sittings_weekdays_valid', sql`${t.weekdays} <@ ARRAY[1,2,3,4,5,6,7]::smallint[] AND cardinality(${t.weekdays}) > 0`),
    check('restaurant_sittings_starts_ordered', sql`${t.lastStart} >= ${t.firstStart}`),
    check('restaurant_sittings_minutes_positive', sql`${t.intervalMinutes} > 0 AND ${t.durationMinutes} > 0`),
  ],
);

/** An offer shown with the times between `from_time` and `to_time` (local, inclusive). */
export const restaurantPromotions = pgTable(
  'restaurant_promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    fromTime: time('from_time').notNull(),
    toTime: time('to_time').notNull(),
  },
  (t) => [
    unique('restaurant_promotions_restaurant_id_name_key').on(t.restaurantId, t.name),
    check('restaurant_promotions_times_ordered', sql`${t.toTime} >= ${t.fromTime}`),
  ],
);

/** Whether a table booking stands. */
export const tableBookingStatus = pgEnum('table_booking_status', ['confirmed', 'cancelled']);

/**
 * A table booked from `starts_at` to `ends_at` (instants; `visit_date` and `visit_time` are the
 * same start in the property's zone, as the guest chose it). Two standing bookings never
 * overlap on one table: an exclusion constraint added by a custom migration
 * (`table_bookings_no_overlap`, with btree_gist) guards it; drizzle cannot express it here.
 */
export const tableBookings = pgTable(
  'table_bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => restaurantTables.id, { onDelete: 'restrict' }),
    bookingReference: text('booking_reference').notNull().unique(),
    status: tableBookingStatus('status').notNull().default('confirmed'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    visitTime: time('visit_time').notNull(),
    partySize: smallint('party_size').notNull(),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    specialRequests: text('special_requests'),
    promotionId: integer('promotion_id').references(() => restaurantPromotions.id, {
      onDelete: 'set null',
    }),
    /** What the guest gave as `Identifier` (a hotel reservation number, when they have one). */
    identifier: text('identifier'),
    reservationId: integer('reservation_id').references(() => reservations.id, {
      onDelete: 'set null',
    }),
    /** The table is free for less than the sitting's duration: the guest must leave by `ends_at`. */
    isLeaveTimeRequired: boolean('is_leave_time_required').notNull().default(false),
    cancelledAt: instant('cancelled_at'),
    ...timestamps,
  },
  (t) => [
    index('table_bookings_restaurant_id_visit_date_idx').on(t.restaurantId, t.visitDate),
    index('table_bookings_reservation_id_idx').on(t.reservationId),
    check('table_bookings_times_ordered', sql`${t.endsAt} > ${t.startsAt}`),
    check('table_bookings_party_size_positive', sql`${t.partySize} > 0`),
    check('table_bookings_cancelled_at_iff_cancelled', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`),
  ],
);
