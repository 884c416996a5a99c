import { and, asc, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
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
import type { Db, Tx } from '../database';

/** The booking an event is about, as the hotel needs it: the stay, the booker's contact and the totals. Never card data. */
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
      total: reservations.total,
      totalVat: reservations.totalVat,
      voucherDiscount: reservations.voucherDiscount,
      currency: reservations.currency,
      vatRate: reservations.vatRate,
      isTaxExclusive: reservations.isTaxExclusive,
    })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  return reservation;
}

/** A booking's rooms, in its order, each with its room type, rate and extras by name. */
export async function findEventRooms(tx: Tx, reservationId: number) {
  const rooms = await tx
    .select({
      id: reservationRooms.id,
      status: reservationRooms.status,
      roomTypeName: roomTypes.name,
      ratePlanName: ratePlans.name,
      dateFrom: reservationRooms.dateFrom,
      dateTo: reservationRooms.dateTo,
      adults: reservationRooms.adults,
      children: reservationRooms.children,
      infants: reservationRooms.infants,
      total: reservationRooms.total,
    })
    .from(reservationRooms)
    .innerJoin(roomTypes, eq(roomTypes.id, reservationRooms.roomTypeId))
    .innerJoin(ratePlans, eq(ratePlans.id, reservationRooms.ratePlanId))
    .where(eq(reservationRooms.reservationId, reservationId))
    .orderBy(asc(reservationRooms.sortOrder), asc(reservationRooms.id));
  const extras =
    rooms.length === 0
      ? []
      : await tx
          .select({
            roomId: reservationServices.reservationRoomId,
            name: services.name,
            quantity: reservationServices.quantity,
            total: reservationServices.total,
          })
          .from(reservationServices)
          .innerJoin(services, eq(services.id, reservationServices.serviceId))
          .where(
            inArray(
              reservationServices.reservationRoomId,
              rooms.map((room) => room.id),
            ),
          )
          .orderBy(asc(reservationServices.id));
  return rooms.map((room) => ({ ...room, extras: extras.filter((extra) => extra.roomId === room.id) }));
}

/** Every extra of the property by id: a change's before and after name extras by id only. */
export async function findServiceNames(tx: Tx, propertyId: number): Promise<Map<number, string>> {
  const rows = await tx.select({ id: services.id, name: services.name }).from(services).where(eq(services.propertyId, propertyId));
  return new Map(rows.map((service) => [service.id, service.name]));
}

export type EventReservation = NonNullable<Awaited<ReturnType<typeof findEventReservation>>> & {
  rooms: Awaited<ReturnType<typeof findEventRooms>>;
  serviceNames: Map<number, string>;
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
