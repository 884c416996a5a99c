import { amendedTotals, amendmentPayment, type AmendedTotals, type AmendmentPayment } from '@hotel/domain/amendment';
import { sumMinor, type Minor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import type { FieldErrors } from '@hotel/domain/validation';
import type { PreCheckInSaveRequest } from '@hotel/domain/wire/pre-check-in';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { AppError } from '../http';
import { moveMoney, paidByCard, planRoomExtras, replaceServiceLines, shiftInventory, type RoomExtras } from '../manage-booking';
import type { ChosenCard } from '../payments';
import type { PropertyRow } from '../property';
import { findBookableServices, type ReservationDetails, type ReservationRow } from '../reservation';
import { updatePreCheckedReservation } from './pre-check-in-queries';

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

/**
 * Takes the extras' units from the stock (the Update's own step: per night, under each
 * service's inventory rows' locks, 409 when the last unit went to someone else), writes the
 * lines and the booking's totals, then charges the difference, last, so a decline (402) rolls
 * all of it back. Answers what moved on the card.
 */
export async function applyPreCheckInExtras(
  context: Pick<AppContext, 'paymentGateways' | 'clock'>,
  tx: Tx,
  property: PropertyRow,
  reservation: ReservationRow,
  plan: PreCheckInExtras,
  card: ChosenCard | undefined,
): Promise<{ amount: Minor; paymentIds: number[] }> {
  await shiftInventory(tx, {
    property,
    cancelled: [],
    rooms: plan.rooms.map(({ booked, extras }) => ({
      booked,
      priced: null,
      newServiceLines: extras.newServiceLines,
      removedServiceIds: extras.removedServiceIds,
    })),
  });
  for (const { booked, extras } of plan.rooms) {
    await replaceServiceLines(
      tx,
      booked.id,
      extras.removedServiceIds,
      extras.newServiceLines.map((line) => ({
        serviceId: line.service.id,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        total: line.total,
      })),
    );
  }
  await updatePreCheckedReservation(tx, reservation.id, {
    totalRooms: plan.totals.rooms,
    totalServices: plan.totals.services,
    voucherDiscount: plan.totals.voucherDiscount,
    total: plan.totals.total,
    totalVat: plan.totals.vat,
  });
  return moveMoney(context, tx, { payment: plan.payment, reservation }, card);
}
