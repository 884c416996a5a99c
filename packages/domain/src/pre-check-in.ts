/**
 * The pre-check-in step sequence (docs/pre-check-in.md, "The web page").
 */
import { nextAfterGuest, nextAfterRoom, type ReviewPosition, type ReviewRoom } from './guest-review';

/** Pre-check-in steps in order. */
export const PRE_CHECK_IN_STEPS = ['Start', 'Booker', 'Room', 'Guest', 'Extras', 'PaymentDetails', 'Summary', 'Complete'] as const;

/** One pre-check-in step. */
export type PreCheckInStep = (typeof PRE_CHECK_IN_STEPS)[number];

/** Where the pre-check-in stands. */
export interface PreCheckInState {
  position: ReviewPosition<PreCheckInStep>;
  hasBooker: boolean;
  rooms: readonly ReviewRoom[];
  isMobile: boolean;
}

const REVIEW_STEPS = { room: 'Room', guest: 'Guest', end: 'Summary' } as const;

/**
 * The next step: Start goes to Booker when there is a booker, else to the first room; Booker
 * goes to the first room and guest; Room and Guest follow the review loop ending at Summary;
 * Extras and PaymentDetails follow the sequence. Summary waits for the save (`afterPreCheckInSave`).
 */
export function advancePreCheckIn(state: PreCheckInState): ReviewPosition<PreCheckInStep> {
  const { position } = state;
  switch (position.step) {
    case 'Start':
      return { step: state.hasBooker ? 'Booker' : 'Room', itemIndex: 0, guestIndex: 0 };
    case 'Booker':
      return { step: 'Room', itemIndex: 0, guestIndex: 0 };
    case 'Room':
      return nextAfterRoom({ rooms: state.rooms, itemIndex: position.itemIndex, isMobile: state.isMobile, steps: REVIEW_STEPS });
    case 'Guest':
      return nextAfterGuest({
        rooms: state.rooms,
        itemIndex: position.itemIndex,
        guestIndex: position.guestIndex,
        steps: REVIEW_STEPS,
      });
    case 'Extras':
      return { ...position, step: 'PaymentDetails' };
    case 'PaymentDetails':
      return { ...position, step: 'Summary' };
    case 'Summary':
    case 'Complete':
      return position;
  }
}

/** Save success completes the pre-check-in; a failure stays on the current step. */
export function afterPreCheckInSave(position: ReviewPosition<PreCheckInStep>, success: boolean): ReviewPosition<PreCheckInStep> {
  return success ? { step: 'Complete', itemIndex: 0, guestIndex: 0 } : position;
}
