/** GET /api/Reservation/Status and /Confirmation: whether a booking is made, and the booking itself. */
import type { ConfirmationResponse } from '@hotel/domain/wire/confirmation-response';
import useSWR from 'swr';
import { apiGet } from '../../lib/api-client';
import type { StatusResponse as ReservationStatus } from '@hotel/domain/wire/reservation-response';

export type ConfirmationRoom = Confirmation['Rooms'][number];

export type Confirmation = ConfirmationResponse;

/** How often a payment waiting for the bank is checked again. */
const PENDING_POLL_MS = 3000;

export const statusKey = (propertyId: number, token: string) => ['Reservation/Status', propertyId, token] as const;

export function useReservationStatus(propertyId: number, token: string | null) {
  return useSWR(
    token === null ? null : statusKey(propertyId, token),
    ([, id, referenceNumber]) => apiGet<ReservationStatus>('/Reservation/Status', { propertyId: id, referenceNumber }),
    {
      revalidateOnFocus: true,
      refreshInterval: (latest) => (latest?.Status === 'PendingPayment' ? PENDING_POLL_MS : 0),
    },
  );
}

export const confirmationKey = (propertyId: number, token: string) => ['Reservation/Confirmation', propertyId, token] as const;

export function useConfirmation(propertyId: number, token: string) {
  return useSWR(
    confirmationKey(propertyId, token),
    ([, id, confirmationToken]) => apiGet<Confirmation>('/Reservation/Confirmation', { propertyId: id, confirmationToken }),
    {
      revalidateOnFocus: false,
    },
  );
}
