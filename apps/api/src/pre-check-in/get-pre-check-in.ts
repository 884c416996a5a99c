import type { Request, Response } from 'express';
import type { PreCheckInGetQuery, PreCheckInGetResponse, PreCheckInNotice } from '@hotel/domain/wire/pre-check-in';
import type { AppContext } from '../app-context';
import type { Queryable } from '../database';
import { findReservationDetails } from '../booking';
import { findPreCheckInBooking, preCheckInClosed, type PreCheckInBooking, type PreCheckInClosed } from './pre-check-in-access';
import { findRoomTypeOptions } from './pre-check-in-queries';
import { toPreCheckInReservation } from './pre-check-in-reservation';
import type { PreCheckInThrottle } from './pre-check-in-throttle';

/** The notices of GET /api/PreCheckIn/Get (and the refusals of Save). */
export const PRE_CHECK_IN_NOTICES = {
  invalid: {
    Title: 'Invalid link',
    Message: 'This link is invalid. Please re check the link is correct and try again.',
  },
  cancelled: {
    Title: 'Booking cancelled',
    Message: 'This booking has been cancelled, so there is nothing to check in. Please contact the hotel if this is unexpected.',
  },
  departed: {
    Title: 'Stay completed',
    Message: 'This stay has already ended. We hope you enjoyed it.',
  },
  'arrival-passed': {
    Title: 'Online check-in closed',
    Message: 'Online check-in closes at the end of your arrival day. Please see reception to check in.',
  },
  completed: {
    Title: 'Already checked in',
    Message: 'You have already checked in online. You can still change your details until the end of your arrival day.',
  },
} as const satisfies Record<PreCheckInClosed | 'invalid' | 'completed', { Title: string; Message: string }>;

/** The booking as the pre-check-in pages read it, from the database `db` (a transaction's, after a save). */
export async function preCheckInReservationOf(db: Queryable, booking: PreCheckInBooking) {
  const details = await findReservationDetails(db, booking.reservation.id);
  const options = await findRoomTypeOptions(db, [...new Set(details.rooms.map((room) => room.roomTypeId))]);
  return toPreCheckInReservation(booking.property, booking.reservation, details, options);
}

/**
 * GET /api/PreCheckIn/Get: the booking a pre-check-in link opens, or a notice. Every link that
 * opens nothing (wrong, forged, cut short, another property's or another booking's code, an
 * unknown number) answers one and the same notice and counts against the client's misses.
 */
export async function getPreCheckIn(
  context: Pick<AppContext, 'database' | 'clock' | 'config'>,
  throttle: PreCheckInThrottle,
  query: PreCheckInGetQuery,
  http: { req: Request; res: Response },
): Promise<PreCheckInGetResponse> {
  await throttle.check(http.req, http.res);
  const { db } = context.database;
  const booking = await findPreCheckInBooking(context, db, {
    propertyId: query.propertyId,
    referenceNumber: query.referenceNumber,
    code: query.hash,
  });
  if (!booking) {
    await throttle.missed(http.req);
    return { Success: false, ...PRE_CHECK_IN_NOTICES.invalid, Reservation: null };
  }
  const closed = preCheckInClosed(booking.property, booking.reservation, context.clock.now());
  if (closed) return { Success: false, ...PRE_CHECK_IN_NOTICES[closed], Reservation: null } satisfies PreCheckInNotice;
  const reservation = await preCheckInReservationOf(db, booking);
  if (booking.reservation.preCheckInCompletedAt) return { Success: true, ...PRE_CHECK_IN_NOTICES.completed, Reservation: reservation };
  return reservation;
}
