import { isPaidByCard } from '@hotel/domain/checkout';
import { sumMinor, type Minor } from '@hotel/domain/money';
import { invalidField } from '../errors';
import type { ReservationDetails, ReservationRow } from './reservation-queries';
import { priceService, type PricedService } from './room-pricing';
import type { BookableService } from './service-queries';
import { partyOf, type BookedRoom } from './booked-rooms';

/** A booked room's extras as a change leaves them, its stay untouched. */
export type RoomExtras = {
  /** Booked lines kept as they are, at their booked price. */
  kept: BookedRoom['services'];
  /** Lines added or changed, priced now as create prices them. */
  newServiceLines: PricedService[];
  /** Booked extras the change drops or replaces (a changed quantity replaces the line). */
  removedServiceIds: number[];
  servicesTotal: Minor;
};

/** Refuses a list that names an extra twice: a room has one line per extra, with its quantity. */
export function assertEachExtraOnce(selections: readonly { ServiceId: number }[], field: (index: number) => string): void {
  selections.forEach((selection, index) => {
    if (selections.findIndex((other) => other.ServiceId === selection.ServiceId) !== index) {
      throw invalidField(`${field(index)}.ServiceId`, 'Each extra once per room, with its quantity');
    }
  });
}

/**
 * A booked room's extras as `selections` says they should stand, for its booked stay: a line
 * booked with the same quantity keeps its booked price; any other is priced now for the room's
 * dates, type, rate and party (refused when not offered), as Create and the manage Update price.
 */
export function planRoomExtras(
  services: readonly BookableService[],
  booked: BookedRoom,
  selections: readonly { ServiceId: number; Quantity: number }[],
  field: (index: number) => string,
): RoomExtras {
  assertEachExtraOnce(selections, field);
  const kept = booked.services.filter((line) => selections.some((s) => s.ServiceId === line.serviceId && s.Quantity === line.quantity));
  const newServiceLines = selections.flatMap((selection, index) =>
    kept.some((line) => line.serviceId === selection.ServiceId)
      ? []
      : [
          priceService(services, selection, {
            field: field(index),
            from: booked.dateFrom,
            to: booked.dateTo,
            roomTypeId: booked.roomTypeId,
            ratePlanId: booked.ratePlanId,
            party: partyOf(booked),
          }),
        ],
  );
  return {
    kept,
    newServiceLines,
    removedServiceIds: booked.services.filter((line) => !kept.includes(line)).map((line) => line.serviceId),
    servicesTotal: sumMinor([...kept.map((line) => line.total), ...newServiceLines.map((line) => line.total)]),
  };
}

/** Whether a change's difference moves on a card: the booking was paid by card here (our form or PayStack's page) and the payment went through. */
export function paidByCard(reservation: Pick<ReservationRow, 'paymentType'>, details: Pick<ReservationDetails, 'payment'>): boolean {
  return isPaidByCard(reservation.paymentType) && details.payment?.status === 'succeeded';
}
