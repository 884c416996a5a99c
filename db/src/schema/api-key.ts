import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { instant } from './shared-columns';

/**
 * Keys for `/api/Admin`, each for one property (or, when the operator asked for it, all: a null
 * `property_id`) and a list of scopes. The key itself is shown once when made; only the SHA-256
 * of its secret part is kept. `id` is the public part the key carries, so a request finds its
 * row without comparing against every hash. Revoked keys stay, so the access log's key ids keep
 * a name.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    index('api_keys_property_id_idx').on(t.propertyId),
    check('api_keys_has_scopes', sql`cardinality(${t.scopes}) > 0`),
    check('api_keys_secret_hash_is_sha256_hex', sql`${t.secretHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
