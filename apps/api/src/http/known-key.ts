import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../app-context';
import { hasLiveRecord } from '../idempotency';
import { readIdempotencyKey } from './idempotency-header';

/** Requests whose Idempotency-Key has a live record: no limit counts them. */
const sentAgain = new WeakSet<Request>();

/** Whether `knownKeysFirst` found the request's Idempotency-Key already recorded (its work done or under way). */
export function isSentAgain(req: Request): boolean {
  return sentAgain.has(req);
}

/** Resolves once the answer has gone out, or the client has gone. */
function answered(res: Response): Promise<void> {
  return new Promise((resolve) => {
    res.once('finish', resolve);
    res.once('close', resolve);
  });
}

/**
 * Put before a keyed call's limits: a request sent again with an Idempotency-Key whose request
 * was done (or waits for a payment's answer) is answered from the key by the use case, and no
 * limit counts it. A duplicate arriving while the key's first request is still running in this
 * process waits for that one's answer first, so a burst of one request (a double tap, a client's
 * eager retries) books once and counts once. `scopeOf` names the key's scope from the body's
 * `PropertyId`, as the use case does; a body without a valid one goes on (validation answers it).
 */
export function knownKeysFirst(context: Pick<AppContext, 'database' | 'clock'>, scopeOf: (propertyId: number) => string): RequestHandler {
  const running = new Map<string, Promise<void>>();
  return async (req, res, next) => {
    const key = readIdempotencyKey(req);
    const propertyId = (req.body as { PropertyId?: unknown } | undefined)?.PropertyId;
    const scope = Number.isSafeInteger(propertyId) && (propertyId as number) > 0 ? scopeOf(propertyId as number) : undefined;
    if (key === undefined || scope === undefined) return next();
    const id = `${scope}\u0000${key}`;
    const first = running.get(id);
    if (first) await first;
    else {
      const done = answered(res).then(() => {
        if (running.get(id) === done) running.delete(id);
      });
      running.set(id, done);
    }
    if (await hasLiveRecord(context.database.db, { key, scope, now: context.clock.now() })) sentAgain.add(req);
    next();
  };
}
