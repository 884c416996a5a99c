import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { payments } from '@hotel/db/schema';
import type { Minor } from '@hotel/domain/money';
import type { AppContext } from '../app-context';
import { type Tx, rawRows } from '../database';
import type { DeclineCode } from './payment-gateway';

/** The booking whose card moves money: its id, its number (the gateway's reference) and currency. */
export type CardBooking = { id: number; reservationNumber: string; currency: string };

/**
 * What a charge or refund came to. `amount` is what moved (minor units): all that was asked
 * when `ok`; when not, what moved before the refusal (a refund spread over two payments may
 * stop at the second). `paymentIds` are the payments rows written, one per movement.
 */
export type CardMovement =
  | { ok: true; amount: Minor; paymentIds: number[] }
  | { ok: false; amount: Minor; paymentIds: number[]; declineCode: DeclineCode | 'no_card'; declineMessage: string };

export const CARD_MOVEMENT_MESSAGES = {
  noCardToCharge: 'This booking was not paid by card here, so there is no card to charge. Please contact the hotel.',
  noCardToRefund: 'Nothing was paid by card for this booking here, so nothing can go back to a card. Please contact the hotel.',
} as const;

type Context = Pick<AppContext, 'paymentGateways' | 'clock'>;

/**
 * A payment that took money or holds it: a succeeded authorisation or charge, with what later
 * rows did to it. A held (manual-capture) authorisation has taken only what was captured of it;
 * the rest is held until captured or released (`void` rows).
 */
type CardPayment = {
  id: number;
  /** The gateway that took it, and the one that gives it back. */
  gateway: string;
  amount: number;
  /** A manual-capture authorisation: it reserved `amount` and takes only what is captured. */
  held: boolean;
  captured: number;
  released: number;
  refunded: number;
  gatewayReference: string;
  gatewayToken: string | null;
  cardTypeId: number | null;
  cardLast4: string | null;
  cardExpiryMonth: number | null;
  cardExpiryYear: number | null;
};

/** What a payment still holds on the card, neither captured nor released. */
const stillHeld = (payment: CardPayment): Minor => (payment.held ? payment.amount - payment.captured - payment.released : 0);
/** What a payment took from the card: what was captured of a hold. */
const taken = (payment: CardPayment): Minor => (payment.held ? payment.captured : payment.amount);
/** What a payment took and no refund gave back yet. */
const takenLeft = (payment: CardPayment): Minor => taken(payment) - payment.refunded;

/** The booking's succeeded authorisations and charges, newest first, each with its succeeded captures, releases and refunds summed. */
async function cardPayments(tx: Tx, reservationId: number): Promise<CardPayment[]> {
  const sumOf = (column: string, type: string) =>
    sql.raw(`coalesce((SELECT sum(m.amount) FROM payments m
                       WHERE m.${column} = p.id AND m.transaction_type = '${type}' AND m.status = 'succeeded'), 0)::int`);
  return rawRows<CardPayment>(
    tx,
    sql`SELECT p.id, p.gateway, p.amount, p.gateway_reference AS "gatewayReference", p.gateway_token AS "gatewayToken",
               p.card_type_id AS "cardTypeId", p.card_last4 AS "cardLast4",
               p.card_expiry_month AS "cardExpiryMonth", p.card_expiry_year AS "cardExpiryYear",
               coalesce(p.capture_method = 'manual', false) AS held,
               ${sumOf('held_payment_id', 'capture')} AS captured, ${sumOf('held_payment_id', 'void')} AS released,
               ${sumOf('refunded_payment_id', 'refund')} AS refunded
        FROM payments p
        WHERE p.reservation_id = ${reservationId} AND p.status = 'succeeded'
          AND p.transaction_type IN ('authorisation', 'charge') AND p.gateway_reference IS NOT NULL
        ORDER BY p.id DESC`,
  );
}

/**
 * What the booking's card has paid, net of refunds, plus what it still holds (minor units): the
 * most a refund can give back, a hold being released rather than refunded. The caller holds
 * the reservation's row lock, so no other movement runs meanwhile.
 */
export async function cardBalance(tx: Tx, context: Context, reservationId: number): Promise<Minor> {
  const payments = await cardPayments(tx, reservationId);
  return payments.reduce((sum, payment) => sum + takenLeft(payment) + stillHeld(payment), 0);
}

/** The booking's manual-capture authorisations (minor units): what they held in all, captured, released and still hold. */
export type CardHolds = { held: Minor; captured: Minor; released: Minor; stillHeld: Minor };

export async function cardHolds(tx: Tx, reservationId: number): Promise<CardHolds> {
  const holds = (await cardPayments(tx, reservationId)).filter((payment) => payment.held);
  const total = (of: (payment: CardPayment) => number) => holds.reduce((sum, payment) => sum + of(payment), 0);
  return {
    held: total((payment) => payment.amount),
    captured: total((payment) => payment.captured),
    released: total((payment) => payment.released),
    stillHeld: total(stillHeld),
  };
}

const cardColumns = (card: Pick<CardPayment, 'cardTypeId' | 'cardLast4' | 'cardExpiryMonth' | 'cardExpiryYear'>) => ({
  cardTypeId: card.cardTypeId,
  cardLast4: card.cardLast4,
  cardExpiryMonth: card.cardExpiryMonth,
  cardExpiryYear: card.cardExpiryYear,
});

async function insertPayment(tx: Tx, row: PgInsertValue<typeof payments>): Promise<number> {
  const [written] = await tx.insert(payments).values(row).returning({ id: payments.id });
  return written!.id;
}

/** A card the guest kept on file for the stay (pre-check-in), as its gateway token and masked columns. */
export type ChosenCard = {
  /** The gateway that keeps the card. */
  gateway: string;
  gatewayToken: string;
  cardTypeId: number | null;
  cardLast4: string | null;
  cardExpiryMonth: number | null;
  cardExpiryYear: number | null;
};

/**
 * Charges `amount` (minor units, positive) to the card the booking was paid with (or to
 * `chosenCard`, one the guest kept on file at this gateway for the stay), off-session:
 * the difference of an amendment. Call it inside the change's transaction while holding the
 * reservation's row lock. The attempt is a `charge` payments row, succeeded or failed; a
 * booking paid otherwise (invoice, voucher) or before cards were kept for later answers
 * `no_card` and writes nothing.
 */
export async function chargeReservationCard(
  tx: Tx,
  context: Context,
  booking: CardBooking,
  amount: Minor,
  chosenCard?: ChosenCard,
): Promise<CardMovement> {
  const [card] = chosenCard
    ? [{ ...chosenCard, savedCardId: null }]
    : await tx
        .select({
          gateway: payments.gateway,
          gatewayToken: payments.gatewayToken,
          savedCardId: payments.savedCardId,
          cardTypeId: payments.cardTypeId,
          cardLast4: payments.cardLast4,
          cardExpiryMonth: payments.cardExpiryMonth,
          cardExpiryYear: payments.cardExpiryYear,
        })
        .from(payments)
        .where(
          and(
            eq(payments.reservationId, booking.id),
            eq(payments.status, 'succeeded'),
            inArray(payments.transactionType, ['authorisation', 'charge']),
            isNotNull(payments.gatewayToken),
          ),
        )
        .orderBy(desc(payments.id))
        .limit(1);
  if (!card?.gatewayToken)
    return { ok: false, amount: 0, paymentIds: [], declineCode: 'no_card', declineMessage: CARD_MOVEMENT_MESSAGES.noCardToCharge };
  // The card is charged where it was kept, whichever gateway the property uses today.
  const gateway = context.paymentGateways.byName(card.gateway);
  const result = await gateway.charge({
    amount,
    currency: booking.currency,
    reference: booking.reservationNumber,
    cardToken: card.gatewayToken,
  });
  const id = await insertPayment(tx, {
    reservationId: booking.id,
    gateway: gateway.name,
    transactionType: 'charge',
    status: result.status === 'charged' ? 'succeeded' : 'failed',
    amount,
    currency: booking.currency,
    ...cardColumns(card),
    savedCardId: card.savedCardId,
    gatewayReference: result.gatewayReference,
    gatewayToken: card.gatewayToken,
    failureReason: result.status === 'declined' ? result.declineMessage : null,
    completedAt: context.clock.now(),
  });
  return result.status === 'charged'
    ? { ok: true, amount, paymentIds: [id] }
    : { ok: false, amount: 0, paymentIds: [id], declineCode: result.declineCode, declineMessage: result.declineMessage };
}

/**
 * Settles what `payment` still holds: captures `take` of it (minor units, none for a plain
 * release) and releases the rest, as Stripe does with a partial capture. Writes a `capture`
 * row for what was taken and a `void` row for what was released, succeeded or failed.
 */
async function settleHold(
  tx: Tx,
  context: Context,
  booking: CardBooking,
  payment: CardPayment,
  take: Minor,
): Promise<{ ok: true; paymentIds: number[] } | { ok: false; paymentIds: number[]; declineMessage: string }> {
  const held = stillHeld(payment);
  const gateway = context.paymentGateways.byName(payment.gateway);
  const result =
    take > 0
      ? await gateway.capture({ gatewayReference: payment.gatewayReference, amount: take, currency: booking.currency })
      : await gateway.void(payment.gatewayReference);
  const ok = result.status !== 'declined';
  const row = (transactionType: 'capture' | 'void', amount: Minor) =>
    insertPayment(tx, {
      reservationId: booking.id,
      gateway: gateway.name,
      transactionType,
      status: ok ? 'succeeded' : 'failed',
      amount,
      currency: booking.currency,
      ...cardColumns(payment),
      // The gateway's reference is the authorisation's, which heldPaymentId names.
      heldPaymentId: payment.id,
      failureReason: result.status === 'declined' ? result.declineMessage : null,
      completedAt: context.clock.now(),
    });
  // A failed capture leaves the hold as it was; a failed release is recorded as such.
  const paymentIds = take > 0 ? [await row('capture', take)] : [await row('void', held)];
  if (ok && take > 0 && held > take) paymentIds.push(await row('void', held - take));
  return result.status === 'declined' ? { ok: false, paymentIds, declineMessage: result.declineMessage } : { ok: true, paymentIds };
}

/** What a capture of a booking's holds came to (minor units); a decline names the gateway's message. */
export type CaptureMovement =
  { ok: true; captured: Minor; released: Minor; paymentIds: number[] } | { ok: false; paymentIds: number[]; declineMessage: string };

/**
 * Captures `amount` (minor units, positive, at most what the booking's card still holds; all
 * of it when undefined) of the booking's held authorisations, oldest first, and releases the
 * rest of them. Call it inside the use case's transaction while holding the reservation's row
 * lock. Each capture and release is a payments row; the caller rolls back on a decline.
 */
export async function captureReservationCard(tx: Tx, context: Context, booking: CardBooking, amount?: Minor): Promise<CaptureMovement> {
  const holds = (await cardPayments(tx, booking.id)).filter((payment) => stillHeld(payment) > 0).reverse();
  const wanted = amount ?? holds.reduce((sum, payment) => sum + stillHeld(payment), 0);
  let left = wanted;
  const paymentIds: number[] = [];
  let released = 0;
  for (const payment of holds) {
    const take = Math.min(left, stillHeld(payment));
    const settled = await settleHold(tx, context, booking, payment, take);
    paymentIds.push(...settled.paymentIds);
    if (!settled.ok) return { ok: false, paymentIds, declineMessage: settled.declineMessage };
    left -= take;
    released += stillHeld(payment) - take;
  }
  return { ok: true, captured: wanted - left, released, paymentIds };
}

/**
 * Gives back `amount` (minor units, positive) to the booking's card, newest payment first, one
 * `refund` payments row per payment it draws on; never more than the card paid net of earlier
 * refunds plus what it still holds (`cardBalance`): an amount beyond that refunds the balance,
 * and `amount` in the answer says what moved. A held authorisation is released rather than
 * refunded (a `void` row), and one released in part has the rest captured (Stripe can lower a
 * hold only by capturing less). Call it inside the change's transaction while holding the
 * reservation's row lock. A booking with nothing paid by card answers `ok` with nothing moved
 * only when asked for nothing; otherwise `no_card`.
 */
export async function refundReservationCard(tx: Tx, context: Context, booking: CardBooking, amount: Minor): Promise<CardMovement> {
  const payments = await cardPayments(tx, booking.id);
  let left = amount;
  const paymentIds: number[] = [];
  const declined = (declineCode: DeclineCode | 'no_card', declineMessage: string): CardMovement => ({
    ok: false,
    amount: amount - left,
    paymentIds,
    declineCode,
    declineMessage,
  });
  for (const payment of payments) {
    const release = Math.min(left, stillHeld(payment));
    if (release > 0) {
      const settled = await settleHold(tx, context, booking, payment, stillHeld(payment) - release);
      paymentIds.push(...settled.paymentIds);
      if (!settled.ok) return declined('card_declined', settled.declineMessage);
      left -= release;
    }
    const share = Math.min(left, takenLeft(payment));
    if (share <= 0) continue;
    const gateway = context.paymentGateways.byName(payment.gateway);
    const result = await gateway.refund({
      amount: share,
      currency: booking.currency,
      reference: booking.reservationNumber,
      payment: { gatewayReference: payment.gatewayReference, amount: taken(payment), refunded: payment.refunded },
    });
    paymentIds.push(
      await insertPayment(tx, {
        reservationId: booking.id,
        gateway: gateway.name,
        transactionType: 'refund',
        status: result.status === 'refunded' ? 'succeeded' : 'failed',
        amount: share,
        currency: booking.currency,
        ...cardColumns(payment),
        gatewayReference: result.gatewayReference,
        refundedPaymentId: payment.id,
        failureReason: result.status === 'declined' ? result.declineMessage : null,
        completedAt: context.clock.now(),
      }),
    );
    if (result.status === 'declined') return declined(result.declineCode, result.declineMessage);
    left -= share;
    if (left === 0) break;
  }
  if (left === amount && amount > 0) return declined('no_card', CARD_MOVEMENT_MESSAGES.noCardToRefund);
  return { ok: true, amount: amount - left, paymentIds };
}
