import { isLastNameOf } from '@hotel/domain/manage-booking';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import { isBlank } from '@hotel/domain/validation';
import type { ManageBookingSearchQuery, ManageBookingSearchResponse } from '@hotel/domain/wire/manage-booking-search';
import type { AppContext } from '../app-context';
import { findProperty } from '../property';
import { findReservationDetails, linkCode, manageAccessOf, nameSearchCode } from '../booking';
import { findReservationByNumber } from './manage-booking-queries';
import { toManagedReservation } from './managed-reservation';
import type { GuessThrottle } from '../http';
import type { FoundBooking } from './manage-grants';

const notFound: ManageBookingSearchResponse = {
  Success: false,
  Message: ERROR_MESSAGES.manageBookingNotFound,
  Reservation: null,
  Code: null,
};

/**
 * POST /api/ManageBooking/Search: a booking by its number and the code of its e-mailed link, or
 * by its number and the last name of its booker or a guest. Every miss (no such property or
 * number, a booking still waiting for payment, a wrong name or code) answers the same, and
 * counts against the limits.
 */
export async function searchReservation(
  context: Pick<AppContext, 'database' | 'clock' | 'config'>,
  throttle: GuessThrottle,
  query: ManageBookingSearchQuery,
  /** Who asks: the client's address, whose misses count. */
  client: string,
): Promise<{ answer: ManageBookingSearchResponse; found?: FoundBooking }> {
  const number = query.reservationNumber.trim().toUpperCase();
  const code = isBlank(query.hash) ? null : (query.hash ?? '').trim();
  // Name guesses count against the client at the number too; a code cannot be guessed (search-throttle.ts).
  const guessedNumber = code === null ? `${query.propertyId}:${number}` : null;
  await throttle.check(client, guessedNumber);

  const { db } = context.database;
  const { linkSecret } = context.config;
  const property = await findProperty(db, query.propertyId);
  const reservation = property && (await findReservationByNumber(db, property.id, number));
  const details = reservation && reservation.status !== 'pending_payment' ? await findReservationDetails(db, reservation.id) : undefined;
  const access =
    property === undefined || reservation === undefined || details === undefined
      ? null
      : code !== null
        ? manageAccessOf(linkSecret, property.code, reservation.reservationNumber, code)
        : isLastNameOf(query.guestName ?? '', [
              reservation.bookerLastName,
              ...details.rooms.flatMap((room) => room.guests.map((guest) => guest.lastName)),
            ])
          ? 'name'
          : null;
  if (access === null || !property || !reservation || !details) {
    await throttle.missed(client, guessedNumber);
    return { answer: notFound };
  }
  return {
    answer: {
      Success: true,
      Message: null,
      Reservation: toManagedReservation(property, reservation, details, context.clock.now()),
      // The Reservation page's address carries it, and every later manage call proves access with it (or with the session's grant).
      Code: (access === 'link' ? linkCode : nameSearchCode)(linkSecret, property.code, reservation.reservationNumber),
    },
    found: {
      PropertyId: property.id,
      PropertyCode: property.code,
      ReservationId: reservation.id,
      ReservationNumber: reservation.reservationNumber,
      Via: access,
    },
  };
}
