import { describe, expect, it } from 'vitest';
import {
  availableTimes,
  bookingsOnDate,
  chooseTable,
  findDefaultRestaurant,
  keepPartySize,
  offeredTime,
  partySizes,
  promotionsAt,
  sittingStarts,
  type RestaurantTable,
  type Sitting,
  type TableBooking,
} from '../src/restaurant';

// The Quay Kitchen of property-definition.example.json
const tables: RestaurantTable<number>[] = [2, 2, 2, 4, 4, 6, 8].map((capacity, id) => ({ id, capacity }));
const everyDay: Sitting = { Weekdays: [1, 2, 3, 4, 5, 6, 7], From: '18:00', To: '21:30', IntervalMinutes: 15, DurationMinutes: 90 };
const earlyBird = { Name: 'Early bird', From: '18:00', To: '18:45' };
// 2027-04-01 is a Thursday; Europe/London is on BST (UTC+1)
const day = '2027-04-01';
const morning = new Date('2027-04-01T08:00:00Z');

describe('party sizes from MinOnlinePartySize to MaxOnlinePartySize, keeping an earlier choice in range', () => {
  it('builds the sizes inclusively', () => {
    expect(partySizes(1, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(partySizes(2, 2)).toEqual([2]);
    expect(partySizes(5, 2)).toEqual([]);
    expect(partySizes(0, 2)).toEqual([1, 2]);
  });

  it.each([
    [[2, 3, 4], 3, 3],
    [[2, 3, 4], 6, 2],
    [[2, 3, 4], null, 2],
    [[], 2, undefined],
  ])('sizes %o, earlier %s -> %s', (sizes, previous, kept) => {
    expect(keepPartySize(sizes, previous)).toBe(kept);
  });

  it('reselects the default restaurant by case-insensitive name', () => {
    const restaurants = [
      { Id: 1, Name: 'The Quay Kitchen' },
      { Id: 2, Name: 'Roof Bar' },
    ];
    expect(findDefaultRestaurant(restaurants, 'the quay kitchen ')?.Id).toBe(1);
    expect(findDefaultRestaurant(restaurants, 'Cellar')).toBeUndefined();
    expect(findDefaultRestaurant(restaurants, null)).toBeUndefined();
  });
});

describe('sitting starts', () => {
  it("runs from the first to the last start every interval on the sitting's weekdays", () => {
    const starts = sittingStarts([everyDay], day);
    expect(starts).toHaveLength(15);
    expect(starts[0]).toEqual({ time: '18:00', durationMinutes: 90 });
    expect(starts.at(-1)?.time).toBe('21:30');
  });

  it("merges sittings, the first one's duration winning on a shared start", () => {
    const lunch: Sitting = { Weekdays: [4], From: '12:00', To: '12:30', IntervalMinutes: 30, DurationMinutes: 60 };
    const late: Sitting = { Weekdays: [4], From: '21:30', To: '22:00', IntervalMinutes: 30, DurationMinutes: 45 };
    const weekend: Sitting = { Weekdays: [6, 7], From: '10:00', To: '10:00', IntervalMinutes: 15, DurationMinutes: 60 };
    const broken: Sitting = { ...lunch, IntervalMinutes: 0 };
    const starts = sittingStarts([everyDay, lunch, late, weekend, broken], day);
    expect(starts.map((start) => start.time)).toEqual([
      '12:00',
      '12:30',
      '18:00',
      '18:15',
      '18:30',
      '18:45',
      '19:00',
      '19:15',
      '19:30',
      '19:45',
      '20:00',
      '20:15',
      '20:30',
      '20:45',
      '21:00',
      '21:15',
      '21:30',
      '22:00',
    ]);
    expect(starts.find((start) => start.time === '21:30')?.durationMinutes).toBe(90);
    expect(starts.find((start) => start.time === '22:00')?.durationMinutes).toBe(45);
  });
});

describe('choosing a table', () => {
  it('takes the smallest fitting table free for the whole duration', () => {
    expect(chooseTable({ tables, bookings: [], partySize: 3, start: '19:00', durationMinutes: 90 })).toEqual({
      tableId: 3,
      leaveTime: null,
    });
    const fours: TableBooking<number>[] = [
      { tableId: 3, start: '18:30', end: '20:00' },
      { tableId: 4, start: '19:30', end: '21:00' },
    ];
    expect(chooseTable({ tables, bookings: fours, partySize: 3, start: '19:00', durationMinutes: 90 })).toEqual({
      tableId: 5,
      leaveTime: null,
    });
  });

  it('offers a table free for less than the duration with the time the party must leave', () => {
    const bookings: TableBooking<number>[] = [
      { tableId: 5, start: '19:00', end: '20:30' },
      { tableId: 6, start: '20:00', end: '21:30' },
    ];
    // the 6-seat table is free for 15 minutes only; the 8-seat one until 20:00
    expect(chooseTable({ tables, bookings, partySize: 6, start: '18:45', durationMinutes: 90 })).toEqual({
      tableId: 6,
      leaveTime: '20:00',
    });
    // table 5 is taken at 19:45 and table 6 leaves 15 minutes, less than half the sitting
    expect(chooseTable({ tables, bookings, partySize: 6, start: '19:45', durationMinutes: 90 })).toBeNull();
    expect(chooseTable({ tables, bookings, partySize: 6, start: '18:45', durationMinutes: 90, minimumMinutes: 15 })).toEqual({
      tableId: 5,
      leaveTime: '19:00',
    });
    // a larger table free for the whole sitting beats a smaller one with a leave time
    expect(chooseTable({ tables, bookings, partySize: 6, start: '18:15', durationMinutes: 90 })).toEqual({ tableId: 6, leaveTime: null });
  });

  it('reads a booking ending after midnight as running into the next day', () => {
    const bookings: TableBooking<number>[] = [{ tableId: 6, start: '23:00', end: '00:30' }];
    expect(chooseTable({ tables, bookings, partySize: 8, start: '23:30', durationMinutes: 60 })).toBeNull();
    expect(() => chooseTable({ tables, bookings, partySize: 8, start: '7pm', durationMinutes: 60 })).toThrow(RangeError);
  });
});

describe('available times for a date', () => {
  it('offers every sitting start on a later day, with the promotions of its time window', () => {
    const times = availableTimes({
      date: day,
      now: morning,
      timeZone: 'Europe/London',
      sittings: [everyDay],
      tables,
      bookings: [],
      partySize: 2,
      promotions: [earlyBird],
    });
    expect(times).toHaveLength(15);
    expect(times[0]).toEqual({ time: '18:00', IsLeaveTimeRequired: false, LeaveTime: null, tableId: 0, Promotions: [earlyBird] });
    expect(times.find((time) => time.time === '18:45')?.Promotions).toEqual([]);
    expect(promotionsAt([earlyBird], '18:30')).toEqual([earlyBird]);
  });

  it("offers no past times: today only after now in the property's zone, nothing on a past date", () => {
    // 18:10 UTC is 19:10 in London
    const now = new Date('2027-04-01T18:10:00Z');
    const times = availableTimes({ date: day, now, timeZone: 'Europe/London', sittings: [everyDay], tables, bookings: [], partySize: 2 });
    expect(times[0]?.time).toBe('19:15');
    // a start at exactly the current minute has passed too
    const onTheDot = new Date('2027-04-01T18:15:00Z');
    expect(
      availableTimes({ date: day, now: onTheDot, timeZone: 'Europe/London', sittings: [everyDay], tables, bookings: [], partySize: 2 })[0]
        ?.time,
    ).toBe('19:30');
    expect(
      availableTimes({ date: '2027-03-31', now, timeZone: 'Europe/London', sittings: [everyDay], tables, bookings: [], partySize: 2 }),
    ).toEqual([]);
  });

  it('marks a time IsLeaveTimeRequired with its LeaveTime when the table is needed later', () => {
    const bookings: TableBooking<number>[] = [{ tableId: 6, start: '20:00', end: '21:30' }];
    const times = availableTimes({
      date: day,
      now: morning,
      timeZone: 'Europe/London',
      sittings: [everyDay],
      tables,
      bookings,
      partySize: 8,
    });
    expect(times.map((time) => [time.time, time.LeaveTime])).toEqual([
      ['18:00', null],
      ['18:15', null],
      ['18:30', null],
      ['18:45', '20:00'],
      ['19:00', '20:00'],
      ['19:15', '20:00'],
      // 19:30 would leave only 30 minutes, less than half the sitting
      ['21:30', null],
    ]);
    expect(times[3]?.IsLeaveTimeRequired).toBe(true);
  });

  it('offers nothing when no table seats the party', () => {
    expect(
      availableTimes({ date: day, now: morning, timeZone: 'Europe/London', sittings: [everyDay], tables, bookings: [], partySize: 9 }),
    ).toEqual([]);
  });
});

describe('one offered time, for booking it', () => {
  const input = { date: day, now: morning, timeZone: 'Europe/London', sittings: [everyDay], tables, partySize: 8, promotions: [earlyBird] };

  it('answers the table, promotions and the whole sitting when the table is free for it', () => {
    expect(offeredTime({ ...input, bookings: [], time: '18:15' })).toEqual({
      time: '18:15',
      IsLeaveTimeRequired: false,
      LeaveTime: null,
      tableId: 6,
      Promotions: [earlyBird],
      minutesHeld: 90,
    });
  });

  it('holds the table until the leave time when it is needed later', () => {
    const bookings: TableBooking<number>[] = [{ tableId: 6, start: '20:00', end: '21:30' }];
    expect(offeredTime({ ...input, bookings, time: '19:00' })).toMatchObject({ LeaveTime: '20:00', minutesHeld: 60 });
  });

  it('holds a late table until a later booking of the same evening', () => {
    const late: Sitting = { Weekdays: [4], From: '23:00', To: '23:00', IntervalMinutes: 15, DurationMinutes: 90 };
    const bookings: TableBooking<number>[] = [{ tableId: 6, start: '23:45', end: '01:15' }];
    expect(offeredTime({ ...input, sittings: [late], bookings, time: '23:00' })).toMatchObject({ LeaveTime: '23:45', minutesHeld: 45 });
  });

  it('answers null for a time that is not a start, is taken, has passed or is malformed', () => {
    const taken: TableBooking<number>[] = [{ tableId: 6, start: '18:30', end: '20:00' }];
    expect(offeredTime({ ...input, bookings: [], time: '18:10' })).toBeNull();
    expect(offeredTime({ ...input, bookings: taken, time: '19:00' })).toBeNull();
    expect(offeredTime({ ...input, now: new Date('2027-04-01T18:00:00Z'), bookings: [], time: '18:30' })).toBeNull();
    expect(offeredTime({ ...input, bookings: [], time: '7pm' })).toBeNull();
  });
});

describe('stored bookings as a visit date sees them', () => {
  const at = (instant: string) => new Date(instant);

  it("turns instants into local times of the property's zone", () => {
    // 17:00Z is 18:00 in London (BST) and 13:00 in New York (EDT)
    const bookings = [{ tableId: 1, startsAt: at('2027-04-01T17:00:00Z'), endsAt: at('2027-04-01T18:30:00Z') }];
    expect(bookingsOnDate(day, 'Europe/London', bookings)).toEqual([{ tableId: 1, start: '18:00', end: '19:30' }]);
    expect(bookingsOnDate(day, 'America/New_York', bookings)).toEqual([{ tableId: 1, start: '13:00', end: '14:30' }]);
  });

  it('keeps a booking running past midnight, and holds the table from midnight on the next date', () => {
    const bookings = [{ tableId: 2, startsAt: at('2027-03-31T22:00:00Z'), endsAt: at('2027-03-31T23:30:00Z') }];
    // 23:00 to 00:30 London time
    expect(bookingsOnDate('2027-03-31', 'Europe/London', bookings)).toEqual([{ tableId: 2, start: '23:00', end: '00:30' }]);
    expect(bookingsOnDate(day, 'Europe/London', bookings)).toEqual([{ tableId: 2, start: '00:00', end: '00:30' }]);
  });

  it('reads a booking held across the whole date as midnight to midnight', () => {
    const bookings = [{ tableId: 5, startsAt: at('2027-03-31T20:00:00Z'), endsAt: at('2027-04-02T08:00:00Z') }];
    expect(bookingsOnDate(day, 'Europe/London', bookings)).toEqual([{ tableId: 5, start: '00:00', end: '00:00' }]);
    expect(
      chooseTable({
        tables: [{ id: 5, capacity: 4 }],
        bookings: bookingsOnDate(day, 'Europe/London', bookings),
        partySize: 2,
        start: '12:00',
        durationMinutes: 60,
      }),
    ).toBeNull();
  });

  it('leaves out bookings of other dates, including one ending at midnight', () => {
    const bookings = [
      { tableId: 3, startsAt: at('2027-03-31T21:00:00Z'), endsAt: at('2027-03-31T23:00:00Z') },
      { tableId: 4, startsAt: at('2027-04-02T17:00:00Z'), endsAt: at('2027-04-02T18:00:00Z') },
    ];
    expect(bookingsOnDate(day, 'Europe/London', bookings)).toEqual([]);
  });
});
