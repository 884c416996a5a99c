import {
  amendedTotals,
  amendmentPayment,
  contactHotelMessage,
  roomChangeKind,
  type AmendedTotals,
  type AmendmentPayment,
  type RoomChangeKind,
} from '@hotel/domain/amendment';
import { parseDate } from '@hotel/domain/dates';
import { sumMinor, type Minor } from '@hotel/domain/money';
import { canTakeRoom } from '@hotel/domain/occupancy';
import { validateContact, type FieldErrors } from '@hotel/domain/validation';
import { totalToPay } from '@hotel/domain/vat';
import type { ManageBookingUpdateRequest, ManagedRoomChange } from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import type { Queryable } from '../database';
import { AppError, currencyDecimalsProblem, invalidField } from '../errors';
import { assertRoomsPerBooking } from '../availability';
import type { PropertyRow } from '../property';
import { findActiveCancellationReasons } from '../static-data';
import { bookedRatePlanCode, type BookedRoom } from './booked-rooms';
import { manageState } from './cancellation-window';
import { findManagedBooking } from './managed-booking-access';
import { type ManageAccess } from './reservation-links';
import { findReservationDetails, type ReservationDetails, type ReservationRow } from './reservation-queries';
import { assertEachExtraOnce, paidByCard, planRoomExtras } from './room-extras';
import { assertClientPrices, priceRooms, type PricedRoom, type PricedService } from './room-pricing';
import { findBookableServices } from './service-queries';

/** A room of the change as it will stand. */
export type PlannedRoom = {
  index: number;
  change: ManagedRoomChange;
  /** As booked; null for a room added now. */
  booked: BookedRoom | null;
  kind: RoomChangeKind;
  /** Priced afresh as create prices (the stay changed, or the room is new); null keeps the booked price. */
  priced: PricedRoom<ManagedRoomChange> | null;
  /** Extras priced now: every one of a re-priced room, else the lines added or changed. */
  newServiceLines: PricedService[];
  /** The bed configuration chosen, one of the room type's. */
  configuration: { id: number; label: string } | null;
  /** Booked extras the change drops or replaces. */
  removedServiceIds: number[];
  total: Minor;
  originalTotal: Minor;
  servicesTotal: Minor;
};

export type CancelledRoom = { booked: BookedRoom; reasonId: number | null };

/** An amendment worked out and priced, nothing written yet. */
export type AmendmentPlan = {
  property: PropertyRow;
  reservation: ReservationRow;
  details: ReservationDetails;
  access: ManageAccess;
  rooms: PlannedRoom[];
  cancelled: CancelledRoom[];
  /** The booker as the change gives it (null: as booked). */
  booker: ManageBookingUpdateRequest['Booker'] | null;
  bookerChanged: boolean;
  specialRequests: string | null;
  previousDue: Minor;
  totals: AmendedTotals;
  payment: AmendmentPayment;
  /** What the booking read as when planned, to check nothing changed before it is written. */
  fingerprint: string;
};

export type PlanOutcome = { plan: AmendmentPlan } | { refusal: string };

const notOfThisBooking = 'Choose rooms of this booking, each once';

/** What a booking reads as: two reads with the same fingerprint saw the same booking. */
export function bookingFingerprint(reservation: ReservationRow, details: ReservationDetails): string {
  return JSON.stringify([
    reservation,
    details.rooms.map((room) => ({ ...room, services: [...room.services].sort((a, b) => a.serviceId - b.serviceId) })),
  ]);
}

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a?.trim() || null) === (b?.trim() || null);

function guestsChanged(booked: BookedRoom['guests'], wanted: ManagedRoomChange['Guests']): boolean {
  if (booked.length !== wanted.length) return true;
  return wanted.some((guest, i) => {
    const was = booked[i]!;
    return (
      !sameText(guest.FirstName, was.firstName) ||
      !sameText(guest.LastName, was.lastName) ||
      !sameText(guest.Email, was.email) ||
      !sameText(guest.Phone, was.phone) ||
      (guest.IsLeadGuest != null && guest.IsLeadGuest !== was.isLead)
    );
  });
}

function bookerChangedFrom(reservation: ReservationRow, booker: ManageBookingUpdateRequest['Booker']): boolean {
  if (!booker) return false;
  return (
    !sameText(booker.FirstName, reservation.bookerFirstName) ||
    !sameText(booker.LastName, reservation.bookerLastName) ||
    !sameText(booker.Email, reservation.bookerEmail) ||
    !sameText(booker.Phone, reservation.bookerPhone) ||
    !sameText(booker.Street, reservation.bookerStreet) ||
    !sameText(booker.City, reservation.bookerCity) ||
    !sameText(booker.StateOrCounty, reservation.bookerStateOrCounty) ||
    !sameText(booker.ZipCode, reservation.bookerZipCode) ||
    (booker.CountryId ?? null) !== reservation.bookerCountryId ||
    (booker.OptInToReceiveUpdates ?? false) !== reservation.optInToReceiveUpdates
  );
}

/**
 * The guests a change names anew (every guest of an added room, the guests of a room whose
 * guests changed) and a changed booker must have what the property's manage configuration
 * requires, as the web's review loop asks: a 400 naming each field. Guests a change leaves as
 * they are are not checked again, so a later stricter configuration does not lock a booking.
 * The wire carries a guest's names, e-mail and phone only, so only those are asked of guests.
 */
function assertContactsComplete(
  property: PropertyRow,
  request: ManageBookingUpdateRequest,
  planned: { change: ManagedRoomChange; index: number; booked: BookedRoom | null }[],
  bookerChanged: boolean,
): void {
  const { GuestConfiguration: guestFields, BookerConfiguration: bookerFields } = property.manageBookingConfiguration;
  const asked = {
    FirstNameRequired: guestFields.FirstNameRequired,
    LastNameRequired: guestFields.LastNameRequired,
    EmailRequired: guestFields.EmailRequired,
    PhoneRequired: guestFields.PhoneRequired,
  };
  const modelState: FieldErrors = {};
  const add = (prefix: string, errors: FieldErrors) => {
    for (const [field, messages] of Object.entries(errors)) modelState[`${prefix}.${field}`] = messages;
  };
  for (const { change, index, booked } of planned) {
    if (booked && !guestsChanged(booked.guests, change.Guests)) continue;
    change.Guests.forEach((guest, j) => add(`ReservationItems[${index}].Guests[${j}]`, validateContact(guest, asked)));
  }
  if (bookerChanged && request.Booker) add('Booker', validateContact(request.Booker, bookerFields));
  if (Object.keys(modelState).length > 0) throw new AppError('VALIDATION_FAILED', 'The request is invalid.', { modelState });
}

const dateOf = (wire: string) => parseDate(wire) ?? wire;

function stayChanged(change: ManagedRoomChange, booked: BookedRoom): boolean {
  return (
    dateOf(change.DateFrom) !== booked.dateFrom ||
    dateOf(change.DateTo) !== booked.dateTo ||
    change.RoomTypeId !== booked.roomTypeId ||
    change.RatePlanId !== booked.ratePlanId ||
    change.NumberOfAdults !== booked.adults ||
    change.NumberOfChildren !== booked.children ||
    change.NumberOfInfants !== booked.infants
  );
}

/**
 * Works out an amendment (docs/manage-booking.md, "Changing a booking"): which rooms change
 * how, whether the booking still allows each change, the new prices (a changed or added room
 * priced as create prices it, an unchanged one at its booked price, extras added priced now)
 * and the money. A stale client price is a 409 with the new prices; a change the booking no
 * longer allows is a refusal to show the guest.
 */
export async function planAmendment(
  context: Pick<AppContext, 'database' | 'availability' | 'clock' | 'config'>,
  db: Queryable,
  request: ManageBookingUpdateRequest,
): Promise<PlanOutcome> {
  const now = context.clock.now();
  const { property, reservation, access } = await findManagedBooking(context, db, request);
  if (reservation.status === 'cancelled') return { refusal: 'This booking has been cancelled and can no longer be changed.' };
  const details = await findReservationDetails(db, reservation.id);
  const managed = manageState(property, reservation, details, now);
  const standing = details.rooms.filter((room) => room.status === 'booked');
  const stateOf = (id: number) => managed.rooms.get(id)!;

  const named = new Set<number>();
  const nameRoom = (id: number, field: string) => {
    const room = standing.find((candidate) => candidate.id === id);
    if (!room || named.has(id)) throw invalidField(field, notOfThisBooking);
    named.add(id);
    return room;
  };
  const items = request.ReservationItems.map((change, index) => ({
    change,
    index,
    booked: change.ReservationItemId == null ? null : nameRoom(change.ReservationItemId, `ReservationItems[${index}].ReservationItemId`),
  }));
  const cancelled = (request.RoomsToCancel ?? []).map((entry, index) => ({
    booked: nameRoom(entry.ReservationItemId, `RoomsToCancel[${index}].ReservationItemId`),
    reasonId: entry.CancellationReasonId ?? null,
    index,
  }));
  const unnamed = standing.find((room) => !named.has(room.id));
  if (unnamed) {
    throw invalidField(
      'ReservationItems',
      `Say what becomes of every room: room ${unnamed.id} is in neither ReservationItems nor RoomsToCancel`,
    );
  }
  if (items.length === 0) {
    throw invalidField('ReservationItems', 'A booking keeps at least one room. To cancel all of it, cancel the booking.');
  }
  assertRoomsPerBooking(property, items.length);
  await checkCancellationReasons(db, property, cancelled);

  const planned = items.map(({ change, index, booked }) => {
    assertEachExtraOnce(change.Services, (j) => `ReservationItems[${index}].Services[${j}]`);
    const party = {
      NumberOfAdults: change.NumberOfAdults,
      NumberOfChildren: change.NumberOfChildren,
      NumberOfInfants: change.NumberOfInfants,
    };
    if (!canTakeRoom(party)) throw invalidField(`ReservationItems[${index}].NumberOfAdults`, 'A room needs at least one adult or child');
    const decimals = currencyDecimalsProblem(change.TotalCost, property.currency);
    if (decimals !== null) throw invalidField(`ReservationItems[${index}].TotalCost`, decimals);
    if (!booked) return { change, index, booked, kind: 'stay' as RoomChangeKind };
    const kind = roomChangeKind({
      stayChanged: stayChanged(change, booked),
      bookedExtras: new Map(booked.services.map((s) => [s.serviceId, s.quantity])),
      newExtras: new Map(change.Services.map((s) => [s.ServiceId, s.Quantity])),
      detailsChanged:
        guestsChanged(booked.guests, change.Guests) || (change.RoomConfigurationDropdownOptionId ?? null) !== booked.roomConfigurationId,
    });
    return { change, index, booked, kind };
  });

  const bookerChanged = bookerChangedFrom(reservation, request.Booker);
  assertContactsComplete(property, request, planned, bookerChanged);

  // Dates, rooms, rates and parties change only while they could be cancelled for free instead;
  // guests, the booker, requests and added extras while the stay has not begun.
  const specialRequests = request.SpecialRequests === undefined ? reservation.specialRequests : request.SpecialRequests?.trim() || null;
  const allowed =
    planned.every(({ booked, kind }) =>
      booked === null
        ? managed.canBeCancelled
        : kind === 'stay'
          ? stateOf(booked.id).canBeCancelled
          : kind === 'edit'
            ? stateOf(booked.id).canBeEdited
            : true,
    ) &&
    cancelled.every(({ booked }) => stateOf(booked.id).canBeCancelled) &&
    ((!bookerChanged && specialRequests === reservation.specialRequests) || managed.canBeEdited);
  if (!allowed) return { refusal: contactHotelMessage(property.telephone) };

  const { ratePlans, roomTypes } = await context.availability.catalogue.catalogue(property);
  const repriced = planned.filter((room) => room.kind === 'stay');
  const priced = await priceRooms(
    context,
    property,
    repriced.map((room) => room.change),
    {
      now,
      promoCode: reservation.promoCode,
      ratePlanCode: bookedRatePlanCode(ratePlans, standing),
      fieldOf: (position) => `ReservationItems[${repriced[position]!.index}]`,
      freeUnitsCheckedByCaller: true,
    },
  );
  const services = await findBookableServices(
    db,
    property.id,
    planned.flatMap((room) => room.change.Services.map((s) => s.ServiceId)),
  );
  const configurationOf = (room: (typeof planned)[number]) => {
    const id = room.change.RoomConfigurationDropdownOptionId ?? null;
    const roomTypeId = room.change.RoomTypeId;
    const configuration = roomTypes.find((roomType) => roomType.id === roomTypeId)?.configurations.find((c) => c.id === id);
    if (id !== null && !configuration) {
      throw invalidField(
        `ReservationItems[${room.index}].RoomConfigurationDropdownOptionId`,
        'Please choose one of the room configurations offered',
      );
    }
    return configuration ?? null;
  };
  const rooms = planned.map((room): PlannedRoom => {
    const fresh = priced[repriced.indexOf(room)];
    const configuration = configurationOf(room);
    if (fresh || !room.booked) {
      const price = fresh!;
      return {
        ...room,
        configuration,
        priced: price,
        newServiceLines: price.services,
        removedServiceIds: room.booked?.services.map((s) => s.serviceId) ?? [],
        total: price.total,
        originalTotal: price.originalTotal,
        servicesTotal: price.servicesTotal,
      };
    }
    const booked = room.booked;
    const extras = planRoomExtras(services, booked, room.change.Services, (j) => `ReservationItems[${room.index}].Services[${j}]`);
    return {
      ...room,
      configuration,
      priced: null,
      newServiceLines: extras.newServiceLines,
      removedServiceIds: extras.removedServiceIds,
      total: booked.total,
      originalTotal: booked.originalTotal,
      servicesTotal: extras.servicesTotal,
    };
  });

  assertClientPrices(
    rooms.map((room) => ({
      payload: room.change,
      total: room.total,
      originalTotal: room.originalTotal,
      servicesTotal: room.servicesTotal,
      services: room.newServiceLines,
    })),
    property.currency,
  );

  const totals = amendedTotals({
    rooms: sumMinor(rooms.map((room) => room.total)),
    services: sumMinor(rooms.map((room) => room.servicesTotal)),
    bookedVoucherDiscount: reservation.voucherDiscount,
    vat: { rate: reservation.vatRate, isTaxExclusive: reservation.isTaxExclusive },
  });
  const previousDue = totalToPay(reservation.total, reservation.totalVat, reservation.isTaxExclusive);
  const payment = amendmentPayment({
    previousDue,
    newDue: totals.due,
    paidByCard: paidByCard(reservation, details),
    withinFreeCancellation: managed.canBeCancelled,
  });
  return {
    plan: {
      property,
      reservation,
      details,
      access,
      rooms,
      cancelled: cancelled.map(({ booked, reasonId }) => ({ booked, reasonId })),
      booker: request.Booker ?? null,
      bookerChanged,
      specialRequests,
      previousDue,
      totals,
      payment,
      fingerprint: bookingFingerprint(reservation, details),
    },
  };
}

async function checkCancellationReasons(
  db: Queryable,
  property: PropertyRow,
  cancelled: readonly { reasonId: number | null; index: number }[],
): Promise<void> {
  if (cancelled.length === 0) return;
  const reasons = new Set((await findActiveCancellationReasons(db, property.id)).map((reason) => reason.id));
  for (const { reasonId, index } of cancelled) {
    const field = `RoomsToCancel[${index}].CancellationReasonId`;
    if (reasonId === null && property.manageBookingConfiguration.RequireCancellationReason) {
      throw invalidField(field, 'Please choose a reason for cancelling');
    }
    if (reasonId !== null && !reasons.has(reasonId)) throw invalidField(field, 'Please choose one of the cancellation reasons offered');
  }
}
