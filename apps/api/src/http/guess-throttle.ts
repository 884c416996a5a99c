import type { Request } from 'express';
import type { Clock } from '../app-context';
import type { Queryable } from '../database';
import { AppError } from '../errors';
import { SlidingWindowCounter } from './rate-limit-store';

/** How many failed guesses at secret codes a sliding window of `windowMs` allows. */
export type GuessLimits = {
  windowMs: number;
  /** Misses one client may make at one target (a property's voucher codes, one reservation number). */
  perClientAtTarget: number;
  /** Misses one client may make at every target together; left out, no such cap. */
  perClient?: number;
  /**
   * Misses at one target from every client together; left out, no such cap. Over it only the
   * clients that have missed there lately are refused: a guest whose first try is right still
   * gets in, so strangers cannot lock everyone out, while each guessing address is held to one
   * guess a window.
   */
  perTarget?: number;
};

/**
 * Failed guesses at codes that open something (a gift voucher, a promotion, a booking), counted
 * in sliding windows in the database so every API process shares them. Only misses count: a
 * right code never does. A client over its limits is refused every check, right or wrong, so
 * its answers tell it nothing until it has waited.
 */
export class GuessThrottle {
  private readonly clientAtTarget: SlidingWindowCounter;
  private readonly client: SlidingWindowCounter | undefined;
  private readonly target: SlidingWindowCounter | undefined;

  constructor(
    db: Queryable,
    clock: Clock,
    private readonly options: {
      /** Names the counters: two throttles with different names never share a count. */
      name: string;
      limits: GuessLimits;
      /** The 429's `Message`, given the minutes to wait. */
      refusal: (minutes: number) => string;
    },
  ) {
    const { name, limits } = options;
    const counter = (scope: string, limit: number) =>
      new SlidingWindowCounter(db, clock, { prefix: `${name}-${scope}:`, windowMs: limits.windowMs, limit });
    this.clientAtTarget = counter('client-target', limits.perClientAtTarget);
    this.client = limits.perClient === undefined ? undefined : counter('client', limits.perClient);
    this.target = limits.perTarget === undefined ? undefined : counter('target', limits.perTarget);
  }

  /** Refuses (429 with Retry-After) a client over its limits at the target; `target` null: only its limit everywhere. */
  async check(client: string, target: string | null): Promise<void> {
    const waits = await Promise.all([
      target === null ? 0 : this.clientAtTarget.retryAfterSeconds(pair(client, target)),
      this.client ? this.client.retryAfterSeconds(client) : 0,
      target !== null && this.target ? this.targetWait(client, target, this.target) : 0,
    ]);
    const wait = Math.max(...waits);
    if (wait <= 0) return;
    throw new AppError('RATE_LIMITED', this.options.refusal(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
  }

  /** Counts a miss of the client at the target. */
  async missed(client: string, target: string | null): Promise<void> {
    await Promise.all([
      target === null ? undefined : this.clientAtTarget.add(pair(client, target)),
      this.client?.add(client),
      target === null ? undefined : this.target?.add(target),
    ]);
  }

  private async targetWait(client: string, target: string, counter: SlidingWindowCounter): Promise<number> {
    const wait = await counter.retryAfterSeconds(target);
    return wait > 0 && (await this.clientAtTarget.wasCountedLately(pair(client, target))) ? wait : 0;
  }
}

const pair = (client: string, target: string) => `${target}\n${client}`;

/** "in 1 minute", "in 12 minutes": when a refused client may try again, for its message. */
export const inMinutes = (minutes: number) => `in ${minutes} minute${minutes === 1 ? '' : 's'}`;

/** Whose guesses a request's count against: the client's address (as `TRUST_PROXY` names it). */
export const clientOf = (req: Request): string => req.ip ?? 'unknown';

/** A client whose guesses a use case counts, and the throttle they count in. */
export type GuessingClient = { guesses: GuessThrottle; client: string };
