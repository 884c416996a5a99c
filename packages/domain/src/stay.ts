import { compareDates, type IsoDate } from './dates';

/** Where a room's guest is, as the hotel's PMS tells it (docs/hotel-integration.md, "Stay status"). */
export type StayStatus = 'expected' | 'checked_in' | 'checked_out' | 'no_show';

/** What the PMS may move a room to. */
export type StayMove = Exclude<StayStatus, 'expected'>;

/** The one status each move may leave. */
const MOVES_FROM: Record<StayMove, StayStatus> = { checked_in: 'expected', checked_out: 'checked_in', no_show: 'expected' };

/** The wire's name of each status. */
export const STAY_STATUS_NAMES = { expected: 'Expected', checked_in: 'CheckedIn', checked_out: 'CheckedOut', no_show: 'NoShow' } as const;

export type StayStatusName = (typeof STAY_STATUS_NAMES)[StayStatus];

/** The wire's name of a booking's stay status, null when no room stands. */
export const stayStatusName = (status: StayStatus | null): StayStatusName | null => (status === null ? null : STAY_STATUS_NAMES[status]);

const MOVE_NAMED = { CheckedIn: 'checked_in', CheckedOut: 'checked_out', NoShow: 'no_show' } as const satisfies Record<string, StayMove>;

/** The move a wire status name asks for. */
export const stayMoveOf = (name: keyof typeof MOVE_NAMED): StayMove => MOVE_NAMED[name];

export type StayRoom = { status: 'booked' | 'cancelled'; stayStatus: StayStatus; dateFrom: IsoDate };

/**
 * Whether a room may move to `to` today (the property's date): `same` when it is there already
 * (a retry: nothing to do), `move` when allowed, else a refusal saying where the room is and
 * what it allows. A guest arrives, and fails to, on the arrival date or later, never before;
 * a cancelled room has no stay.
 */
export function stayMove(
  room: StayRoom,
  to: StayMove,
  today: IsoDate,
): { kind: 'same' } | { kind: 'move' } | { kind: 'refused'; message: string } {
  if (room.stayStatus === to) return { kind: 'same' };
  const now = STAY_STATUS_NAMES[room.stayStatus];
  if (room.status === 'cancelled')
    return { kind: 'refused', message: 'The room is cancelled: it has no stay to move. Book it again to take the guest in.' };
  if (room.stayStatus !== MOVES_FROM[to]) return { kind: 'refused', message: `The room is ${now}: ${allowedFrom(room.stayStatus)}` };
  if (MOVES_FROM[to] === 'expected' && compareDates(today, room.dateFrom) < 0)
    return {
      kind: 'refused',
      message: `The room arrives on ${room.dateFrom} (the property's date is ${today}): it can be checked in or marked a no-show from that day on.`,
    };
  return { kind: 'move' };
}

function allowedFrom(status: StayStatus): string {
  if (status === 'expected') return 'it can be checked in (CheckedIn) or marked a no-show (NoShow).';
  if (status === 'checked_in') return 'it can only be checked out (CheckedOut).';
  return 'its stay is over, and nothing follows.';
}

/**
 * The booking's stay as one status, from its standing rooms (null when none stands): checked in
 * while any guest is in; expected while any is still to come; checked out when anyone stayed;
 * otherwise every room was a no-show.
 */
export function bookingStayStatus(rooms: readonly Pick<StayRoom, 'status' | 'stayStatus'>[]): StayStatus | null {
  const standing = rooms.filter((room) => room.status === 'booked').map((room) => room.stayStatus);
  if (standing.length === 0) return null;
  for (const status of ['checked_in', 'expected', 'checked_out'] as const) if (standing.includes(status)) return status;
  return 'no_show';
}
