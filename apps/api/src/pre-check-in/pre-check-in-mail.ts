import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { enqueueMail, mailBrandingOf, renderPreCheckInReminder } from '../mail';
import { enqueueAmendmentMail, findReservationDetails, reservationLinks, type PreCheckInExtras, type ReservationRow } from '../booking';
import type { PropertyRow } from '../property';
import { findReservationById } from './pre-check-in-queries';

/**
 * The guest's e-mail when a save added extras with nothing to charge (a booking not paid by card):
 * the amendment e-mail manage booking sends, with the booking as it now stands and what it cost
 * before. Extras paid by card get it from their charge's outcome.
 */
export async function enqueueAmendmentMailOf(
  tx: Tx,
  context: Pick<AppContext, 'config'>,
  saved: { property: PropertyRow; reservationId: number; extras: PreCheckInExtras },
): Promise<void> {
  const reservation = await findReservationById(tx, saved.reservationId);
  if (!reservation) return;
  await enqueueAmendmentMail(tx, context, {
    property: saved.property,
    reservation,
    details: await findReservationDetails(tx, reservation.id),
    previousTotal: saved.extras.previousDue,
    payment: { kind: saved.extras.payment.kind, amount: 0 },
    policy: saved.extras.payment.policy,
  });
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
