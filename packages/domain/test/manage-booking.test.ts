import { describe, expect, it } from 'vitest';
import { instantAt } from '../src/dates';
import { canBeCancelled, canBeEdited, cancellationDeadline, isLastNameOf, type StayTiming } from '../src/manage-booking';

const at = (iso: string) => new Date(iso);
const fifteen = 15 * 60;

/** A London stay arriving Thursday 4 March 2027 (GMT), check-in 15:00, free cancellation until 48 hours before. */
const london: StayTiming = {
  isCancelled: false,
  dateFrom: '2027-03-04',
  timeZone: 'Europe/London',
  checkInMinutes: fifteen,
  cancellationDeadlineHours: 48,
};

describe('instantAt: a local wall-clock time in a zone as an instant', () => {
  it.each([
    // GMT: local is UTC.
    ['2027-03-04', fifteen, 'Europe/London', '2027-03-04T15:00:00.000Z'],
    // BST (+1): 15:00 local is 14:00 UTC.
    ['2027-07-10', fifteen, 'Europe/London', '2027-07-10T14:00:00.000Z'],
    // Tokyo (+9): 15:00 local is 06:00 UTC the same day.
    ['2027-03-04', fifteen, 'Asia/Tokyo', '2027-03-04T06:00:00.000Z'],
    // New York on its first EDT day (clocks went 02:00 -> 03:00 on Sunday 14 March 2027): 16:00 is -4, 20:00 UTC.
    ['2027-03-15', 16 * 60, 'America/New_York', '2027-03-15T20:00:00.000Z'],
    // London's night of the fall-back (Sunday 31 October 2027, 02:00 BST -> 01:00 GMT): 00:30 is still BST.
    ['2027-10-31', 30, 'Europe/London', '2027-10-30T23:30:00.000Z'],
    // 01:30 shows twice that night: its second showing, in GMT.
    ['2027-10-31', 90, 'Europe/London', '2027-10-31T01:30:00.000Z'],
    // 01:30 on Sunday 28 March 2027 never shows in London (01:00 GMT -> 02:00 BST): read as 02:30 BST.
    ['2027-03-28', 90, 'Europe/London', '2027-03-28T01:30:00.000Z'],
  ])('%s at minute %i in %s is %s', (date, minutes, zone, expected) => {
    expect(instantAt(date, minutes, zone).toISOString()).toBe(expected);
  });
});

describe('cancellationDeadline: check-in on the arrival day, less the rate deadline in elapsed hours', () => {
  it('is 48 hours before 15:00 GMT on 4 March: 15:00 UTC on 2 March', () => {
    expect(cancellationDeadline(london)?.toISOString()).toBe('2027-03-02T15:00:00.000Z');
  });

  it('counts real hours across spring-forward: 48 hours before 15:00 BST on Monday 29 March is 14:00 GMT on Saturday 27 March', () => {
    // 15:00 BST = 14:00 UTC on the 29th; minus 48 h = 14:00 UTC on the 27th, still GMT there.
    expect(cancellationDeadline({ ...london, dateFrom: '2027-03-29' })?.toISOString()).toBe('2027-03-27T14:00:00.000Z');
  });

  it('counts real hours across fall-back: 72 hours before 15:00 GMT on Monday 1 November is 16:00 BST on Friday 29 October', () => {
    // 15:00 GMT = 15:00 UTC on 1 November; minus 72 h = 15:00 UTC on 29 October, which London shows as 16:00 BST.
    expect(cancellationDeadline({ ...london, dateFrom: '2027-11-01', cancellationDeadlineHours: 72 })?.toISOString()).toBe(
      '2027-10-29T15:00:00.000Z',
    );
  });

  it('with a deadline of 0 hours is check-in itself, in the property zone (Tokyo 15:00 = 06:00 UTC)', () => {
    expect(cancellationDeadline({ ...london, timeZone: 'Asia/Tokyo', cancellationDeadlineHours: 0 })?.toISOString()).toBe(
      '2027-03-04T06:00:00.000Z',
    );
  });

  it('does not exist for a non-refundable rate (no deadline)', () => {
    expect(cancellationDeadline({ ...london, cancellationDeadlineHours: null })).toBeNull();
  });
});

describe('canBeCancelled', () => {
  it('is true until the last millisecond before the deadline, false from the deadline on', () => {
    expect(canBeCancelled(london, at('2027-03-02T14:59:59.999Z'))).toBe(true);
    expect(canBeCancelled(london, at('2027-03-02T15:00:00.000Z'))).toBe(false);
    expect(canBeCancelled(london, at('2027-03-05T09:00:00.000Z'))).toBe(false);
  });

  it('is never true for a non-refundable rate, however early', () => {
    expect(canBeCancelled({ ...london, cancellationDeadlineHours: null }, at('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('is never true for a cancelled booking', () => {
    expect(canBeCancelled({ ...london, isCancelled: true }, at('2027-03-01T09:00:00Z'))).toBe(false);
  });
});

describe('canBeEdited: before the arrival day in the property zone', () => {
  it('in London (GMT) until 23:59 the day before arrival', () => {
    expect(canBeEdited(london, at('2027-03-03T23:59:59Z'))).toBe(true);
    expect(canBeEdited(london, at('2027-03-04T00:00:00Z'))).toBe(false);
  });

  it('in London in summer (BST): the arrival day starts at 23:00 UTC the day before', () => {
    const summer = { ...london, dateFrom: '2027-07-10' };
    expect(canBeEdited(summer, at('2027-07-09T22:59:59Z'))).toBe(true);
    expect(canBeEdited(summer, at('2027-07-09T23:00:00Z'))).toBe(false);
  });

  it('in Tokyo (+9): the arrival day starts at 15:00 UTC the day before', () => {
    const tokyo = { ...london, timeZone: 'Asia/Tokyo' };
    expect(canBeEdited(tokyo, at('2027-03-03T14:59:59Z'))).toBe(true);
    expect(canBeEdited(tokyo, at('2027-03-03T15:00:00Z'))).toBe(false);
  });

  it('is false for a cancelled booking, and does not depend on the rate', () => {
    expect(canBeEdited({ ...london, isCancelled: true }, at('2027-03-01T09:00:00Z'))).toBe(false);
    const nonRefundable: StayTiming = { ...london, cancellationDeadlineHours: null };
    expect(canBeEdited(nonRefundable, at('2027-03-01T09:00:00Z'))).toBe(true);
  });
});

describe('isLastNameOf: the name typed in the manage search', () => {
  it.each([
    ['Lovelace', true],
    ['  lovelace ', true],
    ['LOVELACE', true],
    ['nunez-bronte', true],
    ['Núñez-Brontë', true],
    ['van  der Berg', true],
    ['Ada', false],
    ['Love', false],
    ['', false],
    ['   ', false],
  ])('%j is a last name of the booking: %s', (typed, expected) => {
    expect(isLastNameOf(typed, ['Lovelace', 'Núñez-Brontë', 'Van der Berg'])).toBe(expected);
  });

  it('a booking whose guest has no last name is not found by an empty one', () => {
    expect(isLastNameOf(' ', [''])).toBe(false);
  });
});
