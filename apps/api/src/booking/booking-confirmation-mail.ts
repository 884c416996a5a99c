import type { CardType } from '@hotel/domain/cards';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { type PropertyRow, findProperty } from '../property';
import {
  type BookedStay,
  type BookingMailBasics,
  enqueueMail,
  mailBrandingOf,
  type MailRoom,
  type OutboxMail,
  renderBookingConfirmation,
} from '../mail';
import { reservationLinks } from './reservation-links';
import { findReservationById, findReservationDetails, type ReservationRow } from './reservation-queries';

const paymentTexts: Record<string, string> = {
  PayByCard: 'Paid by card',
  PayByIndividualInvoice: 'Invoice to you',
  PayByCompanyInvoice: 'Invoice to your company',
  PayByVoucher: 'Paid by gift voucher',
  PayByPayStack: 'Paid with PayStack',
};

/** What the confirmation e-mail says of a booking, from the database or from the booking being made. */
export type ConfirmedBooking = {
  reservationId: number;
  property: PropertyRow;
  reservation: Pick<
    ReservationRow,
    | 'reservationNumber'
    | 'currency'
    | 'bookerFirstName'
    | 'bookerLastName'
    | 'bookerEmail'
    | 'dateFrom'
    | 'dateTo'
    | 'totalRooms'
    | 'totalServices'
    | 'voucherDiscount'
    | 'total'
    | 'totalVat'
    | 'vatRate'
    | 'isTaxExclusive'
    | 'paymentType'
  >;
  rooms: {
    roomTypeName: string;
    ratePlanName: string;
    adults: number;
    children: number;
    infants: number;
    roomConfigurationLabel: string | null;
    total: number;
    services: { name: string; quantity: number; total: number }[];
  }[];
  /** The card that paid, as the payments row keeps it (brand code and last four digits). */
  card: { brandCode: string | null; last4: string | null } | undefined;
};

/** What every e-mail about this booking opens with (`BookingMailBasics`). */
export function bookingMailBasics(
  context: Pick<AppContext, 'config'>,
  property: PropertyRow,
  reservation: Pick<ReservationRow, 'currency' | 'reservationNumber' | 'bookerFirstName' | 'bookerLastName' | 'dateFrom' | 'dateTo'>,
): BookingMailBasics {
  return {
    property: mailBrandingOf(property, context.config.publicUrl),
    currency: reservation.currency,
    reservationNumber: reservation.reservationNumber,
    bookerName: `${reservation.bookerFirstName} ${reservation.bookerLastName}`,
    arrival: reservation.dateFrom,
    departure: reservation.dateTo,
  };
}

/** A booked room as an e-mail names it. */
export function mailRoomOf(
  room: Pick<ConfirmedBooking['rooms'][number], 'roomTypeName' | 'ratePlanName' | 'adults' | 'children' | 'infants'>,
): MailRoom {
  return { roomType: room.roomTypeName, ratePlan: room.ratePlanName, adults: room.adults, children: room.children, infants: room.infants };
}

/** A reservation as its confirmation needs it, read back in the caller's transaction (a booking confirmed after 3-D Secure). */
export async function confirmedBookingOf(tx: Tx, reservationId: number): Promise<ConfirmedBooking> {
  const reservation = await findReservationById(tx, reservationId);
  const property = reservation && (await findProperty(tx, reservation.propertyId));
  if (!reservation || !property) throw new Error(`reservation ${reservationId} vanished inside its own transaction`);
  const details = await findReservationDetails(tx, reservationId);
  return {
    reservationId,
    property,
    reservation,
    rooms: details.rooms,
    card: details.payment && { brandCode: details.payment.brandCode, last4: details.payment.last4 },
  };
}

/** A booking's stay, rooms, extras and totals as the booking e-mails show them (`renderBookedStay`). */
export function bookedStayOf(booking: Pick<ConfirmedBooking, 'reservation' | 'rooms'>): BookedStay {
  const { reservation } = booking;
  return {
    currency: reservation.currency,
    reservationNumber: reservation.reservationNumber,
    arrival: reservation.dateFrom,
    departure: reservation.dateTo,
    rooms: booking.rooms.map((room) => ({
      ...mailRoomOf(room),
      configuration: room.roomConfigurationLabel,
      total: room.total,
    })),
    services: booking.rooms.flatMap((room) => room.services.map((s) => ({ name: s.name, quantity: s.quantity, total: s.total }))),
    totals: {
      rooms: reservation.totalRooms,
      extras: reservation.totalServices,
      giftVoucherDiscount: reservation.voucherDiscount,
      total: reservation.total,
      vat: reservation.totalVat,
      vatRate: reservation.vatRate,
      isTaxExclusive: reservation.isTaxExclusive,
    },
  };
}

/**
 * The booking confirmation e-mail, ready for the outbox. A new booking renders it from what it
 * is writing and writes it in the same statement as the reservation; the settlement of a
 * 3-D Secure payment reads the booking back with `confirmedBookingOf` (enqueueBookingConfirmation).
 */
export function bookingConfirmationMail(
  context: Pick<AppContext, 'config'>,
  booking: Omit<ConfirmedBooking, 'reservationId'>,
): Omit<OutboxMail, 'reservationId'> {
  const { property, reservation } = booking;
  const links = reservationLinks(context.config.publicUrl, context.config.linkSecret, property.code, reservation.reservationNumber);
  // card_types.code holds the domain's card type names (visa, amex, ...).
  const brand = (booking.card?.brandCode ?? null) as CardType | null;
  const mail = renderBookingConfirmation({
    ...bookingMailBasics(context, property, reservation),
    ...bookedStayOf(booking),
    paymentType: paymentTexts[reservation.paymentType] ?? reservation.paymentType,
    card: brand && booking.card?.last4 ? { brand, last4: booking.card.last4 } : null,
    manageBookingUrl: links.manageBookingUrl,
    preCheckInUrl: links.preCheckInUrl,
  });
  return { to: reservation.bookerEmail, subject: mail.subject, html: mail.html, text: mail.text, kind: mail.kind };
}

/** Writes the booking confirmation e-mail into the outbox, in the caller's transaction. */
export async function enqueueBookingConfirmation(tx: Tx, context: Pick<AppContext, 'config'>, booking: ConfirmedBooking): Promise<void> {
  await enqueueMail(tx, context.config, { ...bookingConfirmationMail(context, booking), reservationId: booking.reservationId });
}
