/** The calls of the checkout: card types, companies, voucher check, create. */
import useSWR from 'swr';
import type { CheckVoucherCodeRequest } from '@hotel/domain/wire/check-voucher-code-request';
import type { ReservationCreateRequest } from '@hotel/domain/wire/reservation-create-request';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';
import type { Company } from '@hotel/domain/wire/company-response';
import type {
  CheckVoucherCodeResponse,
  CreateAnswer,
  CreateOutcome,
  StatusResponse as ReservationStatus,
} from '@hotel/domain/wire/reservation-response';

export type { Company };

export type VoucherCheck = CheckVoucherCodeResponse;

export type ReservationCreated = CreateAnswer;

export const companiesKey = (propertyId: number, query: string) => ['Company/SearchCompanies', propertyId, query] as const;

/** Companies whose name starts with the query (3 characters or more, as the API requires). */
export function useCompanySearch(propertyId: number, query: string) {
  return useSWR(
    query.trim().length >= 3 ? companiesKey(propertyId, query.trim()) : null,
    ([, id, text]) => apiGet<Company[]>('/Company/SearchCompanies', { propertyId: id, query: text }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}

export function checkVoucherCode(request: CheckVoucherCodeRequest): Promise<VoucherCheck> {
  return apiPost<VoucherCheck>('/Reservation/CheckVoucherCode', request);
}

/** Books; the Idempotency-Key makes a retried click replay the first answer instead of booking twice. */
export function createReservation(request: ReservationCreateRequest, idempotencyKey: string): Promise<ReservationCreated> {
  return apiPost<ReservationCreated>('/Reservation/Create', request, { 'Idempotency-Key': idempotencyKey });
}

export type { CreateOutcome };

/** Whether the Create sent with this key booked (after a lost answer), without sending it again. */
export function createOutcome(propertyId: number, idempotencyKey: string): Promise<CreateOutcome> {
  return apiRequest<CreateOutcome>('/Reservation/CreateOutcome', {
    query: { propertyId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The guest pays another way than the bank's check they left: the booking waiting for it gives its rooms back now. */
export function releasePendingPayment(propertyId: number, confirmationToken: string): Promise<ReservationStatus> {
  return apiPost<ReservationStatus>('/Reservation/ReleasePendingPayment', { PropertyId: propertyId, ConfirmationToken: confirmationToken });
}
