import { zonedDateTime } from '@hotel/domain/dates';
import { formatTimeOfDay } from '@hotel/domain/time-of-day';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { enqueueMail, mailBrandingOf, renderTableBookingConfirmation } from '../mail';
import type { PropertyRow } from '../property';
import { findTableBookingForMail } from './restaurant-queries';

/** Writes the confirmation e-mail of a table booking into the outbox, in the caller's transaction. */
export async function enqueueTableBookingConfirmation(
  tx: Tx,
  context: Pick<AppContext, 'config'>,
  property: PropertyRow,
  tableBookingId: number,
): Promise<void> {
  const booking = await findTableBookingForMail(tx, tableBookingId);
  if (!booking) throw new Error(`table booking ${tableBookingId} vanished inside its own transaction`);
  const mail = renderTableBookingConfirmation({
    property: mailBrandingOf(property, context.config.publicUrl),
    restaurantName: booking.restaurantName,
    bookingReference: booking.bookingReference,
    visitDate: booking.visitDate,
    visitTime: booking.visitTime,
    partySize: booking.partySize,
    leaveTime: booking.isLeaveTimeRequired ? formatTimeOfDay(zonedDateTime(booking.endsAt, property.timeZone).minutes) : null,
    promotion: booking.promotionName ? { name: booking.promotionName, description: booking.promotionDescription ?? '' } : null,
    specialRequests: booking.specialRequests,
    identifier: booking.identifier,
  });
  await enqueueMail(tx, context.config, {
    to: booking.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    kind: mail.kind,
    tableBookingId,
  });
}
