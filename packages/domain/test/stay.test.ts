import { describe, expect, it } from 'vitest';
import { bookingStayStatus, stayMove, stayMoveOf, stayStatusName, type StayRoom } from '../src/stay';

const room = (overrides: Partial<StayRoom> = {}): StayRoom => ({
  status: 'booked',
  stayStatus: 'expected',
  dateFrom: '2027-03-04',
  ...overrides,
});

describe('a room’s stay', () => {
  it('checks in or is a no-show from its arrival date on, never before', () => {
    expect(stayMove(room(), 'checked_in', '2027-03-03')).toMatchObject({ kind: 'refused' });
    expect(stayMove(room(), 'no_show', '2027-03-03')).toMatchObject({ kind: 'refused' });
    expect(stayMove(room(), 'checked_in', '2027-03-04')).toEqual({ kind: 'move' });
    expect(stayMove(room(), 'no_show', '2027-03-06')).toEqual({ kind: 'move' });
  });

  it('checks out only once checked in, and nothing follows a checkout or a no-show', () => {
    expect(stayMove(room(), 'checked_out', '2027-03-05')).toMatchObject({ kind: 'refused' });
    expect(stayMove(room({ stayStatus: 'checked_in' }), 'checked_out', '2027-03-05')).toEqual({ kind: 'move' });
    expect(stayMove(room({ stayStatus: 'checked_in' }), 'no_show', '2027-03-05')).toMatchObject({ kind: 'refused' });
    expect(stayMove(room({ stayStatus: 'checked_out' }), 'checked_in', '2027-03-05')).toMatchObject({ kind: 'refused' });
    expect(stayMove(room({ stayStatus: 'no_show' }), 'checked_in', '2027-03-05')).toMatchObject({ kind: 'refused' });
  });

  it('a move to where the room is already is the same, a cancelled room has no stay', () => {
    expect(stayMove(room({ stayStatus: 'checked_in' }), 'checked_in', '2027-03-05')).toEqual({ kind: 'same' });
    expect(stayMove(room({ status: 'cancelled' }), 'checked_in', '2027-03-05')).toMatchObject({ kind: 'refused' });
  });
});

describe('a booking’s stay, from its standing rooms', () => {
  it('is checked in while any guest is in, expected while any is to come, checked out when anyone stayed, else a no-show', () => {
    const of = (...statuses: StayRoom['stayStatus'][]) => bookingStayStatus(statuses.map((stayStatus) => room({ stayStatus })));
    expect(of('checked_in', 'expected', 'no_show')).toBe('checked_in');
    expect(of('expected', 'checked_out')).toBe('expected');
    expect(of('checked_out', 'no_show')).toBe('checked_out');
    expect(of('no_show', 'no_show')).toBe('no_show');
    expect(bookingStayStatus([room({ status: 'cancelled', stayStatus: 'checked_in' }), room({ stayStatus: 'no_show' })])).toBe('no_show');
    expect(bookingStayStatus([room({ status: 'cancelled' })])).toBeNull();
  });
});

describe('the wire’s names', () => {
  it('name each move and status as the feed shows them', () => {
    expect([stayMoveOf('CheckedIn'), stayMoveOf('CheckedOut'), stayMoveOf('NoShow')]).toEqual(['checked_in', 'checked_out', 'no_show']);
    expect([stayStatusName('expected'), stayStatusName('no_show'), stayStatusName(null)]).toEqual(['Expected', 'NoShow', null]);
  });
});
