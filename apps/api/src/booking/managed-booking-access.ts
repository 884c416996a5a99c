import { and, eq } from 'drizzle-orm';
import { reservations } from '@hotel/db/schema';
import type { AppContext } from '../app-context';
import type { Queryable } from '../database';
import { notFound } from '../errors';
import { findProperty, type PropertyRow } from '../property';
import { manageAccessOf, type ManageAccess } from './reservation-links';
import type { ReservationRow } from './reservation-queries';

/** What every change call names: the property, the booking and the search's code. */
export type ManagedBookingKey = { PropertyId: number; ReservationId: number; Code: string };

/** A booking a change call may act on, and how the guest got in (for the history). */
export type ManagedBooking = { property: PropertyRow; reservation: ReservationRow; access: ManageAccess };

const bookingNotFound = () =>
  notFound('We could not find that booking. Please find it again with your reservation number and last name, or the link in your e-mail.');

/**
 * The booking a change call acts on, once its code proves the caller found it (by link or by
 * name). An unknown property or booking, another property's booking, one still waiting for its
 * 3-D Secure check and a wrong code all answer the same 404, so the answer tells nothing.
 * Inside a transaction pass `lock` to hold the reservation row until it ends: two changes of one
 * booking then queue, and the second sees what the first made.
 */
export async function findManagedBooking(
  context: Pick<AppContext, 'config'>,
  db: Queryable,
  key: ManagedBookingKey,
  options: { lock?: boolean } = {},
): Promise<ManagedBooking> {
  const property = await findProperty(db, key.PropertyId);
  if (!property) throw bookingNotFound();
  const query = db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, key.ReservationId), eq(reservations.propertyId, property.id)));
  const [reservation] = options.lock ? await query.for('update') : await query;
  if (!reservation || reservation.status === 'pending_payment') throw bookingNotFound();
  const access = manageAccessOf(context.config.linkSecret, property.code, reservation.reservationNumber, key.Code);
  if (access === null) throw bookingNotFound();
  return { property, reservation, access };
}
