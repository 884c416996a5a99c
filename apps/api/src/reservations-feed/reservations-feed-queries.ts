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

/**
 * The next changed bookings after feed number `after`, in feed order. Run it in a REPEATABLE READ
 * transaction begun after the sequencer committed, so the page and its items are one moment.
 */
export async function findChangedReservationIds(
  db: Queryable,
  filter: { after: bigint; since: Date | null; propertyId: number | null; limit: number },
): Promise<{ id: number; seq: string }[]> {
  const conditions: SQL[] = [sql`r.feed_seq > ${filter.after.toString()}::bigint`];
  if (filter.since) conditions.push(sql`r.updated_at >= ${filter.since.toISOString()}::timestamptz`);
  if (filter.propertyId !== null) conditions.push(sql`r.property_id = ${filter.propertyId}`);
  return rawRows<{ id: number; seq: string }>(
    db,
    sql`SELECT r.id, r.feed_seq::text AS seq FROM reservations r
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY r.feed_seq LIMIT ${filter.limit}`,
  );
}

/**
 * What the feed knows of a cursor's generation: the earliest later generation that began below
 * `seq` (the cursor saw numbers its data never had), if any, and the last number given here. No
 * answer: the generation is unknown here.
 */
export async function findCursorGeneration(
  db: Queryable,
  generationId: string,
  seq: bigint,
): Promise<{ lastSeq: bigint; lostIn: { resyncFrom: Date | null } | null } | undefined> {
  const [row] = await rawRows<{ lastSeq: string; lostIn: boolean; resyncFrom: string | Date | null }>(
    db,
    sql`SELECT s.last_seq::text AS "lastSeq",
          later.id IS NOT NULL AS "lostIn", later.resync_from AS "resyncFrom"
        FROM reservations_feed_generations g
        CROSS JOIN reservations_feed_state s
        LEFT JOIN LATERAL (
          SELECT id, resync_from FROM reservations_feed_generations l
          WHERE l.position > g.position AND l.started_after < ${seq.toString()}::bigint
          ORDER BY l.position LIMIT 1
        ) later ON true
        WHERE g.id = ${generationId}::uuid`,
  );
  if (!row) return undefined;
  return {
    lastSeq: BigInt(row.lastSeq),
    lostIn: row.lostIn ? { resyncFrom: row.resyncFrom === null ? null : new Date(row.resyncFrom) } : null,
  };
}

/** The generation numbering now. */
export async function findCurrentGeneration(db: Queryable): Promise<string> {
  const [row] = await rawRows<{ id: string }>(db, sql`SELECT generation_id AS id FROM reservations_feed_state`);
  if (!row) throw new Error('reservations_feed_state has no row: migration 0025 makes it');
  return row.id;
}

/** The booking with this number (of this property, when one is given), if any. */
export async function findReservationIdByNumber(
  db: Queryable,
  reservationNumber: string,
  propertyId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.reservationNumber, reservationNumber),
        propertyId === undefined ? undefined : eq(reservations.propertyId, propertyId),
      ),
    )
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
