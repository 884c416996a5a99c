/**
 * Managing a booking (planned: docs/domain-rules.md): the step sequence, when a reservation can be
 * cancelled, and accepting a date change.
 */
import { nextAfterGuest, nextAfterRoom, type ReviewPosition, type ReviewRoom } from './guest-review';
import { isBlank } from './validation';

/** Manage-booking steps in order. */
export const MANAGE_BOOKING_STEPS = [
  'Start',
  'ReservationOverview',
  'Booker',
  'Room',
  'Guest',
  'Extras',
  'RoomTypeSelection',
  'RatePlanSelection',
  'UpgradeSelection',
  'ChangeDates',
  'Summary',
  'Complete',
  'Cancelled',
] as const;

/** One manage-booking step. */
export type ManageBookingStep = (typeof MANAGE_BOOKING_STEPS)[number];

/** Where the manage-booking flow stands. */
export interface ManageBookingState {
  position: ReviewPosition<ManageBookingStep>;
  rooms: readonly ReviewRoom[];
  isMobile: boolean;
  /** A cancelled reservation (found so, or after cancelling) always shows Cancelled. */
  isCancelled: boolean;
}

const REVIEW_STEPS = { room: 'Room', guest: 'Guest', end: 'ReservationOverview' } as const;

const OVERVIEW: ReviewPosition<ManageBookingStep> = {
  step: 'ReservationOverview',
  itemIndex: 0,
  guestIndex: 0,
};

/**
 * The next step: Start and Booker go to ReservationOverview; Room and Guest follow the review
 * loop ending at ReservationOverview; ReservationOverview goes to Summary; a room type choice
 * goes on to its rate plan; the other edits return to ReservationOverview. Summary waits for
 * the save (`afterManageBookingSave`).
 */
export function advanceManageBooking(state: ManageBookingState): ReviewPosition<ManageBookingStep> {
  const { position } = state;
  if (state.isCancelled) return { step: 'Cancelled', itemIndex: 0, guestIndex: 0 };
  switch (position.step) {
    case 'Start':
    case 'Booker':
    case 'Extras':
    case 'RatePlanSelection':
    case 'UpgradeSelection':
    case 'ChangeDates':
      return OVERVIEW;
    case 'RoomTypeSelection':
      return { ...position, step: 'RatePlanSelection' };
    case 'Room':
      return nextAfterRoom({ rooms: state.rooms, itemIndex: position.itemIndex, isMobile: state.isMobile, steps: REVIEW_STEPS });
    case 'Guest':
      return nextAfterGuest({
        rooms: state.rooms,
        itemIndex: position.itemIndex,
        guestIndex: position.guestIndex,
        steps: REVIEW_STEPS,
      });
    case 'ReservationOverview':
      return { step: 'Summary', itemIndex: 0, guestIndex: 0 };
    case 'Summary':
    case 'Complete':
    case 'Cancelled':
      return position;
  }
}

/** Save success goes to Complete; a failure stays where it is. */
export function afterManageBookingSave(position: ReviewPosition<ManageBookingStep>, success: boolean): ReviewPosition<ManageBookingStep> {
  return success ? { step: 'Complete', itemIndex: 0, guestIndex: 0 } : position;
}

/**
 * Cancelling is allowed only when the reservation (or room) can be cancelled and, if a
 * cancellation reason is required, one is chosen.
 */
export function canCancel(input: {
  CanBeCancelled: boolean;
  RequireCancellationReason?: boolean | null;
  cancellationReasonId?: number | string | null;
}): boolean {
  return input.CanBeCancelled && (input.RequireCancellationReason !== true || !isBlank(input.cancellationReasonId));
}

/**
 * New dates are accepted only if availability exists: the date-change search succeeded and
 * answered a row for every reservation item.
 */
export function canAcceptDateChange(input: {
  success: boolean;
  reservationItemIds: readonly (number | string)[];
  rows: readonly { ReservationItemId: number | string }[];
}): boolean {
  const answered = new Set(input.rows.map((row) => row.ReservationItemId));
  return input.success && input.reservationItemIds.length > 0 && input.reservationItemIds.every((id) => answered.has(id));
}
