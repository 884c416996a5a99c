/**
 * The calls of the pre-check-in page (docs/pre-check-in.md): the property's configuration, the
 * booking the link opens (or the notice saying why not) and the save.
 */
import useSWR, { type ScopedMutator } from 'swr';
import {
  preCheckInGetResponseSchema,
  type PreCheckInConfigurationResponse,
  type PreCheckInNotice,
  type PreCheckInReservation,
  type PreCheckInSaveRequest,
  type PreCheckInSaveResponse,
} from '@hotel/domain/wire/pre-check-in';
import { apiGet, apiPost } from '../../lib/api-client';

export type { PreCheckInReservation, PreCheckInNotice };
export type PreCheckInItem = PreCheckInReservation['ReservationItems'][number];

export function usePreCheckInConfig(propertyId: number) {
  return useSWR(
    ['PreCheckIn/Config', propertyId] as const,
    ([, id]) => apiGet<PreCheckInConfigurationResponse>(`/PreCheckIn/Config/${id}`),
    {
      revalidateOnFocus: false,
    },
  );
}

const linkKey = (propertyId: number, referenceNumber: string, hash: string) =>
  ['PreCheckIn/Get', propertyId, referenceNumber, hash] as const;

/** What the link opens: a notice, a booking, or both (a pre-check-in completed before). */
export interface LinkAnswer {
  notice: PreCheckInNotice | null;
  reservation: PreCheckInReservation | null;
}

/** Get's answer told apart; one that is neither a booking nor a notice is refused like a failed call. */
async function checkLink([, propertyId, referenceNumber, hash]: readonly [string, number, string, string]): Promise<LinkAnswer> {
  const parsed = preCheckInGetResponseSchema.safeParse(await apiGet<unknown>('/PreCheckIn/Get', { propertyId, referenceNumber, hash }));
  if (!parsed.success) throw new Error('Unrecognised pre-check-in answer');
  const answer = parsed.data;
  return 'Success' in answer ? { notice: answer, reservation: answer.Reservation } : { notice: null, reservation: answer };
}

/** The link checked once the configuration is in (`enabled`). */
export function usePreCheckInLink(propertyId: number, referenceNumber: string, hash: string, enabled: boolean) {
  return useSWR(enabled ? linkKey(propertyId, referenceNumber, hash) : null, checkLink, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}

/** Saves; the same request sent again with its Idempotency-Key (its answer lost, or its extras' charge not answered) is the same save. */
export function savePreCheckIn(request: PreCheckInSaveRequest, idempotencyKey: string) {
  return apiPost<PreCheckInSaveResponse>('/PreCheckIn/Save', request, { 'Idempotency-Key': idempotencyKey });
}

/** After a save the link is read again, so the page (and a reopened link) shows the details as saved. */
export function refreshLink(mutate: ScopedMutator, propertyId: number, referenceNumber: string, hash: string) {
  return mutate(linkKey(propertyId, referenceNumber, hash));
}
