import type { HotelEventType } from '@hotel/domain/wire/webhook-deliveries';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import {
  type Enqueued,
  enqueueMail,
  mailBrandingOf,
  type HotelNoticeKind,
  type HotelNoticeMail,
  type OutboxMail,
  renderHotelNotice,
} from '../mail';
import { findProperty, type PropertyRow } from '../property';
import { reservationEventData, tableBookingEventData, type RecordedChange } from './hotel-event-payload';
import {
  type BookingFacts,
  findEventReservation,
  findEventTableBooking,
  findReservationChange,
  findServiceNames,
} from './hotel-event-queries';
import { type NoticedEventType, reservationNotice, tableBookingNotice } from './hotel-notice';
import { endpointWants, enqueueWebhooks } from './webhook-outbox';

type EventContext = Pick<AppContext, 'config' | 'clock'>;

/** What the hotel's PMS told the server: the hotel knows already, so these are webhooks only. */
type PmsEventType = Exclude<HotelEventType, NoticedEventType | 'table_booking.created'>;

/** A booking event: which booking, and for a change the history row that records it (its before and after). */
export type ReservationEvent = { type: NoticedEventType | PmsEventType; reservationId: number; changeId?: number | null };

type Notice = { kind: HotelNoticeKind; mail: HotelNoticeMail };

const nothing: Enqueued = { mail: false, webhooks: false };

/** Whether the property hears of this event at all: a notice to its reservations address, or an endpoint that asked for it. */
const isListening = (property: PropertyRow, type: HotelEventType, notice: boolean) =>
  (notice && Boolean(property.reservationsEmail?.trim())) || property.webhooks.some((endpoint) => endpointWants(endpoint, type));

/**
 * The two ways a hotel hears of an event, both in the caller's transaction so that an event is
 * neither lost nor told twice: the notice to its reservations address (none without one, or
 * when `notice` is null) and a webhook message to each endpoint that asked for the event.
 * Answers what was queued (the caller then nudges those dispatchers after commit).
 */
async function tellHotel(
  tx: Tx,
  context: EventContext,
  event: {
    property: PropertyRow;
    type: HotelEventType;
    data: Record<string, unknown>;
    notice: ((branding: ReturnType<typeof mailBrandingOf>) => Notice) | null;
    reservationId?: number;
    tableBookingId?: number;
  },
): Promise<Enqueued> {
  const now = context.clock.now();
  const { property } = event;
  const webhooks = (await enqueueWebhooks(tx, property, { type: event.type, timestamp: now.toISOString(), data: event.data }, now)) > 0;
  const to = property.reservationsEmail?.trim();
  if (!to || !event.notice) return { mail: false, webhooks };
  const { kind, mail } = event.notice(mailBrandingOf(property, context.config.publicUrl));
  await enqueueMail(tx, context.config, {
    to,
    ...renderHotelNotice(kind, mail),
    reservationId: event.reservationId ?? null,
    tableBookingId: event.tableBookingId ?? null,
  });
  return { mail: true, webhooks };
}

/** Events of one save about one booking, each with whether it carries the hotel's notice. */
type BookingEvents = ({ type: NoticedEventType; notice: boolean } | { type: PmsEventType; notice: false })[];

/**
 * Records a save's booking events in its transaction: the booking (and, for a change, the
 * history row) is read once for all of them, and not at all when nobody listens. `known` is the
 * booking's property when the use case holds it already.
 */
async function recordBookingEvents(
  tx: Tx,
  context: EventContext,
  booking: { reservationId: number; changeId?: number | null },
  events: BookingEvents,
  known: PropertyRow | undefined,
): Promise<Enqueued> {
  const listening = (property: PropertyRow) => events.filter((event) => isListening(property, event.type, event.notice));
  // Nobody to tell: the booking is not read again (this runs inside every booking's transaction).
  if (known && listening(known).length === 0) return nothing;
  const row = await findEventReservation(tx, booking.reservationId);
  const property = known ?? (row && (await findProperty(tx, row.propertyId)));
  const told = property ? listening(property) : [];
  if (!row || !property || told.length === 0) return nothing;
  const change: RecordedChange | undefined = booking.changeId == null ? undefined : await findReservationChange(tx, booking.changeId);
  const reservation = {
    ...row,
    serviceNames: change ? await findServiceNames(tx, property.id) : new Map<number, string>(),
  };
  let queued = nothing;
  for (const event of told) {
    const sent = await tellHotel(tx, context, {
      property,
      type: event.type,
      data: reservationEventData(property.code, reservation, change),
      notice: event.notice ? (branding) => reservationNotice(event.type, branding, { reservation, change }) : null,
      reservationId: reservation.id,
    });
    queued = { mail: queued.mail || sent.mail, webhooks: queued.webhooks || sent.webhooks };
  }
  return queued;
}

const PMS_EVENTS: readonly string[] = [
  'reservation.acknowledged',
  'reservation.checked_in',
  'reservation.checked_out',
  'reservation.no_show',
] satisfies PmsEventType[];
const isPmsEvent = (type: ReservationEvent['type']): type is PmsEventType => PMS_EVENTS.includes(type);

/**
 * Records a booking event in the use case's transaction (docs/hotel-integration.md): the hotel's
 * notice (none for what its PMS told) and the webhooks, built from the booking as it now stands and, for a change, from the
 * history row that records it. `property`: the booking's, when the caller holds it.
 */
export function recordReservationEvent(tx: Tx, context: EventContext, event: ReservationEvent, property?: PropertyRow): Promise<Enqueued> {
  const told: BookingEvents[number] = isPmsEvent(event.type) ? { type: event.type, notice: false } : { type: event.type, notice: true };
  return recordBookingEvents(tx, context, event, [told], property);
}

/**
 * A new booking's `reservation.created`, told from the booking being written when it can be:
 * the hotel's notice, for the caller to write in the booking's own statement (null when the
 * property has no reservations address), so the booking is not read back for it. Undefined
 * when an endpoint of the property asked for the event: its message names the rooms by the
 * ids the database gives them, so the caller records the event with `recordReservationEvent`
 * once the booking is written.
 */
export function newBookingNotice(
  context: EventContext,
  property: PropertyRow,
  booking: BookingFacts,
): Omit<OutboxMail, 'reservationId'> | null | undefined {
  if (property.webhooks.some((endpoint) => endpointWants(endpoint, 'reservation.created'))) return undefined;
  const to = property.reservationsEmail?.trim();
  if (!to) return null;
  const { kind, mail } = reservationNotice('reservation.created', mailBrandingOf(property, context.config.publicUrl), {
    reservation: booking,
  });
  return { to, ...renderHotelNotice(kind, mail) };
}

/**
 * A pre-check-in save's events: `reservation.prechecked_in` the first time (its notice lists what
 * the save changed, extras included), `reservation.amended` whenever it added extras (a notice
 * of its own only on a later save, so the hotel gets one e-mail per save).
 */
export function recordPreCheckInEvents(
  tx: Tx,
  context: EventContext,
  save: { reservationId: number; changeId: number | null; firstTime: boolean; addedExtras: boolean },
  property: PropertyRow,
): Promise<Enqueued> {
  const events: BookingEvents = [
    ...(save.firstTime ? [{ type: 'reservation.prechecked_in' as const, notice: true }] : []),
    ...(save.addedExtras ? [{ type: 'reservation.amended' as const, notice: !save.firstTime }] : []),
  ];
  return recordBookingEvents(tx, context, save, events, property);
}

/** Records `table_booking.created` in the booking's transaction: the hotel's notice and the webhooks. */
export async function recordTableBookingEvent(tx: Tx, context: EventContext, tableBookingId: number): Promise<Enqueued> {
  const booking = await findEventTableBooking(tx, tableBookingId);
  const property = booking && (await findProperty(tx, booking.propertyId));
  if (!booking || !property) return nothing;
  return tellHotel(tx, context, {
    property,
    type: 'table_booking.created',
    data: tableBookingEventData(property.code, booking),
    notice: (branding) => tableBookingNotice(branding, booking),
    tableBookingId,
  });
}
