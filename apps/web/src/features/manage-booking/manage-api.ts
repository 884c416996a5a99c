/**
 * The calls of the manage-booking pages (docs/manage-booking.md). The search's answer is kept in
 * the SWR cache under the booking's reference and code, so the Reservation page finds a booking
 * found by name without searching again, and a link opened cold searches with its code.
 */
import useSWR, { type ScopedMutator } from 'swr';
import type { SearchRequest } from '@hotel/domain/wire/search-request';
import type { SearchResponse } from '@hotel/domain/wire/search-response';
import type { CancellationReason } from '@hotel/domain/wire/static-data-response';
import type { ManageBookingConfigurationResponse } from '@hotel/domain/wire/manage-booking-config-response';
import type { ManageBookingSearchResponse, ManagedReservation } from '@hotel/domain/wire/manage-booking-search';
import type {
  ManageBookingCancelRequest,
  ManageBookingCancelResponse,
  ManageBookingQuote,
  ManageBookingUpdateRequest,
  ManageBookingUpdateResponse,
  SearchDateOptionsRequest,
  SearchDateOptionsResponse,
  UpgradeOptionsResponse,
} from '@hotel/domain/wire/manage-booking-change';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';
import type { BookingAccess } from '../extras/services-api';

export type { ManagedReservation };
export type ManagedRoom = ManagedReservation['Rooms'][number];

export const manageConfigKey = (propertyId: number) => ['ManageBooking/Config', propertyId] as const;

export function useManageConfig(propertyId: number) {
  return useSWR(manageConfigKey(propertyId), ([, id]) => apiGet<ManageBookingConfigurationResponse>(`/ManageBooking/Config/${id}`), {
    revalidateOnFocus: false,
  });
}

/** The search by reservation number and guest name (the Manage page's form). */
export function searchByName(propertyId: number, reservationNumber: string, guestName: string) {
  return apiRequest<ManageBookingSearchResponse>('/ManageBooking/Search', {
    method: 'POST',
    query: { propertyId, reservationNumber: reservationNumber.trim(), guestName: guestName.trim() },
  });
}

export const foundBookingKey = (propertyId: number, reference: string, code: string) =>
  ['ManageBooking/Search', propertyId, reference, code] as const;

const searchByCode = ([, propertyId, reservationNumber, hash]: readonly [string, number, string, string]) =>
  apiRequest<ManageBookingSearchResponse>('/ManageBooking/Search', { method: 'POST', query: { propertyId, reservationNumber, hash } });

/** The booking of the Reservation page: from the cache when just found, else searched with the link's code. */
export function useFoundBooking(propertyId: number, reference: string, code: string) {
  return useSWR(foundBookingKey(propertyId, reference, code), searchByCode, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}

/** Keeps a found booking for the Reservation page it goes to next. */
export function rememberFoundBooking(
  mutate: ScopedMutator,
  propertyId: number,
  found: ManageBookingSearchResponse & { Code: string; Reservation: ManagedReservation },
) {
  return mutate(foundBookingKey(propertyId, found.Reservation.ReservationNumber, found.Code), found, { revalidate: false });
}

/** The booking as it now stands after a save or a cancel, for every view of it. */
export function replaceFoundBooking(mutate: ScopedMutator, propertyId: number, code: string, reservation: ManagedReservation) {
  return mutate(
    foundBookingKey(propertyId, reservation.ReservationNumber, code),
    { Success: true, Message: null, Reservation: reservation, Code: code } satisfies ManageBookingSearchResponse,
    { revalidate: false },
  );
}

export function useCancellationReasons(propertyId: number) {
  return useSWR(
    ['StaticData/CancellationReasons', propertyId] as const,
    ([, id]) => apiGet<CancellationReason[]>(`/StaticData/${id}/CancellationReasons`),
    {
      revalidateOnFocus: false,
    },
  );
}

export type { BookingAccess } from '../extras/services-api';

export function useUpgradeOptions(access: BookingAccess, enabled: boolean) {
  return useSWR(
    enabled ? (['ManageBooking/UpgradeOptions', access.propertyId, access.reservationId, access.code] as const) : null,
    ([, propertyId, reservationId, code]) =>
      apiGet<UpgradeOptionsResponse>('/ManageBooking/UpgradeOptions', { propertyId, reservationId, code }),
    { revalidateOnFocus: false },
  );
}

/** The room types and rates a room added to the booking may have: a search of the booking's stay for its party. */
export function useNewRoomOptions(request: SearchRequest) {
  return useSWR(
    ['ManageBooking/NewRoom', JSON.stringify(request)] as const,
    ([, body]) => apiPost<SearchResponse>('/Availability/Search', JSON.parse(body)),
    {
      revalidateOnFocus: false,
    },
  );
}

export function searchDateOptions(request: SearchDateOptionsRequest) {
  return apiPost<SearchDateOptionsResponse>('/ManageBooking/SearchDateOptions', request);
}

export function quoteChange(request: ManageBookingUpdateRequest) {
  return apiPost<ManageBookingQuote>('/ManageBooking/Quote', request);
}

/** Saves a change; a resend of the same change reuses its key, so it is applied once. */
export function saveChange(request: ManageBookingUpdateRequest, idempotencyKey: string) {
  return apiPost<ManageBookingUpdateResponse>('/ManageBooking/Update', request, { 'Idempotency-Key': idempotencyKey });
}

/** Cancels the booking; a resend of the same request reuses its key, so it is done once. */
export function cancelBooking(request: ManageBookingCancelRequest, idempotencyKey: string) {
  return apiPost<ManageBookingCancelResponse>('/ManageBooking/Cancel', request, { 'Idempotency-Key': idempotencyKey });
}
