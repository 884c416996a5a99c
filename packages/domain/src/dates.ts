/**
 * Calendar dates of stays ("YYYY-MM-DD", no time, no zone) and the few questions about
 * instants the rules need ("today" and the time of day in a property's IANA zone).
 * Nothing here reads the clock: callers pass `today` or `now`.
 */

/** A calendar date in the canonical wire form "YYYY-MM-DD". */
export type IsoDate = string;

/** The display formats; the first is the default. */
export const DISPLAY_DATE_FORMATS = ['ddd Do MMM YYYY', 'dddd Do MMMM YYYY', 'dddd, D MMM YYYY', 'dddd, DD MMMM YYYY'] as const;

/** A display format. */
export type DisplayDateFormat = (typeof DISPLAY_DATE_FORMATS)[number];

/** A format `formatDate` understands: a display format, the short forms of a stay's dates, or the internal/wire forms. */
export type DateFormat = DisplayDateFormat | 'ddd D MMM' | 'ddd D MMM YYYY' | 'YYYY/MM/DD' | 'YYYY-MM-DD';

/** The internal date form the web client keeps (the API accepts it too). */
export const INTERNAL_DATE_FORMAT = 'YYYY/MM/DD' as const;

/** How far ahead the availability calendar reaches. */
export const CALENDAR_WINDOW_MONTHS = 36;

/** The zone of a property that does not name one (docs/property-definition.md). */
export const DEFAULT_TIME_ZONE = 'Europe/London';

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})([-/])(\d{2})\2(\d{2})$/;
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

interface DateParts {
  year: number;
  month: number;
  day: number;
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

function fromParts({ year, month, day }: DateParts): IsoDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function partsOf(date: IsoDate): DateParts {
  const match = DATE_PATTERN.exec(date);
  if (match === null) throw new RangeError(`Not a date: ${date}`);
  return { year: Number(match[1]), month: Number(match[3]), day: Number(match[4]) };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 of a valid date. */
function toEpochDay(date: IsoDate): number {
  const { year, month, day } = requireParts(date);
  const utc = new Date(0);
  // setUTCFullYear keeps years 0-99 literal, unlike Date.UTC.
  utc.setUTCFullYear(year, month - 1, day);
  return Math.round(utc.getTime() / DAY_MS);
}

function fromEpochDay(epochDay: number): IsoDate {
  const utc = new Date(epochDay * DAY_MS);
  return fromParts({
    year: utc.getUTCFullYear(),
    month: utc.getUTCMonth() + 1,
    day: utc.getUTCDate(),
  });
}

function requireParts(date: IsoDate): DateParts {
  const parts = partsOf(date);
  if (!isRealDate(parts)) throw new RangeError(`Not a date: ${date}`);
  return parts;
}

function isRealDate({ year, month, day }: DateParts): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * Parses "YYYY-MM-DD" or "YYYY/MM/DD" to the canonical "YYYY-MM-DD"; null for anything
 * else, including impossible dates such as 2027-02-30.
 */
export function parseDate(text: string): IsoDate | null {
  const match = DATE_PATTERN.exec(text.trim());
  if (match === null) return null;
  const parts = { year: Number(match[1]), month: Number(match[3]), day: Number(match[4]) };
  return isRealDate(parts) ? fromParts(parts) : null;
}

/** True for a real date in either accepted form. */
export function isValidDate(text: string): boolean {
  return parseDate(text) !== null;
}

/** Formats a date in one of the display forms, e.g. "Mon 1st Mar 2027" or "2027/03/01". */
export function formatDate(date: IsoDate, format: DateFormat): string {
  const { year, month, day } = requireParts(date);
  const weekday = WEEKDAY_NAMES[isoWeekday(date) - 1] ?? '';
  const monthName = MONTH_NAMES[month - 1] ?? '';
  const tokens: Record<string, string> = {
    YYYY: pad(year, 4),
    MMMM: monthName,
    MMM: monthName.slice(0, 3),
    MM: pad(month, 2),
    dddd: weekday,
    ddd: weekday.slice(0, 3),
    DD: pad(day, 2),
    Do: `${day}${ordinalSuffix(day)}`,
    D: String(day),
  };
  return format.replace(/YYYY|MMMM|MMM|MM|dddd|ddd|DD|Do|D/g, (token) => tokens[token] ?? token);
}

/** A stay's dates as a guest reads them: "Fri 4 Dec – Sun 6 Dec 2026", the year written once unless the stay spans two. */
export function stayDatesText(from: IsoDate, to: IsoDate): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${formatDate(from, sameYear ? 'ddd D MMM' : 'ddd D MMM YYYY')} – ${formatDate(to, 'ddd D MMM YYYY')}`;
}

/** The English ordinal suffix of a day of the month: st, nd, rd or th. */
export function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/** The date in the internal form "YYYY/MM/DD". */
export function toInternalDate(date: IsoDate): string {
  return formatDate(date, INTERNAL_DATE_FORMAT);
}

/** Compares two dates: negative, zero or positive like a sort comparator. */
export function compareDates(a: IsoDate, b: IsoDate): number {
  return toEpochDay(a) - toEpochDay(b);
}

/** The date a number of days later (or earlier when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** The same day a number of months later, clamped to the month's last day (Feb 29 -> Feb 28). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = requireParts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return fromParts({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

/**
 * Nights of a stay = the day difference; 1 when the dates are invalid or not in order, so a
 * price per night never divides by zero.
 */
export function countNights(from: string, to: string): number {
  const arrival = parseDate(from);
  const departure = parseDate(to);
  if (arrival === null || departure === null) return 1;
  return Math.max(1, daysBetween(arrival, departure));
}

/** Each night of a stay, from the arrival up to the day before departure. */
export function nightsOfStay(from: IsoDate, to: IsoDate): IsoDate[] {
  const first = toEpochDay(from);
  const count = toEpochDay(to) - first;
  return Array.from({ length: Math.max(0, count) }, (_, index) => fromEpochDay(first + index));
}

/** ISO weekday: 1 = Monday .. 7 = Sunday. */
export function isoWeekday(date: IsoDate): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((toEpochDay(date) + 3) % 7) + 7) % 7) + 1;
}

/** The month of a date, 1 = January .. 12 = December. */
export function monthOf(date: IsoDate): number {
  return requireParts(date).month;
}

/** True when from <= date <= to, either bound optional (open-ended). */
export function isWithin(date: IsoDate, from?: IsoDate | null, to?: IsoDate | null): boolean {
  return (from == null || compareDates(date, from) >= 0) && (to == null || compareDates(date, to) <= 0);
}

/** The availability calendar's window: today to 36 months ahead. */
export function calendarWindow(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: today, to: addMonths(today, CALENDAR_WINDOW_MONTHS) };
}

/** A date and a local time of day (minutes after midnight) in some zone. */
export interface ZonedDateTime {
  date: IsoDate;
  minutes: number;
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zonedFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zonedFormats.set(timeZone, format);
  }
  return format;
}

/** True when Intl knows the IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    zonedFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The last instant a zone in use kept an offset of seconds (Liberia, -0:44:30, until 1972). */
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1973, 0, 1);
/** Per zone, the last UTC minute asked for and its answer: every request asks "what is today there?". */
const lastMinute = new Map<string, { minute: number; value: ZonedDateTime }>();

/** The local date and time of day of an instant in an IANA zone (throws for an unknown zone). */
export function zonedDateTime(now: Date, timeZone: string): ZonedDateTime {
  // Since 1973 every zone's offset is whole minutes, so the whole UTC minute has one local minute.
  const time = now.getTime();
  const minute = Math.floor(time / 60_000);
  const cached = lastMinute.get(timeZone);
  if (cached !== undefined && cached.minute === minute && time >= WHOLE_MINUTE_OFFSETS_SINCE) return { ...cached.value };
  const parts = Object.fromEntries(
    zonedFormat(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const value = {
    date: fromParts({ year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) }),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
  lastMinute.set(timeZone, { minute, value });
  return { ...value };
}

/** "Today" in a property's zone at the given instant. */
export function todayIn(now: Date, timeZone: string): IsoDate {
  return zonedDateTime(now, timeZone).date;
}

/**
 * The instant a zone's clocks show `minutes` past midnight on `date`. A time the clocks skip
 * (spring forward) is read on the clock as it shows after the jump, an hour later; a time they
 * show twice (fall back), its second showing.
 */
export function instantAt(date: IsoDate, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const offsetAt = (instant: number) => {
    const local = zonedDateTime(new Date(instant), timeZone);
    return Date.parse(`${local.date}T00:00:00Z`) + local.minutes * 60_000 - instant;
  };
  // The offset at the first guess can differ from the offset at the answer only across a change.
  return new Date(wall - offsetAt(wall - offsetAt(wall)));
}
