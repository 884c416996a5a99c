/**
 * Reviewing rooms and guests, shared by pre-check-in and manage booking (docs/pre-check-in.md,
 * docs/manage-booking.md): the review loop, room and guest validity, when saving is allowed, and
 * guests who are the booker.
 */
import { findIndexFrom } from './find-from';
import { isContactValid, type Contact, type ContactFieldsConfiguration } from './validation';

/** The placeholder name of a guest nobody has named yet. */
export const NEW_GUEST_NAME = 'New Guest';

/** What the review loop knows of a guest. */
export interface ReviewGuest {
  reviewed: boolean;
  valid: boolean;
}

/** What the review loop knows of a room (reservation item). */
export interface ReviewRoom {
  roomReviewed: boolean;
  guests: readonly ReviewGuest[];
}

/** A step of a review flow with the room and guest it shows. */
export interface ReviewPosition<Step extends string> {
  step: Step;
  itemIndex: number;
  guestIndex: number;
}

function guestNeedsReview(guest: ReviewGuest): boolean {
  return !guest.reviewed || !guest.valid;
}

/** True when a room or any of its guests still needs the guest's attention. */
export function roomNeedsReview(room: ReviewRoom): boolean {
  return !room.roomReviewed || room.guests.some(guestNeedsReview);
}

function nextRoom<Step extends string>(rooms: readonly ReviewRoom[], from: number, roomStep: Step, end: Step): ReviewPosition<Step> {
  const index = findIndexFrom(rooms, from, roomNeedsReview);
  return index >= 0 ? { step: roomStep, itemIndex: index, guestIndex: 0 } : { step: end, itemIndex: 0, guestIndex: 0 };
}

/**
 * After a Room step: on mobile, the guests of this room not reviewed or invalid come next;
 * otherwise the next room whose room or guests are not all reviewed; none left: `end`.
 */
export function nextAfterRoom<Step extends string>(input: {
  rooms: readonly ReviewRoom[];
  itemIndex: number;
  isMobile: boolean;
  steps: { room: Step; guest: Step; end: Step };
}): ReviewPosition<Step> {
  const guests = input.rooms[input.itemIndex]?.guests ?? [];
  if (input.isMobile) {
    const guestIndex = findIndexFrom(guests, 0, guestNeedsReview);
    if (guestIndex >= 0) return { step: input.steps.guest, itemIndex: input.itemIndex, guestIndex };
  }
  return nextRoom(input.rooms, input.itemIndex, input.steps.room, input.steps.end);
}

/**
 * After a Guest step: the next guest of the room not reviewed or invalid; when none, the
 * Room logic, and `end` when no room is left.
 */
export function nextAfterGuest<Step extends string>(input: {
  rooms: readonly ReviewRoom[];
  itemIndex: number;
  guestIndex: number;
  steps: { room: Step; guest: Step; end: Step };
}): ReviewPosition<Step> {
  const guests = input.rooms[input.itemIndex]?.guests ?? [];
  const guestIndex = findIndexFrom(guests, input.guestIndex, guestNeedsReview);
  if (guestIndex >= 0) return { step: input.steps.guest, itemIndex: input.itemIndex, guestIndex };
  return nextRoom(input.rooms, input.itemIndex, input.steps.room, input.steps.end);
}

/** A room to save: its guests and whether its room configuration is set. */
export interface RoomToSave {
  guests: readonly Contact[];
  roomConfigurationSet: boolean;
}

/** The configuration of manage booking or pre-check-in. */
export interface ReviewConfiguration {
  ShowRoomConfigurationQuestion?: boolean | null;
  BookerConfiguration?: ContactFieldsConfiguration | null;
  GuestConfiguration?: ContactFieldsConfiguration | null;
}

/** A room is valid when all its guests are valid and the room configuration is set if required. */
export function isRoomValid(room: RoomToSave, config: ReviewConfiguration): boolean {
  return (
    room.guests.every((guest) => isContactValid(guest, config.GuestConfiguration ?? {})) &&
    (config.ShowRoomConfigurationQuestion !== true || room.roomConfigurationSet)
  );
}

/**
 * Saving a pre-check-in or a managed booking is allowed when the booker (if present) is
 * valid, every guest of every room is valid, and no save is in progress.
 */
export function canSaveReservation(input: {
  booker: Contact | null | undefined;
  rooms: readonly RoomToSave[];
  config: ReviewConfiguration;
  saving: boolean;
}): boolean {
  return (
    !input.saving &&
    (input.booker == null || isContactValid(input.booker, input.config.BookerConfiguration ?? {})) &&
    input.rooms.every((room) => isRoomValid(room, input.config))
  );
}

/** A guest as the reservation carries it. */
export interface ReservationGuest {
  IndividualId?: number | string | null;
  FirstName?: string | null;
  LastName?: string | null;
  Email?: string | null;
  Phone?: string | null;
}

/**
 * Guests with the booker's IndividualId take the booker's name, e-mail and phone and count
 * as reviewed; other guests are returned as they are.
 */
export function syncGuestsWithBooker<G extends ReservationGuest>(
  guests: readonly G[],
  booker: ReservationGuest,
): (G & { reviewed?: boolean })[] {
  if (booker.IndividualId == null) return [...guests];
  return guests.map((guest) =>
    guest.IndividualId === booker.IndividualId
      ? {
          ...guest,
          FirstName: booker.FirstName ?? null,
          LastName: booker.LastName ?? null,
          Email: booker.Email ?? null,
          Phone: booker.Phone ?? null,
          reviewed: true,
        }
      : guest,
  );
}

/** The guests of a room added while managing a booking: one "New Guest" per adult. */
export function placeholderGuests(adults: number): ReservationGuest[] {
  const [firstName, lastName] = NEW_GUEST_NAME.split(' ');
  return Array.from({ length: Math.max(0, adults) }, () => ({
    IndividualId: null,
    FirstName: firstName ?? null,
    LastName: lastName ?? null,
    Email: null,
    Phone: null,
  }));
}
