import { todayIn } from '@hotel/domain/dates';
import type { AppContext } from '../app-context';
import type { Queryable } from '../database';
import { findProperty, type PropertyRow } from '../property';
import { manageAccessOf, type ReservationRow } from '../booking';
import { findReservationByReference } from './pre-check-in-queries';

/** What a pre-check-in call names: the property, the reservation number and the link's code. */
export type PreCheckInKey = { propertyId: number; referenceNumber: string; code: string };

export type PreCheckInBooking = { property: PropertyRow; reservation: ReservationRow };

/**
 * The booking a pre-check-in link opens, or undefined. Only the e-mailed link's code counts
 * (compared in constant time): the code a search by name answers does not, nor a code of
 * another booking or property. An unknown property or number, a booking still waiting for
 * its 3-D Secure check and a wrong code are all the same miss.
 */
export async function findPreCheckInBooking(
  context: Pick<AppContext, 'config'>,
  db: Queryable,
  key: PreCheckInKey,
  options: { lock?: boolean } = {},
): Promise<PreCheckInBooking | undefined> {
  const property = await findProperty(db, key.propertyId);
  if (!property) return undefined;
  const reservation = await findReservationByReference(db, property.id, key.referenceNumber.trim().toUpperCase(), options);
  if (!reservation || reservation.status === 'pending_payment') return undefined;
  const access = manageAccessOf(context.config.linkSecret, property.code, reservation.reservationNumber, key.code.trim());
  return access === 'link' ? { property, reservation } : undefined;
}

/** Why a found booking can no longer be pre-checked-in; null while it can. */
export type PreCheckInClosed = 'cancelled' | 'departed' | 'arrival-passed';

/**
 * Pre-check-in stays open until the arrival day ends in the property's time zone (a guest
 * arriving late still may); after that the hotel has checked the guest in, or not, at the desk.
 */
export function preCheckInClosed(property: PropertyRow, reservation: ReservationRow, now: Date): PreCheckInClosed | null {
  if (reservation.status === 'cancelled') return 'cancelled';
  const today = todayIn(now, property.timeZone);
  if (today >= reservation.dateTo) return 'departed';
  if (today > reservation.dateFrom) return 'arrival-passed';
  return null;
}
