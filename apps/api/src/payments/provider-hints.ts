import type { Tx } from '../database';
import type { FinalAnswer, Movement } from './movements';

/**
 * A provider told us of a movement: a signed webhook event, the guest back from a bank's check
 * or PayStack's page, the test gateway's challenge page. The routes that hear it hand it to the
 * booking module (wired in app.ts), which records what the provider says of the movement now.
 */
export type ProviderHint = {
  gateway: string;
  /** Our key when the provider carries it (Stripe's metadata, PayStack's reference), its own reference otherwise. */
  names: { idempotencyKey?: string | null; gatewayReference?: string | null };
  /** The provider's answer itself, when it gave one (the test gateway's challenge page); otherwise the provider is asked. */
  answer?: FinalAnswer;
  /** Runs first in the recording transaction; false: record nothing (a webhook event already taken in). */
  alsoInTransaction?: (tx: Tx) => Promise<boolean>;
};

/**
 * What a hint came to. `providerSilent`: the provider could not say (unreachable, undecided, or
 * not finding what its own event named): nothing was recorded, the hint's own record included
 * (a webhook event is not taken in), so the provider's next delivery is acted on.
 */
export type HintOutcome = { found: false } | { found: true; movement: Movement; settledNow: boolean; providerSilent?: true };

export type ProviderHintHandler = (hint: ProviderHint) => Promise<HintOutcome>;
