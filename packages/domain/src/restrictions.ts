/**
 * Whether a search or a stay may be booked: search validity, the same-day cut-off, nightly
 * restrictions (minimum and maximum stay on arrival, minimum stay through, closed to
 * arrival/departure, stop-sell, minimum and maximum advance booking), rooms per booking, and
 * alternative stays from calendar data.
 */
import { addDays, calendarWindow, compareDates, countNights, formatDate, parseDate, zonedDateTime, type IsoDate } from './dates';
import { countText, nightsText } from './messages';
import type { Party } from './occupancy';

/** At most this many alternative stays are offered. */
export const MAX_ALTERNATIVE_STAYS = 10;

/** What a search carries, as the booking state or the search request holds it. */
export interface SearchInput {
  propertyId?: number | string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  rooms?: readonly Party[] | null;
  maxNumberOfRoomsOnBooking?: number | null;
  /** Today in the property's zone; when given, past arrivals and dates beyond the calendar window are refused. */
  today?: IsoDate;
}

/** Why a search is not possible. */
export type SearchRefusal =
  'NO_PROPERTY' | 'INVALID_DATES' | 'DEPARTURE_NOT_AFTER_ARRIVAL' | 'ARRIVAL_IN_PAST' | 'BEYOND_CALENDAR' | 'NO_ROOMS' | 'TOO_MANY_ROOMS';

/**
 * Why a search is not possible, or null (a property, two valid dates, at
 * least one room, no more rooms than MaxNumberOfRoomsOnBooking when set). Departure must
 * follow arrival, and with `today` the stay must lie in the calendar window.
 */
export function searchRefusal(input: SearchInput): SearchRefusal | null {
  if (input.propertyId == null || input.propertyId === '') return 'NO_PROPERTY';
  const from = parseDate(input.dateFrom ?? '');
  const to = parseDate(input.dateTo ?? '');
  if (from === null || to === null) return 'INVALID_DATES';
  if (compareDates(to, from) <= 0) return 'DEPARTURE_NOT_AFTER_ARRIVAL';
  if (input.today !== undefined) {
    const window = calendarWindow(input.today);
    if (compareDates(from, window.from) < 0) return 'ARRIVAL_IN_PAST';
    if (compareDates(to, window.to) > 0) return 'BEYOND_CALENDAR';
  }
  const rooms = input.rooms ?? [];
  if (rooms.length === 0) return 'NO_ROOMS';
  if (exceedsRoomsPerBooking(rooms.length, input.maxNumberOfRoomsOnBooking)) return 'TOO_MANY_ROOMS';
  return null;
}

/** True when a search may be made. */
export function isSearchPossible(input: SearchInput): boolean {
  return searchRefusal(input) === null;
}

/** True when a number of rooms is above MaxNumberOfRoomsOnBooking (no limit when unset). */
export function exceedsRoomsPerBooking(roomCount: number, max?: number | null): boolean {
  return max != null && roomCount > max;
}

/** True when one more room may be added to a booking of `roomCount` rooms. */
export function canAddRoom(roomCount: number, max?: number | null): boolean {
  return !exceedsRoomsPerBooking(roomCount + 1, max);
}

/** The booking configuration fields of the same-day cut-off. */
export interface SameDayRestriction {
  SameDayBookingRestrictionEnabled?: boolean | null;
  SameDayBookingRestrictionHour?: number | null;
  SameDayBookingRestrictionMinute?: number | null;
}

/**
 * True when booking is disabled by the same-day restriction: it is enabled, the arrival is
 * today in the property's zone, and the local time there is at or past the configured hour
 * and minute.
 */
export function isSameDayRestricted(config: SameDayRestriction, arrival: IsoDate, now: Date, timeZone: string): boolean {
  if (config.SameDayBookingRestrictionEnabled !== true) return false;
  const local = zonedDateTime(now, timeZone);
  if (parseDate(arrival) !== local.date) return false;
  const cutOff = (config.SameDayBookingRestrictionHour ?? 0) * 60 + (config.SameDayBookingRestrictionMinute ?? 0);
  return local.minutes >= cutOff;
}

/** A rate's restrictions on one night (defaults in docs/property-definition.md). */
export interface NightRestrictions {
  MinLengthOfStay?: number | null;
  /** The longest stay arriving on this night; none when unset. */
  MaxLengthOfStay?: number | null;
  /** The fewest nights of any stay that includes this night, whatever its arrival; 1 when unset. */
  MinLengthOfStayThrough?: number | null;
  /** As the arrival night: the fewest days between the property's today and the arrival. */
  MinAdvanceBookingDays?: number | null;
  /** As the arrival night: the most days between the property's today and the arrival. */
  MaxAdvanceBookingDays?: number | null;
  ClosedToArrival?: boolean | null;
  ClosedToDeparture?: boolean | null;
  StopSell?: boolean | null;
}

/** Why a rate is not open for a stay. */
export type StayRefusal =
  | 'NOT_PRICED'
  | 'STOP_SELL'
  | 'CLOSED_TO_ARRIVAL'
  | 'CLOSED_TO_DEPARTURE'
  | 'MIN_LENGTH_OF_STAY'
  | 'MIN_LENGTH_OF_STAY_THROUGH'
  | 'MAX_LENGTH_OF_STAY'
  | 'MIN_ADVANCE_BOOKING'
  | 'MAX_ADVANCE_BOOKING';

/** The minimum stay a night sets when it is the arrival night (1 when unset). */
export function minLengthOfStay(arrivalNight: NightRestrictions): number {
  return Math.max(1, arrivalNight.MinLengthOfStay ?? 1);
}

/** The fewest nights a stay over these nights must last by their minimum stay through (1 when none is set). */
export function minLengthOfStayThrough(nights: readonly (NightRestrictions | undefined)[]): number {
  return nights.reduce((most, night) => Math.max(most, night?.MinLengthOfStayThrough ?? 1), 1);
}

/**
 * Why an arrival `daysAhead` days after the property's today is refused by the arrival night's
 * advance booking window, or null when it is inside it (both bounds included).
 */
export function advanceBookingRefusal(
  arrivalNight: NightRestrictions,
  daysAhead: number,
): 'MIN_ADVANCE_BOOKING' | 'MAX_ADVANCE_BOOKING' | null {
  if (arrivalNight.MinAdvanceBookingDays != null && daysAhead < arrivalNight.MinAdvanceBookingDays) return 'MIN_ADVANCE_BOOKING';
  if (arrivalNight.MaxAdvanceBookingDays != null && daysAhead > arrivalNight.MaxAdvanceBookingDays) return 'MAX_ADVANCE_BOOKING';
  return null;
}

/**
 * Why a rate is not open for a stay, or null when it is (docs/domain-rules.md): priced every night
 * (undefined = not priced), no stop-sell, arrival not closed, the departure day (the rate's
 * entry for that date, if any) not closed to departure, length of stay >= the arrival night's
 * minimum and >= every night's minimum stay through, <= the arrival night's maximum, and, when
 * `daysAhead` (days from the property's today to the arrival) is given, the arrival inside the
 * arrival night's advance booking window.
 */
export function stayRefusal(
  nights: readonly (NightRestrictions | undefined)[],
  departureDay?: NightRestrictions,
  daysAhead?: number,
): StayRefusal | null {
  const arrivalNight = nights[0];
  if (arrivalNight === undefined || nights.some((night) => night === undefined)) return 'NOT_PRICED';
  if (nights.some((night) => night?.StopSell === true)) return 'STOP_SELL';
  if (arrivalNight.ClosedToArrival === true) return 'CLOSED_TO_ARRIVAL';
  if (departureDay?.ClosedToDeparture === true) return 'CLOSED_TO_DEPARTURE';
  if (nights.length < minLengthOfStay(arrivalNight)) return 'MIN_LENGTH_OF_STAY';
  if (nights.length < minLengthOfStayThrough(nights)) return 'MIN_LENGTH_OF_STAY_THROUGH';
  if (arrivalNight.MaxLengthOfStay != null && nights.length > arrivalNight.MaxLengthOfStay) return 'MAX_LENGTH_OF_STAY';
  return daysAhead === undefined ? null : advanceBookingRefusal(arrivalNight, daysAhead);
}

/** One of the restrictions beyond minimum stay and closed to arrival or departure, with what would work instead. */
export type RestrictionDetail =
  | { kind: 'MIN_LENGTH_OF_STAY_THROUGH'; nights: number }
  | { kind: 'MAX_LENGTH_OF_STAY'; nights: number }
  | { kind: 'MIN_ADVANCE_BOOKING'; days: number; earliestArrival: IsoDate }
  | { kind: 'MAX_ADVANCE_BOOKING'; days: number; latestArrival: IsoDate };

/**
 * What `stayRefusal` found, for the restrictions that a guest is told about with their figure
 * (the shortest or longest stay allowed, the earliest or latest arrival); null for the others.
 */
export function restrictionDetail(
  refusal: StayRefusal | null,
  nights: readonly (NightRestrictions | undefined)[],
  today: IsoDate,
): RestrictionDetail | null {
  const arrivalNight = nights[0];
  if (arrivalNight === undefined) return null;
  switch (refusal) {
    case 'MIN_LENGTH_OF_STAY_THROUGH':
      return { kind: refusal, nights: minLengthOfStayThrough(nights) };
    case 'MAX_LENGTH_OF_STAY':
      return { kind: refusal, nights: arrivalNight.MaxLengthOfStay! };
    case 'MIN_ADVANCE_BOOKING':
      return {
        kind: refusal,
        days: arrivalNight.MinAdvanceBookingDays!,
        earliestArrival: addDays(today, arrivalNight.MinAdvanceBookingDays!),
      };
    case 'MAX_ADVANCE_BOOKING':
      return {
        kind: refusal,
        days: arrivalNight.MaxAdvanceBookingDays!,
        latestArrival: addDays(today, arrivalNight.MaxAdvanceBookingDays!),
      };
    default:
      return null;
  }
}

/** What a guest is told when a rate's restriction refuses their stay, and what would work instead. */
export function restrictionMessage(ratePlanName: string, detail: RestrictionDetail): string {
  const rate = `The ${ratePlanName} rate`;
  switch (detail.kind) {
    case 'MIN_LENGTH_OF_STAY_THROUGH':
      return `${rate} needs a stay of at least ${nightsText(detail.nights)} over those dates. Please choose a longer stay.`;
    case 'MAX_LENGTH_OF_STAY':
      return `${rate} allows a stay of at most ${nightsText(detail.nights)} from that arrival date. Please choose a shorter stay.`;
    case 'MIN_ADVANCE_BOOKING':
      return `${rate} must be booked at least ${countText(detail.days, 'day', 'days')} before arrival: the earliest arrival is ${formatDate(detail.earliestArrival, 'dddd Do MMMM YYYY')}.`;
    case 'MAX_ADVANCE_BOOKING':
      return `${rate} can be booked at most ${countText(detail.days, 'day', 'days')} before arrival: the latest arrival is ${formatDate(detail.latestArrival, 'dddd Do MMMM YYYY')}.`;
  }
}

/** One night of a rate and room type, as the calendar sees it. */
export interface RateNight {
  /** The night's restrictions; undefined when the rate has no price that night. */
  restrictions: NightRestrictions | undefined;
  /** True when the room type has a unit free that night. */
  hasRoomFree: boolean;
}

/**
 * For each arrival on a run of consecutive nights, the fewest nights a stay can last with a
 * room free every night and the rate open (`stayRefusal` null), at most `maxNights`; null
 * when there is none. A stay whose departure day lies beyond the run is not considered, so a
 * run should reach `maxNights` days past the last arrival asked about. With `firstDaysAhead`
 * (days from the property's today to the run's first night), arrivals outside their advance
 * booking window are null too.
 */
export function shortestOpenStays(nights: readonly RateNight[], maxNights: number, firstDaysAhead?: number): (number | null)[] {
  // sellableRun[i]: how many consecutive nights from i are priced, not stop-sell and have a room free.
  const sellableRun = new Array<number>(nights.length + 1).fill(0);
  for (let i = nights.length - 1; i >= 0; i -= 1) {
    const night = nights[i]!;
    const sellable = night.hasRoomFree && night.restrictions !== undefined && night.restrictions.StopSell !== true;
    sellableRun[i] = sellable ? sellableRun[i + 1]! + 1 : 0;
  }
  return nights.map((night, arrival) => {
    const restrictions = night.restrictions;
    if (restrictions === undefined || restrictions.ClosedToArrival === true) return null;
    if (firstDaysAhead !== undefined && advanceBookingRefusal(restrictions, firstDaysAhead + arrival) !== null) return null;
    const longest = Math.min(sellableRun[arrival]!, maxNights, nights.length - 1 - arrival, restrictions.MaxLengthOfStay ?? maxNights);
    const fewest = minLengthOfStay(restrictions);
    // The minimum stay through of the nights so far: every night a stay covers may lengthen it.
    let through = 1;
    for (let length = 1; length <= longest; length += 1) {
      through = Math.max(through, nights[arrival + length - 1]!.restrictions?.MinLengthOfStayThrough ?? 1);
      if (length < fewest || length < through) continue;
      if (nights[arrival + length]!.restrictions?.ClosedToDeparture !== true) return length;
    }
    return null;
  });
}

/** The minimum-stay badge text, e.g. "2 night minimum". */
export function minimumStayBadge(nights: number): string {
  return `${nights} night minimum`;
}

/** One night of the availability calendar (GET /api/Availability). */
export interface CalendarNight {
  DateOfStay: string;
  AvailableRooms: number;
  Rates: readonly { MinLengthOfStay?: number | null }[];
}

/** A stay offered instead of the one searched. */
export interface AlternativeStay {
  from: IsoDate;
  to: IsoDate;
  nights: number;
}

/**
 * Up to 10 stays near the searched arrival that the calendar shows bookable: every night has
 * enough rooms and an open rate. Each lasts the searched nights, or the arrival night's
 * minimum stay when that is longer (so the searched arrival itself is offered when only
 * its minimum stay was missed). Nearest arrivals first (earlier on a tie), never before
 * `today`; returned in date order.
 */
export function alternativeStays(input: {
  calendar: readonly CalendarNight[];
  from: IsoDate;
  to: IsoDate;
  today: IsoDate;
  rooms?: number;
  limit?: number;
}): AlternativeStay[] {
  const rooms = Math.max(1, input.rooms ?? 1);
  const limit = input.limit ?? MAX_ALTERNATIVE_STAYS;
  const searchedNights = countNights(input.from, input.to);
  const byDate = new Map<IsoDate, CalendarNight>();
  for (const night of input.calendar) {
    const date = parseDate(night.DateOfStay);
    if (date !== null) byDate.set(date, night);
  }
  const isOpen = (date: IsoDate): boolean => {
    const night = byDate.get(date);
    return night !== undefined && night.AvailableRooms >= rooms && night.Rates.length > 0;
  };
  const stayFrom = (arrival: IsoDate): AlternativeStay | null => {
    const arrivalNight = byDate.get(arrival);
    if (arrivalNight === undefined || arrivalNight.Rates.length === 0) return null;
    const nights = Math.max(searchedNights, Math.min(...arrivalNight.Rates.map(minLengthOfStay)));
    for (let offset = 0; offset < nights; offset += 1) {
      if (!isOpen(addDays(arrival, offset))) return null;
    }
    return { from: arrival, to: addDays(arrival, nights), nights };
  };

  const dates = [...byDate.keys()].sort(compareDates);
  const first = dates[0];
  const last = dates[dates.length - 1];
  const found: AlternativeStay[] = [];
  if (first === undefined || last === undefined) return found;
  const reach = Math.max(Math.abs(compareDates(input.from, first)), Math.abs(compareDates(last, input.from)));
  for (let distance = 0; distance <= reach && found.length < limit; distance += 1) {
    const arrivals = distance === 0 ? [input.from] : [addDays(input.from, -distance), addDays(input.from, distance)];
    for (const arrival of arrivals) {
      if (found.length >= limit || compareDates(arrival, input.today) < 0) continue;
      const stay = stayFrom(arrival);
      // The searched stay itself is not an alternative to itself.
      if (stay !== null && !(distance === 0 && stay.nights === searchedNights)) found.push(stay);
    }
  }
  return found.sort((a, b) => compareDates(a.from, b.from));
}
