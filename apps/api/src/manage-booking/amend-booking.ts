import { addDays } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import { componentsOf, originalsOf } from '@hotel/domain/pricing';
import { offeredNights, serviceUnits } from '@hotel/domain/services';
import { vatOfTotal } from '@hotel/domain/vat';
import type { ManageBookingQuote, ManageBookingUpdateRequest, ManageBookingUpdateResponse } from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { AppError, idempotently, invalidField, replayingCompletedKey, requestHashKey } from '../http';
import { findBookableServices, findReservationDetails, roomsNotAvailableMessage } from '../reservation';
import { partyOf } from './booked-rooms';
import { bookingFingerprint, planAmendment, type AmendmentPlan } from './amendment-plan';
import {
  insertRoom,
  replaceGuests,
  replaceServiceLines,
  shiftRoomUnits,
  shiftServiceUnits,
  updateReservation,
  updateRoom,
  type GuestValues,
  type RoomValues,
} from './amendment-queries';
import { findManagedBooking } from './managed-booking-access';
import { toManagedReservation } from './managed-reservation';
import { findFreeUnitsHolding } from './manage-booking-queries';

type AmendContext = Pick<AppContext, 'database' | 'availability' | 'clock' | 'config'>;

const changedMeanwhile = () =>
  new AppError('CONFLICT', 'Your booking was changed a moment ago. Please look at it again and repeat your change.');

/**
 * POST /api/ManageBooking/Quote: what an Update with this body would cost, saving nothing. Rooms
 * are checked free with the booking's own nights counted as its own; the Update's transaction
 * takes them for good. A change the booking no longer allows is a 409 with the reason.
 */
export async function quoteAmendment(context: AmendContext, request: ManageBookingUpdateRequest): Promise<ManageBookingQuote> {
  const outcome = await planAmendment(context, context.database.db, request);
  if ('refusal' in outcome) throw new AppError('CONFLICT', outcome.refusal);
  const { plan } = outcome;
  await checkRoomsFree(context, plan);
  const previous = (id: number) => plan.details.rooms.find((room) => room.id === id)!;
  const previousServices = (id: number) => previous(id).services.reduce((sum, line) => sum + line.total, 0);
  return {
    Rooms: [
      ...plan.rooms.map((room) => ({
        ReservationItemId: room.booked?.id ?? null,
        IsCancelled: false,
        TotalCost: toMajor(room.total),
        OriginalTotalCost: toMajor(room.originalTotal),
        ServicesCost: toMajor(room.servicesTotal),
        PreviousTotalCost: toMajor(room.booked?.total ?? 0),
        PreviousServicesCost: toMajor(room.booked ? previousServices(room.booked.id) : 0),
      })),
      ...plan.cancelled.map(({ booked }) => ({
        ReservationItemId: booked.id,
        IsCancelled: true,
        TotalCost: 0,
        OriginalTotalCost: 0,
        ServicesCost: 0,
        PreviousTotalCost: toMajor(booked.total),
        PreviousServicesCost: toMajor(previousServices(booked.id)),
      })),
    ],
    PreviousTotal: toMajor(plan.previousDue),
    NewTotal: toMajor(plan.totals.due),
    Difference: toMajor(plan.totals.due - plan.previousDue),
    Payment: { Kind: plan.payment.kind, Amount: toMajor(plan.payment.amount) },
    Policy: plan.payment.policy,
    Currency: plan.reservation.currency,
  };
}

/** Rooms of each type and stay the change takes, against those free with the booking's own counted free. */
async function checkRoomsFree(context: AmendContext, plan: AmendmentPlan): Promise<void> {
  const held = [
    ...plan.rooms.filter((room) => room.priced && room.booked).map((room) => room.booked!.id),
    ...plan.cancelled.map((c) => c.booked.id),
  ];
  const wanted = new Map<string, { roomTypeId: number; from: string; to: string; nights: number; rooms: number }>();
  for (const room of plan.rooms) {
    if (!room.priced) continue;
    const key = `${room.priced.roomType.id}|${room.priced.from}|${room.priced.to}`;
    const entry = wanted.get(key) ?? {
      roomTypeId: room.priced.roomType.id,
      from: room.priced.from,
      to: room.priced.to,
      nights: room.priced.nights,
      rooms: 0,
    };
    entry.rooms += 1;
    wanted.set(key, entry);
  }
  for (const stay of wanted.values()) {
    const free = await findFreeUnitsHolding(context.database.db, { ...stay, roomTypeIds: [stay.roomTypeId], heldRoomIds: held });
    if ((free.get(stay.roomTypeId) ?? 0) < stay.rooms) throw new AppError('ROOM_SOLD_OUT', roomsNotAvailableMessage);
  }
}

/** The Idempotency-Key scope of a property's booking changes. */
const updateScope = (propertyId: number) => `manage-booking-update:${propertyId}`;

/**
 * POST /api/ManageBooking/Update: the amendment priced outside, then applied in one transaction
 * with the reservation row locked: the booking must read as it did when priced (else 409), the
 * rooms and extras given back and taken in one step per room type and extra (in id order, so
 * concurrent bookings queue rather than deadlock), rooms, guests, extras, booker and totals
 * written. A retry with the same Idempotency-Key answers the first result.
 */
export async function updateManagedBooking(
  context: AmendContext,
  request: ManageBookingUpdateRequest,
  idempotencyKey: string | undefined,
): Promise<ManageBookingUpdateResponse> {
  const { db } = context.database;
  const retry = {
    key: idempotencyKey,
    scope: updateScope(request.PropertyId),
    body: request,
    now: context.clock.now(),
    hashKey: requestHashKey(context.config),
  };
  return replayingCompletedKey(db, retry, async () => {
    const outcome = await planAmendment(context, db, request);
    if ('refusal' in outcome) return { Success: false, Message: outcome.refusal, Payment: null, Reservation: null };
    const { plan } = outcome;
    return db.transaction((tx) =>
      idempotently(tx, retry, async (): Promise<ManageBookingUpdateResponse> => {
        const { reservation } = await findManagedBooking(context, tx, request, { lock: true });
        if (bookingFingerprint(reservation, await findReservationDetails(tx, reservation.id)) !== plan.fingerprint)
          throw changedMeanwhile();
        await shiftInventory(tx, plan);
        await writeAmendment(context, tx, plan);
        const saved = await findManagedBooking(context, tx, request);
        const details = await findReservationDetails(tx, reservation.id);
        return {
          Success: true,
          Message: 'Your booking was updated',
          Payment: { Kind: plan.payment.kind, Amount: toMajor(plan.payment.amount) },
          Reservation: toManagedReservation(plan.property, saved.reservation, details, context.clock.now()),
        };
      }),
    );
  });
}

type Deltas = Map<number, Map<string, number>>;

function addNights(deltas: Deltas, id: number, nights: readonly string[], units: number): void {
  const byNight = deltas.get(id) ?? new Map<string, number>();
  for (const night of nights) byNight.set(night, (byNight.get(night) ?? 0) + units);
  deltas.set(id, byNight);
}

function nightsBetween(from: string, to: string): string[] {
  const nights: string[] = [];
  for (let night = from; night < to; night = addDays(night, 1)) nights.push(night);
  return nights;
}

/** Gives back what the change drops and takes what it adds, netted per night, so the booking's own nights never count against it. */
async function shiftInventory(tx: Tx, plan: AmendmentPlan): Promise<void> {
  const rooms: Deltas = new Map();
  const extras: Deltas = new Map();
  const dropped = [
    ...plan.rooms.flatMap((room) =>
      room.booked ? [{ booked: room.booked, serviceIds: room.removedServiceIds, stayMoved: room.priced !== null }] : [],
    ),
    ...plan.cancelled.map(({ booked }) => ({ booked, serviceIds: booked.services.map((s) => s.serviceId), stayMoved: true })),
  ];
  const oldServices = await findBookableServices(
    tx,
    plan.property.id,
    dropped.flatMap((d) => d.serviceIds),
  );
  for (const { booked, serviceIds, stayMoved } of dropped) {
    if (stayMoved) addNights(rooms, booked.roomTypeId, nightsBetween(booked.dateFrom, booked.dateTo), -1);
    for (const line of booked.services.filter((s) => serviceIds.includes(s.serviceId))) {
      const service = oldServices.find((candidate) => candidate.id === line.serviceId);
      if (!service || service.startingInventory === null) continue;
      const nights = offeredNights({ OfferedFrom: service.offeredFrom, OfferedTo: service.offeredTo }, booked.dateFrom, booked.dateTo);
      addNights(
        extras,
        service.id,
        nights,
        -serviceUnits({ ChargePerPerson: service.chargePerPerson }, { quantity: line.quantity, party: partyOf(booked) }),
      );
    }
  }
  for (const room of plan.rooms) {
    if (room.priced) addNights(rooms, room.priced.roomType.id, nightsBetween(room.priced.from, room.priced.to), 1);
    for (const line of room.newServiceLines) {
      if (line.service.startingInventory !== null) addNights(extras, line.service.id, line.nights, line.units);
    }
  }
  for (const [roomTypeId, deltas] of [...rooms].sort(([a], [b]) => a - b)) {
    if (!(await shiftRoomUnits(tx, roomTypeId, deltas))) throw new AppError('ROOM_SOLD_OUT', roomsNotAvailableMessage);
  }
  for (const [serviceId, deltas] of [...extras].sort(([a], [b]) => a - b)) {
    if (!(await shiftServiceUnits(tx, serviceId, deltas))) {
      const name =
        plan.rooms.flatMap((room) => room.newServiceLines).find((line) => line.service.id === serviceId)?.service.name ?? 'An extra';
      throw new AppError(
        'SERVICE_SOLD_OUT',
        `${name} is no longer available in that quantity for your dates. Please remove it or choose fewer.`,
      );
    }
  }
}

async function writeAmendment(context: AmendContext, tx: Tx, plan: AmendmentPlan): Promise<void> {
  const { property, reservation } = plan;
  const now = context.clock.now();
  const vatSettings = { rate: reservation.vatRate, isTaxExclusive: reservation.isTaxExclusive };
  const { roomTypes } = await context.availability.catalogue.catalogue(property);
  const knownIds = new Set([
    reservation.bookerIndividualId,
    ...plan.details.rooms.flatMap((room) => room.guests.map((g) => g.individualId)),
  ]);
  // Rooms are numbered from 0 in the order booked; one added comes after every room there was.
  let nextSort = plan.details.rooms.length;

  for (const room of plan.rooms) {
    const roomTypeId = room.priced?.roomType.id ?? room.booked!.roomTypeId;
    const roomType = roomTypes.find((candidate) => candidate.id === roomTypeId);
    const configurationId = room.change.RoomConfigurationDropdownOptionId ?? null;
    const configuration = roomType?.configurations.find((c) => c.id === configurationId);
    if (configurationId !== null && !configuration) {
      throw invalidField(
        `ReservationItems[${room.index}].RoomConfigurationDropdownOptionId`,
        'Please choose one of the room configurations offered',
      );
    }
    const stay: Partial<RoomValues> = room.priced
      ? {
          roomTypeId: room.priced.roomType.id,
          ratePlanId: room.priced.rate.ratePlan.id,
          adults: room.priced.party.NumberOfAdults,
          children: room.priced.party.NumberOfChildren,
          infants: room.priced.party.NumberOfInfants,
          dateFrom: room.priced.from,
          dateTo: room.priced.to,
          priceComponents: { Components: componentsOf(room.priced.rate.prices), OriginalComponents: originalsOf(room.priced.rate.prices) },
          total: room.priced.total,
          originalTotal: room.priced.originalTotal,
          vat: vatOfTotal(room.priced.total, vatSettings),
          promotionId: room.priced.rate.promotion?.id ?? null,
          promotionCode: room.priced.rate.promotion?.code ?? null,
        }
      : {};
    const values = { ...stay, roomConfigurationId: configuration?.id ?? null, roomConfigurationLabel: configuration?.label ?? null };
    const roomId = room.booked
      ? room.booked.id
      : await insertRoom(tx, reservation.id, { ...(values as RoomValues), sortOrder: nextSort++ });
    if (room.booked) await updateRoom(tx, roomId, values);
    if (room.kind !== 'none' || !room.booked) {
      await replaceGuests(tx, roomId, guestRows(room.change.Guests, knownIds, reservation.bookerIndividualId, plan));
      await replaceServiceLines(
        tx,
        roomId,
        room.removedServiceIds,
        room.newServiceLines.map((line) => ({
          serviceId: line.service.id,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          total: line.total,
        })),
      );
    }
  }
  for (const { booked, reasonId } of plan.cancelled) {
    await updateRoom(tx, booked.id, { status: 'cancelled', cancelledAt: now, cancellationReasonId: reasonId });
  }

  const stays = plan.rooms.map((room) => room.priced ?? { from: room.booked!.dateFrom, to: room.booked!.dateTo });
  await updateReservation(tx, reservation.id, {
    dateFrom: stays.map((stay) => stay.from).sort()[0]!,
    dateTo: stays
      .map((stay) => stay.to)
      .sort()
      .at(-1)!,
    totalRooms: plan.totals.rooms,
    totalServices: plan.totals.services,
    voucherDiscount: plan.totals.voucherDiscount,
    total: plan.totals.total,
    totalVat: plan.totals.vat,
    specialRequests: plan.specialRequests,
    ...bookerValues(plan),
  });
}

/** The booker's columns when the change gives a new booker. */
function bookerValues(plan: AmendmentPlan) {
  const booker = plan.booker;
  if (!plan.bookerChanged || !booker) return {};
  return {
    bookerFirstName: booker.FirstName.trim(),
    bookerLastName: booker.LastName.trim(),
    bookerEmail: booker.Email.trim(),
    bookerPhone: booker.Phone.trim(),
    bookerStreet: booker.Street?.trim() || null,
    bookerCity: booker.City?.trim() || null,
    bookerStateOrCounty: booker.StateOrCounty?.trim() || null,
    bookerZipCode: booker.ZipCode?.trim() || null,
    bookerCountryId: booker.CountryId ?? null,
    optInToReceiveUpdates: booker.OptInToReceiveUpdates ?? false,
  };
}

/**
 * A room's guests as rows: a known guest keeps their IndividualId (an unknown one gets a new
 * id), the booker's IndividualId takes the booker's name and contact, and one guest leads.
 */
function guestRows(
  wanted: ManageBookingUpdateRequest['ReservationItems'][number]['Guests'],
  knownIds: ReadonlySet<string>,
  bookerId: string,
  plan: AmendmentPlan,
): GuestValues[] {
  const lead = Math.max(
    0,
    wanted.findIndex((guest) => guest.IsLeadGuest === true),
  );
  const booker = plan.booker ?? {
    FirstName: plan.reservation.bookerFirstName,
    LastName: plan.reservation.bookerLastName,
    Email: plan.reservation.bookerEmail,
    Phone: plan.reservation.bookerPhone,
  };
  return wanted.map((guest, order) => {
    const individualId = guest.IndividualId && knownIds.has(guest.IndividualId) ? guest.IndividualId : undefined;
    const source = individualId === bookerId ? booker : guest;
    return {
      ...(individualId ? { individualId } : {}),
      isLead: order === lead,
      firstName: source.FirstName?.trim() ?? '',
      lastName: source.LastName?.trim() ?? '',
      email: source.Email?.trim() || null,
      phone: source.Phone?.trim() || null,
      sortOrder: order,
    };
  });
}
