import { toMajor } from '@hotel/domain/money';
import { serviceUnits } from '@hotel/domain/services';
import type { ReservationItemServicesQuery, ReservationItemServicesResponse } from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import { notFound } from '../errors';
import { findReservationDetails } from '../booking';
import { offeredServices, toServicesResponse } from '../service';
import { findManagedBooking } from '../booking';

/**
 * GET /api/Service/GetReservationItemServices: the extras a booked room may have, as
 * Service/Get offers them for its dates, room type and rate plan, and the ones it has. The
 * units of a limited extra the room already holds count as free for it: keeping them is no
 * new demand on the stock. A room that is not a standing room of this booking is a 404.
 */
export async function reservationItemServices(
  context: Pick<AppContext, 'database' | 'config'>,
  query: ReservationItemServicesQuery,
): Promise<ReservationItemServicesResponse> {
  const { db } = context.database;
  const { reservation } = await findManagedBooking(context, db, {
    PropertyId: query.propertyId,
    ReservationId: query.reservationId,
    Code: query.code,
  });
  const details = await findReservationDetails(db, reservation.id);
  const room = details.rooms.find((candidate) => candidate.id === query.reservationItemId && candidate.status === 'booked');
  if (!room) throw notFound('That room is not part of this booking, or it has been cancelled. Please find your booking again.');

  const offered = await offeredServices(context, {
    propertyId: reservation.propertyId,
    roomTypeId: room.roomTypeId,
    ratePlanId: room.ratePlanId,
    arrival: room.dateFrom,
    departure: room.dateTo,
  });
  const party = { NumberOfAdults: room.adults, NumberOfChildren: room.children, NumberOfInfants: room.infants };
  const withHeld = offered.services.map((entry) => {
    const held = room.services.find((service) => service.serviceId === entry.service.id);
    if (entry.freeUnits === null || !held) return entry;
    const units = serviceUnits({ ChargePerPerson: entry.service.chargePerPerson }, { quantity: held.quantity, party });
    return { ...entry, freeUnits: entry.freeUnits + units };
  });
  return {
    ...toServicesResponse({ currency: offered.currency, services: withHeld }),
    Booked: room.services.map((service) => ({
      ServiceId: service.serviceId,
      Quantity: service.quantity,
      TotalCost: toMajor(service.total, reservation.currency),
    })),
  };
}
