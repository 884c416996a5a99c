import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { instant } from './shared-columns';

/**
 * The first answer to a request sent with an `Idempotency-Key`, per key and scope (the route,
 * and the user or property it acts for). A retry with the same key and the same request hash
 * gets the stored answer instead of booking twice; `response_status` null means the first
 * request is still running, or (with `awaiting_payment_id`) that it committed its work and is
 * waiting for a payment provider's answer about that movement: a retry then resumes the
 * movement instead of starting again. `response_body` may hold the answer prepared before the
 * provider was called (with its secrets sealed), so whoever records the outcome completes it.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    /** The payments row (a movement) this request committed and waits on; no foreign key: the records outlive nothing. */
    awaitingPaymentId: integer('awaiting_payment_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.scope] }),
    index('idempotency_records_expires_at_idx').on(t.expiresAt),
    index('idempotency_records_awaiting_payment_id_idx')
      .on(t.awaitingPaymentId)
      .where(sql`${t.awaitingPaymentId} IS NOT NULL`),
    check('idempotency_records_response_status_range', sql`${t.responseStatus} BETWEEN 100 AND 599`),
  ],
);
