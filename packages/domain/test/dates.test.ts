import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  calendarWindow,
  compareDates,
  countNights,
  daysBetween,
  DISPLAY_DATE_FORMATS,
  formatDate,
  isoWeekday,
  isValidDate,
  isValidTimeZone,
  isWithin,
  monthOf,
  nightsOfStay,
  ordinalSuffix,
  parseDate,
  todayIn,
  toInternalDate,
  zonedDateTime,
} from '../src/dates';
import { formatTimeOfDay, isValidTimeOfDay, parseTimeOfDay } from '../src/time-of-day';

describe('parseDate: YYYY-MM-DD and YYYY/MM/DD, impossible dates rejected', () => {
  it.each([
    ['2027-03-01', '2027-03-01'],
    ['2027/03/01', '2027-03-01'],
    [' 2028-02-29 ', '2028-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['2027-02-30', null],
    ['2027-02-29', null],
    ['1900-02-29', null],
    ['2027-13-01', null],
    ['2027-00-10', null],
    ['2027-04-31', null],
    ['0000-01-01', null],
    ['2027-03/01', null],
    ['27-03-01', null],
    ['2027-3-1', null],
    ['', null],
    ['not a date', null],
  ])('parseDate(%j) = %j', (text, expected) => {
    expect(parseDate(text)).toBe(expected);
    expect(isValidDate(text)).toBe(expected !== null);
  });
});

describe('formatDate: the display formats', () => {
  it.each([
    ['2027-03-01', 'ddd Do MMM YYYY', 'Mon 1st Mar 2027'],
    ['2027-03-01', 'dddd Do MMMM YYYY', 'Monday 1st March 2027'],
    ['2027-03-01', 'dddd, D MMM YYYY', 'Monday, 1 Mar 2027'],
    ['2027-03-01', 'dddd, DD MMMM YYYY', 'Monday, 01 March 2027'],
    ['2027-12-22', 'ddd Do MMM YYYY', 'Wed 22nd Dec 2027'],
    ['2027-05-23', 'ddd Do MMM YYYY', 'Sun 23rd May 2027'],
    ['2027-05-13', 'dddd Do MMMM YYYY', 'Thursday 13th May 2027'],
    ['2027/09/11', 'YYYY/MM/DD', '2027/09/11'],
    ['2027/09/11', 'YYYY-MM-DD', '2027-09-11'],
  ] as const)('formatDate(%s, %s) = %s', (date, format, expected) => {
    expect(formatDate(date, format)).toBe(expected);
  });

  it('lists the default format first and the internal form is YYYY/MM/DD', () => {
    expect(DISPLAY_DATE_FORMATS[0]).toBe('ddd Do MMM YYYY');
    expect(toInternalDate('2027-01-05')).toBe('2027/01/05');
    expect(() => formatDate('2027-02-30', 'YYYY-MM-DD')).toThrow(RangeError);
  });

  it.each([
    [1, 'st'],
    [2, 'nd'],
    [3, 'rd'],
    [4, 'th'],
    [11, 'th'],
    [12, 'th'],
    [13, 'th'],
    [21, 'st'],
    [22, 'nd'],
    [23, 'rd'],
    [30, 'th'],
    [31, 'st'],
  ])('ordinalSuffix(%s) = %s', (day, suffix) => {
    expect(ordinalSuffix(day)).toBe(suffix);
  });
});

describe('nights', () => {
  it.each([
    ['2027-03-01', '2027-03-04', 3],
    ['2027/03/01', '2027-03-02', 1],
    ['2027-02-27', '2027-03-02', 3],
    ['2028-02-27', '2028-03-02', 4],
    // "minimum 1 when dates are invalid"
    ['2027-03-04', '2027-03-01', 1],
    ['2027-03-01', '2027-03-01', 1],
    ['2027-02-30', '2027-03-04', 1],
    ['', '2027-03-04', 1],
  ])('countNights(%s, %s) = %s', (from, to, nights) => {
    expect(countNights(from, to)).toBe(nights);
  });

  it('lists each night from arrival to the day before departure', () => {
    expect(nightsOfStay('2027-12-30', '2028-01-02')).toEqual(['2027-12-30', '2027-12-31', '2028-01-01']);
    expect(nightsOfStay('2027-12-30', '2027-12-30')).toEqual([]);
    expect(nightsOfStay('2027-12-30', '2027-12-01')).toEqual([]);
  });

  it('has as many nights as the day difference, each one day after the last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 1, max: 400 }), (offset, length) => {
        const from = addDays('1990-01-01', offset);
        const to = addDays(from, length);
        const nights = nightsOfStay(from, to);
        expect(nights).toHaveLength(length);
        expect(countNights(from, to)).toBe(length);
        expect(daysBetween(from, to)).toBe(length);
        nights.forEach((night, index) => expect(night).toBe(addDays(from, index)));
      }),
    );
  });
});

describe('weekday, month, arithmetic', () => {
  it.each([
    ['2027-03-01', 1],
    ['2027-03-06', 6],
    ['2027-03-07', 7],
    ['1970-01-01', 4],
    ['1969-12-29', 1],
    ['2000-01-01', 6],
  ])('isoWeekday(%s) = %s (1 = Monday .. 7 = Sunday)', (date, weekday) => {
    expect(isoWeekday(date)).toBe(weekday);
  });

  it("adds days and months, clamping to the month's end", () => {
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addMonths('2024-02-29', 36)).toBe('2027-02-28');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2027-03-15', -3)).toBe('2026-12-15');
    expect(monthOf('2027/07/04')).toBe(7);
  });

  it('compares and bounds dates', () => {
    expect(compareDates('2027-01-02', '2027/01/01')).toBeGreaterThan(0);
    expect(compareDates('2027-01-01', '2027-01-01')).toBe(0);
    expect(isWithin('2027-05-05', '2027-05-01', '2027-05-05')).toBe(true);
    expect(isWithin('2027-05-06', '2027-05-01', '2027-05-05')).toBe(false);
    expect(isWithin('2027-04-30', '2027-05-01', null)).toBe(false);
    expect(isWithin('2099-01-01', null, undefined)).toBe(true);
  });

  it('shows today to 36 months ahead in the calendar', () => {
    expect(calendarWindow('2026-11-22')).toEqual({ from: '2026-11-22', to: '2029-11-22' });
  });
});

describe("today and the time of day in a property's zone", () => {
  it.each([
    // 23:30 UTC on 31 Dec is already 1 Jan in Tokyo, still 31 Dec in London
    ['2026-12-31T23:30:00Z', 'Europe/London', '2026-12-31', '23:30'],
    ['2026-12-31T23:30:00Z', 'Asia/Tokyo', '2027-01-01', '08:30'],
    ['2027-07-01T00:15:00Z', 'Europe/London', '2027-07-01', '01:15'],
    ['2027-07-01T03:59:00Z', 'America/New_York', '2027-06-30', '23:59'],
    ['2027-03-28T01:00:00Z', 'Europe/London', '2027-03-28', '02:00'],
  ])('%s in %s is %s at %s', (instant, zone, date, time) => {
    const zoned = zonedDateTime(new Date(instant), zone);
    expect(zoned.date).toBe(date);
    expect(formatTimeOfDay(zoned.minutes)).toBe(time);
    expect(todayIn(new Date(instant), zone)).toBe(date);
  });

  it('gives the same answer for every second of a minute, as asked again or first (the answer is remembered per minute)', () => {
    const zones = ['Europe/London', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1973, 0, 1), max: Date.UTC(2100, 0, 1) }), fc.constantFrom(...zones), (time, zone) => {
        const minuteStart = time - (time % 60_000);
        const asked = zonedDateTime(new Date(time), zone);
        const format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', dateStyle: 'short', timeStyle: 'short' });
        for (const instant of [minuteStart, time, minuteStart + 59_999]) {
          const [date, clock] = format.format(new Date(instant)).split(', ');
          const [day, month, year] = date!.split('/');
          expect(zonedDateTime(new Date(instant), zone)).toEqual({ date: `${year}-${month}-${day}`, minutes: asked.minutes });
          expect(formatTimeOfDay(asked.minutes)).toBe(clock);
        }
      }),
    );
    // Before 1973 a zone could be seconds off the minute: such instants are always worked out afresh.
    expect(zonedDateTime(new Date('1970-06-01T12:00:10Z'), 'Africa/Monrovia')).toEqual({ date: '1970-06-01', minutes: 11 * 60 + 15 });
    expect(zonedDateTime(new Date('1970-06-01T12:00:40Z'), 'Africa/Monrovia')).toEqual({ date: '1970-06-01', minutes: 11 * 60 + 16 });
  });

  it('knows which zones exist', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => todayIn(new Date(0), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('time of day HH:mm', () => {
  it.each([
    ['18:00', 1080],
    ['00:00', 0],
    ['23:59', 1439],
    ['24:00', null],
    ['9:00', null],
    ['18:60', null],
    ['', null],
  ])('parseTimeOfDay(%j) = %j', (text, minutes) => {
    expect(parseTimeOfDay(text)).toBe(minutes);
    expect(isValidTimeOfDay(text)).toBe(minutes !== null);
  });

  it('formats and wraps past midnight', () => {
    expect(formatTimeOfDay(1125)).toBe('18:45');
    expect(formatTimeOfDay(1440 + 30)).toBe('00:30');
    expect(formatTimeOfDay(-30)).toBe('23:30');
  });
});
