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

export type HintOutcome = { found: false } | { found: true; movement: Movement; settledNow: boolean };

export type ProviderHintHandler = (hint: ProviderHint) => Promise<HintOutcome>;
