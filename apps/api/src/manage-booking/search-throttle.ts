import { ERROR_MESSAGES } from '@hotel/domain/messages';
import type { AppContext } from '../app-context';
import { GuessThrottle } from '../http';

/**
 * Unsuccessful manage searches, counted in the database (docs/manage-booking.md): 10 per client
 * in a quarter hour, whatever it looked for; and 5 name guesses at one reservation number from
 * one client. Nothing counts per number alone, so strangers' wrong names never lock its guest
 * out. A link's code cannot be guessed (an HMAC), so a wrong one counts against the client only.
 */
export function searchThrottle(context: Pick<AppContext, 'database' | 'clock'>): GuessThrottle {
  return new GuessThrottle(context.database.db, context.clock, {
    name: 'manage-search',
    limits: { windowMs: 15 * 60_000, perClient: 10, perClientAtTarget: 5 },
    refusal: () => ERROR_MESSAGES.manageBookingTooManySearches,
  });
}
