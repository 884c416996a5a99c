import { formatDate, type IsoDate } from '@hotel/domain/dates';
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
