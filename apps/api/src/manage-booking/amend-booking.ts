import { TransactionRollbackError } from 'drizzle-orm';
import { nightsOfStay } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import { offeredNights, serviceUnits } from '@hotel/domain/services';
import { vatOfTotal } from '@hotel/domain/vat';
import type { ManageBookingQuote, ManageBookingUpdateRequest, ManageBookingUpdateResponse } from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { recordReservationEvent } from '../hotel-events';
import { AppError, idempotently, replayingCompletedKey, requestHashKey } from '../http';
import { chargeReservationCard, refundReservationCard, type ChosenCard } from '../payments';
import {
  findBookableServices,
  findReservationDetails,
  guestRowOf,
  priceSnapshotOf,
  replaceGuests,
  roomsNotAvailableMessage,
  type GuestValues,
} from '../reservation';
import { partyOf, type BookedRoom } from './booked-rooms';
import { bookingFingerprint, planAmendment, type AmendmentPlan, type PlannedRoom } from './amendment-plan';
import {
  insertRoom,
  replaceServiceLines,
  shiftRoomUnits,
  shiftServiceUnits,
  updateReservation,
  updateRoom,
  type RoomValues,
} from './amendment-queries';
import { amendmentChanges } from './amendment-history';
import { enqueueAmendmentMail } from './amendment-mail';
import { findManagedBooking } from './managed-booking-access';
import { recordReservationChange } from './reservation-history';
import { toManagedReservation } from './managed-reservation';

type AmendContext = Pick<AppContext, 'database' | 'availability' | 'clock' | 'config' | 'paymentGateways' | 'mailEnqueued'>;

const changedMeanwhile = () =>
  new AppError('CONFLICT', 'Your booking was changed a moment ago. Please look at it again and repeat your change.');

/**
 * POST /api/ManageBooking/Quote: what an Update with this body would cost, saving nothing. Rooms
 * and extras are checked there as the Update takes them; a change the booking no longer allows
 * is a 409 with the reason.
 */
export async function quoteAmendment(context: AmendContext, request: ManageBookingUpdateRequest): Promise<ManageBookingQuote> {
  const outcome = await planAmendment(context, context.database.db, request);
  if ('refusal' in outcome) throw new AppError('CONFLICT', outcome.refusal);
  const { plan } = outcome;
  await checkInventory(context, plan);
  const previous = (id: number) => plan.details.rooms.find((room) => room.id === id)!;
  const previousServices = (id: number) => previous(id).services.reduce((sum, line) => sum + line.total, 0);
  return {
    Rooms: [
      ...plan.rooms.map((room) => ({
        ReservationItemId: room.booked?.id ?? null,
        IsCancelled: false,
        TotalCost: toMajor(room.total, plan.reservation.currency),
        OriginalTotalCost: toMajor(room.originalTotal, plan.reservation.currency),
        ServicesCost: toMajor(room.servicesTotal, plan.reservation.currency),
        PreviousTotalCost: toMajor(room.booked?.total ?? 0, plan.reservation.currency),
        PreviousServicesCost: toMajor(room.booked ? previousServices(room.booked.id) : 0, plan.reservation.currency),
      })),
      ...plan.cancelled.map(({ booked }) => ({
        ReservationItemId: booked.id,
        IsCancelled: true,
        TotalCost: 0,
        OriginalTotalCost: 0,
        ServicesCost: 0,
        PreviousTotalCost: toMajor(booked.total, plan.reservation.currency),
        PreviousServicesCost: toMajor(previousServices(booked.id), plan.reservation.currency),
      })),
    ],
    PreviousTotal: toMajor(plan.previousDue, plan.reservation.currency),
    NewTotal: toMajor(plan.totals.due, plan.reservation.currency),
    Difference: toMajor(plan.totals.due - plan.previousDue, plan.reservation.currency),
    Payment: { Kind: plan.payment.kind, Amount: toMajor(plan.payment.amount, plan.reservation.currency) },
    Policy: plan.payment.policy,
    Currency: plan.reservation.currency,
  };
}

/**
 * Whether the rooms and limited extras the change takes are there, with what it gives up
 * counted free: the Update's own inventory step, in a transaction always rolled back, so the
 * quote and the save never disagree on what is left.
 */
async function checkInventory(context: AmendContext, plan: AmendmentPlan): Promise<void> {
  try {
    await context.database.db.transaction(async (tx) => {
      await shiftInventory(tx, plan);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

/** The Idempotency-Key scope of a property's booking changes. */
const updateScope = (propertyId: number) => `manage-booking-update:${propertyId}`;

/**
 * POST /api/ManageBooking/Update: the amendment priced outside, then applied in one transaction
 * with the reservation row locked: the booking must read as it did when priced (else 409), the
 * rooms and extras given back and taken in one step per room type and extra (in id order, so
 * concurrent bookings queue rather than deadlock), rooms, guests, extras, booker and totals
 * written, the card moved, a history row and the amendment e-mail written. A retry with the
 * same Idempotency-Key answers the first result.
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
  const answer = await replayingCompletedKey(db, retry, async (): Promise<ManageBookingUpdateResponse> => {
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
        const moved = await moveMoney(context, tx, plan);
        const changeId = await recordReservationChange(tx, context, {
          reservationId: reservation.id,
          via: plan.access,
          action: 'amend',
          details: {
            previousTotal: plan.previousDue,
            newTotal: plan.totals.due,
            payment: { kind: plan.payment.kind, amount: moved.amount, paymentIds: moved.paymentIds },
            changes: amendmentChanges(plan),
          },
        });
        await recordReservationEvent(tx, context, { type: 'reservation.amended', reservationId: reservation.id, changeId }, plan.property);
        const saved = await findManagedBooking(context, tx, request);
        const details = await findReservationDetails(tx, reservation.id);
        await enqueueAmendmentMail(tx, context, {
          property: plan.property,
          reservation: saved.reservation,
          details,
          previousTotal: plan.previousDue,
          payment: { kind: plan.payment.kind, amount: moved.amount },
          policy: plan.payment.policy,
        });
        return {
          Success: true,
          Message: 'Your booking was updated',
          Payment: { Kind: plan.payment.kind, Amount: toMajor(moved.amount, plan.reservation.currency) },
          Reservation: toManagedReservation(plan.property, saved.reservation, details, context.clock.now()),
        };
      }),
    );
  });
  // Committed: the e-mail goes out now rather than at the dispatcher's next poll.
  if (answer.Success) context.mailEnqueued.notify();
  return answer;
}

/**
 * Charges or refunds the difference on the booking's card (a charge goes to `card` when given:
 * one the guest kept on file for the stay), last, so a decline rolls back the whole change
 * (402 with the gateway's message). Answers what moved: a refund never gives back more than the
 * card paid, net of earlier refunds.
 */
export async function moveMoney(
  context: Pick<AppContext, 'paymentGateways' | 'clock'>,
  tx: Tx,
  plan: Pick<AmendmentPlan, 'payment' | 'reservation'>,
  card?: ChosenCard,
): Promise<{ amount: number; paymentIds: number[] }> {
  const { payment, reservation } = plan;
  if (payment.kind === 'None') return { amount: 0, paymentIds: [] };
  const booking = { id: reservation.id, reservationNumber: reservation.reservationNumber, currency: reservation.currency };
  const moved =
    payment.kind === 'Charge'
      ? await chargeReservationCard(tx, context, booking, payment.amount, card)
      : await refundReservationCard(tx, context, booking, payment.amount);
  if (!moved.ok) throw new AppError('PAYMENT_DECLINED', moved.declineMessage);
  return { amount: moved.amount, paymentIds: moved.paymentIds };
}

type Deltas = Map<number, Map<string, number>>;

function addNights(deltas: Deltas, id: number, nights: readonly string[], units: number): void {
  const byNight = deltas.get(id) ?? new Map<string, number>();
  for (const night of nights) byNight.set(night, (byNight.get(night) ?? 0) + units);
  deltas.set(id, byNight);
}

/** What a change gives back and takes: its rooms (a stay kept as booked has `priced` null) and the rooms it cancels. */
export type InventoryShift = Pick<AmendmentPlan, 'property' | 'cancelled'> & {
  rooms: readonly Pick<PlannedRoom, 'booked' | 'priced' | 'newServiceLines' | 'removedServiceIds'>[];
};

/**
 * Gives back what the change drops and takes what it adds, netted per night, so the booking's
 * own nights never count against it; in id order, each a conditional update under its rows'
 * locks, so concurrent changes queue and the last unit goes once (409 to the other).
 */
export async function shiftInventory(tx: Tx, plan: InventoryShift): Promise<void> {
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
    if (stayMoved) addNights(rooms, booked.roomTypeId, nightsOfStay(booked.dateFrom, booked.dateTo), -1);
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
    if (room.priced) addNights(rooms, room.priced.roomType.id, nightsOfStay(room.priced.from, room.priced.to), 1);
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
  const { reservation } = plan;
  const now = context.clock.now();
  const vatSettings = { rate: reservation.vatRate, isTaxExclusive: reservation.isTaxExclusive };
  const knownGuests = new Map(plan.details.rooms.flatMap((room) => room.guests.map((guest) => [guest.individualId, guest] as const)));
  // Rooms are numbered from 0 in the order booked; one added comes after every room there was.
  let nextSort = plan.details.rooms.length;

  for (const room of plan.rooms) {
    const stay: Partial<RoomValues> = room.priced
      ? {
          roomTypeId: room.priced.roomType.id,
          ratePlanId: room.priced.rate.ratePlan.id,
          adults: room.priced.party.NumberOfAdults,
          children: room.priced.party.NumberOfChildren,
          infants: room.priced.party.NumberOfInfants,
          dateFrom: room.priced.from,
          dateTo: room.priced.to,
          priceComponents: priceSnapshotOf(room.priced),
          total: room.priced.total,
          originalTotal: room.priced.originalTotal,
          vat: vatOfTotal(room.priced.total, vatSettings),
          promotionId: room.priced.rate.promotion?.id ?? null,
          promotionCode: room.priced.rate.promotion?.code ?? null,
        }
      : {};
    const values = {
      ...stay,
      roomConfigurationId: room.configuration?.id ?? null,
      roomConfigurationLabel: room.configuration?.label ?? null,
    };
    const roomId = room.booked
      ? room.booked.id
      : await insertRoom(tx, reservation.id, { ...(values as RoomValues), sortOrder: nextSort++ });
    if (room.booked) await updateRoom(tx, roomId, values);
    if (room.kind !== 'none' || !room.booked) {
      await replaceGuests(tx, roomId, guestRows(room.change.Guests, knownGuests, plan));
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
    updatedAt: now,
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
 * A room's guests as rows: a known guest keeps their IndividualId and the address the manage
 * pages do not show (an unknown id gets a new one), the booker's IndividualId takes the
 * booker's name and contact, and one guest leads.
 */
function guestRows(
  wanted: ManageBookingUpdateRequest['ReservationItems'][number]['Guests'],
  knownGuests: ReadonlyMap<string, BookedRoom['guests'][number]>,
  plan: AmendmentPlan,
): GuestValues[] {
  const bookerId = plan.reservation.bookerIndividualId;
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
  return wanted.map((guest, order) =>
    guestRowOf(guest, {
      order,
      isLead: order === lead,
      known: guest.IndividualId ? knownGuests.get(guest.IndividualId) : undefined,
      bookerId,
      booker,
    }),
  );
}
