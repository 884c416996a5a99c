import { sql, type SQL } from 'drizzle-orm';
import { paymentTypeName, type PaymentType } from '@hotel/domain/checkout';
import { vatOfTotal, type VatSettings } from '@hotel/domain/vat';
import type { ReservationCreateRequest } from '@hotel/domain/wire/reservation-create-request';
import type { ReservationRoomPayload } from '@hotel/domain/wire/reservation-rooms';
import { guests, mailOutbox, payments, reservationRooms, reservationServices, reservations } from '@hotel/db/schema';
import { type CteInsert, type Tx, runCteInserts } from '../database';
import { invalidField } from '../errors';
import type { BookingFacts } from '../hotel-events';
import { outboxRow, type OutboxMail } from '../mail';
import { movementRow, type MovementIntent } from '../payments';
import type { PropertyRow } from '../property';
import type { ConfirmedBooking } from './booking-confirmation-mail';
import { priceSnapshotOf, type PricedRoom } from './room-pricing';

const validation = (field: string, message: string) => invalidField(field, message);

export type BookingRows = ReturnType<typeof bookingRows>;

/** Everything a booking writes, as rows: the reservation, and each room with its guests and extras. */
export function bookingRows(data: {
  reservationNumber: string;
  property: PropertyRow;
  request: ReservationCreateRequest;
  rooms: PricedRoom<ReservationRoomPayload>[];
  hash: string;
  dateFrom: string;
  dateTo: string;
  paymentType: PaymentType;
  company: { id: number; accountId: string; name: string } | null;
  totals: { roomsTotal: number; servicesTotal: number; voucherDiscount: number; total: number; vat: number };
  userId: number | null;
  vatSettings: VatSettings;
  now: Date;
}) {
  const { request, property } = data;
  const booker = request.Booker;
  const values = {
    propertyId: property.id,
    reservationNumber: data.reservationNumber,
    confirmationTokenHash: data.hash,
    dateFrom: data.dateFrom,
    dateTo: data.dateTo,
    bookerFirstName: booker.FirstName.trim(),
    bookerLastName: booker.LastName.trim(),
    bookerEmail: booker.Email.trim(),
    bookerPhone: booker.Phone.trim(),
    bookerStreet: booker.Street ?? null,
    bookerCity: booker.City ?? null,
    bookerStateOrCounty: booker.StateOrCounty ?? null,
    bookerZipCode: booker.ZipCode ?? null,
    bookerCountryId: booker.CountryId ?? null,
    optInToReceiveUpdates: booker.OptInToReceiveUpdates ?? false,
    companyId: data.company?.id ?? null,
    companyAccountId: data.company?.accountId ?? null,
    companyName: data.company?.name ?? null,
    poNumber: data.company ? (request.PONumber?.trim() ?? null) : null,
    paymentType: paymentTypeName(data.paymentType),
    promoCode: request.PromoCode?.trim() || null,
    giftVoucherCode: data.totals.voucherDiscount > 0 ? (request.HopGiftVoucherCode?.trim() ?? null) : null,
    voucherDiscount: data.totals.voucherDiscount,
    totalRooms: data.totals.roomsTotal,
    totalServices: data.totals.servicesTotal,
    total: data.totals.total,
    totalVat: data.totals.vat,
    currency: property.currency,
    vatRate: property.standardVatRate,
    isTaxExclusive: property.isStandardTaxExclusive,
    specialRequests: request.Notes?.trim() || null,
    comment: request.Comment?.trim() || null,
    languageCode: request.LanguageCode,
    isAppBooking: request.IsAppBooking ?? false,
    browserData: request.BrowserData ?? null,
    userId: data.userId,
    // The injected clock, not the database's: the abandoned-payment release measures from it.
    createdAt: data.now,
    updatedAt: data.now,
  };
  const confirmedRooms: ConfirmedBooking['rooms'] = [];
  const roomRows = [];

  for (const [sortOrder, room] of data.rooms.entries()) {
    const configuration = room.roomType.configurations.find((c) => c.id === room.payload.RoomConfigurationDropdownOptionId);
    if (room.payload.RoomConfigurationDropdownOptionId != null && !configuration) {
      throw validation(`Rooms[${room.index}].RoomConfigurationDropdownOptionId`, 'Please choose one of the room configurations offered');
    }
    const row = {
      roomTypeId: room.roomType.id,
      ratePlanId: room.rate.ratePlan.id,
      roomConfigurationId: configuration?.id ?? null,
      roomConfigurationLabel: configuration?.label ?? null,
      adults: room.party.NumberOfAdults,
      children: room.party.NumberOfChildren,
      infants: room.party.NumberOfInfants,
      dateFrom: room.from,
      dateTo: room.to,
      priceComponents: priceSnapshotOf(room),
      total: room.total,
      originalTotal: room.originalTotal,
      vat: vatOfTotal(room.total, data.vatSettings),
      promotionId: room.rate.promotion?.id ?? null,
      promotionCode: room.rate.promotion?.code ?? null,
      sortOrder,
    } satisfies Omit<typeof reservationRooms.$inferInsert, 'reservationId'>;
    confirmedRooms.push({
      roomTypeName: room.roomType.name,
      ratePlanName: room.rate.ratePlan.name,
      adults: room.party.NumberOfAdults,
      children: room.party.NumberOfChildren,
      infants: room.party.NumberOfInfants,
      roomConfigurationLabel: configuration?.label ?? null,
      total: room.total,
      services: room.services.map((s) => ({ name: s.service.name, quantity: s.quantity, total: s.total })),
    });
    const lead = room.payload.LeadGuest ?? room.payload.Guests[0];
    const others = room.payload.LeadGuest ? room.payload.Guests : room.payload.Guests.slice(1);
    const roomGuests = [...(lead ? [{ guest: lead, isLead: true }] : []), ...others.map((guest) => ({ guest, isLead: false }))];
    roomRows.push({
      row,
      guests: roomGuests.map(
        ({ guest, isLead }, order) =>
          ({
            isLead,
            firstName: guest.FirstName?.trim() ?? '',
            lastName: guest.LastName?.trim() ?? '',
            email: guest.Email?.trim() || null,
            phone: guest.Phone?.trim() || null,
            street: guest.Street ?? null,
            city: guest.City ?? null,
            stateOrCounty: guest.StateOrCounty ?? null,
            zipCode: guest.ZipCode ?? null,
            countryId: guest.CountryId ?? null,
            sortOrder: order,
          }) satisfies Omit<typeof guests.$inferInsert, 'reservationRoomId'>,
      ),
      services: room.services.map(
        (s) =>
          ({
            serviceId: s.service.id,
            quantity: s.quantity,
            unitPrice: s.unitPrice,
            total: s.total,
          }) satisfies Omit<typeof reservationServices.$inferInsert, 'reservationRoomId'>,
      ),
    });
  }
  return { reservation: values, rooms: roomRows, confirmedRooms };
}

/** The booking as the hotel's notice tells it, from the rows about to be written (as `findEventReservation` reads them back). */
export function bookingFacts({ reservation, rooms, confirmedRooms }: BookingRows): BookingFacts {
  return {
    reservationNumber: reservation.reservationNumber,
    status: 'confirmed',
    dateFrom: reservation.dateFrom,
    dateTo: reservation.dateTo,
    bookerFirstName: reservation.bookerFirstName,
    bookerLastName: reservation.bookerLastName,
    bookerEmail: reservation.bookerEmail,
    bookerPhone: reservation.bookerPhone,
    companyName: reservation.companyName,
    paymentType: reservation.paymentType,
    specialRequests: reservation.specialRequests,
    total: reservation.total,
    totalVat: reservation.totalVat,
    voucherDiscount: reservation.voucherDiscount,
    currency: reservation.currency,
    vatRate: reservation.vatRate,
    isTaxExclusive: reservation.isTaxExclusive,
    rooms: rooms.map(({ row }, index) => {
      const confirmed = confirmedRooms[index]!;
      return {
        status: 'booked',
        roomTypeName: confirmed.roomTypeName,
        ratePlanName: confirmed.ratePlanName,
        dateFrom: row.dateFrom,
        dateTo: row.dateTo,
        adults: row.adults,
        children: row.children,
        infants: row.infants,
        total: row.total,
        extras: confirmed.services.map(({ name, quantity, total }) => ({ name, quantity, total })),
      };
    }),
  };
}

/** The new reservation's id, in the rows of the CTEs after `new_reservation`. */
const newReservationId = sql`(SELECT id FROM new_reservation)`;
/** One fragment per room, kept: the statement's text is cached per shape, and its fragments are rendered once. */
const newRoomIds: SQL[] = [];
function newRoomId(sortOrder: number): SQL {
  return (newRoomIds[sortOrder] ??= sql`(SELECT id FROM new_rooms WHERE sort_order = ${sortOrder})`);
}

/**
 * Writes a booking in ONE statement: the reservation, its rooms, guests and extras, the
 * payment movement it is about to make (pending, the card not called yet) or the e-mails of a
 * booking confirmed at once (the guest's confirmation, the hotel's notice), each insert a
 * data-modifying CTE that takes its reservation's (and room's) id from the one before. A round
 * trip to the database costs the API more CPU than the insert costs the database
 * (bench/REPORT.md), and this was six of them.
 * Answers the reservation's id and the movement's, when there is one.
 */
export async function writeBooking(
  tx: Tx,
  rows: BookingRows,
  extra: {
    status: Pick<typeof reservations.$inferInsert, 'status' | 'confirmedAt'>;
    movement: Omit<MovementIntent, 'reservationId'> | null;
    /** Written in this order: the guest's confirmation, then the hotel's notice. */
    mails: Omit<OutboxMail, 'reservationId'>[];
    /** `outboxKey(config)`, which seals the mail's body. */
    mailKey: Buffer;
  },
): Promise<{ reservationId: number; movementId: number | null }> {
  const guestRows = rows.rooms.flatMap((room) =>
    room.guests.map((guest) => ({ ...guest, reservationRoomId: newRoomId(room.row.sortOrder) })),
  );
  const serviceRows = rows.rooms.flatMap((room) =>
    room.services.map((service) => ({ ...service, reservationRoomId: newRoomId(room.row.sortOrder) })),
  );
  const inserts: CteInsert[] = [
    { name: 'new_reservation', table: reservations, rows: [{ ...rows.reservation, ...extra.status }], returning: { id: reservations.id } },
    {
      name: 'new_rooms',
      table: reservationRooms,
      rows: rows.rooms.map((room) => ({ ...room.row, reservationId: newReservationId })),
      returning: { id: reservationRooms.id, sortOrder: reservationRooms.sortOrder },
    },
  ];
  if (guestRows.length > 0) inserts.push({ name: 'new_guests', table: guests, rows: guestRows });
  if (serviceRows.length > 0) inserts.push({ name: 'new_services', table: reservationServices, rows: serviceRows });
  if (extra.movement)
    inserts.push({
      name: 'new_payment',
      table: payments,
      rows: [movementRow({ ...extra.movement, reservationId: newReservationId })],
      returning: { id: payments.id },
    });
  if (extra.mails.length > 0)
    inserts.push({
      name: 'new_mail',
      table: mailOutbox,
      rows: extra.mails.map((mail) => ({ ...outboxRow(mail, extra.mailKey), reservationId: newReservationId })),
    });
  const [written] = await runCteInserts<{ reservationId: number; movementId: number | null }>(
    tx,
    inserts,
    extra.movement
      ? 'SELECT r.id AS "reservationId", p.id AS "movementId" FROM new_reservation r, new_payment p'
      : 'SELECT id AS "reservationId", NULL::int AS "movementId" FROM new_reservation',
  );
  return written!;
}
