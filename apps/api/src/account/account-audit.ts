import { isIP } from 'node:net';
import type { Request } from 'express';
import { auditLog } from '@hotel/db/schema';
import type { Queryable } from '../database';

/** What happened to an account, as `audit_log.action`. */
export type AccountAction =
  | 'account.registered'
  | 'account.registration_for_existing_address'
  | 'account.email_confirmed'
  | 'account.login'
  | 'account.login_failed'
  | 'account.logout'
  | 'account.password_reset_requested'
  | 'account.password_reset'
  | 'account.password_changed'
  | 'account.password_change_failed'
  | 'account.details_updated';

/** Where a request came from, for the audit row. */
export type RequestOrigin = { ip: string | null; requestId: string | null };

export function originOf(req: Request): RequestOrigin {
  const ip = req.ip && isIP(req.ip) ? req.ip : null;
  return { ip, requestId: req.id === undefined ? null : String(req.id) };
}

/**
 * Writes one audit row about a user (or about an address with no account: `userId` null and
 * the address in `details`). Never pass a password, token or hash in `details`.
 */
export async function auditAccount(
  db: Queryable,
  entry: { action: AccountAction; userId: number | null; at: Date; origin: RequestOrigin; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    at: entry.at,
    actorUserId: entry.userId,
    actor: entry.userId === null ? 'guest' : null,
    action: entry.action,
    subjectType: 'user',
    subjectId: entry.userId === null ? null : String(entry.userId),
    ip: entry.origin.ip,
    requestId: entry.origin.requestId,
    details: entry.details ?? null,
  });
}
