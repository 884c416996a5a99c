import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './shared-columns';

/**
 * Fixed-window counters for a rate limiter shared by every API process: one upsert
 * (`INSERT ... ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`)
 * per attempt. Expired windows are swept by `expires_at`.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_expires_at_idx').on(t.expiresAt),
    check('rate_limit_counters_count_non_negative', sql`${t.count} >= 0`),
  ],
);
