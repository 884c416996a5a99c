import type { Party } from '@hotel/domain/occupancy';
import type { ReservationDetails } from './reservation-queries';

/** A room of a booking as read with its details. */
export type BookedRoom = ReservationDetails['rooms'][number];

export function partyOf(room: Pick<BookedRoom, 'adults' | 'children' | 'infants'>): Party {
  return { NumberOfAdults: room.adults, NumberOfChildren: room.children, NumberOfInfants: room.infants };
}

/**
 * The code of the code-only rate plan a booking's rooms are on, if any: the guest had it when
 * booking, so a change prices that rate again as create did, with its code.
 */
export function bookedRatePlanCode(
  ratePlans: readonly { id: number; code: string; requiresCode: boolean }[],
  rooms: readonly Pick<BookedRoom, 'ratePlanId'>[],
): string | null {
  return ratePlans.find((plan) => plan.requiresCode && rooms.some((room) => room.ratePlanId === plan.id))?.code ?? null;
}
