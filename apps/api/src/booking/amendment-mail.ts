import type { CardType } from '@hotel/domain/cards';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { enqueueMail, renderBookingAmendment } from '../mail';
import type { PropertyRow } from '../property';
import { bookedStayOf, bookingMailBasics } from './booking-confirmation-mail';
import { reservationLinks } from './reservation-links';
import type { ReservationDetails, ReservationRow } from './reservation-queries';

/**
 * Writes the amendment e-mail into the outbox, in the change's transaction: the booking as it
 * now stands (its standing rooms), what the guest paid before, and what moved on the card.
 */
export async function enqueueAmendmentMail(
  tx: Tx,
  context: Pick<AppContext, 'config'>,
  amended: {
    property: PropertyRow;
    reservation: ReservationRow;
    details: ReservationDetails;
    previousTotal: number;
    payment: { kind: 'Charge' | 'Refund' | 'None'; amount: number };
    policy: string;
    /** The card the difference went to, when not the one the booking was paid with. */
    card?: { brand: CardType; last4: string };
  },
): Promise<void> {
  const { property, reservation, details } = amended;
  const links = reservationLinks(context.config.publicUrl, context.config.linkSecret, property.code, reservation.reservationNumber);
  const rooms = details.rooms.filter((room) => room.status === 'booked');
  // card_types.code holds the domain's card type names (visa, amex, ...).
  const brand = (details.payment?.brandCode ?? null) as CardType | null;
  const mail = renderBookingAmendment({
    ...bookingMailBasics(context, property, reservation),
    ...bookedStayOf({ reservation, rooms }),
    previousTotal: amended.previousTotal,
    payment: amended.payment,
    policy: amended.policy,
    card: amended.card ?? (brand && details.payment?.last4 ? { brand, last4: details.payment.last4 } : null),
    manageBookingUrl: links.manageBookingUrl,
  });
  await enqueueMail(tx, context.config, {
    to: reservation.bookerEmail,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    kind: mail.kind,
    reservationId: reservation.id,
  });
}
