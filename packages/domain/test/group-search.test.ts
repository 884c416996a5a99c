import { describe, expect, it } from 'vitest';
import {
  alternativeArrivals,
  compareGroupResults,
  notBookableBlock,
  partyDoesNotFitBlock,
  restrictionBlock,
  soldOutBlock,
  type RankedResult,
} from '../src/group-search';

describe('restrictionBlock', () => {
  const stay = { from: '2027-03-04', to: '2027-03-06' };

  it('tells a minimum stay first, with the smallest minimum among the closed rates', () => {
    const block = restrictionBlock(
      [
        { refusal: 'CLOSED_TO_ARRIVAL', minLengthOfStay: 1 },
        { refusal: 'MIN_LENGTH_OF_STAY', minLengthOfStay: 5 },
        { refusal: 'MIN_LENGTH_OF_STAY', minLengthOfStay: 3 },
      ],
      stay,
    );
    expect(block).toEqual({ Reason: 'MinimumStay', Message: 'Stays arriving on Thursday 4th March 2027 must be at least 3 nights.' });
  });

  it('then a closed arrival, then a closed departure (on the departure day)', () => {
    expect(
      restrictionBlock(
        [
          { refusal: 'CLOSED_TO_DEPARTURE', minLengthOfStay: 1 },
          { refusal: 'CLOSED_TO_ARRIVAL', minLengthOfStay: 1 },
        ],
        stay,
      )?.Reason,
    ).toBe('ClosedToArrival');
    expect(restrictionBlock([{ refusal: 'CLOSED_TO_DEPARTURE', minLengthOfStay: 1 }], stay)).toEqual({
      Reason: 'ClosedToDeparture',
      Message: 'Departures are not possible on Saturday 6th March 2027.',
    });
  });

  it('then a minimum stay through, a maximum stay or an advance booking window, saying what would work', () => {
    const through = {
      refusal: 'MIN_LENGTH_OF_STAY_THROUGH',
      minLengthOfStay: 1,
      detail: { kind: 'MIN_LENGTH_OF_STAY_THROUGH', nights: 3 },
    } as const;
    const maximum = { refusal: 'MAX_LENGTH_OF_STAY', minLengthOfStay: 1, detail: { kind: 'MAX_LENGTH_OF_STAY', nights: 1 } } as const;
    const tooSoon = {
      refusal: 'MIN_ADVANCE_BOOKING',
      minLengthOfStay: 1,
      detail: { kind: 'MIN_ADVANCE_BOOKING', days: 3, earliestArrival: '2027-03-04' },
    } as const;
    const tooFar = {
      refusal: 'MAX_ADVANCE_BOOKING',
      minLengthOfStay: 1,
      detail: { kind: 'MAX_ADVANCE_BOOKING', days: 30, latestArrival: '2027-03-31' },
    } as const;
    expect(restrictionBlock([through], stay)).toEqual({
      Reason: 'MinimumStayThrough',
      Message: 'Stays over these dates must be at least 3 nights.',
    });
    expect(restrictionBlock([maximum], stay)).toEqual({
      Reason: 'MaximumStay',
      Message: 'Stays arriving on Thursday 4th March 2027 may be at most 1 night.',
    });
    expect(restrictionBlock([tooSoon], stay)).toEqual({
      Reason: 'MinimumAdvanceBooking',
      Message: 'The earliest arrival that can be booked now is Thursday 4th March 2027.',
    });
    expect(restrictionBlock([tooFar], stay)).toEqual({
      Reason: 'MaximumAdvanceBooking',
      Message: 'The latest arrival that can be booked now is Wednesday 31st March 2027.',
    });
    // The older restrictions are told first, as before.
    expect(restrictionBlock([maximum, { refusal: 'CLOSED_TO_DEPARTURE', minLengthOfStay: 1 }], stay)?.Reason).toBe('ClosedToDeparture');
  });

  it('is null when only stop-sells or missing prices closed rates: that is sold out', () => {
    expect(
      restrictionBlock(
        [
          { refusal: 'STOP_SELL', minLengthOfStay: 1 },
          { refusal: 'NOT_PRICED', minLengthOfStay: 1 },
        ],
        stay,
      ),
    ).toBeNull();
    expect(soldOutBlock(1).Message).toBe('No rooms are left for these dates.');
    expect(soldOutBlock(2).Message).toBe('There are not 2 rooms left for these dates.');
    expect(notBookableBlock('Too far ahead.')).toEqual({ Reason: 'NotBookable', Message: 'Too far ahead.' });
    expect(partyDoesNotFitBlock(2)).toEqual({
      Reason: 'PartyDoesNotFit',
      Message: 'No room here takes the guests of room 2. Try splitting them over more rooms.',
    });
  });
});

describe('alternativeArrivals', () => {
  it('tries arrivals up to 14 days either side, nearest first and the earlier of two equally near', () => {
    const arrivals = alternativeArrivals('2027-06-15', 2, '2027-01-01', '2030-01-01');
    expect(arrivals.slice(0, 4)).toEqual(['2027-06-14', '2027-06-16', '2027-06-13', '2027-06-17']);
    expect(arrivals).toHaveLength(28);
    expect(arrivals.at(-1)).toBe('2027-06-29');
  });

  it('keeps to today and to departures within the calendar', () => {
    // Today is the 3rd: the 1st and 2nd are past. The calendar ends on the 8th: a 2-night stay arrives by the 6th.
    expect(alternativeArrivals('2027-03-04', 2, '2027-03-03', '2027-03-08')).toEqual(['2027-03-03', '2027-03-05', '2027-03-06']);
  });
});

describe('compareGroupResults', () => {
  const result = (PropertyName: string, fields: Partial<RankedResult> = {}): RankedResult => ({
    PropertyName,
    CanSell: true,
    total: null,
    currency: 'GBP',
    converted: null,
    ...fields,
  });
  const order = (results: RankedResult[]) => results.sort(compareGroupResults(['GBP', 'EUR'])).map((r) => r.PropertyName);

  it('puts those that sell first and the rest by name', () => {
    expect(order([result('Zed', { CanSell: false }), result('Bay', { total: 500 }), result('Ash', { CanSell: false })])).toEqual([
      'Bay',
      'Ash',
      'Zed',
    ]);
  });

  it('compares converted prices, then the unconverted by the group’s currency order, cheapest first, equal prices by name', () => {
    expect(
      order([
        result('Euro cheap', { currency: 'EUR', total: 100 }),
        result('Pound dear', { total: 300 }),
        result('Pound cheap', { total: 200 }),
        result('Converted B', { currency: 'EUR', total: 999, converted: 150 }),
        result('Converted A', { currency: 'SEK', total: 999, converted: 150 }),
        result('Converted cheapest', { total: 120, converted: 120 }),
      ]),
    ).toEqual(['Converted cheapest', 'Converted A', 'Converted B', 'Pound cheap', 'Pound dear', 'Euro cheap']);
  });
});
