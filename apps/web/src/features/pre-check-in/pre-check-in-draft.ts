/**
 * The details a guest completes during pre-check-in, held on the page until Summary saves them:
 * the booker, each room's configuration and guests, the special requests and a card to keep on
 * file. Guests who share the booker's IndividualId follow the booker.
 */
import { syncGuestsWithBooker, type ReviewRoom } from '@hotel/domain/guest-review';
import { isContactValid, type ContactFieldsConfiguration } from '@hotel/domain/validation';
import type { PreCheckInSaveRequest } from '@hotel/domain/wire/pre-check-in';
import type { CardDetailsPayload } from '@hotel/domain/wire/card-details';
import { bookerPayloadOf, draftBookerOf, orNull, type DraftBooker, type DraftGuest } from '../../lib/contact-draft';
import type { PreCheckInItem, PreCheckInReservation } from './pre-check-in-api';

export interface PreCheckInRoom {
  ReservationItemId: number;
  RoomType: string;
  RoomTypeId: number;
  RoomConfigurationDropdownOptionId: number | null;
  RoomConfiguration: string | null;
  Guests: DraftGuest[];
  roomReviewed: boolean;
}

export interface PreCheckInDraft {
  /** The booker's IndividualId, which guests staying as the booker carry. */
  bookerId: string;
  booker: DraftBooker;
  rooms: PreCheckInRoom[];
  specialRequests: string;
  /** The card to keep on file, as the wire carries it; null keeps the one the booking has. */
  card: CardDetailsPayload | null;
  /** Whether the guest has been through Extras and PaymentDetails, which follow the review loop once. */
  extrasSeen: boolean;
}

function draftGuest(guest: PreCheckInItem['Guests'][number], reviewed: boolean): DraftGuest {
  return {
    IndividualId: guest.IndividualId,
    IsLeadGuest: false,
    FirstName: guest.FirstName,
    LastName: guest.LastName,
    Email: guest.Email ?? '',
    Phone: guest.Phone ?? '',
    reviewed,
  };
}

const emptyGuest: DraftGuest = {
  IndividualId: null,
  IsLeadGuest: false,
  FirstName: '',
  LastName: '',
  Email: '',
  Phone: '',
  reviewed: false,
};

/**
 * The booking as the link opened it. A first pre-check-in has everything still to review; one
 * completed already counts as reviewed, so the page opens on the saved details.
 */
export function draftOfReservation(reservation: PreCheckInReservation): PreCheckInDraft {
  const reviewed = reservation.PreCheckInCompletedAt !== null;
  const booker = reservation.Booker;
  const draft: PreCheckInDraft = {
    bookerId: booker.IndividualId,
    booker: draftBookerOf(booker),
    rooms: reservation.ReservationItems.map((item) => ({
      ReservationItemId: item.ReservationItemId,
      RoomType: item.RoomType,
      RoomTypeId: item.RoomTypeId,
      RoomConfigurationDropdownOptionId: item.RoomConfigurationDropdownOptionId,
      RoomConfiguration: item.RoomConfiguration,
      // A room saved with nobody named still needs its first guest.
      Guests: item.Guests.length > 0 ? item.Guests.map((guest) => draftGuest(guest, reviewed)) : [{ ...emptyGuest }],
      roomReviewed: reviewed,
    })),
    specialRequests: reservation.SpecialRequests ?? '',
    card: null,
    extrasSeen: reviewed,
  };
  return withBooker(draft, draft.booker);
}

/** The booker changed, and every guest staying as the booker with them. */
export function withBooker(draft: PreCheckInDraft, booker: DraftBooker): PreCheckInDraft {
  const asBooker = {
    IndividualId: draft.bookerId,
    FirstName: booker.FirstName,
    LastName: booker.LastName,
    Email: booker.Email,
    Phone: booker.Phone,
  };
  return {
    ...draft,
    booker,
    rooms: draft.rooms.map((room) => ({
      ...room,
      Guests: syncGuestsWithBooker(room.Guests, asBooker).map((guest) => ({
        ...guest,
        FirstName: guest.FirstName ?? '',
        LastName: guest.LastName ?? '',
        Email: guest.Email ?? '',
        Phone: guest.Phone ?? '',
        reviewed: guest.reviewed ?? false,
      })),
    })),
  };
}

/** One guest saved; a guest staying as the booker changes the booker's name and contact too. */
export function withGuest(draft: PreCheckInDraft, itemIndex: number, guestIndex: number, guest: DraftGuest): PreCheckInDraft {
  if (guest.IndividualId !== null && guest.IndividualId === draft.bookerId) {
    return withBooker(draft, {
      ...draft.booker,
      FirstName: guest.FirstName,
      LastName: guest.LastName,
      Email: guest.Email,
      Phone: guest.Phone,
    });
  }
  return withRoomAt(draft, itemIndex, (room) => ({
    ...room,
    Guests: room.Guests.map((candidate, index) => (index === guestIndex ? guest : candidate)),
  }));
}

export function withRoomAt(draft: PreCheckInDraft, itemIndex: number, change: (room: PreCheckInRoom) => PreCheckInRoom): PreCheckInDraft {
  return { ...draft, rooms: draft.rooms.map((room, index) => (index === itemIndex ? change(room) : room)) };
}

/** The review loop's view of the rooms. */
export function reviewRoomsOf(draft: PreCheckInDraft, guestRules: ContactFieldsConfiguration): ReviewRoom[] {
  return draft.rooms.map((room) => ({
    roomReviewed: room.roomReviewed,
    guests: room.Guests.map((guest) => ({ reviewed: guest.reviewed, valid: isContactValid(guest, guestRules) })),
  }));
}

/** The Save payload of the draft, for the booking the link opened. */
export function saveRequestOf(draft: PreCheckInDraft, reservation: PreCheckInReservation, code: string): PreCheckInSaveRequest {
  return {
    PropertyId: reservation.PropertyId,
    ReferenceNumber: reservation.ReferenceNumber,
    IsReservation: true,
    EntityId: reservation.EntityId,
    Code: code,
    SpecialRequests: orNull(draft.specialRequests),
    Booker: bookerPayloadOf(draft.booker),
    ReservationItems: draft.rooms.map((room) => ({
      ReservationItemId: room.ReservationItemId,
      RoomConfigurationDropdownOptionId: room.RoomConfigurationDropdownOptionId,
      Guests: room.Guests.map((guest) => ({
        IndividualId: guest.IndividualId,
        FirstName: orNull(guest.FirstName),
        LastName: orNull(guest.LastName),
        Email: orNull(guest.Email),
        Phone: orNull(guest.Phone),
      })),
    })),
    CardDetails: draft.card,
  };
}
