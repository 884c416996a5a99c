import type { ApiKeyScope } from '@hotel/domain/wire/api-key-scopes';
import type { AppContext } from '../app-context';
import { requireProperty } from '../property';
import { insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from './api-key-queries';
import { makeKey } from './api-key-secret';

type Context = Pick<AppContext, 'database' | 'clock'>;

/** Which properties a new key opens: one, by code, or all (asked for explicitly, never a default). */
export type KeyReach = { propertyCode: string } | { allProperties: true };

/** Makes a key and answers it whole: the only time it is ever seen, as only its hash is kept. */
export async function createApiKey(
  context: Context,
  request: { name: string; reach: KeyReach; scopes: ApiKeyScope[] },
): Promise<{ id: string; key: string }> {
  const { db } = context.database;
  const propertyId = 'propertyCode' in request.reach ? (await requireProperty(db, request.reach.propertyCode)).id : null;
  const made = makeKey();
  await insertApiKey(db, {
    id: made.id,
    name: request.name,
    propertyId,
    scopes: [...new Set(request.scopes)],
    secretHash: made.secretHash,
    createdAt: context.clock.now(),
  });
  return { id: made.id, key: made.key };
}

/** Every key (or those that open a property), without their secrets, which are not kept. */
export async function apiKeysOf(context: Context, propertyCode: string | undefined): Promise<Omit<ApiKeyRow, 'secretHash'>[]> {
  const { db } = context.database;
  const propertyId = propertyCode === undefined ? undefined : (await requireProperty(db, propertyCode)).id;
  return (await listApiKeys(db, propertyId)).map(({ secretHash: _kept, ...key }) => key);
}

/** Closes a key for good: its next call is a 401. False when no live key has this id. */
export function revokeKey(context: Context, id: string): Promise<boolean> {
  return revokeApiKey(context.database.db, id, context.clock.now());
}
