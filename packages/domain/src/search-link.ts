/**
 * Shareable search links: `/Book/{code}?arrive=2026-12-01&depart=2026-12-03&adults=2&children=0&rooms=1&promo=X`
 * (and the same on /BookGroup) open with the search made, for hotels' sites, metasearch and
 * e-mail campaigns. `adults`, `children` and `infants` are the party's totals, shared out over
 * `rooms` as evenly as they go (3 adults in 2 rooms: 2 and 1), each room with at least one adult.
 * A link that does not make a search a guest could make (bad or past dates, more rooms than
 * adults, too many guests) is ignored: the page opens with its empty form, without an error.
 */
import { addDays, countNights, parseDate, type IsoDate } from './dates';
import type { Party } from './occupancy';

/** What a link may ask for at most; the search itself applies the property's own limits. */
export const SEARCH_LINK_LIMITS = { rooms: 20, guestsPerKind: 100, nights: 60, yearsAhead: 10 } as const;

export type SearchLink = {
  arrive: IsoDate;
  depart: IsoDate;
  rooms: Party[];
  promo: string | null;
};

/** A whole number written plainly ("2", not "2.0", "+2" or "0x2"), or null. */
function count(text: string | null, fallback: number | null): number | null {
  if (text === null || text === '') return fallback;
  if (!/^\d{1,3}$/.test(text)) return null;
  return Number(text);
}

/** `total` shared over `rooms`, the first rooms taking one more when it does not divide evenly. */
function shareOut(total: number, rooms: number): number[] {
  return Array.from({ length: rooms }, (_, room) => Math.floor(total / rooms) + (room < total % rooms ? 1 : 0));
}

/**
 * The search a page's query string asks for, or null when it asks for none or for one that
 * cannot be made from `today` (the property's today).
 */
export function parseSearchLink(query: URLSearchParams, today: IsoDate): SearchLink | null {
  const arriveText = query.get('arrive');
  const departText = query.get('depart');
  if (arriveText === null || departText === null) return null;
  const arrive = parseDate(arriveText);
  const depart = parseDate(departText);
  if (arrive === null || depart === null || arrive < today || depart <= arrive) return null;
  if (countNights(arrive, depart) > SEARCH_LINK_LIMITS.nights) return null;
  if (arrive > addDays(today, 366 * SEARCH_LINK_LIMITS.yearsAhead)) return null;

  const rooms = count(query.get('rooms'), 1);
  const adults = count(query.get('adults'), rooms);
  const children = count(query.get('children'), 0);
  const infants = count(query.get('infants'), 0);
  if (rooms === null || adults === null || children === null || infants === null) return null;
  if (rooms < 1 || rooms > SEARCH_LINK_LIMITS.rooms || adults < rooms) return null;
  if (Math.max(adults, children, infants) > SEARCH_LINK_LIMITS.guestsPerKind) return null;

  const adultsPerRoom = shareOut(adults, rooms);
  const childrenPerRoom = shareOut(children, rooms);
  const infantsPerRoom = shareOut(infants, rooms);
  const promo = query.get('promo')?.trim() ?? '';
  return {
    arrive,
    depart,
    rooms: adultsPerRoom.map((NumberOfAdults, room) => ({
      NumberOfAdults,
      NumberOfChildren: childrenPerRoom[room]!,
      NumberOfInfants: infantsPerRoom[room]!,
    })),
    promo: promo !== '' && promo.length <= 50 ? promo : null,
  };
}

/** The query string (without "?") that `parseSearchLink` reads back as this search. */
export function searchLinkQuery(search: { arrive: IsoDate; depart: IsoDate; rooms: readonly Party[]; promo?: string | null }): string {
  const total = (pick: (party: Party) => number) => String(search.rooms.reduce((sum, party) => sum + pick(party), 0));
  const query = new URLSearchParams({
    arrive: search.arrive,
    depart: search.depart,
    adults: total((party) => party.NumberOfAdults),
    children: total((party) => party.NumberOfChildren),
    rooms: String(search.rooms.length),
  });
  const infants = total((party) => party.NumberOfInfants);
  if (infants !== '0') query.set('infants', infants);
  if (search.promo) query.set('promo', search.promo);
  return query.toString();
}
