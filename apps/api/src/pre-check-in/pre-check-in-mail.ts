import type { CardType } from '@hotel/domain/cards';
import type { Minor } from '@hotel/domain/money';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { enqueueMail, mailBrandingOf, renderPreCheckInReminder } from '../mail';
import { enqueueAmendmentMail } from '../manage-booking';
import type { PropertyRow } from '../property';
import { findReservationDetails, reservationLinks, type ReservationRow } from '../reservation';
import type { PreCheckInExtras } from './pre-check-in-extras';
import { findReservationById } from './pre-check-in-queries';

/**
 * The guest's e-mail when a save added extras: the amendment e-mail manage booking sends, with
 * the booking as it now stands, what it cost before and what was charged (to the card on file
 * when that is the card charged).
 */
export async function enqueueExtrasMail(
  tx: Tx,
  context: Pick<AppContext, 'config'>,
  saved: {
    property: PropertyRow;
    reservationId: number;
    extras: PreCheckInExtras;
    charged: Minor;
    card: { brand: CardType; last4: string } | null;
  },
): Promise<void> {
  const reservation = await findReservationById(tx, saved.reservationId);
  if (!reservation) return;
  await enqueueAmendmentMail(tx, context, {
    property: saved.property,
    reservation,
    details: await findReservationDetails(tx, reservation.id),
    previousTotal: saved.extras.previousDue,
    payment: { kind: saved.extras.payment.kind, amount: saved.charged },
    policy: saved.extras.payment.policy,
    card: saved.card ?? undefined,
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
