/**
 * The change a guest is making to a found booking, held on the page until Save: the rooms as
 * they should become, the rooms to cancel with their reasons, the booker and the requests. Every
 * edit is a function from one draft to the next; `updateRequest` turns the draft into the
 * Quote and Update payload.
 */
import { placeholderGuests, type ReviewRoom } from '@hotel/domain/guest-review';
import { isContactValid, type ContactFieldsConfiguration } from '@hotel/domain/validation';
import type { DateChangeRow, ManageBookingUpdateRequest } from '@hotel/domain/wire/manage-booking-change';
import type { ManagedReservation, ManagedRoom } from './manage-api';
import { newId } from '../../lib/ids';
import { bookerPayloadOf, draftBookerOf, orNull, type DraftBooker, type DraftGuest } from '../../lib/contact-draft';

export interface DraftRoom {
  /** Stable across edits, for React keys and finding the room; a booked room's id is also its ReservationItemId. */
  key: string;
  ReservationItemId: number | null;
  DateFrom: string;
  DateTo: string;
  RoomTypeId: number;
  RoomTypeName: string;
  RatePlanId: number;
  RatePlanName: string;
  Policy: string;
  NumberOfAdults: number;
  NumberOfChildren: number;
  NumberOfInfants: number;
  RoomConfigurationDropdownOptionId: number | null;
  RoomConfiguration: string | null;
  Guests: DraftGuest[];
  /** Quantity per ServiceId; the names stay on the booked room's Services or the extras list. */
  Services: { ServiceId: number; Quantity: number; ServiceName: string }[];
  /** The price the guest was shown for this room (major units): the booking's, a date row's or an upgrade's. */
  TotalCost: number;
  CanBeCancelled: boolean;
  CanBeEdited: boolean;
  roomReviewed: boolean;
}

export interface ManageDraft {
  rooms: DraftRoom[];
  roomsToCancel: { ReservationItemId: number; CancellationReasonId: number | null; RoomTypeName: string }[];
  booker: DraftBooker;
  bookerChanged: boolean;
  specialRequests: string;
}

function draftRoom(room: ManagedRoom): DraftRoom {
  return {
    key: String(room.ReservationItemId),
    ReservationItemId: room.ReservationItemId,
    DateFrom: room.DateFrom,
    DateTo: room.DateTo,
    RoomTypeId: room.RoomTypeId,
    RoomTypeName: room.RoomTypeName,
    RatePlanId: room.RatePlanId,
    RatePlanName: room.RatePlanName,
    Policy: room.Policy,
    NumberOfAdults: room.NumberOfAdults,
    NumberOfChildren: room.NumberOfChildren,
    NumberOfInfants: room.NumberOfInfants,
    RoomConfigurationDropdownOptionId: room.RoomConfigurationDropdownOptionId,
    RoomConfiguration: room.RoomConfiguration,
    Guests: room.Guests.map((guest) => ({
      IndividualId: guest.IndividualId,
      IsLeadGuest: guest.IsLeadGuest,
      FirstName: guest.FirstName,
      LastName: guest.LastName,
      Email: guest.Email ?? '',
      Phone: guest.Phone ?? '',
      reviewed: true,
    })),
    Services: room.Services.map((service) => ({
      ServiceId: service.ServiceId,
      Quantity: service.Quantity,
      ServiceName: service.ServiceName,
    })),
    TotalCost: room.TotalCost,
    CanBeCancelled: room.CanBeCancelled,
    CanBeEdited: room.CanBeEdited,
    roomReviewed: true,
  };
}

/** The booking as found: nothing changed yet, everything counted as reviewed. */
export function draftOf(reservation: ManagedReservation): ManageDraft {
  return {
    rooms: reservation.Rooms.map(draftRoom),
    roomsToCancel: [],
    booker: draftBookerOf(reservation.Booker),
    bookerChanged: false,
    specialRequests: reservation.SpecialRequests ?? '',
  };
}

/** One room changed by `change`. */
export function withRoom(draft: ManageDraft, key: string, change: (room: DraftRoom) => DraftRoom): ManageDraft {
  return { ...draft, rooms: draft.rooms.map((room) => (room.key === key ? change(room) : room)) };
}

/** A room taken out of the booking, recorded with its reason, to be cancelled on save. An added room is simply dropped. */
export function cancelRoom(draft: ManageDraft, key: string, cancellationReasonId: number | null): ManageDraft {
  const room = draft.rooms.find((candidate) => candidate.key === key);
  if (room === undefined) return draft;
  const rooms = draft.rooms.filter((candidate) => candidate !== room);
  if (room.ReservationItemId === null) return { ...draft, rooms };
  return {
    ...draft,
    rooms,
    roomsToCancel: [
      ...draft.roomsToCancel,
      { ReservationItemId: room.ReservationItemId, CancellationReasonId: cancellationReasonId, RoomTypeName: room.RoomTypeName },
    ],
  };
}

/** What a room added to the booking is: chosen on RoomTypeSelection and RatePlanSelection. */
export type NewRoom = Pick<
  DraftRoom,
  | 'DateFrom'
  | 'DateTo'
  | 'RoomTypeId'
  | 'RoomTypeName'
  | 'RatePlanId'
  | 'RatePlanName'
  | 'Policy'
  | 'NumberOfAdults'
  | 'NumberOfChildren'
  | 'NumberOfInfants'
  | 'TotalCost'
>;

/** A room added with a 'New Guest' per adult for the guest to name, fully editable and cancellable. */
export function addRoom(draft: ManageDraft, room: NewRoom): ManageDraft {
  const guests = placeholderGuests(room.NumberOfAdults).map((guest, index) => ({
    IndividualId: null,
    IsLeadGuest: index === 0,
    FirstName: guest.FirstName ?? '',
    LastName: guest.LastName ?? '',
    Email: '',
    Phone: '',
    reviewed: false,
  }));
  const added: DraftRoom = {
    ...room,
    key: newId(),
    ReservationItemId: null,
    RoomConfigurationDropdownOptionId: null,
    RoomConfiguration: null,
    Guests: guests,
    Services: [],
    CanBeCancelled: true,
    CanBeEdited: true,
    roomReviewed: false,
  };
  return { ...draft, rooms: [...draft.rooms, added] };
}

/** New dates accepted: every room takes its row's dates, room type, rate plan and price. */
export function applyDateRows(draft: ManageDraft, rows: readonly DateChangeRow[]): ManageDraft {
  const byItem = new Map(rows.map((row) => [row.ReservationItemId, row]));
  return {
    ...draft,
    rooms: draft.rooms.map((room) => {
      const row = room.ReservationItemId === null ? undefined : byItem.get(room.ReservationItemId);
      return row === undefined
        ? room
        : {
            ...room,
            DateFrom: row.DateFrom,
            DateTo: row.DateTo,
            RoomTypeId: row.RoomTypeId,
            RatePlanId: row.RatePlanId,
            TotalCost: row.TotalCost,
          };
    }),
  };
}

/** The stay of the draft: the earliest arrival and the latest departure of its rooms. */
export function stayOf(draft: ManageDraft): { DateFrom: string; DateTo: string } | null {
  if (draft.rooms.length === 0) return null;
  const froms = draft.rooms.map((room) => room.DateFrom).sort();
  const tos = draft.rooms.map((room) => room.DateTo).sort();
  return { DateFrom: froms[0] ?? '', DateTo: tos[tos.length - 1] ?? '' };
}

/** The review loop's view of the rooms: a guest is valid when the property's guest fields are. */
export function reviewRooms(draft: ManageDraft, guestConfiguration: ContactFieldsConfiguration): ReviewRoom[] {
  return draft.rooms.map((room) => ({
    roomReviewed: room.roomReviewed,
    guests: room.Guests.map((guest) => ({ reviewed: guest.reviewed, valid: isContactValid(guest, guestConfiguration) })),
  }));
}

/** The Quote and Update payload of the draft. */
export function updateRequest(
  draft: ManageDraft,
  access: { PropertyId: number; ReservationId: number; Code: string },
): ManageBookingUpdateRequest {
  return {
    ...access,
    SpecialRequests: orNull(draft.specialRequests),
    Booker: draft.bookerChanged ? bookerPayloadOf(draft.booker) : null,
    RoomsToCancel: draft.roomsToCancel.map(({ ReservationItemId, CancellationReasonId }) => ({ ReservationItemId, CancellationReasonId })),
    ReservationItems: draft.rooms.map((room) => ({
      ReservationItemId: room.ReservationItemId,
      DateFrom: room.DateFrom,
      DateTo: room.DateTo,
      RoomTypeId: room.RoomTypeId,
      RatePlanId: room.RatePlanId,
      NumberOfAdults: room.NumberOfAdults,
      NumberOfChildren: room.NumberOfChildren,
      NumberOfInfants: room.NumberOfInfants,
      RoomConfigurationDropdownOptionId: room.RoomConfigurationDropdownOptionId,
      Guests: room.Guests.map((guest) => ({
        IndividualId: guest.IndividualId,
        IsLeadGuest: guest.IsLeadGuest,
        FirstName: orNull(guest.FirstName),
        LastName: orNull(guest.LastName),
        Email: orNull(guest.Email),
        Phone: orNull(guest.Phone),
      })),
      Services: room.Services.filter((service) => service.Quantity > 0).map(({ ServiceId, Quantity }) => ({ ServiceId, Quantity })),
      TotalCost: room.TotalCost,
    })),
  };
}

/** True when the draft changes nothing of the booking. */
export function isUnchanged(draft: ManageDraft, reservation: ManagedReservation): boolean {
  return JSON.stringify(updateRequest(draft, ACCESS)) === JSON.stringify(updateRequest(draftOf(reservation), ACCESS));
}

const ACCESS = { PropertyId: 0, ReservationId: 0, Code: '' };
