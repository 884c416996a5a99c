import type { CardType } from '@hotel/domain/cards';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { AppError } from '../errors';
import { recordReservationEvent } from '../hotel-events';
import { releaseAwaitedKey } from '../idempotency';
import type { Enqueued } from '../mail';
import type { Movement } from '../payments';
import { findProperty } from '../property';
import { enqueueAmendmentMail } from './amendment-mail';
import {
  insertRoom,
  replaceServiceLines,
  shiftRoomUnits,
  shiftServiceUnits,
  updateReservation,
  updateRoom,
  type RoomValues,
  type ServiceValues,
} from './amendment-queries';
import { markRoomsCancelled } from './booking-status';
import { replaceGuests, type GuestValues } from './guest-rows';
import { recordReservationChange, type ReservationChange } from './reservation-history';
import { findReservationById, findReservationDetails } from './reservation-queries';
import { roomsNotAvailableMessage } from './room-pricing';

/**
 * A change to a booking that costs more (an amendment, extras added at pre-check-in) is held
 * while its difference is charged: the units it takes are taken first, so nobody else sells
 * them meanwhile, and what it writes waits, as data, in its charge movement's `intent`. Whoever
 * records the charge's outcome (the request, a client's retry or the reconciler after a crash)
 * writes the change and gives back what it drops, or, the charge refused, gives back what it
 * took: the booking is then as it was.
 */

/** Units per night: `[id, [[night, units], ...]]` for each room type and each limited extra. */
export type UnitDeltas = { rooms: [number, [string, number][]][]; extras: [number, [string, number][]][] };

/** Per id, per night. */
export type DeltaMaps = { rooms: Map<number, Map<string, number>>; extras: Map<number, Map<string, number>> };

const toEntries = (maps: Map<number, Map<string, number>>, keep: (units: number) => boolean): [number, [string, number][]][] =>
  [...maps]
    .map(([id, nights]): [number, [string, number][]] => [id, [...nights].filter(([, units]) => keep(units))])
    .filter(([, nights]) => nights.length > 0)
    .sort(([a], [b]) => a - b);

/** What a change takes (units added) and gives up (units it no longer needs), netted per night. */
export function splitDeltas(maps: DeltaMaps): { takes: UnitDeltas; gives: UnitDeltas } {
  return {
    takes: { rooms: toEntries(maps.rooms, (units) => units > 0), extras: toEntries(maps.extras, (units) => units > 0) },
    gives: { rooms: toEntries(maps.rooms, (units) => units < 0), extras: toEntries(maps.extras, (units) => units < 0) },
  };
}

/**
 * Moves these units, in id order (so concurrent changes queue rather than deadlock), each a
 * conditional update under its rows' locks. `sign` -1 gives back what `deltas` took. A unit
 * that went to someone else meanwhile is a 409.
 */
export async function moveUnits(
  tx: Tx,
  deltas: UnitDeltas,
  sign: 1 | -1 = 1,
  names: ReadonlyMap<number, string> = new Map(),
): Promise<void> {
  for (const [roomTypeId, nights] of deltas.rooms) {
    if (!(await shiftRoomUnits(tx, roomTypeId, new Map(nights.map(([night, units]) => [night, units * sign])))))
      throw new AppError('ROOM_SOLD_OUT', roomsNotAvailableMessage);
  }
  for (const [serviceId, nights] of deltas.extras) {
    if (!(await shiftServiceUnits(tx, serviceId, new Map(nights.map(([night, units]) => [night, units * sign]))))) {
      throw new AppError(
        'SERVICE_SOLD_OUT',
        `${names.get(serviceId) ?? 'An extra'} is no longer available in that quantity for your dates. Please remove it or choose fewer.`,
      );
    }
  }
}

/** What a change writes, as data: rows changed or added, rooms cancelled, the booking's new totals and details. */
export type ChangeWrites = {
  rooms: {
    /** The booked room changed; null adds a room at `sortOrder`. */
    bookedId: number | null;
    sortOrder: number | null;
    values: Partial<RoomValues>;
    /** Null leaves the room's guests as they are. */
    guests: GuestValues[] | null;
    removedServiceIds: number[];
    /** Null leaves the room's extras as they are. */
    newServiceLines: ServiceValues[] | null;
  }[];
  cancelledRooms: { id: number; reasonId: number | null }[];
  reservation: Record<string, unknown>;
};

/** Writes a change's rows (in the transaction of the use case, or of the charge that waited for it). */
export async function applyChangeWrites(tx: Tx, reservationId: number, writes: ChangeWrites, now: Date): Promise<void> {
  for (const room of writes.rooms) {
    const roomId =
      room.bookedId ?? (await insertRoom(tx, reservationId, { ...(room.values as RoomValues), sortOrder: room.sortOrder ?? 0 }));
    if (room.bookedId !== null && Object.keys(room.values).length > 0) await updateRoom(tx, roomId, room.values);
    if (room.guests) await replaceGuests(tx, roomId, room.guests);
    if (room.newServiceLines) await replaceServiceLines(tx, roomId, room.removedServiceIds, room.newServiceLines);
  }
  await markRoomsCancelled(tx, writes.cancelledRooms, now);
  await updateReservation(tx, reservationId, { ...writes.reservation, updatedAt: now });
}

/** A change held for its charge: what it writes, the units it took and gives up, and what the hotel and the guest are told once paid. */
export type HeldChange = {
  writes: ChangeWrites;
  takes: UnitDeltas;
  gives: UnitDeltas;
  history: Omit<ReservationChange, 'reservationId'>;
  mail: { previousTotal: number; policy: string; card: { brand: CardType; last4: string } | null };
};

/**
 * The held change's charge was answered, in the transaction that records it: paid, the change is
 * written, what it drops given back, its history row, event and e-mail written; refused, what it
 * took is given back and its request's Idempotency-Key freed. Answers what was queued.
 */
export async function heldChangeAnswered(tx: Tx, context: Pick<AppContext, 'config' | 'clock'>, movement: Movement): Promise<Enqueued> {
  const held = movement.intent as HeldChange | null;
  if (!held || movement.status === 'requires_action') return { mail: false, webhooks: false };
  const now = context.clock.now();
  if (movement.status !== 'succeeded') {
    await moveUnits(tx, held.takes, -1);
    await releaseAwaitedKey(tx, movement.id);
    return { mail: false, webhooks: false };
  }
  await applyChangeWrites(tx, movement.reservationId, held.writes, now);
  await moveUnits(tx, held.gives);
  const payment = { kind: 'Charge' as const, amount: movement.amount, paymentIds: [movement.id] };
  const changeId = await recordReservationChange(tx, context, {
    ...held.history,
    reservationId: movement.reservationId,
    details: { ...held.history.details, payment },
  });
  const reservation = await findReservationById(tx, movement.reservationId);
  const property = reservation && (await findProperty(tx, reservation.propertyId));
  if (!reservation || !property) throw new Error(`reservation ${movement.reservationId} vanished inside its own transaction`);
  const told = await recordReservationEvent(
    tx,
    context,
    { type: 'reservation.amended', reservationId: reservation.id, changeId },
    property,
  );
  await enqueueAmendmentMail(tx, context, {
    property,
    reservation,
    details: await findReservationDetails(tx, reservation.id),
    previousTotal: held.mail.previousTotal,
    payment: { kind: 'Charge', amount: movement.amount },
    policy: held.mail.policy,
    card: held.mail.card ?? undefined,
  });
  return { mail: true, webhooks: told.webhooks };
}
