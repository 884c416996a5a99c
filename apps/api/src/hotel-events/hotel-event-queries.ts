import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import {
  properties,
  ratePlans,
  reservationChanges,
  reservationRooms,
  reservations,
  reservationServices,
  restaurants,
  roomTypes,
  services,
  tableBookings,
  webhookDeliveries,
} from '@hotel/db/schema';
import type { StayStatus } from '@hotel/domain/stay';
import type { Db, Tx } from '../database';

/** A room of a booking as an event tells it: its room type, rate and extras by code and name. */
type EventRoom = {
  id: number;
  status: 'booked' | 'cancelled';
  stayStatus: StayStatus;
  roomTypeCode: string;
  roomTypeName: string;
  ratePlanCode: string;
  ratePlanName: string;
  dateFrom: string;
  dateTo: string;
  adults: number;
  children: number;
  infants: number;
  total: number;
  extras: { code: string; name: string; quantity: number; total: number }[];
};

/**
 * A booking's rooms in its order, each with its extras in the order they were added, as one
 * JSON value of the booking's row: the event reads the booking in one round trip, not three
 * (it runs inside every booking's transaction). `reservations` is named in full: drizzle leaves
 * the columns of a one-table select unqualified, which inside this subquery would mean the room's.
 */
const eventRooms = sql<EventRoom[]>`coalesce((
  SELECT json_agg(json_build_object(
    'id', rr.id, 'status', rr.status, 'stayStatus', rr.stay_status, 'roomTypeCode', rt.code, 'roomTypeName', rt.name, 'ratePlanCode', rp.code, 'ratePlanName', rp.name,
    'dateFrom', rr.date_from, 'dateTo', rr.date_to,
    'adults', rr.adults, 'children', rr.children, 'infants', rr.infants, 'total', rr.total,
    'extras', coalesce((
      SELECT json_agg(json_build_object('code', s.code, 'name', s.name, 'quantity', rs.quantity, 'total', rs.total) ORDER BY rs.id)
      FROM ${reservationServices} rs JOIN ${services} s ON s.id = rs.service_id
      WHERE rs.reservation_room_id = rr.id), '[]'::json)
  ) ORDER BY rr.sort_order, rr.id)
  FROM ${reservationRooms} rr
  JOIN ${roomTypes} rt ON rt.id = rr.room_type_id
  JOIN ${ratePlans} rp ON rp.id = rr.rate_plan_id
  WHERE rr.reservation_id = reservations.id), '[]'::json)`;

/**
 * The booking an event is about, as the hotel needs it: the stay, the booker's contact, the
 * totals and the rooms. Never card data.
 */
export async function findEventReservation(tx: Tx, reservationId: number) {
  const [reservation] = await tx
    .select({
      id: reservations.id,
      propertyId: reservations.propertyId,
      reservationNumber: reservations.reservationNumber,
      status: reservations.status,
      dateFrom: reservations.dateFrom,
      dateTo: reservations.dateTo,
      bookerFirstName: reservations.bookerFirstName,
      bookerLastName: reservations.bookerLastName,
      bookerEmail: reservations.bookerEmail,
      bookerPhone: reservations.bookerPhone,
      companyName: reservations.companyName,
      paymentType: reservations.paymentType,
      specialRequests: reservations.specialRequests,
      pmsConfirmationNumber: reservations.pmsConfirmationNumber,
      acknowledgedAt: reservations.acknowledgedAt,
      total: reservations.total,
      totalVat: reservations.totalVat,
      voucherDiscount: reservations.voucherDiscount,
      currency: reservations.currency,
      vatRate: reservations.vatRate,
      isTaxExclusive: reservations.isTaxExclusive,
      amountPaid: reservations.amountPaid,
      amountRefunded: reservations.amountRefunded,
      amountHeld: reservations.amountHeld,
      rooms: eventRooms,
    })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  return reservation;
}

/** Every extra of the property by id: a change's before and after name extras by id only. */
export async function findServiceNames(tx: Tx, propertyId: number): Promise<Map<number, string>> {
  const rows = await tx.select({ id: services.id, name: services.name }).from(services).where(eq(services.propertyId, propertyId));
  return new Map(rows.map((service) => [service.id, service.name]));
}

export type EventReservation = NonNullable<Awaited<ReturnType<typeof findEventReservation>>> & { serviceNames: Map<number, string> };

/** A booking as its notice tells it, which needs none of the ids the database gives: a booking being written has none yet. */
export type BookingFacts = Omit<
  EventReservation,
  | 'id'
  | 'propertyId'
  | 'serviceNames'
  | 'rooms'
  | 'amountPaid'
  | 'amountRefunded'
  | 'amountHeld'
  | 'pmsConfirmationNumber'
  | 'acknowledgedAt'
> & {
  // The notice names rooms and extras as a person reads them: by name, not code.
  rooms: (Omit<EventRoom, 'id' | 'stayStatus' | 'roomTypeCode' | 'ratePlanCode' | 'extras'> & {
    extras: Omit<EventRoom['extras'][number], 'code'>[];
  })[];
};

/** A row of the booking's history: what changed, old and new, and the totals before and after. */
export async function findReservationChange(tx: Tx, changeId: number) {
  const [change] = await tx
    .select({ action: reservationChanges.action, details: reservationChanges.details })
    .from(reservationChanges)
    .where(eq(reservationChanges.id, changeId));
  return change;
}

/** A table booking with its restaurant's and property's names. */
export async function findEventTableBooking(tx: Tx, tableBookingId: number) {
  const [booking] = await tx
    .select({
      id: tableBookings.id,
      propertyId: restaurants.propertyId,
      restaurantName: restaurants.name,
      bookingReference: tableBookings.bookingReference,
      status: tableBookings.status,
      visitDate: tableBookings.visitDate,
      visitTime: tableBookings.visitTime,
      endsAt: tableBookings.endsAt,
      isLeaveTimeRequired: tableBookings.isLeaveTimeRequired,
      partySize: tableBookings.partySize,
      email: tableBookings.email,
      contactNumber: tableBookings.contactNumber,
      specialRequests: tableBookings.specialRequests,
      identifier: tableBookings.identifier,
    })
    .from(tableBookings)
    .innerJoin(restaurants, eq(restaurants.id, tableBookings.restaurantId))
    .where(eq(tableBookings.id, tableBookingId));
  return booking;
}

export type EventTableBooking = NonNullable<Awaited<ReturnType<typeof findEventTableBooking>>>;

/** A page of the delivery log, newest first: the rows below `before` (an id) that match the filters. */
export async function findWebhookDeliveries(
  db: Db,
  filter: { propertyCode?: string; status?: 'pending' | 'delivered' | 'failed'; before?: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.propertyCode !== undefined) conditions.push(eq(properties.code, filter.propertyCode));
  if (filter.status !== undefined) conditions.push(eq(webhookDeliveries.status, filter.status));
  if (filter.before !== undefined) conditions.push(lt(webhookDeliveries.id, filter.before));
  return db
    .select({
      id: webhookDeliveries.id,
      propertyCode: properties.code,
      endpoint: webhookDeliveries.endpoint,
      eventType: webhookDeliveries.eventType,
      messageId: webhookDeliveries.messageId,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .innerJoin(properties, eq(properties.id, webhookDeliveries.propertyId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.id))
    .limit(filter.limit);
}

export type WebhookDeliveryRow = Awaited<ReturnType<typeof findWebhookDeliveries>>[number];
