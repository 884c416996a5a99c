import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { enqueueMail, mailBrandingOf, renderPreCheckInCompleted, renderPreCheckInReminder } from '../mail';
import type { PropertyRow } from '../property';
import { findReservationDetails, reservationLinks, type ReservationRow } from '../reservation';
import { findReservationById } from './pre-check-in-queries';

/**
 * The hotel's notice that a guest completed pre-check-in, in the save's transaction, to the
 * property's e-mail address. A property without one gets none. Answers whether one was queued.
 */
export async function enqueuePreCheckedInNotice(
  tx: Tx,
  context: Pick<AppContext, 'config'>,
  property: PropertyRow,
  reservationId: number,
): Promise<boolean> {
  const to = property.email?.trim();
  const reservation = await findReservationById(tx, reservationId);
  if (!to || !reservation) return false;
  const details = await findReservationDetails(tx, reservationId);
  const mail = renderPreCheckInCompleted({
    property: mailBrandingOf(property, context.config.publicUrl),
    reservationNumber: reservation.reservationNumber,
    bookerName: `${reservation.bookerFirstName} ${reservation.bookerLastName}`,
    arrival: reservation.dateFrom,
    departure: reservation.dateTo,
    guests: details.rooms.filter((room) => room.status === 'booked').reduce((sum, room) => sum + room.guests.length, 0),
  });
  await enqueueMail(tx, context.config, { to, ...mail, reservationId });
  return true;
}

/** The guest's reminder to check in online, with the booking's pre-check-in link, in the caller's transaction. */
export async function enqueuePreCheckInReminder(
  tx: Tx,
  context: Pick<AppContext, 'config'>,
  property: PropertyRow,
  reservation: ReservationRow,
): Promise<void> {
  const links = reservationLinks(context.config.publicUrl, context.config.linkSecret, property.code, reservation.reservationNumber);
  const mail = renderPreCheckInReminder({
    property: mailBrandingOf(property, context.config.publicUrl),
    firstName: reservation.bookerFirstName,
    reservationNumber: reservation.reservationNumber,
    arrival: reservation.dateFrom,
    departure: reservation.dateTo,
    preCheckInUrl: links.preCheckInUrl,
  });
  await enqueueMail(tx, context.config, { to: reservation.bookerEmail, ...mail, reservationId: reservation.id });
}
