import type { CardType } from '@hotel/domain/cards';
import type { AppContext } from '../app-context';
import type { Tx } from '../database/db';
import { enqueueMail } from '../mail/outbox';
import { renderBookingConfirmation } from '../mail/templates/booking-confirmation';
import { findProperty } from '../property/property-queries';
import { reservationLinks } from './reservation-links';
import { findReservationById, findReservationDetails } from './reservation-queries';

const paymentTexts: Record<string, string> = {
  PayByCard: 'Paid by card',
  PayByIndividualInvoice: 'Invoice to you',
  PayByCompanyInvoice: 'Invoice to your company',
  PayByVoucher: 'Paid by gift voucher',
  PayByPayStack: 'Paid with PayStack',
};

/** Writes the booking confirmation e-mail of a reservation into the outbox, in the caller's transaction. */
export async function enqueueBookingConfirmation(tx: Tx, context: Pick<AppContext, 'config'>, reservationId: number): Promise<void> {
  const reservation = await findReservationById(tx, reservationId);
  const property = reservation && (await findProperty(tx, reservation.propertyId));
  if (!reservation || !property) throw new Error(`reservation ${reservationId} vanished inside its own transaction`);
  const details = await findReservationDetails(tx, reservationId);
  const links = reservationLinks(context.config.publicUrl, context.config.linkSecret, property.code, reservation.reservationNumber);
  // card_types.code holds the domain's card type names (visa, amex, ...).
  const brand = (details.payment?.brandCode ?? null) as CardType | null;
  const mail = renderBookingConfirmation({
    property: {
      propertyName: property.name,
      logoUrl: property.logoFileUrl?.startsWith('/') ? `${context.config.publicUrl}${property.logoFileUrl}` : property.logoFileUrl,
      themeColour: property.theme?.BrandPrimary ?? null,
      address: property.address,
      telephone: property.telephone,
      email: property.email,
    },
    currency: reservation.currency,
    reservationNumber: reservation.reservationNumber,
    bookerName: `${reservation.bookerFirstName} ${reservation.bookerLastName}`,
    arrival: reservation.dateFrom,
    departure: reservation.dateTo,
    rooms: details.rooms.map((room) => ({
      roomType: room.roomTypeName,
      ratePlan: room.ratePlanName,
      adults: room.adults,
      children: room.children,
      infants: room.infants,
      configuration: room.roomConfigurationLabel,
      total: room.total,
    })),
    services: details.rooms.flatMap((room) => room.services.map((s) => ({ name: s.name, quantity: s.quantity, total: s.total }))),
    totals: {
      rooms: reservation.totalRooms,
      extras: reservation.totalServices,
      giftVoucherDiscount: reservation.voucherDiscount,
      total: reservation.total,
      vat: reservation.totalVat,
    },
    paymentType: paymentTexts[reservation.paymentType] ?? reservation.paymentType,
    card: brand && details.payment?.last4 ? { brand, last4: details.payment.last4 } : null,
    manageBookingUrl: links.manageBookingUrl,
    preCheckInUrl: links.preCheckInUrl,
  });
  await enqueueMail(tx, {
    to: reservation.bookerEmail,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    kind: mail.kind,
    reservationId,
  });
}
