import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  char,
  check,
  index,
  integer,
  pgEnum,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { savedCards } from './account';
import { cardTypes } from './reference-data';
import { paymentCaptureMethod, paymentProvider } from './property';
import { reservations } from './reservation';
import { instant, minorUnits, timestamps } from './shared-columns';

/**
 * What a payment row asked the gateway to do. `charge` takes a further amount off-session from
 * the card a booking was paid with (an amendment's difference); `refund` gives back part or all
 * of one earlier authorisation or charge (`refunded_payment_id`). Of a held (manual-capture)
 * authorisation, `capture` takes part or all and `void` releases part or all (`held_payment_id`).
 */
export const paymentTransactionType = pgEnum('payment_transaction_type', ['authorisation', 'capture', 'refund', 'void', 'charge']);

/**
 * Where a movement stands. `pending`: the intent is recorded and the provider was (or is about
 * to be) called with its idempotency key, but its answer is not recorded yet: the request
 * that made it is still waiting, or the answer was lost and the reconciler will ask the
 * provider. `requires_action` waits for the guest to pass a 3-D Secure challenge (or the
 * PayStack redirect) at `challenge_url`. `succeeded` and `failed` are the provider's answer;
 * `cancelled` is a challenge the booking stopped waiting for.
 */
export const paymentStatus = pgEnum('payment_status', ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled']);

/**
 * Which use case a movement belongs to, so whoever records its outcome (the request that made
 * it, a client's retry, or the reconciler after a crash) finishes that use case the same way:
 * `booking` confirms or releases a new booking, `amendment` and `pre_check_in` apply or undo a
 * change that waited for its charge, `cancellation` and `capture` record what moved, `release`
 * gives back what a booking that did not happen held.
 */
export const paymentPurpose = pgEnum('payment_purpose', ['booking', 'amendment', 'pre_check_in', 'cancellation', 'capture', 'release']);

/**
 * A money movement of a reservation: one call to a payment gateway, recorded as an intent
 * before the call (status `pending`, with `idempotency_key`, which the provider receives as its
 * idempotency key) and completed with the provider's answer in a second, short transaction
 * (docs/payments.md, decision 0011). Only the gateway's token and reference, the card brand,
 * last four digits and expiry are kept: never a card number or security code.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    gateway: text('gateway').notNull(),
    transactionType: paymentTransactionType('transaction_type').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    amount: minorUnits('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    cardTypeId: smallint('card_type_id').references(() => cardTypes.id, { onDelete: 'restrict' }),
    cardLast4: char('card_last4', { length: 4 }),
    cardExpiryMonth: smallint('card_expiry_month'),
    cardExpiryYear: smallint('card_expiry_year'),
    savedCardId: integer('saved_card_id').references(() => savedCards.id, {
      onDelete: 'set null',
    }),
    /** The gateway's id for this transaction. */
    gatewayReference: text('gateway_reference'),
    /** The gateway's reusable card token, when it gave one. */
    gatewayToken: text('gateway_token'),
    challengeUrl: text('challenge_url'),
    challengeId: text('challenge_id'),
    failureReason: text('failure_reason'),
    /** The authorisation or charge a refund gives money back from. */
    refundedPaymentId: integer('refunded_payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'restrict' }),
    /**
     * Of an authorisation: `manual` when it only reserved the amount on the card (a hold the hotel
     * captures later), `automatic` when it took it. Null on every other row.
     */
    captureMethod: paymentCaptureMethod('capture_method'),
    /** The held authorisation a capture takes from or a void releases. */
    heldPaymentId: integer('held_payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'restrict' }),
    /**
     * Sent to the provider with every call of this movement (Stripe's Idempotency-Key and
     * metadata, PayStack's reference), so a retry after a lost answer is the same call and the
     * reconciler can find what the provider did. Rows from before movements had keys read
     * `legacy-<id>`.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    purpose: paymentPurpose('purpose'),
    /** What finishing the use case needs once the provider has answered: an amendment's writes, the card to keep. */
    intent: jsonb('intent').$type<Record<string, unknown>>(),
    /** Calls made for this movement, by the request and by the reconciler. */
    attempts: integer('attempts').notNull().default(0),
    /** A pending movement is the reconciler's from this instant on (it pushes it on while it asks the provider). */
    nextAttemptAt: instant('next_attempt_at'),
    /** Why the last attempt did not reach an answer (the provider unreachable), for the operator. */
    lastError: text('last_error'),
    completedAt: instant('completed_at'),
    ...timestamps,
  },
  (t) => [
    index('payments_reservation_id_idx').on(t.reservationId),
    index('payments_saved_card_id_idx').on(t.savedCardId),
    index('payments_refunded_payment_id_idx').on(t.refundedPaymentId),
    index('payments_held_payment_id_idx').on(t.heldPaymentId),
    uniqueIndex('payments_gateway_reference_key')
      .on(t.gateway, t.gatewayReference)
      .where(sql`${t.gatewayReference} IS NOT NULL`),
    uniqueIndex('payments_idempotency_key_key').on(t.idempotencyKey),
    /** Movements whose answer is still to be recorded, for the reconciler. */
    index('payments_pending_next_attempt_at_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('payments_gateway_challenge_id_key')
      .on(t.gateway, t.challengeId)
      .where(sql`${t.challengeId} IS NOT NULL`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('payments_card_last4_digits', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
    check('payments_card_expiry_month_range', sql`${t.cardExpiryMonth} BETWEEN 1 AND 12`),
    check('payments_refund_names_its_payment', sql`(${t.transactionType} = 'refund') = (${t.refundedPaymentId} IS NOT NULL)`),
    check('payments_capture_method_of_authorisation', sql`(${t.transactionType} = 'authorisation') = (${t.captureMethod} IS NOT NULL)`),
    check('payments_capture_names_its_hold', sql`(${t.transactionType} IN ('capture', 'void')) = (${t.heldPaymentId} IS NOT NULL)`),
  ],
);

/**
 * Every provider webhook event taken in, by the provider's own event id: a provider delivers at
 * least once, so an event already here is acknowledged and not acted on again.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: paymentProvider('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
