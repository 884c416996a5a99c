import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { instant } from './shared-columns';

/** `pending` until an endpoint answers 2xx (`delivered`), or until the dispatcher gives up (`failed`). */
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['pending', 'delivered', 'failed']);

/**
 * The webhook outbox: one row per event and endpoint, written in the transaction of the change
 * that caused it, then POSTed by a dispatcher that claims due rows (`FOR UPDATE SKIP LOCKED`)
 * and retries with backoff for up to a day. `message_id` (`msg_...`) is the Standard Webhooks
 * `webhook-id`: the same on every retry, so a receiver can drop a message it already has.
 * `endpoint` is the URL; its secret is read from the property's definition when it is sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    eventType: text('event_type').notNull(),
    messageId: text('message_id').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    lastStatusCode: smallint('last_status_code'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull(),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_pending_next_attempt_at_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_property_id_id_idx').on(t.propertyId, t.id),
    check('webhook_deliveries_attempts_non_negative', sql`${t.attempts} >= 0`),
    check('webhook_deliveries_delivered_at_iff_delivered', sql`(${t.status} = 'delivered') = (${t.deliveredAt} IS NOT NULL)`),
  ],
);
