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
import { sequenceFeed } from './feed-sequencer';
import {
  findChangedReservationIds,
  findCurrentGeneration,
  findCursorGeneration,
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
    : { retired: false, generation: null, seq: 0n, since: query.updatedSince === undefined ? null : new Date(query.updatedSince) };
  if (start.retired) throw cursorRetired();
  const limit = query.limit ?? DEFAULT_FEED_LIMIT;
  const { db } = context.database;
  // Before anything is written: an unknown property is refused with nothing changed.
  const propertyId = query.propertyCode === undefined ? null : (await requireProperty(db, query.propertyCode)).id;
  // Numbers the changes committed so far, in a writing transaction of its own: it must commit
  // before the page's snapshot is taken.
  await db.transaction((tx) => sequenceFeed(tx));
  // A read-only transaction at REPEATABLE READ: the cursor's check, the page and its items are all one moment.
  return db.transaction(
    async (tx) => {
      if (start.generation !== null) await requireCursorGoodHere(tx, start.generation, start.seq);
      const changed = await findChangedReservationIds(tx, { after: start.seq, since: start.since, propertyId, limit: limit + 1 });
      const page = changed.slice(0, limit);
      const last = page.at(-1);
      return {
        Items: await feedItems(
          tx,
          page.map((row) => row.id),
        ),
        NextCursor: encodeCursor({
          generation: await findCurrentGeneration(tx),
          seq: last ? BigInt(last.seq) : start.seq,
          since: start.since,
        }),
        HasMore: changed.length > limit,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * A cursor continues only where this database's numbering agrees with the one that gave it: its
 * generation is known here, and no database it was copied into since began below its number.
 * Otherwise the client saw changes this data never had, and the numbers after its cursor now
 * belong to other changes: continuing would skip them without a word.
 */
async function requireCursorGoodHere(db: Queryable, generation: string, seq: bigint): Promise<void> {
  const known = await findCursorGeneration(db, generation, seq);
  if (!known) {
    throw resyncNeeded(
      'This cursor was given by another copy of this database: read the feed again from the start, or from updatedSince set to the time of the last change you have.',
      null,
    );
  }
  if (known.lostIn || seq > known.lastSeq) {
    const from = known.lostIn?.resyncFrom ?? null;
    throw resyncNeeded(
      `The database was restored from a backup that ends before this cursor: changes you received after ${
        from ? from.toISOString() : 'the backup'
      } may have been lost. Read the feed again from updatedSince${from ? ` ${from.toISOString()}` : ''} (or from the start) and check the bookings it answers against yours.`,
      from,
    );
  }
}

function cursorRetired(): AppError {
  return resyncNeeded(
    'This cursor is from before the feed numbered its changes: read the feed again from updatedSince set to the time of your last read, and keep the new cursor.',
    null,
  );
}

function resyncNeeded(message: string, from: Date | null): AppError {
  return new AppError('FEED_RESYNC_NEEDED', message, from ? { details: { ResyncFrom: from.toISOString() } } : {});
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
