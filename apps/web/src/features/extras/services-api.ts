/** GET /api/Service/Get: the extras offered for an item's room type, rate plan and stay, with the units left. */
import type { ReservationItemServicesResponse } from '@hotel/domain/wire/manage-booking-change';
import type { ServicesResponse } from '@hotel/domain/wire/service-response';
import useSWR, { mutate, preload } from 'swr';
import type { Minor } from '@hotel/domain/money';
import { toMinor } from '@hotel/domain/money';
import type { Party } from '@hotel/domain/occupancy';
import { serviceCost } from '@hotel/domain/services';
import { apiGet, LANGUAGE_CODE } from '../../lib/api-client';

export type { ServicesResponse };

export type WireService = ServicesResponse['Services'][number];

export interface ServiceStay {
  RoomTypeId: number;
  RatePlanId: number;
  DateFrom: string;
  DateTo: string;
}

export const servicesKey = (propertyId: number, stay: ServiceStay) =>
  ['Service/Get', propertyId, stay.RoomTypeId, stay.RatePlanId, stay.DateFrom, stay.DateTo] as const;

const fetchServices = ([, propertyId, roomTypeId, ratePlanId, dateOfArrival, dateOfDeparture]: readonly [
  string,
  number,
  number,
  number,
  string,
  string,
]) =>
  apiGet<ServicesResponse>('/Service/Get', {
    propertyId,
    roomTypeId,
    ratePlanId,
    dateOfArrival,
    dateOfDeparture,
    languageCode: LANGUAGE_CODE,
  });

/** Loads an item's services ahead of its extras step, as soon as its room is added. */
export function loadServices(propertyId: number, stay: ServiceStay): Promise<ServicesResponse> {
  return preload(servicesKey(propertyId, stay), fetchServices);
}

/** Forgets every loaded service list: a new search starts without them. */
export function clearServiceCache(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === 'Service/Get', undefined, { revalidate: false });
}

export function useServices(propertyId: number, stay: ServiceStay) {
  return useSWR(servicesKey(propertyId, stay), fetchServices, { revalidateOnFocus: false });
}

/**
 * What a service costs for a number of nights it is offered on, a quantity and a party (the
 * domain's service cost rule), in minor units of the property's `currency`; `offeredNights`
 * gives the nights of a stay.
 */
export function serviceLineCost(service: WireService, stay: { nights: number; quantity: number; party: Party }, currency: string): Minor {
  return serviceCost(
    {
      ChargeType: service.ChargeType,
      ChargePerPerson: service.ChargePerPerson,
      Articles: service.Articles.map((article) => ({ Price: toMinor(article.Price, currency) })),
    },
    stay,
  );
}

/** What identifies a booking in the calls after it was found: its property, its id and the link's (or search's) code. */
export interface BookingAccess {
  propertyId: number;
  reservationId: number;
  code: string;
}

/** GET /api/Service/GetReservationItemServices: the extras a booked room may have, and the ones it has. */
export function useReservationItemServices(access: BookingAccess, reservationItemId: number | null) {
  return useSWR(
    reservationItemId === null
      ? null
      : (['Service/GetReservationItemServices', access.propertyId, access.reservationId, reservationItemId, access.code] as const),
    ([, propertyId, reservationId, itemId, code]) =>
      apiGet<ReservationItemServicesResponse>('/Service/GetReservationItemServices', {
        propertyId,
        reservationId,
        reservationItemId: itemId,
        code,
        languageCode: LANGUAGE_CODE,
      }),
    { revalidateOnFocus: false },
  );
}
