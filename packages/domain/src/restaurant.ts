/**
 * Restaurant table booking: party sizes, bookable times from sittings, tables and existing
 * bookings (with leave times), time-window promotions, and the table a booking takes.
 * Times are "HH:mm" local to the property's zone on the visit date.
 */
import { compareDates, isoWeekday, zonedDateTime, type IsoDate } from './dates';
import { formatTimeOfDay, parseTimeOfDay, type MinuteOfDay } from './time-of-day';

/** A sitting: on these ISO weekdays, starts every IntervalMinutes from From to To, lasting DurationMinutes. */
export interface Sitting {
  Weekdays: readonly number[];
  From: string;
  To: string;
  IntervalMinutes: number;
  DurationMinutes: number;
}

/** A table and how many it seats. */
export interface RestaurantTable<Id> {
  id: Id;
  capacity: number;
}

/** A booking holding a table on the visit date; an end before the start is past midnight. */
export interface TableBooking<Id> {
  tableId: Id;
  start: string;
  end: string;
}

/** A restaurant promotion bound to a time window [From, To). */
export interface TimeWindowPromotion {
  From: string;
  To: string;
}

/** The table a party gets at a time, with the time it must leave when the table is needed later. */
export interface TableChoice<Id> {
  tableId: Id;
  /** "HH:mm" when the table is free for less than the sitting's duration, else null. */
  leaveTime: string | null;
}

/** A time offered to a party. */
export interface AvailableTime<Id, P> {
  time: string;
  IsLeaveTimeRequired: boolean;
  LeaveTime: string | null;
  tableId: Id;
  Promotions: P[];
}

/** Party sizes offered: MinOnlinePartySize to MaxOnlinePartySize inclusive. */
export function partySizes(min: number, max: number): number[] {
  const from = Math.max(1, Math.ceil(min));
  return Array.from({ length: Math.max(0, Math.floor(max) - from + 1) }, (_, index) => from + index);
}

/** The earlier party size when still offered, otherwise the first size (undefined when none). */
export function keepPartySize(sizes: readonly number[], previous?: number | null): number | undefined {
  return previous != null && sizes.includes(previous) ? previous : sizes[0];
}

/** The restaurant whose name matches the default restaurant's, ignoring case. */
export function findDefaultRestaurant<R extends { Name: string }>(restaurants: readonly R[], defaultName?: string | null): R | undefined {
  const wanted = defaultName?.trim().toLowerCase();
  if (wanted === undefined || wanted === '') return undefined;
  return restaurants.find((restaurant) => restaurant.Name.trim().toLowerCase() === wanted);
}

function minutesOf(time: string): MinuteOfDay {
  const minutes = parseTimeOfDay(time);
  if (minutes === null) throw new RangeError(`Not a time of day: ${time}`);
  return minutes;
}

interface Interval {
  start: MinuteOfDay;
  end: MinuteOfDay;
}

function intervalOf(booking: TableBooking<unknown>): Interval {
  const start = minutesOf(booking.start);
  const end = minutesOf(booking.end);
  return { start, end: end <= start ? end + 1440 : end };
}

/** How long a table is free from a start time: 0 when taken then, Infinity when free all evening. */
function freeMinutesFrom<Id>(tableId: Id, start: MinuteOfDay, bookings: readonly TableBooking<Id>[]): number {
  let free = Number.POSITIVE_INFINITY;
  for (const booking of bookings) {
    if (booking.tableId !== tableId) continue;
    const interval = intervalOf(booking);
    if (interval.start <= start && start < interval.end) return 0;
    if (interval.start > start) free = Math.min(free, interval.start - start);
  }
  return free;
}

/**
 * The table a party takes at a start time: the smallest table seating it that is free for the
 * whole duration; failing that, the smallest one free for at least `minimumMinutes` (half the
 * duration by default, shorter is no meal), which the party must leave when the next booking
 * begins. Null when no table will do.
 */
export function chooseTable<Id>(input: {
  tables: readonly RestaurantTable<Id>[];
  bookings: readonly TableBooking<Id>[];
  partySize: number;
  start: string;
  durationMinutes: number;
  minimumMinutes?: number;
}): TableChoice<Id> | null {
  const start = minutesOf(input.start);
  const minimum = input.minimumMinutes ?? Math.ceil(input.durationMinutes / 2);
  const fitting = input.tables
    .filter((table) => table.capacity >= input.partySize)
    .map((table, order) => ({ table, order, free: freeMinutesFrom(table.id, start, input.bookings) }))
    .sort((a, b) => a.table.capacity - b.table.capacity || a.order - b.order);
  const whole = fitting.find((candidate) => candidate.free >= input.durationMinutes);
  if (whole !== undefined) return { tableId: whole.table.id, leaveTime: null };
  const short = fitting.find((candidate) => candidate.free >= minimum && candidate.free > 0);
  return short === undefined ? null : { tableId: short.table.id, leaveTime: formatTimeOfDay(start + short.free) };
}

/** The promotions whose window [From, To) holds the time. */
export function promotionsAt<P extends TimeWindowPromotion>(promotions: readonly P[], time: string): P[] {
  const minutes = minutesOf(time);
  return promotions.filter((promotion) => minutesOf(promotion.From) <= minutes && minutes < minutesOf(promotion.To));
}

/** Sitting start times on a date, each with its sitting's duration, first sitting first. */
export function sittingStarts(sittings: readonly Sitting[], date: IsoDate): { time: string; durationMinutes: number }[] {
  const weekday = isoWeekday(date);
  const starts = new Map<MinuteOfDay, number>();
  for (const sitting of sittings) {
    if (!sitting.Weekdays.includes(weekday) || sitting.IntervalMinutes <= 0) continue;
    const last = minutesOf(sitting.To);
    for (let minute = minutesOf(sitting.From); minute <= last; minute += sitting.IntervalMinutes) {
      if (!starts.has(minute)) starts.set(minute, sitting.DurationMinutes);
    }
  }
  return [...starts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([minute, durationMinutes]) => ({ time: formatTimeOfDay(minute), durationMinutes }));
}

/** What `availableTimes` and `offeredTime` look at. */
export interface AvailableTimesInput<Id, P> {
  date: IsoDate;
  now: Date;
  timeZone: string;
  sittings: readonly Sitting[];
  tables: readonly RestaurantTable<Id>[];
  bookings: readonly TableBooking<Id>[];
  partySize: number;
  promotions?: readonly P[];
}

/**
 * The times a party can book on a date: sitting starts not already past in the property's
 * zone, at which some table seating the party is free (see `chooseTable`), with leave times
 * and the promotions of each time.
 */
export function availableTimes<Id, P extends TimeWindowPromotion>(input: AvailableTimesInput<Id, P>): AvailableTime<Id, P>[] {
  const local = zonedDateTime(input.now, input.timeZone);
  const dayOrder = compareDates(input.date, local.date);
  if (dayOrder < 0) return [];
  const times: AvailableTime<Id, P>[] = [];
  for (const { time, durationMinutes } of sittingStarts(input.sittings, input.date)) {
    if (dayOrder === 0 && minutesOf(time) <= local.minutes) continue;
    const choice = chooseTable({
      tables: input.tables,
      bookings: input.bookings,
      partySize: input.partySize,
      start: time,
      durationMinutes,
    });
    if (choice === null) continue;
    times.push({
      time,
      IsLeaveTimeRequired: choice.leaveTime !== null,
      LeaveTime: choice.leaveTime,
      tableId: choice.tableId,
      Promotions: promotionsAt(input.promotions ?? [], time),
    });
  }
  return times;
}

/** A time offered to a party, with how long the party holds its table from that time. */
export interface OfferedTime<Id, P> extends AvailableTime<Id, P> {
  /** The sitting's duration, or the minutes until the leave time. */
  minutesHeld: number;
}

/**
 * One time as `availableTimes` would offer it (same table, leave time and promotions), with
 * the minutes the party holds the table; null when that time is not offered to the party.
 */
export function offeredTime<Id, P extends TimeWindowPromotion>(
  input: AvailableTimesInput<Id, P> & { time: string },
): OfferedTime<Id, P> | null {
  const start = parseTimeOfDay(input.time);
  if (start === null) return null;
  const time = formatTimeOfDay(start);
  const offer = availableTimes(input).find((candidate) => candidate.time === time);
  const sitting = sittingStarts(input.sittings, input.date).find((candidate) => candidate.time === time);
  if (offer === undefined || sitting === undefined) return null;
  const minutesHeld = offer.LeaveTime === null ? sitting.durationMinutes : (minutesOf(offer.LeaveTime) - start + 1440) % 1440;
  return { ...offer, minutesHeld };
}

/** A booking as stored: the instants it holds its table. */
export interface HeldTable<Id> {
  tableId: Id;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Stored bookings as a visit date sees them, in "HH:mm" local to the property's zone: one
 * begun the evening before holds its table from midnight; one ending before the date or
 * starting after it is left out (a sitting running past midnight into the next day's first
 * bookings is then caught by the database's exclusion constraint when booked).
 */
export function bookingsOnDate<Id>(date: IsoDate, timeZone: string, bookings: readonly HeldTable<Id>[]): TableBooking<Id>[] {
  const seen: TableBooking<Id>[] = [];
  for (const booking of bookings) {
    const start = zonedDateTime(booking.startsAt, timeZone);
    const endAt = zonedDateTime(booking.endsAt, timeZone);
    if (compareDates(start.date, date) > 0) continue;
    const endOrder = compareDates(endAt.date, date);
    if (endOrder < 0 || (endOrder === 0 && endAt.minutes === 0)) continue;
    const fromMidnight = compareDates(start.date, date) < 0;
    // A booking held all day long reads as midnight to midnight.
    const end = fromMidnight && endOrder > 0 ? '00:00' : formatTimeOfDay(endAt.minutes);
    seen.push({ tableId: booking.tableId, start: fromMidnight ? '00:00' : formatTimeOfDay(start.minutes), end });
  }
  return seen;
}
