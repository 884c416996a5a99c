import { CARD_TYPE_NAMES, type CardType } from '@hotel/domain/cards';
import { countNights, formatDate, type IsoDate } from '@hotel/domain/dates';
import { formatMoney, type Minor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import { mailButton, mailCell as cell, mailFactsTable, type MailBranding } from './mail-layout';
import { defineMailTemplate } from './mail-template';
import { html, type SafeHtml } from './safe-html';
import { unlinked } from './guest-text';

/** What every e-mail about a booking opens with: who sends it, the booking and its stay. */
export type BookingMailBasics = {
  property: MailBranding;
  currency: string;
  reservationNumber: string;
  bookerName: string;
  arrival: IsoDate;
  departure: IsoDate;
};

/** A booked room as an e-mail names it. */
export type MailRoom = { roomType: string; ratePlan: string; adults: number; children: number; infants: number };

/** Everything the booking confirmation shows; money in minor units of `currency`, dates as stay dates. */
export type BookingConfirmationMail = BookingMailBasics & {
  rooms: (MailRoom & {
    /** The bed configuration chosen, e.g. "Twin beds". */
    configuration?: string | null;
    total: Minor;
  })[];
  services: { name: string; quantity: number; total: Minor }[];
  /**
   * `total` is rooms + extras - gift voucher in the hotel's prices, `vat` its tax at `vatRate`
   * percent: added on top of it when `isTaxExclusive` (the guest pays both), inside it otherwise.
   */
  totals: { rooms: Minor; extras: Minor; giftVoucherDiscount: Minor; total: Minor; vat: Minor; vatRate: number; isTaxExclusive: boolean };
  /** How the booking is paid, as the guest should read it ("Paid by card", "Invoice to your company"). */
  paymentType: string;
  card?: { brand: CardType; last4: string } | null;
  manageBookingUrl: string;
  preCheckInUrl: string;
};

const displayDate = (date: IsoDate) => formatDate(date, 'dddd Do MMMM YYYY');

function counted(count: number, one: string, many: string): string | undefined {
  return count > 0 ? `${count} ${count === 1 ? one : many}` : undefined;
}

/** "2 adults, 1 child, 1 infant". */
export function guestsText(room: { adults: number; children: number; infants: number }): string {
  return [counted(room.adults, 'adult', 'adults'), counted(room.children, 'child', 'children'), counted(room.infants, 'infant', 'infants')]
    .filter(Boolean)
    .join(', ');
}

const amountCell = `${cell}text-align:right;white-space:nowrap;padding-left:12px;`;
const sectionHeading = 'margin:24px 0 8px;font-size:16px;';

/** What a booking holds, as the confirmation and the amendment e-mails show it. */
export type BookedStay = Pick<
  BookingConfirmationMail,
  'currency' | 'reservationNumber' | 'arrival' | 'departure' | 'rooms' | 'services' | 'totals'
>;

/** The stay's facts, rooms, extras and totals, in HTML and as plain-text lines. */
export function renderBookedStay(booking: BookedStay): { html: SafeHtml; text: string[]; total: string } {
  const money = (amount: Minor) => formatMoney({ amount, currency: booking.currency });
  const nights = countNights(booking.arrival, booking.departure);
  const stay = [
    ['Reservation number', booking.reservationNumber],
    ['Arrival', displayDate(booking.arrival)],
    ['Departure', displayDate(booking.departure)],
    ['Nights', String(nights)],
  ] as const;
  const rooms = booking.rooms.map((room, index) => ({
    title: `Room ${index + 1}: ${room.roomType}`,
    details: [room.ratePlan, guestsText(room), room.configuration ?? undefined].filter((line): line is string => Boolean(line)),
    total: money(room.total),
  }));
  const services = booking.services.map((service) => ({ label: `${service.name} x ${service.quantity}`, total: money(service.total) }));
  const { isTaxExclusive, vatRate } = booking.totals;
  const totals: [string, string][] = [
    ['Rooms', money(booking.totals.rooms)],
    ...(booking.totals.extras > 0 ? [['Extras', money(booking.totals.extras)] as [string, string]] : []),
    ...(booking.totals.giftVoucherDiscount > 0
      ? [['Gift voucher', `-${money(booking.totals.giftVoucherDiscount)}`] as [string, string]]
      : []),
    // Tax-exclusive prices: the VAT is a line of its own, added into the total the guest pays.
    ...(isTaxExclusive ? [[`VAT (${vatRate}%)`, money(booking.totals.vat)] as [string, string]] : []),
  ];
  const total = money(totalToPay(booking.totals.total, booking.totals.vat, isTaxExclusive));
  const vatIncluded = isTaxExclusive ? undefined : money(booking.totals.vat);

  const markup = html`${mailFactsTable(stay, `${amountCell}font-weight:600;`)}
    <h2 style="${sectionHeading}">Your rooms</h2>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0">
      ${rooms.map(
        (room) =>
          html`<tr>
            <td style="${cell}">
              <strong>${room.title}</strong>${room.details.map((line) => html`<br /><span style="color:#4b5563;">${line}</span>`)}
            </td>
            <td style="${amountCell}">${room.total}</td>
          </tr>`,
      )}
    </table>
    ${
      services.length > 0 &&
      html`<h2 style="${sectionHeading}">Extras</h2>
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0">
          ${services.map(
            (service) =>
              html`<tr>
                <td style="${cell}">${service.label}</td>
                <td style="${amountCell}">${service.total}</td>
              </tr>`,
          )}
        </table>`
    }
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:16px;border-top:1px solid #e5e7eb;">
      ${totals.map(
        ([label, value]) =>
          html`<tr>
            <td style="${cell}">${label}</td>
            <td style="${amountCell}">${value}</td>
          </tr>`,
      )}
      <tr>
        <td style="${cell}font-size:17px;font-weight:700;">Total</td>
        <td style="${amountCell}font-size:17px;font-weight:700;">${total}</td>
      </tr>
      ${
        vatIncluded !== undefined &&
        html`<tr>
          <td style="${cell}color:#6b7280;">Of which VAT</td>
          <td style="${amountCell}color:#6b7280;">${vatIncluded}</td>
        </tr>`
      }
    </table>`;
  const text = [
    ...stay.map(([label, value]) => `${label}: ${value}`),
    '',
    'YOUR ROOMS',
    ...rooms.flatMap((room) => [`${room.title}: ${room.total}`, ...room.details.map((line) => `  ${line}`)]),
    ...(services.length > 0 ? ['', 'EXTRAS', ...services.map((service) => `${service.label}: ${service.total}`)] : []),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    `Total: ${total}`,
    ...(vatIncluded !== undefined ? [`Of which VAT: ${vatIncluded}`] : []),
    '',
  ];
  return { html: markup, text, total };
}

/** The e-mail a booker receives when a reservation is made: what was booked, what it costs, how it is paid, and the links to manage it. */
export const renderBookingConfirmation = defineMailTemplate<BookingConfirmationMail>('booking_confirmation', (booking) => {
  const stay = renderBookedStay(booking);
  const card = booking.card ? `${CARD_TYPE_NAMES[booking.card.brand]} ending ${booking.card.last4}` : undefined;
  const propertyName = booking.property.propertyName;

  const body = html`<p style="margin:0 0 12px;">Dear ${unlinked(booking.bookerName)},</p>
    <p style="margin:0 0 16px;">Thank you for booking with ${propertyName}. Your reservation is confirmed.</p>
    ${stay.html}
    <h2 style="${sectionHeading}">Payment</h2>
    <p style="margin:0;">${booking.paymentType}${card && html`<br /><span style="color:#4b5563;">${card}</span>`}</p>
    <h2 style="${sectionHeading}">Before you arrive</h2>
    <p style="margin:0 0 8px;">Change or cancel your booking, or add extras:</p>
    ${mailButton(booking.property, 'Manage your booking', booking.manageBookingUrl)}
    <p style="margin:16px 0 8px;">Save time at the desk by checking in online:</p>
    ${mailButton(booking.property, 'Pre check-in', booking.preCheckInUrl)}
    <p style="margin:24px 0 0;">We look forward to welcoming you.</p>`;

  const text = [
    `Dear ${unlinked(booking.bookerName)},`,
    '',
    `Thank you for booking with ${propertyName}. Your reservation is confirmed.`,
    '',
    ...stay.text,
    'PAYMENT',
    booking.paymentType,
    ...(card ? [card] : []),
    '',
    `Manage your booking: ${booking.manageBookingUrl}`,
    `Pre check-in: ${booking.preCheckInUrl}`,
    '',
    'We look forward to welcoming you.',
  ].join('\n');

  return {
    branding: booking.property,
    subject: `Your booking at ${propertyName}: ${booking.reservationNumber}`,
    heading: 'Booking confirmation',
    preheader: `${displayDate(booking.arrival)} to ${displayDate(booking.departure)}, reservation ${booking.reservationNumber}`,
    html: body,
    text,
  };
});
