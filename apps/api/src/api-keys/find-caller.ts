import { isApiKeyScope } from '@hotel/domain/wire/api-key-scopes';
import type { AppContext } from '../app-context';
import type { AdminCaller, FindApiKey } from '../http';
import { findApiKey, recordKeyUse } from './api-key-queries';
import { parseKey, secretMatches } from './api-key-secret';

/** A key's last use is written at most this often: a busy channel manager costs no write per call. */
export const LAST_USED_EVERY_MS = 60_000;

/**
 * What the admin guard asks of a presented key: the live key it is, or nothing. Wrong in any
 * way (no key's shape, no such id, a wrong secret, revoked) answers the same nothing, so a
 * caller learns no more of which ids exist than of the secrets. The key is read on every call,
 * not cached: a key revoked from the CLI (another process) closes at once.
 */
export function apiKeyFinder(context: Pick<AppContext, 'database' | 'clock' | 'logger'>): FindApiKey {
  // When this process last wrote each key's use; the database's own minute check covers the others.
  const recorded = new Map<string, number>();
  return async (presented) => {
    const parsed = parseKey(presented);
    if (!parsed) return undefined;
    const row = await findApiKey(context.database.db, parsed.id);
    if (!secretMatches(parsed.secret, row?.secretHash) || !row || row.revokedAt !== null) return undefined;
    const now = context.clock.now();
    if (now.getTime() - (recorded.get(row.id) ?? -Infinity) >= LAST_USED_EVERY_MS) {
      recorded.set(row.id, now.getTime());
      try {
        await recordKeyUse(context.database.db, row.id, now, LAST_USED_EVERY_MS);
      } catch (error) {
        // Bookkeeping: the call the key was checked for goes on without it.
        context.logger.warn({ err: error, key: row.id }, "recording an API key's last use failed");
      }
    }
    const caller: AdminCaller = {
      kind: 'key',
      id: row.id,
      name: row.name,
      property: row.propertyId === null || row.propertyCode === null ? null : { id: row.propertyId, code: row.propertyCode },
      scopes: row.scopes.filter(isApiKeyScope),
    };
    return caller;
  };
}
