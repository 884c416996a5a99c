import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './account';
import { reservations } from './reservation';
import { tableBookings } from './restaurant';
import { instant } from './shared-columns';

/** Which e-mail a message is (for logs and for tests to find it). */
export const mailKind = pgEnum('mail_kind', [
  'booking_confirmation',
  'booking_amendment',
  'booking_cancellation',
  'table_booking',
  'email_confirmation',
  'password_reset',
  'pre_check_in_reminder',
  'pre_check_in_completed',
  'hotel_booking_created',
  'hotel_booking_amended',
  'hotel_booking_cancelled',
  'hotel_table_booking',
]);

/** `pending` until sent; `failed` once the dispatcher gives up retrying. */
export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * E-mails written in the same transaction as the change that causes them, then sent by a
 * dispatcher that claims due rows (`FOR UPDATE SKIP LOCKED`) and retries with backoff: a
 * crash loses none. A mail the SMTP server took is sent once: its "sent" mark is retried until
 * the database answers. Only a process killed between the two lets the claim lapse and the mail
 * go once more, with the same Message-ID, so mail clients keep one.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: mailKind('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id, {
      onDelete: 'set null',
    }),
    tableBookingId: integer('table_booking_id').references(() => tableBookings.id, {
      onDelete: 'set null',
    }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_pending_next_attempt_at_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_reservation_id_idx').on(t.reservationId),
    // An address's mail of the last hour, for its hourly allowance (MAILS_PER_ADDRESS_PER_HOUR).
    index('mail_outbox_address_created_at_idx').on(sql`lower(${t.toAddress})`, t.createdAt),
    check('mail_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
    check('mail_outbox_sent_at_iff_sent', sql`(${t.status} = 'sent') = (${t.sentAt} IS NOT NULL)`),
  ],
);
