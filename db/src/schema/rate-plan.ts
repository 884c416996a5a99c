import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { roomTypes } from './room-type';
import { minorUnits, timestamps } from './shared-columns';

/**
 * A rate plan: what a room is sold on. `requires_code` plans are offered only to a search
 * whose `RatePlanCode` equals `code`. The cancellation deadline is in hours before arrival
 * in the property's zone; null means the plan cannot be cancelled free of charge.
 */
export const ratePlans = pgTable(
  'rate_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    policy: text('policy').notNull().default(''),
    cancellationDeadlineHours: integer('cancellation_deadline_hours'),
    requiresCode: boolean('requires_code').notNull().default(false),
    canPayByCompanyInvoice: boolean('can_pay_by_company_invoice').notNull().default(false),
    useOccupancyForRatePlan: boolean('use_occupancy_for_rate_plan').notNull().default(false),
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
    unique('rate_plans_property_id_code_key').on(t.propertyId, t.code),
    check('rate_plans_cancellation_deadline_non_negative', sql`${t.cancellationDeadlineHours} >= 0`),
    check(
      'rate_plans_occupancy_non_negative',
      sql`${t.maximumOccupancy} >= 0 AND ${t.minimumOccupancy} >= 0 AND ${t.adultMaximumOccupancy} >= 0 AND ${t.childMaximumOccupancy} >= 0`,
    ),
    check('rate_plans_occupancy_min_not_above_max', sql`${t.minimumOccupancy} <= ${t.maximumOccupancy}`),
  ],
);

/**
 * The price of one night of a room type on a rate plan, every component in minor units, with
 * its restrictions. A night without a row is not sellable on that rate. The room-price
 * formula (docs/domain-rules.md) applied to the components summed over a stay gives the stay price.
 */
export const nightlyPrices = pgTable(
  'nightly_prices',
  {
    ratePlanId: integer('rate_plan_id')
      .notNull()
      .references(() => ratePlans.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    baseRate: minorUnits('base_rate').notNull(),
    baseNumberOfAdults: smallint('base_number_of_adults').notNull().default(2),
    costPerRoom: minorUnits('cost_per_room').notNull().default(0),
    costPerAdult: minorUnits('cost_per_adult').notNull().default(0),
    costPerChild: minorUnits('cost_per_child').notNull().default(0),
    costPerInfant: minorUnits('cost_per_infant').notNull().default(0),
    perPersonCostPerAdult: minorUnits('per_person_cost_per_adult').notNull().default(0),
    perPersonCostPerChild: minorUnits('per_person_cost_per_child').notNull().default(0),
    perPersonCostPerInfant: minorUnits('per_person_cost_per_infant').notNull().default(0),
    /** Minimum length of stay for a stay arriving on this night. */
    minLengthOfStay: smallint('min_length_of_stay').notNull().default(1),
    /** Maximum length of stay for a stay arriving on this night; null: no maximum. */
    maxLengthOfStay: smallint('max_length_of_stay'),
    /** Minimum length of any stay that includes this night, whatever its arrival; null: none. */
    minLengthOfStayThrough: smallint('min_length_of_stay_through'),
    /** For a stay arriving on this night, the fewest and most days between the property's today and the arrival; null: no bound. */
    minAdvanceBookingDays: smallint('min_advance_booking_days'),
    maxAdvanceBookingDays: smallint('max_advance_booking_days'),
    closedToArrival: boolean('closed_to_arrival').notNull().default(false),
    closedToDeparture: boolean('closed_to_departure').notNull().default(false),
    stopSell: boolean('stop_sell').notNull().default(false),
    /**
     * Set by a rates-and-availability update (POST /api/Admin/Ari): the night is the hotel's
     * day-to-day figure, so re-importing the definition (and the nightly window refresh, which
     * re-imports) leaves it alone instead of putting the definition's price back.
     */
    setByAri: boolean('set_by_ari').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.ratePlanId, t.roomTypeId, t.night] }),
    index('nightly_prices_room_type_id_night_idx').on(t.roomTypeId, t.night),
    check(
      'nightly_prices_components_non_negative',
      sql`${t.baseRate} >= 0 AND ${t.costPerRoom} >= 0 AND ${t.costPerAdult} >= 0 AND ${t.costPerChild} >= 0 AND ${t.costPerInfant} >= 0 AND ${t.perPersonCostPerAdult} >= 0 AND ${t.perPersonCostPerChild} >= 0 AND ${t.perPersonCostPerInfant} >= 0`,
    ),
    check('nightly_prices_base_number_of_adults_non_negative', sql`${t.baseNumberOfAdults} >= 0`),
    check('nightly_prices_min_length_of_stay_positive', sql`${t.minLengthOfStay} >= 1`),
    check('nightly_prices_max_length_of_stay_positive', sql`${t.maxLengthOfStay} >= 1`),
    check('nightly_prices_min_length_of_stay_through_positive', sql`${t.minLengthOfStayThrough} >= 1`),
    check('nightly_prices_advance_booking_days_positive', sql`${t.minAdvanceBookingDays} >= 1 AND ${t.maxAdvanceBookingDays} >= 1`),
  ],
);
