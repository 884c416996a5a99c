import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import { reservations, restaurantPromotions, restaurantSittings, restaurantTables, restaurants, tableBookings } from '@hotel/db/schema';
import { addDays, type IsoDate } from '@hotel/domain/dates';
import type { HeldTable, RestaurantTable, Sitting } from '@hotel/domain/restaurant';
import type { Queryable, Tx } from '../database';

export type RestaurantRow = {
  id: number;
  name: string;
  minOnlinePartySize: number;
  maxOnlinePartySize: number;
  noAvailabilityText: string;
};

/** A promotion in the domain's shape (`From`/`To` "HH:mm") with what the wire shows of it. */
export type RestaurantPromotionRow = { id: number; name: string; description: string; From: string; To: string };

/** Postgres `time` reads as "HH:mm:ss"; the domain and the wire speak "HH:mm". */
const hoursAndMinutes = (time: string) => time.slice(0, 5);

const restaurantColumns = {
  id: restaurants.id,
  name: restaurants.name,
  minOnlinePartySize: restaurants.minOnlinePartySize,
  maxOnlinePartySize: restaurants.maxOnlinePartySize,
  noAvailabilityText: restaurants.noAvailabilityText,
};

/** A property's restaurants still offered, in the definition's order. */
export async function findActiveRestaurants(db: Queryable, propertyId: number): Promise<RestaurantRow[]> {
  return db
    .select(restaurantColumns)
    .from(restaurants)
    .where(and(eq(restaurants.propertyId, propertyId), eq(restaurants.isActive, true)))
    .orderBy(asc(restaurants.sortOrder), asc(restaurants.id));
}

/** One of a property's restaurants still offered. */
export async function findActiveRestaurant(db: Queryable, propertyId: number, restaurantId: number): Promise<RestaurantRow | undefined> {
  const [row] = await db
    .select(restaurantColumns)
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.propertyId, propertyId), eq(restaurants.isActive, true)))
    .limit(1);
  return row;
}

/** A restaurant's sittings in the domain's shape. */
export async function findSittings(db: Queryable, restaurantId: number): Promise<Sitting[]> {
  const rows = await db
    .select({
      weekdays: restaurantSittings.weekdays,
      firstStart: restaurantSittings.firstStart,
      lastStart: restaurantSittings.lastStart,
      intervalMinutes: restaurantSittings.intervalMinutes,
      durationMinutes: restaurantSittings.durationMinutes,
    })
    .from(restaurantSittings)
    .where(eq(restaurantSittings.restaurantId, restaurantId))
    .orderBy(asc(restaurantSittings.id));
  return rows.map((row) => ({
    Weekdays: row.weekdays,
    From: hoursAndMinutes(row.firstStart),
    To: hoursAndMinutes(row.lastStart),
    IntervalMinutes: row.intervalMinutes,
    DurationMinutes: row.durationMinutes,
  }));
}

/** A restaurant's tables still in use, in the definition's order. */
export async function findActiveTables(db: Queryable, restaurantId: number): Promise<RestaurantTable<number>[]> {
  return db
    .select({ id: restaurantTables.id, capacity: restaurantTables.capacity })
    .from(restaurantTables)
    .where(and(eq(restaurantTables.restaurantId, restaurantId), eq(restaurantTables.isActive, true)))
    .orderBy(asc(restaurantTables.id));
}

/** A restaurant's promotions, earliest window first. */
export async function findPromotions(db: Queryable, restaurantId: number): Promise<RestaurantPromotionRow[]> {
  const rows = await db
    .select({
      id: restaurantPromotions.id,
      name: restaurantPromotions.name,
      description: restaurantPromotions.description,
      fromTime: restaurantPromotions.fromTime,
      toTime: restaurantPromotions.toTime,
    })
    .from(restaurantPromotions)
    .where(eq(restaurantPromotions.restaurantId, restaurantId))
    .orderBy(asc(restaurantPromotions.fromTime), asc(restaurantPromotions.id));
  return rows.map(({ fromTime, toTime, ...promotion }) => ({ ...promotion, From: hoursAndMinutes(fromTime), To: hoursAndMinutes(toTime) }));
}

/** The standing bookings of a restaurant that start on the visit date or the evening before (which may run past midnight). */
export async function findStandingBookings(db: Queryable, restaurantId: number, date: IsoDate): Promise<HeldTable<number>[]> {
  return db
    .select({ tableId: tableBookings.tableId, startsAt: tableBookings.startsAt, endsAt: tableBookings.endsAt })
    .from(tableBookings)
    .where(
      and(
        eq(tableBookings.restaurantId, restaurantId),
        between(tableBookings.visitDate, addDays(date, -1), date),
        isNull(tableBookings.cancelledAt),
      ),
    );
}

/** What proves a guest holds a reservation: who booked it logged in, and its token's hash. */
export type ReservationProofRow = { id: number; reservationNumber: string; userId: number | null; confirmationTokenHash: string };

/** A property's reservation with this number, with what proves a guest holds it, if any. */
export async function findReservationByNumber(
  db: Queryable,
  propertyId: number,
  reservationNumber: string,
): Promise<ReservationProofRow | undefined> {
  const [row] = await db
    .select({
      id: reservations.id,
      reservationNumber: reservations.reservationNumber,
      userId: reservations.userId,
      confirmationTokenHash: reservations.confirmationTokenHash,
    })
    .from(reservations)
    .where(and(eq(reservations.propertyId, propertyId), eq(reservations.reservationNumber, reservationNumber)))
    .limit(1);
  return row;
}

/** Whether a table booking already has this reference. */
export async function isBookingReferenceTaken(db: Queryable, reference: string): Promise<boolean> {
  const rows = await db.select({ id: tableBookings.id }).from(tableBookings).where(eq(tableBookings.bookingReference, reference)).limit(1);
  return rows.length > 0;
}

export type NewTableBooking = {
  restaurantId: number;
  tableId: number;
  bookingReference: string;
  visitDate: IsoDate;
  /** "HH:mm", local to `timeZone`. */
  visitTime: string;
  timeZone: string;
  minutesHeld: number;
  partySize: number;
  email: string;
  contactNumber: string;
  specialRequests: string | null;
  promotionId: number | null;
  identifier: string;
  reservationId: number | null;
  isLeaveTimeRequired: boolean;
};

/**
 * Writes a table booking, its instants worked out by Postgres from the local visit date and
 * time in the property's zone. Fails with SQLSTATE 23P01 (`table_bookings_no_overlap`) when
 * a standing booking holds the table meanwhile: run it inside a savepoint to try again.
 */
export async function insertTableBooking(tx: Tx, booking: NewTableBooking): Promise<number> {
  const startsAt = sql`((${booking.visitDate}::date + ${booking.visitTime}::time) AT TIME ZONE ${booking.timeZone})`;
  const [row] = await tx
    .insert(tableBookings)
    .values({
      restaurantId: booking.restaurantId,
      tableId: booking.tableId,
      bookingReference: booking.bookingReference,
      startsAt,
      endsAt: sql`${startsAt} + make_interval(mins => ${booking.minutesHeld}::int)`,
      visitDate: booking.visitDate,
      visitTime: booking.visitTime,
      partySize: booking.partySize,
      email: booking.email,
      contactNumber: booking.contactNumber,
      specialRequests: booking.specialRequests,
      promotionId: booking.promotionId,
      identifier: booking.identifier,
      reservationId: booking.reservationId,
      isLeaveTimeRequired: booking.isLeaveTimeRequired,
    })
    .returning({ id: tableBookings.id });
  return row!.id;
}

export type TableBookingMailRow = {
  bookingReference: string;
  visitDate: IsoDate;
  visitTime: string;
  endsAt: Date;
  partySize: number;
  email: string;
  specialRequests: string | null;
  identifier: string | null;
  isLeaveTimeRequired: boolean;
  restaurantName: string;
  promotionName: string | null;
  promotionDescription: string | null;
};

/** What the confirmation e-mail of a table booking shows. */
export async function findTableBookingForMail(db: Queryable, tableBookingId: number): Promise<TableBookingMailRow | undefined> {
  const [row] = await db
    .select({
      bookingReference: tableBookings.bookingReference,
      visitDate: tableBookings.visitDate,
      visitTime: tableBookings.visitTime,
      endsAt: tableBookings.endsAt,
      partySize: tableBookings.partySize,
      email: tableBookings.email,
      specialRequests: tableBookings.specialRequests,
      identifier: tableBookings.identifier,
      isLeaveTimeRequired: tableBookings.isLeaveTimeRequired,
      restaurantName: restaurants.name,
      promotionName: restaurantPromotions.name,
      promotionDescription: restaurantPromotions.description,
    })
    .from(tableBookings)
    .innerJoin(restaurants, eq(restaurants.id, tableBookings.restaurantId))
    .leftJoin(restaurantPromotions, eq(restaurantPromotions.id, tableBookings.promotionId))
    .where(eq(tableBookings.id, tableBookingId))
    .limit(1);
  return row && { ...row, visitTime: hoursAndMinutes(row.visitTime) };
}
