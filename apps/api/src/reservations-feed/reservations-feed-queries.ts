import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  cardTypes,
  guests,
  payments,
  properties,
  ratePlans,
  reservationChanges,
  reservationRooms,
  reservations,
  roomTypes,
} from '@hotel/db/schema';
import { rawRows, type Queryable } from '../database';
import { findRoomExtras } from '../booking';

/** A place in the feed: the transaction of the last change served and, within it, the booking's id. */
export type FeedPosition = { xid: string; id: number };

/**
 * The oldest transaction of this database still running in the reader's snapshot, or the
 * snapshot's end: every transaction below it has ended, so no change can still commit there.
 * Transaction ids are shared by every database of a Postgres server, so one running in another
 * database (another application, another test's copy) would hold the feed back for nothing: a
 * transaction still running is placed by the lock it holds on its own id and its session's
 * database. One that ended after the snapshot was taken counts as this database's: the next
 * read passes it.
 */
export const settledHorizon = sql`(
  SELECT COALESCE(min(x), pg_snapshot_xmax(pg_current_snapshot()))
  FROM pg_snapshot_xip(pg_current_snapshot()) AS x
  WHERE NOT EXISTS (
    SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'transactionid' AND l.granted AND l.transactionid = x::xid
      AND a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database())
  )
)`;

/**
 * The next changed bookings after `after`, in change order, only from transactions below the
 * settled horizon: a transaction still open may hold a lower id than rows already visible, and
 * serving past it would skip its bookings once it commits. Every transaction that starts writing
 * later gets a higher id than all served here. Run it in a REPEATABLE READ transaction, so the
 * horizon and the rows read come from one snapshot.
 */
export async function findChangedReservationIds(
  db: Queryable,
  filter: { after: FeedPosition | null; since: Date | null; propertyId: number | null; limit: number },
): Promise<{ id: number; xid: string }[]> {
  const conditions: SQL[] = [sql`r.change_xid < ${settledHorizon}`];
  if (filter.after) conditions.push(sql`(r.change_xid, r.id) > (${filter.after.xid}::xid8, ${filter.after.id}::integer)`);
  if (filter.since) conditions.push(sql`r.updated_at >= ${filter.since.toISOString()}::timestamptz`);
  if (filter.propertyId !== null) conditions.push(sql`r.property_id = ${filter.propertyId}`);
  return rawRows<{ id: number; xid: string }>(
    db,
    sql`SELECT r.id, r.change_xid::text AS xid FROM reservations r
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY r.change_xid, r.id LIMIT ${filter.limit}`,
  );
}

/** The booking with this number, if any. */
export async function findReservationIdByNumber(db: Queryable, reservationNumber: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.reservationNumber, reservationNumber))
    .limit(1);
  return row?.id;
}

/** The bookings of a property with a room that arrives, leaves or stays over on a date. */
export async function findBookingsAround(db: Queryable, propertyId: number, date: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: reservationRooms.reservationId })
    .from(reservationRooms)
    .innerJoin(reservations, eq(reservations.id, reservationRooms.reservationId))
    .where(
      and(
        eq(reservations.propertyId, propertyId),
        sql`${reservationRooms.dateFrom} <= ${date}::date AND ${reservationRooms.dateTo} >= ${date}::date`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Everything the feed shows of these bookings, each list in the order it is shown. */
export async function findFeedReservations(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return { reservations: [], rooms: [], guests: [], extras: [], payments: [], changes: [] };
  // One after another: a pg client takes one query at a time.
  const bookingRows = await db
    .select({
      id: reservations.id,
      propertyCode: properties.code,
      reservationNumber: reservations.reservationNumber,
      status: reservations.status,
      createdAt: reservations.createdAt,
      updatedAt: reservations.updatedAt,
      cancelledAt: reservations.cancelledAt,
      dateFrom: reservations.dateFrom,
      dateTo: reservations.dateTo,
      bookerFirstName: reservations.bookerFirstName,
      bookerLastName: reservations.bookerLastName,
      bookerEmail: reservations.bookerEmail,
      bookerPhone: reservations.bookerPhone,
      bookerStreet: reservations.bookerStreet,
      bookerCity: reservations.bookerCity,
      bookerStateOrCounty: reservations.bookerStateOrCounty,
      bookerZipCode: reservations.bookerZipCode,
      bookerCountryId: reservations.bookerCountryId,
      companyId: reservations.companyId,
      companyAccountId: reservations.companyAccountId,
      companyName: reservations.companyName,
      poNumber: reservations.poNumber,
      paymentType: reservations.paymentType,
      voucherDiscount: reservations.voucherDiscount,
      totalRooms: reservations.totalRooms,
      totalServices: reservations.totalServices,
      total: reservations.total,
      totalVat: reservations.totalVat,
      currency: reservations.currency,
      vatRate: reservations.vatRate,
      isTaxExclusive: reservations.isTaxExclusive,
      amountPaid: reservations.amountPaid,
      amountRefunded: reservations.amountRefunded,
      amountHeld: reservations.amountHeld,
      specialRequests: reservations.specialRequests,
      pmsConfirmationNumber: reservations.pmsConfirmationNumber,
      acknowledgedAt: reservations.acknowledgedAt,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(inArray(reservations.id, [...ids]));
  const roomRows = await db
    .select({
      id: reservationRooms.id,
      reservationId: reservationRooms.reservationId,
      status: reservationRooms.status,
      stayStatus: reservationRooms.stayStatus,
      stayStatusAt: reservationRooms.stayStatusAt,
      roomTypeCode: roomTypes.code,
      roomTypeName: roomTypes.name,
      ratePlanCode: ratePlans.code,
      ratePlanName: ratePlans.name,
      dateFrom: reservationRooms.dateFrom,
      dateTo: reservationRooms.dateTo,
      priceComponents: reservationRooms.priceComponents,
      adults: reservationRooms.adults,
      children: reservationRooms.children,
      infants: reservationRooms.infants,
      total: reservationRooms.total,
    })
    .from(reservationRooms)
    .innerJoin(roomTypes, eq(roomTypes.id, reservationRooms.roomTypeId))
    .innerJoin(ratePlans, eq(ratePlans.id, reservationRooms.ratePlanId))
    .where(inArray(reservationRooms.reservationId, [...ids]))
    .orderBy(asc(reservationRooms.sortOrder), asc(reservationRooms.id));
  const roomIds = roomRows.map((room) => room.id);
  const guestRows =
    roomIds.length === 0
      ? []
      : await db
          .select({
            reservationRoomId: guests.reservationRoomId,
            isLead: guests.isLead,
            firstName: guests.firstName,
            lastName: guests.lastName,
            email: guests.email,
            phone: guests.phone,
          })
          .from(guests)
          .where(inArray(guests.reservationRoomId, roomIds))
          .orderBy(asc(guests.sortOrder), asc(guests.id));
  const extraRows = await findRoomExtras(db, roomIds);
  const paymentRows = await db
    .select({
      reservationId: payments.reservationId,
      transactionType: payments.transactionType,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      gateway: payments.gateway,
      brand: cardTypes.name,
      last4: payments.cardLast4,
      createdAt: payments.createdAt,
      completedAt: payments.completedAt,
    })
    .from(payments)
    .leftJoin(cardTypes, eq(cardTypes.id, payments.cardTypeId))
    .where(inArray(payments.reservationId, [...ids]))
    .orderBy(asc(payments.id));
  const changeRows = await db
    .select({
      reservationId: reservationChanges.reservationId,
      action: reservationChanges.action,
      at: reservationChanges.at,
      via: reservationChanges.via,
      details: reservationChanges.details,
    })
    .from(reservationChanges)
    .where(inArray(reservationChanges.reservationId, [...ids]))
    .orderBy(asc(reservationChanges.id));
  return { reservations: bookingRows, rooms: roomRows, guests: guestRows, extras: extraRows, payments: paymentRows, changes: changeRows };
}

export type FeedRows = Awaited<ReturnType<typeof findFeedReservations>>;
