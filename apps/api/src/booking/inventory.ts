import { sql } from 'drizzle-orm';
import { addDays } from '@hotel/domain/dates';
import { offeredNights, serviceUnits } from '@hotel/domain/services';
import { preparedRows, type Tx, rawRows } from '../database';

/**
 * Takes one unit of a room type on every night of a stay, or none: the update succeeds per
 * night only while a unit remains (the row lock serialises concurrent bookings, and the
 * CHECK backs it). Answers false when some night had none left.
 */
export async function takeRoomUnits(tx: Tx, roomTypeId: number, from: string, to: string, nights: number, units = 1): Promise<boolean> {
  const rows = await preparedRows<{ night: string }>(
    tx,
    sql`UPDATE room_type_inventory SET sold = sold + ${units}
        WHERE room_type_id = ${roomTypeId} AND night >= ${from}::date AND night < ${to}::date AND sold + ${units} <= total
        RETURNING night`,
  );
  return rows.length === nights;
}

/** Gives units of a room type back on every night of a stay (cancellation, failed payment). */
export async function releaseRoomUnits(tx: Tx, roomTypeId: number, from: string, to: string, units = 1): Promise<void> {
  await tx.execute(
    sql`UPDATE room_type_inventory SET sold = greatest(sold - ${units}, 0)
        WHERE room_type_id = ${roomTypeId} AND night >= ${from}::date AND night < ${to}::date`,
  );
}

/** Takes `quantity` units of a limited service on every night of a stay, or none; answers false when short. */
export async function takeServiceUnits(
  tx: Tx,
  serviceId: number,
  from: string,
  to: string,
  nights: number,
  quantity: number,
): Promise<boolean> {
  const rows = await rawRows<{ night: string }>(
    tx,
    sql`UPDATE service_inventory SET used = used + ${quantity}
        WHERE service_id = ${serviceId} AND night >= ${from}::date AND night < ${to}::date AND used + ${quantity} <= total
        RETURNING night`,
  );
  return rows.length === nights;
}

export async function releaseServiceUnits(tx: Tx, serviceId: number, from: string, to: string, quantity: number): Promise<void> {
  await tx.execute(
    sql`UPDATE service_inventory SET used = greatest(used - ${quantity}, 0)
        WHERE service_id = ${serviceId} AND night >= ${from}::date AND night < ${to}::date`,
  );
}

/** A booked room as releasing it needs it: its stay, party and extras with what decides the units they took. */
export type HeldRoom = {
  roomTypeId: number;
  dateFrom: string;
  dateTo: string;
  adults: number;
  children: number;
  infants: number;
  services: { serviceId: number; quantity: number; chargePerPerson: boolean; offeredFrom: string | null; offeredTo: string | null }[];
};

/**
 * Gives back everything a booked room holds: its room on every night, and each extra's units on
 * the nights it was taken, as many as the booking took (per guest for an extra charged per
 * person). Extras without inventory have no rows, so nothing changes for them.
 */
export async function releaseHeldRoom(tx: Tx, room: HeldRoom): Promise<void> {
  await releaseRoomUnits(tx, room.roomTypeId, room.dateFrom, room.dateTo);
  const party = { NumberOfAdults: room.adults, NumberOfChildren: room.children, NumberOfInfants: room.infants };
  for (const service of room.services) {
    const nights = offeredNights({ OfferedFrom: service.offeredFrom, OfferedTo: service.offeredTo }, room.dateFrom, room.dateTo);
    if (nights.length === 0) continue;
    const units = serviceUnits({ ChargePerPerson: service.chargePerPerson }, { quantity: service.quantity, party });
    await releaseServiceUnits(tx, service.serviceId, nights[0]!, addDays(nights.at(-1)!, 1), units);
  }
}
