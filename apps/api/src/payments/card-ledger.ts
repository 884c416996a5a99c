import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { payments } from '@hotel/db/schema';
import type { Minor } from '@hotel/domain/money';
import { type Queryable, rawRows } from '../database';
import { newMovementKey, type ChargedCard, type MovementIntent, type MovementPurpose } from './movements';

/**
 * What a booking's card has paid and still holds, read from its succeeded movements, and the
 * movements that would give money back or take what is held. Nothing here calls a provider or
 * writes: the booking module records the movements planned here and makes them.
 */

export const CARD_MOVEMENT_MESSAGES = {
  noCardToCharge: 'This booking was not paid by card here, so there is no card to charge. Please contact the hotel.',
  noCardToRefund: 'Nothing was paid by card for this booking here, so nothing can go back to a card. Please contact the hotel.',
} as const;

/**
 * A payment that took money or holds it: a succeeded authorisation or charge, with what later
 * movements did to it. A held (manual-capture) authorisation has taken only what was captured
 * of it; the rest is held until captured or released (`void`).
 */
export type CardPayment = {
  id: number;
  /** The gateway that took it, and the one that gives it back. */
  gateway: string;
  amount: Minor;
  /** A manual-capture authorisation: it reserved `amount` and takes only what is captured. */
  held: boolean;
  captured: Minor;
  released: Minor;
  refunded: Minor;
  gatewayReference: string;
  gatewayToken: string | null;
  cardTypeId: number | null;
  cardLast4: string | null;
  cardExpiryMonth: number | null;
  cardExpiryYear: number | null;
};

/** What a payment still holds on the card, neither captured nor released. */
export const stillHeld = (payment: CardPayment): Minor => (payment.held ? payment.amount - payment.captured - payment.released : 0);
/** What a payment took from the card: what was captured of a hold. */
const taken = (payment: CardPayment): Minor => (payment.held ? payment.captured : payment.amount);
/** What a payment took and no refund gave back yet. */
const takenLeft = (payment: CardPayment): Minor => taken(payment) - payment.refunded;

/** The booking's succeeded authorisations and charges, newest first, each with its succeeded captures, releases and refunds summed. */
export async function cardPayments(db: Queryable, reservationId: number): Promise<CardPayment[]> {
  const sumOf = (column: string, type: string) =>
    sql.raw(`coalesce((SELECT sum(m.amount) FROM payments m
                       WHERE m.${column} = p.id AND m.transaction_type = '${type}' AND m.status = 'succeeded'), 0)::int`);
  return rawRows<CardPayment>(
    db,
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

/** What the card has paid, net of refunds, plus what it still holds: the most a refund can give back. */
export function cardBalance(card: readonly CardPayment[]): Minor {
  return card.reduce((sum, payment) => sum + takenLeft(payment) + stillHeld(payment), 0);
}

/** The booking's manual-capture authorisations (minor units): what they held in all, captured, released and still hold. */
export type CardHolds = { held: Minor; captured: Minor; released: Minor; stillHeld: Minor };

export function cardHolds(card: readonly CardPayment[]): CardHolds {
  const holds = card.filter((payment) => payment.held);
  const total = (of: (payment: CardPayment) => number) => holds.reduce((sum, payment) => sum + of(payment), 0);
  return {
    held: total((payment) => payment.amount),
    captured: total((payment) => payment.captured),
    released: total((payment) => payment.released),
    stillHeld: total(stillHeld),
  };
}

/**
 * One movement to make on a payment of the card: a refund of what it took, a capture of what it
 * holds (which releases the rest of the hold in the same call, `releasesRest`), or a release.
 */
export type PlannedMovement = { kind: 'refund' | 'capture' | 'void'; payment: CardPayment; amount: Minor; releasesRest: Minor };

/**
 * The movements that give back `amount` to the card, newest payment first: what a payment holds
 * is released rather than refunded (nothing was taken), a hold released in part has the rest
 * captured (Stripe can lower a hold only by capturing less), and what was taken is refunded, never
 * more than it took net of earlier refunds. `amount` beyond the card's balance is not planned:
 * the movements' sum says what will go back.
 */
export function planRefund(card: readonly CardPayment[], amount: Minor): PlannedMovement[] {
  const planned: PlannedMovement[] = [];
  let left = amount;
  for (const payment of card) {
    if (left <= 0) break;
    const held = stillHeld(payment);
    const release = Math.min(left, held);
    if (release > 0) {
      const keep = held - release;
      planned.push(
        keep > 0
          ? { kind: 'capture', payment, amount: keep, releasesRest: release }
          : { kind: 'void', payment, amount: release, releasesRest: 0 },
      );
      left -= release;
    }
    const share = Math.min(left, takenLeft(payment));
    if (share > 0) {
      planned.push({ kind: 'refund', payment, amount: share, releasesRest: 0 });
      left -= share;
    }
  }
  return planned;
}

/**
 * The movements that take `amount` (all, when undefined) of what the card holds, oldest hold
 * first, each releasing the rest of its hold: a capture of part of a hold releases the rest in
 * the same call; a hold nothing is taken of is released.
 */
export function planCapture(card: readonly CardPayment[], amount?: Minor): PlannedMovement[] {
  const holds = card.filter((payment) => stillHeld(payment) > 0).reverse();
  let left = amount ?? holds.reduce((sum, payment) => sum + stillHeld(payment), 0);
  return holds.map((payment) => {
    const held = stillHeld(payment);
    const take = Math.min(left, held);
    left -= take;
    return take > 0
      ? { kind: 'capture', payment, amount: take, releasesRest: held - take }
      : { kind: 'void', payment, amount: held, releasesRest: 0 };
  });
}

/** The card a later charge goes to: the token of the booking's newest succeeded authorisation or charge, at its gateway. */
export async function chargeableCard(
  db: Queryable,
  reservationId: number,
): Promise<(ChargedCard & { gateway: string; savedCardId: number | null }) | undefined> {
  const [card] = await db
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
        eq(payments.reservationId, reservationId),
        eq(payments.status, 'succeeded'),
        inArray(payments.transactionType, ['authorisation', 'charge']),
        isNotNull(payments.gatewayToken),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return card?.gatewayToken ? { ...card, gatewayToken: card.gatewayToken } : undefined;
}

/** What planned movements give back to the guest's card: what they refund or release (a partial capture releases the rest). */
export function givenBack(planned: readonly Pick<PlannedMovement, 'kind' | 'amount' | 'releasesRest'>[]): Minor {
  return planned.reduce((sum, movement) => sum + (movement.kind === 'capture' ? movement.releasesRest : movement.amount), 0);
}

/** The movements planned on a booking's card, as intents to record: each on its own payment's gateway and card, with a key of its own. */
export function plannedIntents(
  planned: readonly PlannedMovement[],
  booking: { id: number; reservationNumber: string; currency: string },
  purpose: MovementPurpose,
  now: Date,
): MovementIntent[] {
  return planned.map(({ kind, payment, amount, releasesRest }) => ({
    reservationId: booking.id,
    gateway: payment.gateway,
    kind,
    purpose,
    amount,
    currency: booking.currency,
    idempotencyKey: newMovementKey(booking.reservationNumber),
    targetId: payment.id,
    shownCard: {
      cardTypeId: payment.cardTypeId,
      cardLast4: payment.cardLast4,
      cardExpiryMonth: payment.cardExpiryMonth,
      cardExpiryYear: payment.cardExpiryYear,
    },
    intent: { releasesRest },
    now,
  }));
}
