import { CARD_TYPE_NAMES, type CardType } from '@hotel/domain/cards';
import { formatDate } from '@hotel/domain/dates';
import { formatMoney, type Minor } from '@hotel/domain/money';
import { renderBookedStay, type BookedStay } from './booking-confirmation';
import { mailButton, type MailBranding } from './mail-layout';
import { defineMailTemplate } from './mail-template';
import { html } from './safe-html';
import { unlinked } from './guest-text';

/** What the amendment e-mail shows: the booking as it now stands and what the change moved on the card. */
export type BookingAmendmentMail = BookedStay & {
  property: MailBranding;
  bookerName: string;
  /** What the guest paid before the change (minor units, VAT added at a tax-exclusive property). */
  previousTotal: Minor;
  payment: { kind: 'Charge' | 'Refund' | 'None'; amount: Minor };
  /** The sentence of the rule that applied (why nothing was refunded, for one). */
  policy: string;
  card?: { brand: CardType; last4: string } | null;
  manageBookingUrl: string;
};

/** The e-mail a booker receives when a booking is changed: its new details and the money moved. */
export const renderBookingAmendment = defineMailTemplate<BookingAmendmentMail>('booking_amendment', (booking) => {
  const stay = renderBookedStay(booking);
  const money = (amount: Minor) => formatMoney({ amount, currency: booking.currency });
  const card = booking.card ? ` (${CARD_TYPE_NAMES[booking.card.brand]} ending ${booking.card.last4})` : '';
  const moved =
    booking.payment.kind === 'Charge'
      ? `We have charged ${money(booking.payment.amount)} to your card${card}.`
      : booking.payment.kind === 'Refund'
        ? `We have refunded ${money(booking.payment.amount)} to your card${card}. It may take a few days to reach your account.`
        : booking.policy;
  const before = `Before the change your booking cost ${money(booking.previousTotal)}; it now costs ${stay.total}.`;
  const propertyName = booking.property.propertyName;

  const body = html`<p style="margin:0 0 12px;">Dear ${unlinked(booking.bookerName)},</p>
    <p style="margin:0 0 16px;">Your booking at ${propertyName} has been changed. Here it is as it now stands.</p>
    ${stay.html}
    <h2 style="margin:24px 0 8px;font-size:16px;">Payment</h2>
    <p style="margin:0 0 8px;">${before}</p>
    <p style="margin:0 0 16px;">${moved}</p>
    ${mailButton(booking.property, 'Manage your booking', booking.manageBookingUrl)}
    <p style="margin:24px 0 0;">We look forward to welcoming you.</p>`;

  const text = [
    `Dear ${unlinked(booking.bookerName)},`,
    '',
    `Your booking at ${propertyName} has been changed. Here it is as it now stands.`,
    '',
    ...stay.text,
    'PAYMENT',
    before,
    moved,
    '',
    `Manage your booking: ${booking.manageBookingUrl}`,
    '',
    'We look forward to welcoming you.',
  ].join('\n');

  return {
    branding: booking.property,
    subject: `Your booking at ${propertyName} has been changed: ${booking.reservationNumber}`,
    heading: 'Booking changed',
    preheader: `${formatDate(booking.arrival, 'dddd Do MMMM YYYY')} to ${formatDate(booking.departure, 'dddd Do MMMM YYYY')}, reservation ${booking.reservationNumber}`,
    html: body,
    text,
  };
});
