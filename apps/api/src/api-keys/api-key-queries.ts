import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys, properties } from '@hotel/db/schema';
import type { Db, Queryable } from '../database';

export type ApiKeyRow = {
  id: string;
  name: string;
  propertyId: number | null;
  propertyCode: string | null;
  scopes: string[];
  secretHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  propertyId: apiKeys.propertyId,
  propertyCode: properties.code,
  scopes: apiKeys.scopes,
  secretHash: apiKeys.secretHash,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export async function findApiKey(db: Queryable, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(properties, eq(properties.id, apiKeys.propertyId))
    .where(eq(apiKeys.id, id))
    .limit(1);
  return row;
}

/** Every key, or a property's (with the keys for all properties, which open it too), oldest first. */
export async function listApiKeys(db: Queryable, propertyId: number | undefined): Promise<ApiKeyRow[]> {
  return db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(properties, eq(properties.id, apiKeys.propertyId))
    .where(propertyId === undefined ? undefined : or(eq(apiKeys.propertyId, propertyId), isNull(apiKeys.propertyId)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

export async function insertApiKey(
  db: Db,
  key: { id: string; name: string; propertyId: number | null; scopes: string[]; secretHash: string; createdAt: Date },
): Promise<void> {
  await db.transaction((tx) => tx.insert(apiKeys).values(key));
}

/** Revokes a key still live; false when there is no such key or it was revoked already. */
export async function revokeApiKey(db: Db, id: string, now: Date): Promise<boolean> {
  const revoked = await db.transaction((tx) =>
    tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id }),
  );
  return revoked.length > 0;
}

/**
 * Records a key's use unless one in the last minute is recorded already (another API process's).
 * In a transaction: single statements run on the read pool, transactions that write on the other.
 */
export async function recordKeyUse(db: Db, id: string, now: Date, everyMs: number): Promise<void> {
  await db.transaction((tx) =>
    tx
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${new Date(now.getTime() - everyMs)}::timestamptz`)),
        ),
      ),
  );
}
