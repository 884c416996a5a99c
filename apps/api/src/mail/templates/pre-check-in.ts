import { formatDate, type IsoDate } from '@hotel/domain/dates';
import { formatMoney, type Minor } from '@hotel/domain/money';
import { mailButton, mailCell, mailFactsTable, type MailBranding } from './mail-layout';
import { defineMailTemplate } from './mail-template';
import { html } from './safe-html';
import { unlinked } from './guest-text';

const displayDate = (date: IsoDate) => formatDate(date, 'dddd Do MMMM YYYY');

/** What the pre-check-in reminder shows: the stay and the booking's pre-check-in link. */
export type PreCheckInReminderMail = {
  property: MailBranding;
  firstName: string;
  reservationNumber: string;
  arrival: IsoDate;
  departure: IsoDate;
  preCheckInUrl: string;
};

/** The e-mail a guest receives some days before arrival, inviting them to check in online. */
export const renderPreCheckInReminder = defineMailTemplate<PreCheckInReminderMail>('pre_check_in_reminder', (mail) => {
  const propertyName = mail.property.propertyName;
  const facts: [string, string][] = [
    ['Reservation number', mail.reservationNumber],
    ['Arrival', displayDate(mail.arrival)],
    ['Departure', displayDate(mail.departure)],
  ];
  const intro = `Your stay at ${propertyName} is coming up. Save time at reception: check in online now.`;
  const body = html`<p style="margin:0 0 12px;">Dear ${unlinked(mail.firstName)},</p>
    <p style="margin:0 0 16px;">${intro}</p>
    ${mailFactsTable(facts, `${mailCell}font-weight:600;`)}
    <p style="margin:16px 0;"></p>
    ${mailButton(mail.property, 'Check in online', mail.preCheckInUrl)}`;
  const text = [
    `Dear ${unlinked(mail.firstName)},`,
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `Check in online: ${mail.preCheckInUrl}`,
  ].join('\n');
  return {
    branding: mail.property,
    subject: `Check in online for your stay at ${propertyName}`,
    heading: 'Check in online',
    preheader: `Your stay begins ${displayDate(mail.arrival)}`,
    html: body,
    text,
  };
});

/** What the hotel's notice of a completed pre-check-in shows. */
export type PreCheckInCompletedMail = {
  property: MailBranding;
  reservationNumber: string;
  bookerName: string;
  arrival: IsoDate;
  departure: IsoDate;
  guests: number;
  currency: string;
  /** Extras this save added (or raised the quantity of), each line's price in minor units as booked now. */
  extrasAdded: { name: string; quantity: number; total: Minor }[];
  /** What the guest pays more for them (minor units), and whether it was charged to the card or is settled at the hotel. */
  added: { amount: Minor; charged: boolean };
  /** The total the guest owes now, minor units. */
  newTotal: Minor;
};

/** The notice to the hotel's address that a guest completed pre-check-in: what to look at, no guest details beyond the name. */
export const renderPreCheckInCompleted = defineMailTemplate<PreCheckInCompletedMail>('pre_check_in_completed', (mail) => {
  const facts: [string, string][] = [
    ['Reservation number', mail.reservationNumber],
    ['Booker', unlinked(mail.bookerName)],
    ['Arrival', displayDate(mail.arrival)],
    ['Departure', displayDate(mail.departure)],
    ['Guests named', String(mail.guests)],
  ];
  const money = (amount: Minor) => formatMoney({ amount, currency: mail.currency });
  if (mail.extrasAdded.length > 0) {
    facts.push(
      ['Extras added', mail.extrasAdded.map((line) => `${line.quantity} × ${unlinked(line.name)} (${money(line.total)})`).join('; ')],
      [mail.added.charged ? 'Charged to card' : 'To settle at the hotel', money(mail.added.amount)],
      ['Booking total now', money(mail.newTotal)],
    );
  }
  const intro = 'A guest has completed online pre-check-in. Their details are on the booking.';
  return {
    branding: mail.property,
    subject: `Pre-check-in completed: ${mail.reservationNumber}`,
    heading: 'Guest pre-checked-in',
    preheader: intro,
    html: html`<p style="margin:0 0 16px;">${intro}</p>
      ${mailFactsTable(facts, `${mailCell}font-weight:600;`)}`,
    text: [intro, '', ...facts.map(([label, value]) => `${label}: ${value}`)].join('\n'),
  };
});
