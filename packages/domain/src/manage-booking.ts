/**
 * Managing a booking (docs/manage-booking.md): the step sequence, when a reservation or one of
 * its rooms can be cancelled or edited, and accepting a date change.
 */
import { instantAt, todayIn, type IsoDate } from './dates';
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

/** What decides whether a booking (or one room of it) may still be cancelled or edited online. */
export interface StayTiming {
  isCancelled: boolean;
  /** The first night. */
  dateFrom: IsoDate;
  /** The property's IANA zone. */
  timeZone: string;
  /** The property's check-in time, minutes after local midnight. */
  checkInMinutes: number;
  /** The rate plan's free-cancellation deadline, in hours before check-in; null: non-refundable. */
  cancellationDeadlineHours: number | null;
}

/**
 * The last instant a stay may be cancelled free of charge: check-in on the arrival day in the
 * property's zone, less the rate's deadline in elapsed hours (so a clock change in between
 * moves the local time, not the hours). Null for a non-refundable rate.
 */
export function cancellationDeadline(stay: Omit<StayTiming, 'isCancelled'>): Date | null {
  if (stay.cancellationDeadlineHours === null) return null;
  const checkIn = instantAt(stay.dateFrom, stay.checkInMinutes, stay.timeZone);
  return new Date(checkIn.getTime() - stay.cancellationDeadlineHours * 3_600_000);
}

/** Cancellable online: not cancelled already, a refundable rate, and now strictly before its deadline. */
export function canBeCancelled(stay: StayTiming, now: Date): boolean {
  const deadline = cancellationDeadline(stay);
  return !stay.isCancelled && deadline !== null && now.getTime() < deadline.getTime();
}

/** Editable online (guests, booker, requests, extras): not cancelled, and the arrival day has not come in the property's zone. */
export function canBeEdited(stay: Pick<StayTiming, 'isCancelled' | 'dateFrom' | 'timeZone'>, now: Date): boolean {
  return !stay.isCancelled && todayIn(now, stay.timeZone) < stay.dateFrom;
}

/** A name as guests type it, for comparing: no accents, one case, single spaces, no edges. */
export function comparableName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

/** Whether the name a guest typed is the last name of the booker or of any guest of the booking. */
export function isLastNameOf(typed: string, lastNames: readonly string[]): boolean {
  const wanted = comparableName(typed);
  return wanted !== '' && lastNames.some((lastName) => comparableName(lastName) === wanted);
}
