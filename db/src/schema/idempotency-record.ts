import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { instant } from './shared-columns';

/**
 * The first answer to a request sent with an `Idempotency-Key`, per key and scope (the route,
 * and the user or property it acts for). A retry with the same key and the same request hash
 * gets the stored answer instead of booking twice; `response_status` null means the first
 * request is still running.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.scope] }),
    index('idempotency_records_expires_at_idx').on(t.expiresAt),
    check('idempotency_records_response_status_range', sql`${t.responseStatus} BETWEEN 100 AND 599`),
  ],
);
