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

/** A payment that took money: a succeeded authorisation or charge, with what refunds gave back of it. */
type TakenPayment = {
  id: number;
  /** The gateway that took it, and the one that gives it back. */
  gateway: string;
  amount: number;
  refunded: number;
  gatewayReference: string;
  gatewayToken: string | null;
  cardTypeId: number | null;
  cardLast4: string | null;
  cardExpiryMonth: number | null;
  cardExpiryYear: number | null;
};

/** The booking's succeeded authorisations and charges, newest first, each with its succeeded refunds summed. */
async function takenPayments(tx: Tx, reservationId: number): Promise<TakenPayment[]> {
  return rawRows<TakenPayment>(
    tx,
    sql`SELECT p.id, p.gateway, p.amount, p.gateway_reference AS "gatewayReference", p.gateway_token AS "gatewayToken",
               p.card_type_id AS "cardTypeId", p.card_last4 AS "cardLast4",
               p.card_expiry_month AS "cardExpiryMonth", p.card_expiry_year AS "cardExpiryYear",
               coalesce((SELECT sum(r.amount) FROM payments r
                         WHERE r.refunded_payment_id = p.id AND r.status = 'succeeded'), 0)::int AS refunded
        FROM payments p
        WHERE p.reservation_id = ${reservationId} AND p.status = 'succeeded'
          AND p.transaction_type IN ('authorisation', 'charge') AND p.gateway_reference IS NOT NULL
        ORDER BY p.id DESC`,
  );
}

/**
 * What the booking's card has paid, net of refunds (minor units): the most a refund can give
 * back. The caller holds the reservation's row lock, so no other movement runs meanwhile.
 */
export async function cardBalance(tx: Tx, context: Context, reservationId: number): Promise<Minor> {
  const taken = await takenPayments(tx, reservationId);
  return taken.reduce((sum, payment) => sum + payment.amount - payment.refunded, 0);
}

const cardColumns = (card: Pick<TakenPayment, 'cardTypeId' | 'cardLast4' | 'cardExpiryMonth' | 'cardExpiryYear'>) => ({
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
 * Gives back `amount` (minor units, positive) to the booking's card, newest payment first, one
 * `refund` payments row per payment it draws on; never more than the card paid net of earlier
 * refunds (`cardBalance`): an amount beyond that refunds the balance, and `amount` in the answer
 * says what moved. Call it inside the change's transaction while holding the reservation's row
 * lock. A booking with nothing paid by card answers `ok` with nothing moved only when asked
 * for nothing; otherwise `no_card`.
 */
export async function refundReservationCard(tx: Tx, context: Context, booking: CardBooking, amount: Minor): Promise<CardMovement> {
  const taken = await takenPayments(tx, booking.id);
  let left = amount;
  const paymentIds: number[] = [];
  for (const payment of taken) {
    const share = Math.min(left, payment.amount - payment.refunded);
    if (share <= 0) continue;
    const gateway = context.paymentGateways.byName(payment.gateway);
    const result = await gateway.refund({
      amount: share,
      currency: booking.currency,
      reference: booking.reservationNumber,
      payment: { gatewayReference: payment.gatewayReference, amount: payment.amount, refunded: payment.refunded },
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
    if (result.status === 'declined') {
      return { ok: false, amount: amount - left, paymentIds, declineCode: result.declineCode, declineMessage: result.declineMessage };
    }
    left -= share;
    if (left === 0) break;
  }
  if (left === amount && amount > 0) {
    return { ok: false, amount: 0, paymentIds, declineCode: 'no_card', declineMessage: CARD_MOVEMENT_MESSAGES.noCardToRefund };
  }
  return { ok: true, amount: amount - left, paymentIds };
}
