import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { reservations } from './reservation';
import { instant } from './shared-columns';

/**
 * The history of what guests (and the hotel, for money) changed on a booking after making it, one row per change:
 * append-only (migration 0012's trigger refuses UPDATE and DELETE), so a dispute can always be
 * answered from it. `via` is how the guest got in: the e-mailed link, or a search by number and
 * name; `admin` is the hotel itself through the admin API (a capture of a held payment, its PMS's acknowledgement or a room's stay status). `details` says what changed (old and new values, the totals before and after in minor
 * units, the money moved) and never holds a card number, token or code.
 */
export const reservationChanges = pgTable(
  'reservation_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    at: instant('at').notNull(),
    via: text('via').$type<'link' | 'name' | 'admin'>().notNull(),
    action: text('action').$type<'cancel' | 'cancel-room' | 'amend' | 'precheckin' | 'capture' | 'acknowledge' | 'stay'>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('reservation_changes_reservation_id_at_idx').on(t.reservationId, t.at),
    check('reservation_changes_via_known', sql`${t.via} IN ('link', 'name', 'admin')`),
    check(
      'reservation_changes_action_known',
      sql`${t.action} IN ('cancel', 'cancel-room', 'amend', 'precheckin', 'capture', 'acknowledge', 'stay')`,
    ),
  ],
);
