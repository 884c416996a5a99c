import type { AppContext } from '../app-context';
import { GuessThrottle, inMinutes, type GuessingClient } from '../http';
import type { Catalogue } from './catalogue-cache';

/**
 * Searches whose promo or rate code the property does not have, per client address and per
 * property in a sliding quarter hour (CODE_GUESSES_PER_CLIENT, CODE_GUESSES_PER_PROPERTY;
 * docs/security.md). A search without a code never counts and is never refused.
 */
export function codeGuesses(context: Pick<AppContext, 'database' | 'clock' | 'config'>): GuessThrottle {
  const { codeGuessesPerClient, codeGuessesPerProperty } = context.config.limits;
  return new GuessThrottle(context.database.db, context.clock, {
    name: 'code-guess',
    limits: { windowMs: 15 * 60_000, perClientAtTarget: codeGuessesPerClient, perTarget: codeGuessesPerProperty },
    refusal: (minutes) =>
      `Too many promo or rate codes that did not work were tried from your network. Please try again ${inMinutes(minutes)}, or search without a code.`,
  });
}

const typed = (code: string | null | undefined) => code?.trim().toLowerCase() || undefined;

type NamedCodes = { PromoCode?: string | null | undefined; RatePlanCode?: string | null | undefined };

/**
 * A search that names a code is a guess at `target` (a property, a group): refused (429) once the
 * client is over its limits there, counted when none of the catalogues searched has such a
 * promotion or rate plan. Before anything is quoted, and before the answer cache, so a repeated
 * guess counts as often as it is sent.
 */
export async function countCodeGuess(
  guess: GuessingClient,
  target: string,
  catalogues: readonly Pick<Catalogue, 'promotions' | 'ratePlans'>[],
  request: NamedCodes,
): Promise<void> {
  const promoCode = typed(request.PromoCode);
  const rateCode = typed(request.RatePlanCode);
  if (promoCode === undefined && rateCode === undefined) return;
  await guess.guesses.check(guess.client, target);
  const hasCodes = (catalogue: Pick<Catalogue, 'promotions' | 'ratePlans'>) =>
    (promoCode === undefined || catalogue.promotions.has(promoCode)) &&
    (rateCode === undefined || catalogue.ratePlans.some((plan) => plan.code.toLowerCase() === rateCode));
  if (!catalogues.some(hasCodes)) await guess.guesses.missed(guess.client, target);
}
