import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  cardTypes,
  guests,
  payments,
  ratePlans,
  reservationRooms,
  reservationServices,
  reservations,
  roomTypes,
  services,
} from '@hotel/db/schema';
import type { Queryable } from '../database';

export type ReservationRow = typeof reservations.$inferSelect;

/** A property's reservation by the hash of its confirmation token. */
export async function findReservationByTokenHash(
  db: Queryable,
  propertyId: number,
  tokenHash: string,
): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.propertyId, propertyId), eq(reservations.confirmationTokenHash, tokenHash)))
    .limit(1);
  return row;
}

export async function findReservationById(db: Queryable, id: number): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
  return row;
}

/** The extras booked on these rooms, in the order they were added. */
export async function findRoomExtras(db: Queryable, roomIds: readonly number[]) {
  if (roomIds.length === 0) return [];
  return db
    .select({
      reservationRoomId: reservationServices.reservationRoomId,
      serviceId: reservationServices.serviceId,
      name: services.name,
      chargeType: services.chargeType,
      chargePerPerson: services.chargePerPerson,
      offeredFrom: services.offeredFrom,
      offeredTo: services.offeredTo,
      quantity: reservationServices.quantity,
      unitPrice: reservationServices.unitPrice,
      total: reservationServices.total,
    })
    .from(reservationServices)
    .innerJoin(services, eq(services.id, reservationServices.serviceId))
    .where(inArray(reservationServices.reservationRoomId, [...roomIds]))
    .orderBy(asc(reservationServices.id));
}

/** Everything a reservation holds: rooms with their names, guests and extras, and its latest authorisation. */
export async function findReservationDetails(db: Queryable, reservationId: number) {
  const rooms = await db
    .select({
      id: reservationRooms.id,
      roomTypeId: reservationRooms.roomTypeId,
      roomTypeName: roomTypes.name,
      ratePlanId: reservationRooms.ratePlanId,
      ratePlanName: ratePlans.name,
      policy: ratePlans.policy,
      cancellationDeadlineHours: ratePlans.cancellationDeadlineHours,
      roomConfigurationId: reservationRooms.roomConfigurationId,
      roomConfigurationLabel: reservationRooms.roomConfigurationLabel,
      adults: reservationRooms.adults,
      children: reservationRooms.children,
      infants: reservationRooms.infants,
      dateFrom: reservationRooms.dateFrom,
      dateTo: reservationRooms.dateTo,
      total: reservationRooms.total,
      originalTotal: reservationRooms.originalTotal,
      vat: reservationRooms.vat,
      promotionCode: reservationRooms.promotionCode,
      status: reservationRooms.status,
    })
    .from(reservationRooms)
    .innerJoin(roomTypes, eq(roomTypes.id, reservationRooms.roomTypeId))
    .innerJoin(ratePlans, eq(ratePlans.id, reservationRooms.ratePlanId))
    .where(eq(reservationRooms.reservationId, reservationId))
    .orderBy(asc(reservationRooms.sortOrder));
  const roomIds = rooms.map((room) => room.id);
  // One after another: this runs inside transactions, and a pg client takes one query at a time.
  const guestRows =
    roomIds.length === 0
      ? []
      : await db.select().from(guests).where(inArray(guests.reservationRoomId, roomIds)).orderBy(asc(guests.sortOrder));
  const serviceRows = await findRoomExtras(db, roomIds);
  const [payment] = await db
    .select({
      id: payments.id,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      gateway: payments.gateway,
      gatewayReference: payments.gatewayReference,
      idempotencyKey: payments.idempotencyKey,
      brand: cardTypes.name,
      brandCode: cardTypes.code,
      last4: payments.cardLast4,
      expiryMonth: payments.cardExpiryMonth,
      expiryYear: payments.cardExpiryYear,
      challengeUrl: payments.challengeUrl,
      failureReason: payments.failureReason,
    })
    .from(payments)
    .leftJoin(cardTypes, eq(cardTypes.id, payments.cardTypeId))
    // The booking's own payment: charges and refunds after it (manage booking) do not change how it was paid.
    .where(and(eq(payments.reservationId, reservationId), eq(payments.transactionType, 'authorisation')))
    .orderBy(desc(payments.id))
    .limit(1);
  return {
    rooms: rooms.map((room) => ({
      ...room,
      guests: guestRows.filter((g) => g.reservationRoomId === room.id),
      services: serviceRows.filter((s) => s.reservationRoomId === room.id),
    })),
    payment,
  };
}

export type ReservationDetails = Awaited<ReturnType<typeof findReservationDetails>>;
