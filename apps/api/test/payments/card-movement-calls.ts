import { makeMovementById, makeMovements } from '../../src/booking/make-movement';
import {
  CARD_MOVEMENT_MESSAGES,
  cardBalance,
  cardPayments,
  chargeableCard,
  findMovementsOf,
  givenBack,
  newMovementKey,
  planRefund,
  plannedIntents,
  recordIntents,
} from '../../src/payments';
import type { TestApp } from '../support/test-app';

/** A booking as its card's movements name it. */
export type CardBooking = { id: number; reservationNumber: string; currency: string };

/** What a charge or a refund came to: all of it moved, or what moved before a refusal, with its reason. */
export type CardMovement =
  { ok: true; amount: number; paymentIds: number[] } | { ok: false; amount: number; paymentIds: number[]; declineMessage: string };

/**
 * Each card movement as a use case makes it: recorded as a movement in a transaction of its
 * own, then made with its key and its answer recorded (booking/make-movement.ts).
 */
export function cardMovementCalls(t: () => TestApp) {
  const db = () => t().database.db;
  return {
    async charge(booking: CardBooking, amount: number): Promise<CardMovement> {
      const now = t().context.clock.now();
      const id = await db().transaction(async (tx) => {
        const card = await chargeableCard(tx, booking.id);
        if (!card) return null;
        const [recorded] = await recordIntents(tx, [
          {
            reservationId: booking.id,
            gateway: card.gateway,
            kind: 'charge',
            purpose: 'amendment',
            amount,
            currency: booking.currency,
            idempotencyKey: newMovementKey(booking.reservationNumber),
            card,
            now,
          },
        ]);
        return recorded!;
      });
      if (id === null) return { ok: false, amount: 0, paymentIds: [], declineMessage: CARD_MOVEMENT_MESSAGES.noCardToCharge };
      const outcome = await makeMovementById(t().context, id);
      return outcome.status === 'succeeded'
        ? { ok: true, amount, paymentIds: [id] }
        : {
            ok: false,
            amount: 0,
            paymentIds: [id],
            declineMessage: outcome.status === 'unknown' ? outcome.reason : (outcome.declineMessage ?? ''),
          };
    },
    async refund(booking: CardBooking, amount: number): Promise<CardMovement> {
      const now = t().context.clock.now();
      const ids = await db().transaction(async (tx) =>
        recordIntents(tx, plannedIntents(planRefund(await cardPayments(tx, booking.id), amount), booking, 'cancellation', now)),
      );
      if (ids.length === 0) return { ok: false, amount: 0, paymentIds: [], declineMessage: CARD_MOVEMENT_MESSAGES.noCardToRefund };
      await makeMovements(t().context, ids);
      const movements = await findMovementsOf(db(), ids);
      const moved = givenBack(
        movements
          .filter((m) => m.status === 'succeeded')
          .map((m) => ({
            kind: m.kind as 'refund' | 'capture' | 'void',
            amount: m.amount,
            releasesRest: Number(m.intent?.releasesRest ?? 0),
          })),
      );
      const failed = movements.find((m) => m.status !== 'succeeded');
      return failed
        ? { ok: false, amount: moved, paymentIds: ids, declineMessage: failed.status }
        : { ok: true, amount: moved, paymentIds: ids };
    },
    balance: async (booking: CardBooking) => cardBalance(await cardPayments(db(), booking.id)),
  };
}
