import { CARD_TYPE_NAMES, type CardType } from '@hotel/domain/cards';
import { formatDate, type IsoDate } from '@hotel/domain/dates';
import { formatMoney, type Minor } from '@hotel/domain/money';
import { guestsText, type BookingMailBasics, type MailRoom } from './booking-confirmation';
import { unlinked } from './guest-text';
import { mailCell, mailFactsTable } from './mail-layout';
import { defineMailTemplate } from './mail-template';
import { html } from './safe-html';

/** What the cancellation confirmation says; money in minor units of `currency`. */
export type BookingCancellationMail = BookingMailBasics & {
  rooms: MailRoom[];
  /** The reason the guest chose, as the property words it; null when none was asked for. */
  reason: string | null;
  /** What goes back to the card, and which card; zero when nothing was paid by card. */
  refund: { amount: Minor; card: { brand: CardType; last4: string } | null };
  /** A gift voucher's part of the price, and whether it went back to the voucher (a free cancellation) or stays spent. */
  giftVoucher: { amount: Minor; returned: boolean; code: string | null };
};

const displayDate = (date: IsoDate) => formatDate(date, 'dddd Do MMMM YYYY');
const valueCell = `${mailCell}text-align:right;padding-left:12px;font-weight:600;`;

/** The e-mail a booker receives when they cancel their booking: what was cancelled, why, and what goes back to their card. */
export const renderBookingCancellation = defineMailTemplate<BookingCancellationMail>('booking_cancellation', (mail) => {
  const money = (amount: Minor) => formatMoney({ amount, currency: mail.currency });
  const { card } = mail.refund;
  const cardName = card ? `${CARD_TYPE_NAMES[card.brand]} ending ${card.last4}` : 'your card';
  const facts: [string, string][] = [
    ['Reservation number', mail.reservationNumber],
    ['Arrival', displayDate(mail.arrival)],
    ['Departure', displayDate(mail.departure)],
    ...mail.rooms.map(
      (room, index) => [`Room ${index + 1}`, `${room.roomType}, ${room.ratePlan}, ${guestsText(room)}`] as [string, string],
    ),
    ...(mail.reason ? [['Reason', mail.reason] as [string, string]] : []),
  ];
  const refund =
    mail.refund.amount > 0
      ? `${money(mail.refund.amount)} is being refunded to ${cardName}. Your bank may take a few days to show it.`
      : 'Nothing was paid by card for this booking, so there is no refund to make.';
  const { giftVoucher } = mail;
  const voucherName = giftVoucher.code ? `gift voucher ${giftVoucher.code}` : 'your gift voucher';
  const voucher =
    giftVoucher.amount <= 0
      ? undefined
      : giftVoucher.returned
        ? `The ${money(giftVoucher.amount)} paid by gift voucher has gone back to ${voucherName}: you can use it again.`
        : `The ${money(giftVoucher.amount)} paid by gift voucher stays spent and is not returned to the voucher.`;
  const contact = mail.property.telephone
    ? `If you did not ask for this, or have a question, please call us on ${mail.property.telephone}.`
    : 'If you did not ask for this, or have a question, please contact us.';
  const propertyName = mail.property.propertyName;

  const body = html`<p style="margin:0 0 12px;">Dear ${unlinked(mail.bookerName)},</p>
    <p style="margin:0 0 16px;">Your reservation at ${propertyName} has been cancelled.</p>
    ${mailFactsTable(facts, valueCell)}
    <h2 style="margin:24px 0 8px;font-size:16px;">Refund</h2>
    <p style="margin:0;">${refund}</p>
    ${voucher && html`<p style="margin:8px 0 0;">${voucher}</p>`}
    <p style="margin:24px 0 0;">${contact}</p>`;

  const text = [
    `Dear ${unlinked(mail.bookerName)},`,
    '',
    `Your reservation at ${propertyName} has been cancelled.`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    'REFUND',
    refund,
    ...(voucher ? [voucher] : []),
    '',
    contact,
  ].join('\n');

  return {
    branding: mail.property,
    subject: `Your booking at ${propertyName} is cancelled: ${mail.reservationNumber}`,
    heading: 'Booking cancelled',
    preheader: `Reservation ${mail.reservationNumber}, ${displayDate(mail.arrival)} to ${displayDate(mail.departure)}`,
    html: body,
    text,
  };
});
