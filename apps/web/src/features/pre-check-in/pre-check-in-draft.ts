/**
 * The details a guest completes during pre-check-in, held on the page until Summary saves them:
 * the booker, each room's configuration and guests, the special requests and a card to keep on
 * file. Guests who share the booker's IndividualId follow the booker.
 */
import { syncGuestsWithBooker, type ReviewRoom } from '@hotel/domain/guest-review';
import { isContactValid, type ContactFieldsConfiguration } from '@hotel/domain/validation';
import type { PreCheckInSaveRequest } from '@hotel/domain/wire/pre-check-in';
import { amendedTotals, amendmentPayment } from '@hotel/domain/amendment';
import { sumMinor, toMajor, toMinor } from '@hotel/domain/money';
import type { CardDetailsPayload } from '@hotel/domain/wire/card-details';
import type { ChosenExtra } from '../extras/booked-room-extras';
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
  /** The room's extras as they should stand: the booked ones (at least as many) and those added. */
  Services: ChosenExtra[];
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
      Services: item.Services.map(({ ServiceId, ServiceName, Quantity, TotalCost }) => ({ ServiceId, ServiceName, Quantity, TotalCost })),
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
      Services: room.Services.map(({ ServiceId, Quantity }) => ({ ServiceId, Quantity })),
    })),
    CardDetails: draft.card,
  };
}

/** What the extras added at this pre-check-in cost (major units), and what it does to the booking. */
export interface ExtrasPrice {
  /** The added and raised lines: what each now costs for its room. */
  added: { itemIndex: number; ServiceName: string; Quantity: number; TotalCost: number }[];
  /** What the guest pays before and after, VAT added at a tax-exclusive property, less a gift voucher. */
  previousTotal: number;
  newTotal: number;
  /** Charged to the card (a booking paid by card) or settled at the hotel. */
  payment: { kind: 'Charge' | 'None'; amount: number };
}

/**
 * The money of the extras in the draft, by the rules the server saves with: a booked line kept
 * at its quantity keeps its price, any other is priced now (it replaces the booked one); the
 * booking's totals follow the domain's amendment rules, and the difference is charged to the
 * card when the booking was paid by card, else settled at the hotel.
 */
export function extrasPriceOf(draft: PreCheckInDraft, reservation: PreCheckInReservation): ExtrasPrice {
  const added = draft.rooms.flatMap((room, itemIndex) => {
    const booked = reservation.ReservationItems[itemIndex]?.Services ?? [];
    return room.Services.filter((line) => !booked.some((old) => old.ServiceId === line.ServiceId && old.Quantity === line.Quantity)).map(
      (line) => ({ itemIndex, ServiceName: line.ServiceName, Quantity: line.Quantity, TotalCost: line.TotalCost }),
    );
  });
  const { Totals } = reservation;
  const previousTotal = toMinor(Totals.TotalToPay, reservation.Currency);
  if (added.length === 0)
    return { added, previousTotal: Totals.TotalToPay, newTotal: Totals.TotalToPay, payment: { kind: 'None', amount: 0 } };
  const services = sumMinor(draft.rooms.flatMap((room) => room.Services.map((line) => toMinor(line.TotalCost, reservation.Currency))));
  const totals = amendedTotals({
    rooms: toMinor(Totals.AccommodationTotal, reservation.Currency),
    services,
    bookedVoucherDiscount: toMinor(Totals.VoucherDiscount, reservation.Currency),
    vat: { rate: Totals.VatRate, isTaxExclusive: Totals.IsTaxExclusive },
  });
  const payment = amendmentPayment({
    previousDue: previousTotal,
    newDue: totals.due,
    paidByCard: Totals.PaidByCard,
    withinFreeCancellation: false,
  });
  return {
    added,
    previousTotal: Totals.TotalToPay,
    newTotal: toMajor(totals.due, reservation.Currency),
    payment: { kind: payment.kind === 'Charge' ? 'Charge' : 'None', amount: toMajor(payment.amount, reservation.Currency) },
  };
}
