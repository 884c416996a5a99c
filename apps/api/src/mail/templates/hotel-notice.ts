import { mailCell, mailFactsTable, type MailBranding } from './mail-layout';
import { defineMailTemplate, type MailKind, type RenderedMail } from './mail-template';
import { html } from './safe-html';

/** The hotel's own notices: one kind per event, so the outbox and the logs tell them apart. */
export type HotelNoticeKind = Extract<
  MailKind,
  'hotel_booking_created' | 'hotel_booking_amended' | 'hotel_booking_cancelled' | 'pre_check_in_completed' | 'hotel_table_booking'
>;

/**
 * A notice to the hotel's reservations address: what happened, then labelled facts in sections
 * (the booking, its rooms, the totals, what changed). The caller writes the facts, guest text
 * made safe (`unlinked`) and money formatted; no card number or token is ever among them.
 */
export type HotelNoticeMail = {
  property: MailBranding;
  subject: string;
  heading: string;
  intro: string;
  sections: { title: string | null; facts: [string, string][] }[];
};

const valueStyle = `${mailCell}font-weight:600;padding-left:12px;`;

const hotelNotice = (kind: HotelNoticeKind) =>
  defineMailTemplate<HotelNoticeMail>(kind, (mail) => ({
    branding: mail.property,
    subject: mail.subject,
    heading: mail.heading,
    preheader: mail.intro,
    html: html`<p style="margin:0 0 16px;">${mail.intro}</p>
      ${mail.sections.map(
        (section) =>
          html`${section.title === null ? html`` : html`<h2 style="margin:24px 0 8px;font-size:16px;">${section.title}</h2>`}
          ${mailFactsTable(section.facts, valueStyle)}`,
      )}`,
    text: [
      mail.intro,
      ...mail.sections.flatMap((section) => [
        '',
        ...(section.title === null ? [] : [section.title.toUpperCase()]),
        ...section.facts.map(([label, value]) => `${label}: ${value}`),
      ]),
    ].join('\n'),
  }));

const templates: Record<HotelNoticeKind, (mail: HotelNoticeMail) => RenderedMail> = {
  hotel_booking_created: hotelNotice('hotel_booking_created'),
  hotel_booking_amended: hotelNotice('hotel_booking_amended'),
  hotel_booking_cancelled: hotelNotice('hotel_booking_cancelled'),
  pre_check_in_completed: hotelNotice('pre_check_in_completed'),
  hotel_table_booking: hotelNotice('hotel_table_booking'),
};

export function renderHotelNotice(kind: HotelNoticeKind, mail: HotelNoticeMail): RenderedMail {
  return templates[kind](mail);
}
