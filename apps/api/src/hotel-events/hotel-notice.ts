import { formatDate } from '@hotel/domain/dates';
import { formatMoney, type Minor } from '@hotel/domain/money';
import type { HotelEventType } from '@hotel/domain/wire/webhook-deliveries';
import type { HotelNoticeKind, HotelNoticeMail, MailBranding } from '../mail';
import { unlinked } from '../mail';
import { amountToPay, type RecordedChange } from './hotel-event-payload';
import type { BookingFacts, EventReservation, EventTableBooking } from './hotel-event-queries';

const displayDate = (date: string) => formatDate(date, 'ddd Do MMM YYYY');

/** The booking events the hotel is e-mailed about: the guest's doings, not what its own PMS told the server. */
export type NoticedEventType = Extract<
  HotelEventType,
  'reservation.created' | 'reservation.amended' | 'reservation.cancelled' | 'reservation.prechecked_in'
>;

const reservationNotices: Record<NoticedEventType, { kind: HotelNoticeKind; heading: string; subject: string; intro: string }> = {
  'reservation.created': {
    kind: 'hotel_booking_created',
    heading: 'New booking',
    subject: 'New booking',
    intro: 'A new booking was confirmed.',
  },
  'reservation.amended': {
    kind: 'hotel_booking_amended',
    heading: 'Booking amended',
    subject: 'Booking amended',
    intro: 'A booking was changed. What changed is listed below, before and after; the booking as it now stands above it.',
  },
  'reservation.cancelled': {
    kind: 'hotel_booking_cancelled',
    heading: 'Booking cancelled',
    subject: 'Booking cancelled',
    intro: 'A booking was cancelled by the guest. Its rooms and extras are back on sale.',
  },
  'reservation.prechecked_in': {
    kind: 'pre_check_in_completed',
    heading: 'Guest pre-checked-in',
    subject: 'Pre-check-in completed',
    intro: 'A guest has completed online pre-check-in. Their details are on the booking; what they changed is listed below.',
  },
};

/** A value the history recorded, as one readable line: text as it is, a list of names joined, anything else as compact JSON (amounts there are minor units). */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '(none)';
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return unlinked(value.join(', '));
  return unlinked(typeof value === 'string' ? value : JSON.stringify(value));
}

type ExtraLine = { ServiceId?: unknown; Quantity?: unknown; TotalCost?: unknown };

const isExtraLines = (value: unknown): value is ExtraLine[] =>
  Array.isArray(value) && value.every((line) => typeof line === 'object' && line !== null && 'ServiceId' in line);

/**
 * How the hotel reads a change of the history: rooms as "Room 1" (their place on the booking,
 * not the database's id) and extras by name, with their price where the history has it.
 */
function changeReader(reservation: EventReservation, money: (amount: Minor) => string) {
  const place = new Map(reservation.rooms.map((room, index) => [room.id, index + 1]));
  const field = (name: string) => name.replace(/Rooms\[(\d+)\]\.?/g, (_, id: string) => `Room ${place.get(Number(id)) ?? id} `).trim();
  const extras = (lines: ExtraLine[]) =>
    lines.length === 0
      ? '(none)'
      : lines
          .map((line) => {
            const name = reservation.serviceNames.get(Number(line.ServiceId)) ?? `extra ${String(line.ServiceId)}`;
            const price = typeof line.TotalCost === 'number' ? ` (${money(line.TotalCost)})` : '';
            return `${String(line.Quantity)} × ${name}${price}`;
          })
          .join('; ');
  const value = (shownValue: unknown) => (isExtraLines(shownValue) ? extras(shownValue) : shown(shownValue));
  return { field, value, extras };
}

const party = (room: { adults: number; children: number; infants: number }) =>
  [
    `${room.adults} adult${room.adults === 1 ? '' : 's'}`,
    room.children > 0 ? `${room.children} child${room.children === 1 ? '' : 'ren'}` : null,
    room.infants > 0 ? `${room.infants} infant${room.infants === 1 ? '' : 's'}` : null,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The hotel's notice of a booking event: the booking, the guest's contact and requests, each
 * room with its extras, the totals with their VAT, and for a change what it changed, before and
 * after. The payment is named by its type: no card number or token reaches the hotel's inbox.
 */
export function reservationNotice(
  type: NoticedEventType,
  property: MailBranding,
  told: { reservation: EventReservation; change: RecordedChange | undefined } | { reservation: BookingFacts; change?: undefined },
): { kind: HotelNoticeKind; mail: HotelNoticeMail } {
  const { reservation } = told;
  const notice = reservationNotices[type];
  const money = (amount: Minor) => formatMoney({ amount, currency: reservation.currency });
  const vatLabel = reservation.isTaxExclusive ? `VAT (${reservation.vatRate}%) added` : `Of which VAT (${reservation.vatRate}%)`;
  const sections: HotelNoticeMail['sections'] = [
    {
      title: null,
      facts: [
        ['Reservation number', reservation.reservationNumber],
        ['Arrival', displayDate(reservation.dateFrom)],
        ['Departure', displayDate(reservation.dateTo)],
        ['Booker', unlinked(`${reservation.bookerFirstName} ${reservation.bookerLastName}`)],
        ['E-mail', reservation.bookerEmail],
        ['Phone', reservation.bookerPhone],
        ...(reservation.companyName ? [['Company', unlinked(reservation.companyName)] as [string, string]] : []),
        ['Payment', reservation.paymentType],
        ['Special requests', reservation.specialRequests ? unlinked(reservation.specialRequests) : '(none)'],
      ],
    },
    {
      title: 'Rooms',
      facts: reservation.rooms.map((room, index) => [
        `Room ${index + 1}${room.status === 'cancelled' ? ' (cancelled)' : ''}`,
        [
          `${room.roomTypeName}, ${room.ratePlanName}`,
          `${displayDate(room.dateFrom)} to ${displayDate(room.dateTo)}`,
          party(room),
          money(room.total),
          ...room.extras.map((extra) => `${extra.quantity} × ${extra.name} (${money(extra.total)})`),
        ].join('; '),
      ]),
    },
    {
      title: 'Totals',
      facts: [
        ...(reservation.voucherDiscount > 0 ? [['Gift voucher', `-${money(reservation.voucherDiscount)}`] as [string, string]] : []),
        [vatLabel, money(reservation.totalVat)],
        ['Total to pay', money(amountToPay(reservation))],
      ],
    },
  ];
  // A change names rooms by the ids of the booking as read back.
  if (told.change) sections.push({ title: 'What changed', facts: changeFacts(told.change, told.reservation, money) });
  return {
    kind: notice.kind,
    mail: {
      property,
      subject: `${notice.subject}: ${reservation.reservationNumber}`,
      heading: notice.heading,
      intro: notice.intro,
      sections,
    },
  };
}

function changeFacts({ details }: RecordedChange, reservation: EventReservation, money: (amount: Minor) => string): [string, string][] {
  const read = changeReader(reservation, money);
  const facts: [string, string][] = [];
  for (const change of details.changes ?? []) {
    facts.push([read.field(change.field), `${read.value(change.old)} → ${read.value(change.new)}`]);
    const added = (change as { added?: unknown }).added;
    if (isExtraLines(added) && added.length > 0) facts.push(['Extras added', read.extras(added)]);
  }
  const { previousTotal, newTotal, payment } = details;
  if (previousTotal !== undefined && newTotal !== undefined && previousTotal !== newTotal)
    facts.push(['Total to pay', `${money(previousTotal)} → ${money(newTotal)}`]);
  if (payment && payment.kind !== 'None')
    facts.push([payment.kind === 'Refund' ? 'Refunded to the card' : 'Charged to the card', money(payment.amount)]);
  else if (previousTotal !== undefined && newTotal !== undefined && newTotal > previousTotal)
    facts.push(['To settle at the hotel', money(newTotal - previousTotal)]);
  if (details.cancellationReason) facts.push(['Reason given', unlinked(details.cancellationReason)]);
  return facts;
}

/** The hotel's notice of a new table booking: where, when, for how many, and how to reach the guest. */
export function tableBookingNotice(property: MailBranding, booking: EventTableBooking): { kind: HotelNoticeKind; mail: HotelNoticeMail } {
  return {
    kind: 'hotel_table_booking',
    mail: {
      property,
      subject: `New table booking: ${booking.bookingReference}`,
      heading: 'New table booking',
      intro: `A table was booked at ${booking.restaurantName}.`,
      sections: [
        {
          title: null,
          facts: [
            ['Booking reference', booking.bookingReference],
            ['Restaurant', booking.restaurantName],
            ['Date', displayDate(booking.visitDate)],
            ['Time', booking.visitTime.slice(0, 5)],
            ['Party', `${booking.partySize} ${booking.partySize === 1 ? 'guest' : 'guests'}`],
            ['E-mail', booking.email],
            ['Phone', booking.contactNumber],
            ['Special requests', booking.specialRequests ? unlinked(booking.specialRequests) : '(none)'],
            ...(booking.identifier ? [['Identifier given', unlinked(booking.identifier)] as [string, string]] : []),
          ],
        },
      ],
    },
  };
}
