import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/dates';
import {
  alternativeStays,
  canAddRoom,
  exceedsRoomsPerBooking,
  isSameDayRestricted,
  isSearchPossible,
  MAX_ALTERNATIVE_STAYS,
  minimumStayBadge,
  restrictionDetail,
  restrictionMessage,
  searchRefusal,
  shortestOpenStays,
  stayRefusal,
  type CalendarNight,
  type NightRestrictions,
  type RateNight,
  type SearchInput,
} from '../src/restrictions';

const room = { NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 };
const search: SearchInput = {
  propertyId: 1,
  dateFrom: '2027/04/01',
  dateTo: '2027/04/03',
  rooms: [room],
  maxNumberOfRoomsOnBooking: 2,
};

describe('search is possible only with a property, two valid dates, a room, and no more rooms than allowed', () => {
  it.each([
    [{}, null],
    [{ propertyId: null }, 'NO_PROPERTY'],
    [{ propertyId: '' }, 'NO_PROPERTY'],
    [{ dateFrom: null }, 'INVALID_DATES'],
    [{ dateTo: '2027-02-30' }, 'INVALID_DATES'],
    [{ dateTo: '2027-04-01' }, 'DEPARTURE_NOT_AFTER_ARRIVAL'],
    [{ rooms: [] }, 'NO_ROOMS'],
    [{ rooms: null }, 'NO_ROOMS'],
    [{ rooms: [room, room, room] }, 'TOO_MANY_ROOMS'],
    [{ rooms: [room, room, room], maxNumberOfRoomsOnBooking: null }, null],
    [{ today: '2027-04-02' }, 'ARRIVAL_IN_PAST'],
    [{ today: '2027-04-01' }, null],
    [{ today: '2024-04-02' }, 'BEYOND_CALENDAR'],
    [{ today: '2024-04-03' }, null],
  ])('%o -> %s', (change, refusal) => {
    expect(searchRefusal({ ...search, ...change })).toBe(refusal);
    expect(isSearchPossible({ ...search, ...change })).toBe(refusal === null);
  });

  it('counts rooms per booking against MaxNumberOfRoomsOnBooking', () => {
    expect(exceedsRoomsPerBooking(5, 4)).toBe(true);
    expect(exceedsRoomsPerBooking(4, 4)).toBe(false);
    expect(exceedsRoomsPerBooking(40, undefined)).toBe(false);
    expect(canAddRoom(3, 4)).toBe(true);
    expect(canAddRoom(4, 4)).toBe(false);
  });
});

describe('same-day restriction: enabled, arrival today, at or past the configured hour and minute', () => {
  const config = {
    SameDayBookingRestrictionEnabled: true,
    SameDayBookingRestrictionHour: 20,
    SameDayBookingRestrictionMinute: 0,
  };

  it.each([
    ['2027-07-01T18:59:00Z', '2027-07-01', false, '19:59 in London (BST) is before 20:00'],
    ['2027-07-01T19:00:00Z', '2027-07-01', true, '20:00 in London is the cut-off itself'],
    ['2027-07-01T19:30:00Z', '2027-07-01', true, '20:30 in London though only 19:30 UTC'],
    ['2027-07-01T21:00:00Z', '2027-07-02', false, 'arrival tomorrow'],
    ['2027-07-01T23:30:00Z', '2027-07-02', false, '00:30 on the arrival day in London'],
    ['2027-07-01T23:30:00Z', '2027/07/01', false, 'the arrival was yesterday in London'],
  ])('%s arriving %s -> %s (%s)', (now, arrival, restricted) => {
    expect(isSameDayRestricted(config, arrival, new Date(now), 'Europe/London')).toBe(restricted);
  });

  it('does nothing when disabled, and reads a missing minute as 0', () => {
    expect(
      isSameDayRestricted(
        { ...config, SameDayBookingRestrictionEnabled: false },
        '2027-07-01',
        new Date('2027-07-01T22:00:00Z'),
        'Europe/London',
      ),
    ).toBe(false);
    expect(
      isSameDayRestricted(
        { SameDayBookingRestrictionEnabled: true, SameDayBookingRestrictionHour: 9 },
        '2027-01-05',
        new Date('2027-01-05T09:00:00Z'),
        'Europe/London',
      ),
    ).toBe(true);
  });
});

describe('nightly restrictions of a rate for a stay', () => {
  const open = { MinLengthOfStay: 1, ClosedToArrival: false, ClosedToDeparture: false, StopSell: false };

  it.each([
    [[open, open], undefined, null, 'open'],
    [[open, undefined], undefined, 'NOT_PRICED', 'a night without a price'],
    [[], undefined, 'NOT_PRICED', 'no nights'],
    [[open, { ...open, StopSell: true }], undefined, 'STOP_SELL', 'stop-sell on any night'],
    [[{ ...open, ClosedToArrival: true }, open], undefined, 'CLOSED_TO_ARRIVAL', 'arrival night closed'],
    [[open, { ...open, ClosedToArrival: true }], undefined, null, 'closed to arrival on a later night does not matter'],
    [[open, open], { ...open, ClosedToDeparture: true }, 'CLOSED_TO_DEPARTURE', 'departure day closed'],
    [[{ ...open, ClosedToDeparture: true }, open], undefined, null, 'closed to departure on a stay night does not matter'],
    [[{ ...open, MinLengthOfStay: 3 }, open], undefined, 'MIN_LENGTH_OF_STAY', 'minimum stay of the arrival night'],
    [[open, { ...open, MinLengthOfStay: 3 }], undefined, null, "only the arrival night's minimum counts"],
    [[{}], undefined, null, 'defaults: minimum 1, nothing closed'],
  ])(
    '%#: %s',
    (nights: (NightRestrictions | undefined)[], departure: NightRestrictions | undefined, refusal: string | null, _reason: string) => {
      expect(stayRefusal(nights, departure)).toBe(refusal);
    },
  );

  it.each([
    [[{ ...open, MaxLengthOfStay: 2 }, open], null, 'a stay of exactly the maximum'],
    [[{ ...open, MaxLengthOfStay: 2 }, open, open], 'MAX_LENGTH_OF_STAY', 'one night more than the maximum'],
    [[open, { ...open, MaxLengthOfStay: 1 }, open], null, "only the arrival night's maximum counts"],
    [[open, { ...open, MinLengthOfStayThrough: 3 }], 'MIN_LENGTH_OF_STAY_THROUGH', 'a later night needs 3 nights'],
    [[open, { ...open, MinLengthOfStayThrough: 3 }, open], null, 'a stay of exactly the minimum through'],
    [
      [{ ...open, MinLengthOfStayThrough: 2 }, { ...open, MinLengthOfStayThrough: 4 }, open],
      'MIN_LENGTH_OF_STAY_THROUGH',
      'the largest counts',
    ],
  ])('%#: stay length: %s (%s)', (nights: NightRestrictions[], refusal: string | null, _reason: string) => {
    expect(stayRefusal(nights)).toBe(refusal);
  });

  it.each([
    [{ MinAdvanceBookingDays: 3 }, 2, 'MIN_ADVANCE_BOOKING', 'arriving in 2 days, 3 needed'],
    [{ MinAdvanceBookingDays: 3 }, 3, null, 'arriving exactly 3 days ahead'],
    [{ MaxAdvanceBookingDays: 30 }, 30, null, 'arriving exactly 30 days ahead'],
    [{ MaxAdvanceBookingDays: 30 }, 31, 'MAX_ADVANCE_BOOKING', 'arriving 31 days ahead, 30 allowed'],
    [{ MinAdvanceBookingDays: 0, MaxAdvanceBookingDays: 0 }, 0, null, 'today only'],
  ])(
    '%#: advance booking %o arriving %i days ahead -> %s (%s)',
    (arrival: NightRestrictions, daysAhead: number, refusal: string | null, _reason: string) => {
      expect(stayRefusal([{ ...open, ...arrival }, open], undefined, daysAhead)).toBe(refusal);
      // Without knowing the property's today, the window is not judged.
      expect(stayRefusal([{ ...open, ...arrival }, open])).toBeNull();
    },
  );

  it('says what would work: the shortest or longest stay, the earliest or latest arrival', () => {
    const nights = [
      { ...open, MaxLengthOfStay: 2, MinAdvanceBookingDays: 3, MaxAdvanceBookingDays: 30, MinLengthOfStayThrough: 2 },
      { ...open, MinLengthOfStayThrough: 4 },
    ];
    const today = '2027-04-01';
    expect(restrictionDetail('MAX_LENGTH_OF_STAY', nights, today)).toEqual({ kind: 'MAX_LENGTH_OF_STAY', nights: 2 });
    expect(restrictionDetail('MIN_LENGTH_OF_STAY_THROUGH', nights, today)).toEqual({ kind: 'MIN_LENGTH_OF_STAY_THROUGH', nights: 4 });
    // 2027-04-01 + 3 days = 04-04; + 30 days = 05-01.
    expect(restrictionDetail('MIN_ADVANCE_BOOKING', nights, today)).toEqual({
      kind: 'MIN_ADVANCE_BOOKING',
      days: 3,
      earliestArrival: '2027-04-04',
    });
    expect(restrictionDetail('MAX_ADVANCE_BOOKING', nights, today)).toEqual({
      kind: 'MAX_ADVANCE_BOOKING',
      days: 30,
      latestArrival: '2027-05-01',
    });
    expect(restrictionDetail('MIN_LENGTH_OF_STAY', nights, today)).toBeNull();
    expect(restrictionMessage('Flexible', { kind: 'MIN_ADVANCE_BOOKING', days: 3, earliestArrival: '2027-04-04' })).toBe(
      'The Flexible rate must be booked at least 3 days before arrival: the earliest arrival is Sunday 4th April 2027.',
    );
    expect(restrictionMessage('Flexible', { kind: 'MAX_LENGTH_OF_STAY', nights: 1 })).toBe(
      'The Flexible rate allows a stay of at most 1 night from that arrival date. Please choose a shorter stay.',
    );
  });

  it('reads the minimum-stay badge', () => {
    expect(minimumStayBadge(2)).toBe('2 night minimum');
  });
});

describe('the shortest open stay from each arrival (what the calendar answers)', () => {
  const open = { MinLengthOfStay: 1, ClosedToArrival: false, ClosedToDeparture: false, StopSell: false };
  const night = (restrictions: NightRestrictions | undefined, hasRoomFree = true): RateNight => ({ restrictions, hasRoomFree });

  it('is one night on an open night, the minimum stay where one is set, longer when the departure day is closed', () => {
    const nights = [
      night({ ...open, MinLengthOfStay: 2 }), // arrive 0: 2 nights, departing on 2
      night({ ...open, ClosedToArrival: true }), // no arrival
      night(open), // arrive 2: departing on 3 is closed, on 4 open: 2 nights
      night({ ...open, ClosedToDeparture: true }), // arrive 3: 1 night, departing on 4
      night(open, false), // no room free: no arrival, and no stay through it, but a departure day
      night(undefined), // not priced
      night(open), // arrive 6: the run ends on 7, which a departure may still use
      night(open),
    ];
    expect(shortestOpenStays(nights, 60)).toEqual([2, null, 2, 1, null, null, 1, null]);
    expect(shortestOpenStays(nights, 1)).toEqual([null, null, null, 1, null, null, 1, null]);
  });

  it('keeps to the maximum stay, lengthens to the minimum stay through, and leaves out arrivals outside the advance window', () => {
    const nights = [
      night({ ...open, MaxLengthOfStay: 1, MinAdvanceBookingDays: 3 }), // arrive 0: 3 days ahead, exactly the minimum: 1 night
      night({ ...open, MinAdvanceBookingDays: 5 }), // arrive 1: only 4 days ahead
      night({ ...open, MinLengthOfStay: 2, MaxLengthOfStay: 1 }), // arrive 2: no length is both >= 2 and <= 1
      night({ ...open, MinLengthOfStayThrough: 3 }), // arrive 3: 3 nights; an earlier arrival staying through it needs 3 too
      night({ ...open, MaxAdvanceBookingDays: 7 }), // arrive 4: exactly 7 days ahead: 1 night
      night({ ...open, MaxAdvanceBookingDays: 7 }), // arrive 5: 8 days ahead
      night(open),
      night(open),
    ];
    expect(shortestOpenStays(nights, 60, 3)).toEqual([1, null, null, 3, 1, null, 1, null]);
    // Without the property's today, the advance windows are not judged.
    expect(shortestOpenStays(nights, 60)).toEqual([1, 1, null, 3, 1, 1, 1, null]);
  });

  it('agrees with stayRefusal on every arrival and length', () => {
    const restrictions = fc.option(
      fc.record({
        MinLengthOfStay: fc.integer({ min: 1, max: 4 }),
        MaxLengthOfStay: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        MinLengthOfStayThrough: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        MinAdvanceBookingDays: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
        MaxAdvanceBookingDays: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
        ClosedToArrival: fc.boolean(),
        ClosedToDeparture: fc.boolean(),
        StopSell: fc.boolean(),
      }),
      { nil: undefined },
    );
    const nightArbitrary = fc.record({ restrictions, hasRoomFree: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(nightArbitrary, { maxLength: 20 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 5 }),
        (nights, maxNights, firstDaysAhead) => {
          const shortest = shortestOpenStays(nights, maxNights, firstDaysAhead);
          nights.forEach((_, arrival) => {
            const opens = (length: number) =>
              arrival + length < nights.length &&
              nights.slice(arrival, arrival + length).every((n) => n.hasRoomFree) &&
              stayRefusal(
                nights.slice(arrival, arrival + length).map((n) => n.restrictions),
                nights[arrival + length]?.restrictions,
                firstDaysAhead + arrival,
              ) === null;
            const expected = Array.from({ length: maxNights }, (_, i) => i + 1).find(opens) ?? null;
            expect(shortest[arrival]).toBe(expected);
          });
        },
      ),
    );
  });
});

describe('alternative stays (at most 10; nights from the search or the minimum stay)', () => {
  const calendar = (
    from: string,
    days: number,
    night: (date: string, index: number) => Partial<CalendarNight> = () => ({}),
  ): CalendarNight[] =>
    Array.from({ length: days }, (_, index) => {
      const date = addDays(from, index);
      return { DateOfStay: date, AvailableRooms: 2, Rates: [{ MinLengthOfStay: 1 }], ...night(date, index) };
    });

  it('offers the nearest bookable arrivals, in date order', () => {
    // 04-09 and 04-11 would cross the full nights; 04-08 and 04-12 are the nearest that fit
    const nights = calendar('2027-04-01', 30, (date) => (date === '2027-04-10' || date === '2027-04-11' ? { AvailableRooms: 0 } : {}));
    const stays = alternativeStays({ calendar: nights, from: '2027-04-10', to: '2027-04-12', today: '2027-04-01' });
    expect(stays).toHaveLength(MAX_ALTERNATIVE_STAYS);
    expect(stays.map((stay) => stay.from)).toEqual([
      '2027-04-04',
      '2027-04-05',
      '2027-04-06',
      '2027-04-07',
      '2027-04-08',
      '2027-04-12',
      '2027-04-13',
      '2027-04-14',
      '2027-04-15',
      '2027-04-16',
    ]);
    expect(stays[0]).toEqual({ from: '2027-04-04', to: '2027-04-06', nights: 2 });
  });

  it("lengthens a stay to the arrival night's minimum, offering the searched arrival itself", () => {
    const nights = calendar('2027-04-01', 10, (date) =>
      date === '2027-04-05' ? { Rates: [{ MinLengthOfStay: 3 }, { MinLengthOfStay: 4 }] } : {},
    );
    const stays = alternativeStays({ calendar: nights, from: '2027-04-05', to: '2027-04-06', today: '2027-04-01', limit: 3 });
    expect(stays).toEqual([
      { from: '2027-04-04', to: '2027-04-05', nights: 1 },
      { from: '2027-04-05', to: '2027-04-08', nights: 3 },
      { from: '2027-04-06', to: '2027-04-07', nights: 1 },
    ]);
    // a tie in distance goes to the earlier arrival
    const two = alternativeStays({ calendar: nights, from: '2027-04-05', to: '2027-04-06', today: '2027-04-01', limit: 2 });
    expect(two.map((stay) => stay.from)).toEqual(['2027-04-04', '2027-04-05']);
  });

  it('needs enough rooms and a rate on every night, never before today nor past the calendar', () => {
    const nights = calendar('2027/04/01', 6, (_date, index) => (index === 2 ? { AvailableRooms: 1 } : index === 4 ? { Rates: [] } : {}));
    const stays = alternativeStays({ calendar: nights, from: '2027-04-02', to: '2027-04-04', today: '2027-04-02', rooms: 2 });
    // 04-02 is the search itself; 04-03 and 04-04 cross the one-room night, 04-05 has no rate
    // and a stay from 04-06 would run past the calendar
    expect(stays).toEqual([]);
    expect(alternativeStays({ calendar: [], from: '2027-04-02', to: '2027-04-04', today: '2027-04-01' })).toEqual([]);
  });
});
