import { parseDate } from '@hotel/domain/dates';
import type {
  ArrivalsResponse,
  FeedReservation,
  ReservationsFeedQuery,
  ReservationsFeedResponse,
} from '@hotel/domain/wire/reservations-feed';
import type { AppContext } from '../app-context';
import type { Queryable } from '../database';
import { AppError, invalidField } from '../errors';
import { requireProperty } from '../property';
import { decodeCursor, encodeCursor, type FeedCursor } from './feed-cursor';
import {
  findChangedReservationIds,
  findFeedReservations,
  findReservationIdByNumber,
  findBookingsAround,
} from './reservations-feed-queries';
import { toArrivalsLines, toFeedReservations } from './reservations-feed-response';

export const DEFAULT_FEED_LIMIT = 100;

type Context = Pick<AppContext, 'database'>;

async function feedItems(db: Queryable, ids: readonly number[]): Promise<FeedReservation[]> {
  return toFeedReservations(await findFeedReservations(db, ids), ids);
}

/**
 * GET /api/Admin/Reservations: the bookings created or changed after the cursor (or since
 * `updatedSince`), oldest change first. A booking changed again later comes again later.
 */
export async function reservationsFeed(context: Context, query: ReservationsFeedQuery): Promise<ReservationsFeedResponse> {
  if (query.cursor !== undefined && query.updatedSince !== undefined) {
    throw invalidField(
      'updatedSince',
      'Send updatedSince to start a feed or cursor to continue one, not both: the cursor remembers where it started',
    );
  }
  const start: FeedCursor = query.cursor
    ? decodeCursor(query.cursor)
    : { position: null, since: query.updatedSince === undefined ? null : new Date(query.updatedSince) };
  const limit = query.limit ?? DEFAULT_FEED_LIMIT;
  // A read-only transaction at REPEATABLE READ: the page, its items and the snapshot deciding
  // which changes are settled are all one moment.
  return context.database.db.transaction(
    async (tx) => {
      const propertyId = query.propertyCode === undefined ? null : (await requireProperty(tx, query.propertyCode)).id;
      const changed = await findChangedReservationIds(tx, { after: start.position, since: start.since, propertyId, limit: limit + 1 });
      const page = changed.slice(0, limit);
      const last = page.at(-1);
      return {
        Items: await feedItems(
          tx,
          page.map((row) => row.id),
        ),
        NextCursor: encodeCursor({ position: last ? { xid: last.xid, id: last.id } : start.position, since: start.since }),
        HasMore: changed.length > limit,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * GET /api/Admin/Reservations/{reservationNumber}: one booking as the feed shows it. A key of
 * `onlyPropertyId` hears of another property's booking what it would of no booking at all.
 */
export async function feedReservation(context: Context, reservationNumber: string, onlyPropertyId?: number): Promise<FeedReservation> {
  const { db } = context.database;
  const id = await findReservationIdByNumber(db, reservationNumber, onlyPropertyId);
  const [item] = id === undefined ? [] : await feedItems(db, [id]);
  if (!item) throw new AppError('NOT_FOUND', `There is no booking ${reservationNumber}. Check the reservation number.`);
  return item;
}

/** GET /api/Admin/Arrivals: the rooms of a property arriving, leaving and staying over on a date. */
export async function arrivalsOn(context: Context, propertyCode: string, dateText: string): Promise<ArrivalsResponse> {
  const date = parseDate(dateText);
  if (!date) throw invalidField('date', 'date must be a date, such as 2026-12-01');
  const { db } = context.database;
  const property = await requireProperty(db, propertyCode);
  const items = await feedItems(db, await findBookingsAround(db, property.id, date));
  items.sort((a, b) => a.ReservationNumber.localeCompare(b.ReservationNumber));
  return {
    PropertyCode: property.code,
    Date: date,
    Arrivals: toArrivalsLines(items, (room) => room.DateFrom === date),
    Departures: toArrivalsLines(items, (room) => room.DateTo === date),
    InHouse: toArrivalsLines(items, (room) => room.DateFrom < date && room.DateTo > date),
  };
}
