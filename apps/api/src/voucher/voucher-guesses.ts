import type { AppContext } from '../app-context';
import type { Queryable } from '../database';
import { GuessThrottle, inMinutes, type GuessingClient } from '../http';
import { findGiftVoucher, type GiftVoucherRow } from './gift-voucher-queries';

/**
 * Codes that match no voucher of the property, per client address and per property in a sliding
 * quarter hour (VOUCHER_GUESSES_PER_CLIENT, VOUCHER_GUESSES_PER_PROPERTY; docs/security.md).
 * Vouchers' codes come from the property definition and hotels print them, so they may be short:
 * the limits, not the codes' length, are what stop guessing.
 */
export function voucherGuesses(context: Pick<AppContext, 'database' | 'clock' | 'config'>): GuessThrottle {
  const { voucherGuessesPerClient, voucherGuessesPerProperty } = context.config.limits;
  return new GuessThrottle(context.database.db, context.clock, {
    name: 'voucher-guess',
    limits: { windowMs: 15 * 60_000, perClientAtTarget: voucherGuessesPerClient, perTarget: voucherGuessesPerProperty },
    refusal: (minutes) =>
      `Too many gift voucher codes that did not work were tried from your network. Please try again ${inMinutes(minutes)}, or contact the hotel.`,
  });
}

/**
 * A property's voucher by the code a guest typed, once the client may still guess there (429
 * otherwise); a code that matches none counts as a miss.
 */
export async function findGuessedVoucher(
  db: Queryable,
  guess: GuessingClient,
  propertyId: number,
  code: string,
): Promise<GiftVoucherRow | undefined> {
  const target = String(propertyId);
  await guess.guesses.check(guess.client, target);
  const voucher = await findGiftVoucher(db, propertyId, code);
  if (!voucher) await guess.guesses.missed(guess.client, target);
  return voucher;
}
