/**
 * The property-group search's rules that need no database: why a property cannot sell a stay
 * (and how to say it to the guest), which alternative stays to try, and the order the
 * properties are shown in (docs/property-group-search.md).
 */
import { addDays, formatDate, type IsoDate } from './dates';
import type { Minor } from './money';
import { nightsText } from './messages';
import type { RestrictionDetail, StayRefusal } from './restrictions';
import type { GroupBlockReason } from './wire/property-group';

/** How far either side of the searched arrival alternative stays are looked for. */
export const ALTERNATIVE_DATES_WINDOW_DAYS = 14;

/** At most this many alternative stays are offered per property. */
export const MAX_GROUP_ALTERNATIVES = 3;

export type GroupBlock = { Reason: GroupBlockReason; Message: string };

const displayDate = (date: IsoDate) => formatDate(date, 'dddd Do MMMM YYYY');

/**
 * Of the restrictions that closed rates of room types with a unit free, the one to tell the
 * guest: a minimum stay first (a longer stay would sell), then a closed arrival, then a closed
 * departure, then a minimum stay through, a maximum stay or an advance booking window (with
 * what would work). Null when none did (the rooms are simply gone or stop-sold: sold out).
 */
export function restrictionBlock(
  closedRates: readonly { refusal: StayRefusal; minLengthOfStay: number; detail?: RestrictionDetail | null }[],
  stay: { from: IsoDate; to: IsoDate },
): GroupBlock | null {
  const minimums = closedRates.filter((rate) => rate.refusal === 'MIN_LENGTH_OF_STAY').map((rate) => rate.minLengthOfStay);
  if (minimums.length > 0) {
    const nights = Math.min(...minimums);
    return {
      Reason: 'MinimumStay',
      Message: `Stays arriving on ${displayDate(stay.from)} must be at least ${nightsText(nights)}.`,
    };
  }
  if (closedRates.some((rate) => rate.refusal === 'CLOSED_TO_ARRIVAL'))
    return { Reason: 'ClosedToArrival', Message: `Arrivals are not possible on ${displayDate(stay.from)}.` };
  if (closedRates.some((rate) => rate.refusal === 'CLOSED_TO_DEPARTURE'))
    return { Reason: 'ClosedToDeparture', Message: `Departures are not possible on ${displayDate(stay.to)}.` };
  const detail = closedRates.find((rate) => rate.detail)?.detail;
  return detail ? detailBlock(detail, stay) : null;
}

function detailBlock(detail: RestrictionDetail, stay: { from: IsoDate }): GroupBlock {
  switch (detail.kind) {
    case 'MIN_LENGTH_OF_STAY_THROUGH':
      return { Reason: 'MinimumStayThrough', Message: `Stays over these dates must be at least ${nightsText(detail.nights)}.` };
    case 'MAX_LENGTH_OF_STAY':
      return { Reason: 'MaximumStay', Message: `Stays arriving on ${displayDate(stay.from)} may be at most ${nightsText(detail.nights)}.` };
    case 'MIN_ADVANCE_BOOKING':
      return {
        Reason: 'MinimumAdvanceBooking',
        Message: `The earliest arrival that can be booked now is ${displayDate(detail.earliestArrival)}.`,
      };
    case 'MAX_ADVANCE_BOOKING':
      return {
        Reason: 'MaximumAdvanceBooking',
        Message: `The latest arrival that can be booked now is ${displayDate(detail.latestArrival)}.`,
      };
  }
}

export function soldOutBlock(rooms: number): GroupBlock {
  return {
    Reason: 'SoldOut',
    Message: rooms === 1 ? 'No rooms are left for these dates.' : `There are not ${rooms} rooms left for these dates.`,
  };
}

export function partyDoesNotFitBlock(room: number): GroupBlock {
  return { Reason: 'PartyDoesNotFit', Message: `No room here takes the guests of room ${room}. Try splitting them over more rooms.` };
}

export function notBookableBlock(message: string): GroupBlock {
  return { Reason: 'NotBookable', Message: message };
}

/**
 * The arrivals to try instead of `from` for a stay of the same length, nearest first (the
 * earlier of two equally near), within ALTERNATIVE_DATES_WINDOW_DAYS and between `first` (today)
 * and `lastDeparture` (the end of the sellable calendar).
 */
export function alternativeArrivals(from: IsoDate, nights: number, first: IsoDate, lastDeparture: IsoDate): IsoDate[] {
  const arrivals: IsoDate[] = [];
  for (let distance = 1; distance <= ALTERNATIVE_DATES_WINDOW_DAYS; distance += 1) {
    for (const arrival of [addDays(from, -distance), addDays(from, distance)]) {
      if (arrival >= first && addDays(arrival, nights) <= lastDeparture) arrivals.push(arrival);
    }
  }
  return arrivals;
}

/** What ordering needs of a group search result. */
export interface RankedResult {
  PropertyName: string;
  CanSell: boolean;
  /** The whole stay in the property's currency, when it can sell. */
  total: Minor | null;
  currency: string;
  /** The whole stay in the display currency, when one was asked and the price converts. */
  converted: Minor | null;
}

/**
 * The group search's order: properties that can sell first, then the rest by name. Among those
 * that sell, prices are compared only where they share a currency: converted prices first,
 * cheapest first; then those not converted, grouped by currency in `currencies` order (the
 * group's), cheapest first within one. Equal prices go by name.
 */
export function compareGroupResults(currencies: readonly string[]) {
  const byName = (a: RankedResult, b: RankedResult) => a.PropertyName.localeCompare(b.PropertyName, 'en');
  return (a: RankedResult, b: RankedResult): number => {
    if (a.CanSell !== b.CanSell) return a.CanSell ? -1 : 1;
    if (!a.CanSell) return byName(a, b);
    if ((a.converted === null) !== (b.converted === null)) return a.converted !== null ? -1 : 1;
    if (a.converted !== null && b.converted !== null) return a.converted - b.converted || byName(a, b);
    if (a.currency !== b.currency) return currencies.indexOf(a.currency) - currencies.indexOf(b.currency);
    return a.total! - b.total! || byName(a, b);
  };
}
