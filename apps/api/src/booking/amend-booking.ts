import { TransactionRollbackError } from 'drizzle-orm';
import { nightsOfStay } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import { offeredNights, serviceUnits } from '@hotel/domain/services';
import { vatOfTotal } from '@hotel/domain/vat';
import type { ManagedReservation } from '@hotel/domain/wire/manage-booking-search';
import type { ManageBookingQuote, ManageBookingUpdateRequest, ManageBookingUpdateResponse } from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import type { Queryable, Tx } from '../database';
import { AppError } from '../errors';
import { recordReservationEvent } from '../hotel-events';
import {
  awaitMovement,
  AwaitingMovement,
  replayingCompletedKey,
  idempotentRequest,
  saveIdempotentAnswer,
  type IdempotentRequest,
} from '../idempotency';
import type { Enqueued } from '../mail';
import {
  CARD_MOVEMENT_MESSAGES,
  cardPayments,
  chargeableCard,
  findMovement,
  newMovementKey,
  givenBack,
  planRefund,
  plannedIntents,
  recordIntents,
} from '../payments';
import { partyOf } from './booked-rooms';
import { assertNoMovementInFlight, claimKey } from './booking-keys';
import { bookingFingerprint, planAmendment, type AmendmentPlan, type PlannedRoom } from './amendment-plan';
import { amendmentChanges } from './amendment-history';
import { refundTrouble } from './refund-outcome';
import { enqueueAmendmentMail } from './amendment-mail';
import type { RoomValues } from './amendment-queries';
import {
  applyChangeWrites,
  moveUnits,
  splitDeltas,
  type ChangeWrites,
  type DeltaMaps,
  type HeldChange,
  type UnitDeltas,
} from './held-change';
import { guestRowOf, type GuestValues } from './guest-rows';
import { makeMovement, makeMovements, type MovementContext, type MovementOutcome } from './make-movement';
import { findManagedBooking } from './managed-booking-access';
import { MONEY_MESSAGES } from './payment-messages';
import { recordReservationChange } from './reservation-history';
import { findReservationDetails } from './reservation-queries';
import { priceSnapshotOf } from './room-pricing';
import { findBookableServices } from './service-queries';
import type { BookedRoom } from './booked-rooms';

type AmendContext = MovementContext & Pick<AppContext, 'availability'>;

/** How the caller (manage booking) describes the booking as it then stands, in its answer. */
export type DescribeBooking = (db: Queryable, reservationId: number) => Promise<ManagedReservation>;

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
      await moveUnits(tx, allUnits(await inventoryDeltas(tx, plan)), 1, serviceNames(plan));
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

/** The Idempotency-Key scope of a property's booking changes. */
const updateScope = (propertyId: number) => `manage-booking-update:${propertyId}`;

const UPDATED = 'Your booking was updated';

/** What an Update answers when the refund of a cheaper booking was refused, or not answered yet. */
export const AMEND_MESSAGES = {
  refundNotMade: (amount: string) =>
    `Your booking was updated, but your card provider refused the refund of ${amount}, so it was not made automatically. Please contact the hotel: it can see the refused refund and will refund you another way.`,
  refundPending: (amount: string) =>
    `Your booking was updated. The refund of ${amount} is on its way to your card, though we have not yet heard back from the card provider: it may take a little longer to appear.`,
} as const;

/**
 * POST /api/ManageBooking/Update (docs/manage-booking.md, docs/payments.md): the amendment
 * priced outside any transaction, then, with the reservation row locked and the booking read as
 * it was priced (else 409), taken on in one transaction:
 *
 * - costing more: the rooms and extras it adds are taken (in id order, so concurrent bookings
 *   queue rather than deadlock) and the charge of the difference recorded, with the change as
 *   data beside it; after the commit the card is charged with that movement's key, and the
 *   charge's outcome writes the change (and gives back what it drops) or gives back what it
 *   took, the booking as it was (402);
 * - costing the same or less: the change is written now, with its history row, the hotel's
 *   event and the e-mail, and a refund owed is recorded and made after the commit.
 *
 * A retry with the same Idempotency-Key answers the first answer, or resumes a charge whose
 * answer was lost.
 */
export async function updateManagedBooking(
  context: AmendContext,
  request: ManageBookingUpdateRequest,
  idempotencyKey: string | undefined,
  describe: DescribeBooking,
): Promise<ManageBookingUpdateResponse> {
  const { db } = context.database;
  const retry = idempotentRequest(context, { key: idempotencyKey, scope: updateScope(request.PropertyId), body: request });
  try {
    return await replayingCompletedKey(
      db,
      retry,
      async (): Promise<ManageBookingUpdateResponse> => {
        const outcome = await planAmendment(context, db, request);
        if ('refusal' in outcome) return { Success: false, Message: outcome.refusal, Payment: null, Reservation: null };
        const taken = await takeOnAmendment(context, request, outcome.plan, retry, describe);
        if ('chargeId' in taken) return chargeHeldChange(context, taken.chargeId, retry, describe);
        context.mailEnqueued.notify(taken.enqueued);
        if (taken.refundIds.length === 0) return taken.answer;
        await makeMovements(context, taken.refundIds);
        const trouble = await refundTrouble(db, taken.refundIds);
        if (!trouble) return taken.answer;
        return {
          ...taken.answer,
          Message: trouble.kind === 'refused' ? AMEND_MESSAGES.refundNotMade(trouble.amount) : AMEND_MESSAGES.refundPending(trouble.amount),
        };
      },
      (answer) => !answer.Success,
    );
  } catch (error) {
    if (error instanceof AwaitingMovement) return chargeHeldChange(context, error.paymentId, retry, describe, { resumed: true });
    throw error;
  }
}

type TakenOn = { chargeId: number } | { answer: ManageBookingUpdateResponse; refundIds: number[]; enqueued: Enqueued };

/** The transaction that takes the amendment on: held for its charge, or written with its refund recorded. */
async function takeOnAmendment(
  context: AmendContext,
  request: ManageBookingUpdateRequest,
  plan: AmendmentPlan,
  retry: IdempotentRequest,
  describe: DescribeBooking,
): Promise<TakenOn> {
  return context.database.db.transaction(async (tx): Promise<TakenOn> => {
    const claimed = await claimKey<ManageBookingUpdateResponse>(tx, retry);
    if (claimed) return { answer: claimed.replay, refundIds: [], enqueued: { mail: false, webhooks: false } };
    const now = context.clock.now();
    const { reservation } = await findManagedBooking(context, tx, request, { lock: true });
    if (bookingFingerprint(reservation, await findReservationDetails(tx, reservation.id)) !== plan.fingerprint) throw changedMeanwhile();
    await assertNoMovementInFlight(tx, reservation.id);
    const { takes, gives } = splitDeltas(await inventoryDeltas(tx, plan));
    const names = serviceNames(plan);
    const writes = amendmentWrites(plan);
    const history = {
      via: plan.access,
      action: 'amend' as const,
      details: {
        previousTotal: plan.previousDue,
        newTotal: plan.totals.due,
        payment: { kind: 'None' as const, amount: 0, paymentIds: [] as number[] },
        changes: amendmentChanges(plan),
      },
    };

    if (plan.payment.kind === 'Charge') {
      const card = await chargeableCard(tx, reservation.id);
      if (!card) throw new AppError('PAYMENT_DECLINED', CARD_MOVEMENT_MESSAGES.noCardToCharge);
      await moveUnits(tx, takes, 1, names);
      const held: HeldChange = {
        writes,
        takes,
        gives,
        history,
        mail: { previousTotal: plan.previousDue, policy: plan.payment.policy, card: null },
      };
      const [chargeId] = await recordIntents(tx, [
        {
          reservationId: reservation.id,
          gateway: card.gateway,
          kind: 'charge',
          purpose: 'amendment',
          amount: plan.payment.amount,
          currency: reservation.currency,
          idempotencyKey: newMovementKey(reservation.reservationNumber),
          card,
          savedCardId: card.savedCardId,
          intent: held,
          now,
        },
      ]);
      if (retry.key) await awaitMovement(tx, { key: retry.key, scope: retry.scope, paymentId: chargeId! });
      return { chargeId: chargeId! };
    }

    await moveUnits(tx, takes, 1, names);
    await moveUnits(tx, gives);
    await applyChangeWrites(tx, reservation.id, writes, now);
    // A refund gives back what the card paid, newest payment first; nothing more than it paid.
    const planned = plan.payment.kind === 'Refund' ? planRefund(await cardPayments(tx, reservation.id), plan.payment.amount) : [];
    const refundIds = await recordIntents(tx, plannedIntents(planned, reservation, 'amendment', now));
    const refunded = givenBack(planned);
    const changeId = await recordReservationChange(tx, context, {
      ...history,
      reservationId: reservation.id,
      details: { ...history.details, payment: { kind: plan.payment.kind, amount: refunded, paymentIds: refundIds } },
    });
    const told = await recordReservationEvent(
      tx,
      context,
      { type: 'reservation.amended', reservationId: reservation.id, changeId },
      plan.property,
    );
    const saved = await findManagedBooking(context, tx, request);
    await enqueueAmendmentMail(tx, context, {
      property: plan.property,
      reservation: saved.reservation,
      details: await findReservationDetails(tx, reservation.id),
      previousTotal: plan.previousDue,
      payment: { kind: plan.payment.kind, amount: refunded },
      policy: plan.payment.policy,
    });
    const answer: ManageBookingUpdateResponse = {
      Success: true,
      Message: UPDATED,
      Payment: { Kind: plan.payment.kind, Amount: toMajor(refunded, reservation.currency) },
      Reservation: await describe(tx, reservation.id),
    };
    if (retry.key) await saveIdempotentAnswer(tx, { key: retry.key, scope: retry.scope, status: 200, body: answer });
    return { answer, refundIds, enqueued: { mail: true, webhooks: told.webhooks } };
  });
}

/**
 * Charges a held change's difference with its movement's key and answers what it came to: the
 * change written (its answer kept for the Idempotency-Key), the card declined (402, the booking
 * as it was), or no answer from the provider yet (503: the change stays held, and the same
 * request resumes it). A resumed charge asks the provider what it did first.
 */
export async function chargeHeldChange(
  context: MovementContext,
  chargeId: number,
  retry: IdempotentRequest,
  describe: DescribeBooking,
  { resumed = false } = {},
): Promise<ManageBookingUpdateResponse> {
  const movement = await findMovement(context.database.db, chargeId);
  if (!movement) throw new AppError('CONFLICT', MONEY_MESSAGES.movementInFlight);
  const outcome = await makeMovement(context, movement, { askFirst: resumed });
  const answer = heldChangeAnswer(outcome);
  const updated: ManageBookingUpdateResponse = { ...answer, Reservation: await describe(context.database.db, movement.reservationId) };
  if (retry.key) await saveIdempotentAnswer(context.database.db, { key: retry.key, scope: retry.scope, status: 200, body: updated });
  return updated;
}

/** A held change's answer for what its charge came to: written, declined (402) or not known yet (503). */
export function heldChangeAnswer(outcome: MovementOutcome): Omit<ManageBookingUpdateResponse, 'Reservation'> {
  switch (outcome.status) {
    case 'succeeded':
      return {
        Success: true,
        Message: UPDATED,
        Payment: { Kind: 'Charge', Amount: toMajor(outcome.movement.amount, outcome.movement.currency) },
      };
    case 'unknown':
      throw new AppError('PAYMENT_UNAVAILABLE', MONEY_MESSAGES.changeOutcomeUnknown);
    default:
      throw new AppError('PAYMENT_DECLINED', outcome.declineMessage ?? MONEY_MESSAGES.declined);
  }
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
 * The units a change gives back and takes, netted per night per room type and extra, so the
 * booking's own nights never count against it.
 */
export async function inventoryDeltas(tx: Tx, plan: InventoryShift): Promise<DeltaMaps> {
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
  return { rooms, extras };
}

/** Every unit a change moves, taken and given back alike (a quote's check, a change that moves no money). */
export function allUnits(maps: DeltaMaps): UnitDeltas {
  const { takes, gives } = splitDeltas(maps);
  return { rooms: [...gives.rooms, ...takes.rooms], extras: [...gives.extras, ...takes.extras] };
}

/** The names of the extras a change adds, for a sold-out message. */
export function serviceNames(plan: Pick<InventoryShift, 'rooms'>): Map<number, string> {
  return new Map(plan.rooms.flatMap((room) => room.newServiceLines.map((line) => [line.service.id, line.service.name] as const)));
}

/** What an amendment writes, as data: each room's stay, guests and extras, the rooms it cancels, and the booking's totals. */
function amendmentWrites(plan: AmendmentPlan): ChangeWrites {
  const { reservation } = plan;
  const vatSettings = { rate: reservation.vatRate, isTaxExclusive: reservation.isTaxExclusive };
  const knownGuests = new Map(plan.details.rooms.flatMap((room) => room.guests.map((guest) => [guest.individualId, guest] as const)));
  // Rooms are numbered from 0 in the order booked; one added comes after every room there was.
  let nextSort = plan.details.rooms.length;
  const rooms = plan.rooms.map((room) => {
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
    const rewritten = room.kind !== 'none' || !room.booked;
    return {
      bookedId: room.booked?.id ?? null,
      sortOrder: room.booked ? null : nextSort++,
      values: { ...stay, roomConfigurationId: room.configuration?.id ?? null, roomConfigurationLabel: room.configuration?.label ?? null },
      guests: rewritten ? guestRows(room.change.Guests, knownGuests, plan) : null,
      removedServiceIds: room.removedServiceIds,
      newServiceLines: rewritten
        ? room.newServiceLines.map((line) => ({
            serviceId: line.service.id,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            total: line.total,
          }))
        : null,
    };
  });
  const stays = plan.rooms.map((room) => room.priced ?? { from: room.booked!.dateFrom, to: room.booked!.dateTo });
  return {
    rooms,
    cancelledRooms: plan.cancelled.map(({ booked, reasonId }) => ({ id: booked.id, reasonId })),
    reservation: {
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
    },
  };
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
