import { formatDate, type IsoDate } from '@hotel/domain/dates';
import { mailCell, mailFactsTable, type MailBranding } from './mail-layout';
import { defineMailTemplate } from './mail-template';
import { html } from './safe-html';
import { plainReference, unlinked } from './guest-text';

/** Everything the table booking confirmation shows; times "HH:mm" local to the property. */
export type TableBookingConfirmationMail = {
  property: MailBranding;
  restaurantName: string;
  bookingReference: string;
  visitDate: IsoDate;
  visitTime: string;
  partySize: number;
  /** When the table is needed later: the time the party must leave by. */
  leaveTime?: string | null;
  promotion?: { name: string; description: string } | null;
  specialRequests?: string | null;
  /** What the guest gave as their hotel reservation number or other identifier: repeated only when it is a plain reference. */
  identifier?: string | null;
};

const valueCell = `${mailCell}text-align:right;padding-left:12px;font-weight:600;`;

/** The e-mail a guest receives when a restaurant table is booked: where, when, for how many, and the reference to quote. */
export const renderTableBookingConfirmation = defineMailTemplate<TableBookingConfirmationMail>('table_booking', (booking) => {
  const date = formatDate(booking.visitDate, 'dddd Do MMMM YYYY');
  const guests = `${booking.partySize} ${booking.partySize === 1 ? 'guest' : 'guests'}`;
  const reference = plainReference(booking.identifier);
  const details: [string, string][] = [
    ['Booking reference', booking.bookingReference],
    ['Restaurant', booking.restaurantName],
    ['Date', date],
    ['Time', booking.visitTime],
    ['Party', guests],
    ...(booking.leaveTime ? [['Table until', booking.leaveTime] as [string, string]] : []),
    ...(booking.promotion ? [['Offer', booking.promotion.name] as [string, string]] : []),
    ...(reference ? [['Your reference', reference] as [string, string]] : []),
  ];
  const intro = `Thank you for booking a table at ${booking.restaurantName}. Your table is confirmed.`;
  const leaveNote = booking.leaveTime
    ? `The table is booked again later that evening, so we will need it back by ${booking.leaveTime}.`
    : undefined;
  const promotionNote = booking.promotion?.description || undefined;
  const requests = booking.specialRequests?.trim() ? unlinked(booking.specialRequests.trim()) : undefined;

  const body = html`<p style="margin:0 0 16px;">${intro}</p>
    ${mailFactsTable(details, valueCell)} ${leaveNote && html`<p style="margin:16px 0 0;">${leaveNote}</p>`}
    ${promotionNote && html`<p style="margin:16px 0 0;color:#4b5563;">${promotionNote}</p>`}
    ${
      requests &&
      html`<h2 style="margin:24px 0 8px;font-size:16px;">Your requests</h2>
        <p style="margin:0;white-space:pre-line;">${requests}</p>`
    }
    <p style="margin:24px 0 0;">Quote your booking reference if you need to change or cancel. We look forward to seeing you.</p>`;

  const text = [
    intro,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(leaveNote ? ['', leaveNote] : []),
    ...(promotionNote ? ['', promotionNote] : []),
    ...(requests ? ['', 'YOUR REQUESTS', requests] : []),
    '',
    'Quote your booking reference if you need to change or cancel. We look forward to seeing you.',
  ].join('\n');

  return {
    branding: booking.property,
    subject: `Your table at ${booking.restaurantName}: ${booking.bookingReference}`,
    heading: 'Table booking confirmation',
    preheader: `${date} at ${booking.visitTime}, ${guests}`,
    html: body,
    text,
  };
});
