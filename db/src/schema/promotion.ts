import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { ratePlans } from './rate-plan';
import { roomTypes } from './room-type';
import { minorUnits, percentage, timestamps } from './shared-columns';

/**
 * A promotion unlocked by a promo code: a percentage off every component (kept exactly, 33.333)
 * or a fixed amount off each night's room price, never both. Nights are picked like prices (`stay_*`: inclusive
 * window, ISO weekdays 1 = Monday .. 7 = Sunday, months 1..12; null = no limit, never empty); booking
 * dates are bounded by `book_*`, inclusive, in the property's zone. Codes are unique per
 * property whatever their case, because guests type them.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull().default(''),
    discountPercent: percentage('discount_percent'),
    discountAmountPerNight: minorUnits('discount_amount_per_night'),
    stayFrom: date('stay_from', { mode: 'string' }),
    stayTo: date('stay_to', { mode: 'string' }),
    stayWeekdays: smallint('stay_weekdays').array(),
    stayMonths: smallint('stay_months').array(),
    bookFrom: date('book_from', { mode: 'string' }),
    bookTo: date('book_to', { mode: 'string' }),
    minLengthOfStay: smallint('min_length_of_stay').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promotions_property_id_lower_code_key').on(t.propertyId, sql`lower(${t.code})`),
    check('promotions_exactly_one_discount', sql`num_nonnulls(${t.discountPercent}, ${t.discountAmountPerNight}) = 1`),
    check('promotions_discount_percent_range', sql`${t.discountPercent} > 0 AND ${t.discountPercent} <= 100`),
    check('promotions_discount_amount_positive', sql`${t.discountAmountPerNight} > 0`),
    check('promotions_stay_window_ordered', sql`${t.stayTo} >= ${t.stayFrom}`),
    check('promotions_book_window_ordered', sql`${t.bookTo} >= ${t.bookFrom}`),
    check(
      'promotions_stay_weekdays_valid',
      sql`${t.stayWeekdays} <@ ARRAY[1,2,3,4,5,6,7]::smallint[] AND cardinality(${t.stayWeekdays}) > 0`,
    ),
    check(
      'promotions_stay_months_valid',
      sql`${t.stayMonths} <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12]::smallint[] AND cardinality(${t.stayMonths}) > 0`,
    ),
    check('promotions_min_length_of_stay_positive', sql`${t.minLengthOfStay} >= 1`),
  ],
);

/** The rate plans a promotion discounts. */
export const promotionRatePlans = pgTable(
  'promotion_rate_plans',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    ratePlanId: integer('rate_plan_id')
      .notNull()
      .references(() => ratePlans.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.ratePlanId] }), index('promotion_rate_plans_rate_plan_id_idx').on(t.ratePlanId)],
);

/** The room types a promotion is limited to; none means every room type of its rate plans. */
export const promotionRoomTypes = pgTable(
  'promotion_room_types',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.roomTypeId] }), index('promotion_room_types_room_type_id_idx').on(t.roomTypeId)],
);
