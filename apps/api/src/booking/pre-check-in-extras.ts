import { amendedTotals, amendmentPayment, type AmendedTotals, type AmendmentPayment } from '@hotel/domain/amendment';
import { sumMinor, type Minor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import type { FieldErrors } from '@hotel/domain/validation';
import type { PreCheckInSaveRequest } from '@hotel/domain/wire/pre-check-in';
import type { CardType } from '@hotel/domain/cards';
import type { Tx } from '../database';
import { AppError } from '../errors';
import { CARD_MOVEMENT_MESSAGES, chargeableCard, newMovementKey, recordIntents, type ChargedCard } from '../payments';
import { assertNoMovementInFlight } from './booking-keys';
import type { PropertyRow } from '../property';
import { allUnits, inventoryDeltas, serviceNames } from './amend-booking';
import { applyChangeWrites, moveUnits, splitDeltas, type ChangeWrites, type HeldChange } from './held-change';
import type { ReservationChange } from './reservation-history';
import type { ReservationDetails, ReservationRow } from './reservation-queries';
import { paidByCard, planRoomExtras, type RoomExtras } from './room-extras';
import { findBookableServices } from './service-queries';

type BookedRoom = ReservationDetails['rooms'][number];

/** A room whose extras the save changes. */
export type RoomExtrasChange = { booked: BookedRoom; extras: RoomExtras };

/** The extras a save adds, priced, and what they do to the booking's money; nothing written yet. */
export type PreCheckInExtras = {
  rooms: RoomExtrasChange[];
  previousDue: Minor;
  totals: AmendedTotals;
  payment: AmendmentPayment;
};

/** The booking's totals as its standing rooms hold them, and what the guest pays: what Get shows and Save starts from. */
export function bookedTotals(reservation: ReservationRow, details: ReservationDetails) {
  const standing = details.rooms.filter((room) => room.status === 'booked');
  return {
    rooms: sumMinor(standing.map((room) => room.total)),
    services: sumMinor(standing.flatMap((room) => room.services.map((line) => line.total))),
    due: totalToPay(reservation.total, reservation.totalVat, reservation.isTaxExclusive),
    paidByCard: paidByCard(reservation, details),
  };
}

/**
 * The extras of each room the save names with `Services`, as Update prices them (planRoomExtras:
 * a line kept as booked keeps its price, one added or raised is priced now for the room's stay,
 * type, rate and party). Pre-check-in only adds: an extra booked already may not be dropped or
 * lowered here (that may mean a refund, which manage booking decides). A list equal to what the
 * room holds changes nothing, so the same save twice adds nothing. Null when no room changes.
 */
export async function planPreCheckInExtras(
  tx: Tx,
  property: PropertyRow,
  reservation: ReservationRow,
  details: ReservationDetails,
  request: PreCheckInSaveRequest,
): Promise<PreCheckInExtras | null> {
  const errors: FieldErrors = {};
  const named = request.ReservationItems.flatMap((item, index) => {
    const booked = details.rooms.find((room) => room.id === item.ReservationItemId && room.status === 'booked');
    if (!booked || !item.Services) return [];
    for (const line of booked.services) {
      const wanted = item.Services.find((selection) => selection.ServiceId === line.serviceId)?.Quantity ?? 0;
      if (wanted < line.quantity) {
        (errors[`ReservationItems[${index}].Services`] ??= []).push(
          `${line.name} is booked already (${line.quantity}); pre-check-in only adds extras. To remove or reduce it, manage your booking.`,
        );
      }
    }
    return [{ booked, index, selections: item.Services }];
  });
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', 'The request is invalid.', { modelState: errors });
  const services = await findBookableServices(
    tx,
    property.id,
    named.flatMap((room) => room.selections.map((selection) => selection.ServiceId)),
  );
  const rooms = named
    .map(({ booked, index, selections }) => ({
      booked,
      extras: planRoomExtras(services, booked, selections, (j) => `ReservationItems[${index}].Services[${j}]`),
    }))
    .filter(({ extras }) => extras.newServiceLines.length > 0 || extras.removedServiceIds.length > 0);
  if (rooms.length === 0) return null;

  const booked = bookedTotals(reservation, details);
  const servicesOf = (room: BookedRoom) =>
    rooms.find((changed) => changed.booked.id === room.id)?.extras.servicesTotal ?? sumMinor(room.services.map((line) => line.total));
  const totals = amendedTotals({
    rooms: booked.rooms,
    services: sumMinor(details.rooms.filter((room) => room.status === 'booked').map(servicesOf)),
    bookedVoucherDiscount: reservation.voucherDiscount,
    vat: { rate: reservation.vatRate, isTaxExclusive: reservation.isTaxExclusive },
  });
  return {
    rooms,
    previousDue: booked.due,
    totals,
    // Only extras are added here, so the price only rises: a refund never follows from a pre-check-in.
    payment: amendmentPayment({
      previousDue: booked.due,
      newDue: totals.due,
      paidByCard: booked.paidByCard,
      withinFreeCancellation: false,
    }),
  };
}

/** The card extras added at pre-check-in are charged to: the one kept on file for the stay, or the one the booking was paid with. */
export type ExtrasCard = ChargedCard & { gateway: string; shown: { brand: CardType; last4: string } | null };

/**
 * Takes on the extras a pre-check-in save adds, in the save's transaction (docs/pre-check-in.md):
 * their units are taken now, under their rows' locks (409 when the last went to someone else).
 * Paid by card, their difference is recorded as a charge with the extras as data beside it
 * (held: written once the charge succeeds, given back if refused) and `chargeId` answered for
 * the caller to make after the commit; a booking not paid by card gets them at once, its
 * difference settled with the hotel.
 */
export async function takeOnPreCheckInExtras(
  tx: Tx,
  input: {
    property: PropertyRow;
    reservation: ReservationRow;
    plan: PreCheckInExtras;
    card: ExtrasCard | undefined;
    history: Omit<ReservationChange, 'reservationId'>;
    now: Date;
  },
): Promise<{ chargeId: number } | { applied: true }> {
  const { property, reservation, plan, now } = input;
  await assertNoMovementInFlight(tx, reservation.id);
  const shift = {
    property,
    cancelled: [],
    rooms: plan.rooms.map(({ booked, extras }) => ({
      booked,
      priced: null,
      newServiceLines: extras.newServiceLines,
      removedServiceIds: extras.removedServiceIds,
    })),
  };
  const deltas = await inventoryDeltas(tx, shift);
  const writes: ChangeWrites = {
    rooms: plan.rooms.map(({ booked, extras }) => ({
      bookedId: booked.id,
      sortOrder: null,
      values: {},
      guests: null,
      removedServiceIds: extras.removedServiceIds,
      newServiceLines: extras.newServiceLines.map((line) => ({
        serviceId: line.service.id,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        total: line.total,
      })),
    })),
    cancelledRooms: [],
    reservation: {
      totalRooms: plan.totals.rooms,
      totalServices: plan.totals.services,
      voucherDiscount: plan.totals.voucherDiscount,
      total: plan.totals.total,
      totalVat: plan.totals.vat,
    },
  };
  if (plan.payment.kind !== 'Charge') {
    await moveUnits(tx, allUnits(deltas), 1, serviceNames(shift));
    await applyChangeWrites(tx, reservation.id, writes, now);
    return { applied: true };
  }
  // The card on file for the stay, else the card the booking was paid with.
  const booked = await chargeableCard(tx, reservation.id);
  const chosen = input.card ?? (booked && { ...booked, shown: null });
  if (!chosen) throw new AppError('PAYMENT_DECLINED', CARD_MOVEMENT_MESSAGES.noCardToCharge);
  const { takes, gives } = splitDeltas(deltas);
  await moveUnits(tx, takes, 1, serviceNames(shift));
  const held: HeldChange = {
    writes,
    takes,
    gives,
    history: input.history,
    mail: { previousTotal: plan.previousDue, policy: plan.payment.policy, card: chosen.shown },
  };
  const { gateway, shown: _shown, ...card } = chosen;
  const [chargeId] = await recordIntents(tx, [
    {
      reservationId: reservation.id,
      gateway,
      kind: 'charge',
      purpose: 'pre_check_in',
      amount: plan.payment.amount,
      currency: reservation.currency,
      idempotencyKey: newMovementKey(reservation.reservationNumber),
      card,
      intent: held,
      now,
    },
  ]);
  return { chargeId: chargeId! };
}
