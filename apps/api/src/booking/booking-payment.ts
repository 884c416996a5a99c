import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { preparedRows, type Queryable, type Tx } from '../database';
import { recordReservationEvent } from '../hotel-events';
import { completeAwaitedKey, releaseAwaitedKey } from '../idempotency';
import { outboxKey, outboxRow, type Enqueued, type OutboxMail } from '../mail';
import { keepSavedCard, type FinalAnswer, type Movement } from '../payments';
import { returnVoucherSpends } from '../voucher';
import { confirmedBookingOf, enqueueBookingConfirmation } from './booking-confirmation-mail';
import { markCancelled, markConfirmed } from './booking-status';
import { ledgerChangeOf } from './ledger';
import { releaseHeldRoom } from './inventory';
import { findReservationDetails } from './reservation-queries';

/**
 * A new booking whose card is being paid: what its payment's outcome makes of it, confirmed, or
 * released with everything it held given back.
 */

/** What a new booking's authorisation movement keeps for when it succeeds: the card to save for the guest who asked. */
export type BookingPaymentIntent = { saveCardFor?: number; nameOnCard?: string | null };

/**
 * Gives back everything a booking that was never paid holds (its rooms, extras and voucher
 * balance) and marks it cancelled; answers false when it was no longer waiting.
 */
export async function releaseUnpaidBooking(tx: Tx, reservationId: number, now: Date): Promise<boolean> {
  if (!(await markCancelled(tx, reservationId, 'pending_payment', now))) return false;
  const details = await findReservationDetails(tx, reservationId);
  for (const room of details.rooms) await releaseHeldRoom(tx, room);
  await returnVoucherSpends(tx, reservationId, now);
  return true;
}

/**
 * A new booking's authorisation was answered (in the transaction that records it): paid, the
 * booking is confirmed, its e-mails and event queued and the card kept for the guest who asked;
 * waiting for 3-D Secure, the Create's answer says where; refused, the booking is released and
 * the Create's Idempotency-Key is free for a corrected request. Answers what was queued.
 */
export async function bookingPaymentAnswered(
  tx: Tx,
  context: Pick<AppContext, 'config' | 'clock'>,
  movement: Movement,
  card: { brand: string; last4: string; expiryMonth: number; expiryYear: number } | null,
): Promise<Enqueued> {
  const now = context.clock.now();
  if (movement.status === 'requires_action') {
    // Without the page to send the guest to (a lookup that does not know it), the key stays
    // waiting: a retry hears the outcome is not known yet rather than an answer with nowhere to go.
    const challengeUrl = await challengeUrlOf(tx, movement.reservationId);
    if (challengeUrl) await completeAwaitedKey(tx, movement.id, { ChallengeUrl: challengeUrl });
    return { mail: false, webhooks: false };
  }
  if (movement.status !== 'succeeded') {
    await releaseUnpaidBooking(tx, movement.reservationId, now);
    await releaseAwaitedKey(tx, movement.id);
    return { mail: false, webhooks: false };
  }
  if (!(await markConfirmed(tx, movement.reservationId, now))) return { mail: false, webhooks: false };
  await completeAwaitedKey(tx, movement.id);
  const intent = (movement.intent ?? {}) as BookingPaymentIntent;
  if (intent.saveCardFor !== undefined && card && movement.gatewayToken) {
    await keepSavedCard(tx, {
      gateway: movement.gateway,
      userId: intent.saveCardFor,
      token: movement.gatewayToken,
      card: card as Parameters<typeof keepSavedCard>[1]['card'],
      nameOnCard: intent.nameOnCard ?? null,
    });
  }
  await enqueueBookingConfirmation(tx, context, await confirmedBookingOf(tx, movement.reservationId));
  const told = await recordReservationEvent(tx, context, { type: 'reservation.created', reservationId: movement.reservationId });
  return { mail: true, webhooks: told.webhooks };
}

async function challengeUrlOf(tx: Tx, reservationId: number): Promise<string | null> {
  const details = await findReservationDetails(tx, reservationId);
  return details.payment?.challengeUrl ?? null;
}

/**
 * The request that made a new booking's authorisation records a plain yes in ONE statement: the
 * movement succeeded, the booking confirmed with its ledger columns, its e-mails (built from what
 * the request holds, nothing read back) and its Idempotency-Key's prepared answer completed. These
 * are the writes `settle` and `bookingPaymentAnswered` make, without their reads and round trips
 * (a booking's cost is mostly round trips: decision 0005). Anything else takes that path: a
 * 3-D Secure wait, a card to keep, an event for webhooks, or an answer recorded meanwhile by a
 * provider's event (then this matches nothing). Answers whether it confirmed the booking.
 */
export async function confirmPaidAtOnce(
  db: Queryable,
  context: Pick<AppContext, 'clock' | 'config'>,
  movement: Movement,
  answer: Extract<FinalAnswer, { status: 'succeeded' }>,
  mails: readonly Omit<OutboxMail, 'reservationId'>[],
): Promise<boolean> {
  const now = context.clock.now();
  const change = ledgerChangeOf(movement, 0, false);
  const card = answer.card;
  const key = outboxKey(context.config);
  const rows = mails.map((mail) => outboxRow({ ...mail, reservationId: movement.reservationId }, key));
  const values = sql.join(
    rows.map((row) => sql`(${row.kind}, ${row.toAddress}, ${row.subject}, ${row.html}, ${row.text}, ${row.nextAttemptAt})`),
    sql`, `,
  );
  const [done] = await preparedRows<{ confirmed: number }>(
    db,
    sql`WITH paid AS (
          UPDATE payments SET status = 'succeeded', gateway_reference = ${answer.gatewayReference},
            gateway_token = coalesce(${answer.cardToken}, gateway_token),
            card_type_id = coalesce((SELECT id FROM card_types WHERE code = ${card?.brand ?? null}), card_type_id),
            card_last4 = coalesce(${card?.last4 ?? null}, card_last4),
            card_expiry_month = coalesce(${card?.expiryMonth ?? null}::smallint, card_expiry_month),
            card_expiry_year = coalesce(${card?.expiryYear ?? null}::smallint, card_expiry_year),
            completed_at = ${now}, next_attempt_at = NULL, last_error = NULL, updated_at = ${now}
          WHERE id = ${movement.id} AND status = 'pending'
            AND EXISTS (SELECT 1 FROM reservations WHERE id = ${movement.reservationId} AND status = 'pending_payment')
          RETURNING reservation_id
        ), confirmed AS (
          UPDATE reservations SET status = 'confirmed', confirmed_at = ${now}, updated_at = ${now},
            amount_paid = amount_paid + ${change.paid}, amount_held = amount_held + ${change.held}
          WHERE id = (SELECT reservation_id FROM paid) AND status = 'pending_payment'
          RETURNING id
        ), mailed AS (
          INSERT INTO mail_outbox (kind, to_address, subject, html, text, next_attempt_at, reservation_id)
          SELECT v.kind::mail_kind, v.to_address, v.subject, v.html, v.text, v.due::timestamptz, confirmed.id
          FROM confirmed, (VALUES ${values}) AS v(kind, to_address, subject, html, text, due)
        ), answered AS (
          UPDATE idempotency_records SET response_status = 200, awaiting_payment_id = NULL
          WHERE awaiting_payment_id = (SELECT ${movement.id}::int FROM confirmed) AND response_status IS NULL AND response_body IS NOT NULL
        )
        SELECT count(*)::int AS confirmed FROM confirmed`,
  );
  return done!.confirmed === 1;
}
