import { currencyExponent, formatMoney, toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import type { CapturePaymentRequest, CapturePaymentResponse } from '@hotel/domain/wire/admin-payment';
import { AppError, invalidField, notFound, wireAmountInMinor } from '../errors';
import {
  awaitMovement,
  AwaitingMovement,
  replayingCompletedKey,
  idempotentRequest,
  saveIdempotentAnswer,
  type IdempotentRequest,
} from '../idempotency';
import {
  cardHolds,
  cardPayments,
  findMovement,
  findUnsettledMovements,
  planCapture,
  plannedIntents,
  recordIntents,
  type CardHolds,
} from '../payments';
import { assertNoMovementInFlight, claimKey } from './booking-keys';
import type { CaptureIntent } from './capture-history';
import { lockBookingToCapture, type BookingToCapture } from './capture-queries';
import { makeMovement, type MovementContext } from './make-movement';
import { MONEY_MESSAGES } from './payment-messages';

/** What the capture call refuses with, for the hotel's staff or program. */
export const CAPTURE_MESSAGES = {
  noSuchBooking: (number: string) => `There is no booking ${number}. Check the reservation number in the booking's confirmation.`,
  automaticCapture:
    'This property takes card payments when the booking is made (Payments.CaptureMethod "automatic" in its definition), so nothing is held to capture.',
  nothingHeld:
    'Nothing is held on a card for this booking: it was not paid by card, its payment is still waiting for the guest’s bank, or the hold was released when it was cancelled or changed. Take any payment due another way.',
  moreThanHeld: (held: { amount: number; currency: string }) =>
    `The amount is more than the ${formatMoney(held)} held on the card. Send at most ${toMajor(held.amount, held.currency).toFixed(currencyExponent(held.currency))}, or leave Amount out to capture everything held.`,
} as const;

/** The Idempotency-Key scope of one booking's captures. */
const captureScope = (reservationNumber: string) => `admin-capture:${reservationNumber}`;

/** How the caller (the admin API) answers a capture: the booking's holds after it, and what this call took. */
export type DescribeCapture = (booking: BookingToCapture, holds: CardHolds, captured: number) => CapturePaymentResponse;

/**
 * POST /api/Admin/Reservations/{reservationNumber}/Capture (docs/payments.md): with the
 * booking's row locked, the captures of `Amount` (all, when absent) of what its card holds are
 * recorded, each releasing the rest of its hold; after the commit each is made at the gateway
 * that holds it, with its own key, and its outcome recorded with a history row. A booking
 * whose hold was already captured answers the totals again and moves nothing; a decline is a 402
 * (recorded, the hold as it was) and a provider without an answer a 503 (the same request, or
 * the reconciler, finishes it). A retry with the same Idempotency-Key answers the first answer.
 */
export async function capturePayment(
  context: MovementContext,
  reservationNumber: string,
  request: CapturePaymentRequest,
  idempotencyKey: string | undefined,
  describe: DescribeCapture,
): Promise<CapturePaymentResponse> {
  const retry = idempotentRequest(context, { key: idempotencyKey, scope: captureScope(reservationNumber), body: request });
  try {
    return await replayingCompletedKey(context.database.db, retry, async () => {
      const recorded = await recordCaptures(context, reservationNumber, request, retry, describe);
      if ('answer' in recorded) return recorded.answer;
      return makeCaptures(context, recorded.booking, recorded.captureIds, retry, describe);
    });
  } catch (error) {
    if (!(error instanceof AwaitingMovement)) throw error;
    const booking = await context.database.db.transaction((tx) => lockBookingToCapture(tx, reservationNumber));
    if (!booking) throw notFound(CAPTURE_MESSAGES.noSuchBooking(reservationNumber));
    const pending = (await findUnsettledMovements(context.database.db, booking.id)).filter((movement) => movement.purpose === 'capture');
    return makeCaptures(context, booking, [error.paymentId, ...pending.map((movement) => movement.id)], retry, describe, { resumed: true });
  }
}

type Recorded = { answer: CapturePaymentResponse } | { booking: BookingToCapture; captureIds: number[] };

async function recordCaptures(
  context: MovementContext,
  reservationNumber: string,
  request: CapturePaymentRequest,
  retry: IdempotentRequest,
  describe: DescribeCapture,
): Promise<Recorded> {
  return context.database.db.transaction(async (tx): Promise<Recorded> => {
    const claimed = await claimKey<CapturePaymentResponse>(tx, retry);
    if (claimed) return { answer: claimed.replay };
    const booking = await lockBookingToCapture(tx, reservationNumber);
    if (!booking) throw notFound(CAPTURE_MESSAGES.noSuchBooking(reservationNumber));
    await assertNoMovementInFlight(tx, booking.id);
    const card = await cardPayments(tx, booking.id);
    const holds = cardHolds(card);
    if (holds.stillHeld === 0) {
      // Captured already (a retry, or a second click): the same totals, nothing moved.
      if (holds.captured > 0) {
        const answer = describe(booking, holds, 0);
        if (retry.key) await saveIdempotentAnswer(tx, { key: retry.key, scope: retry.scope, status: 200, body: answer });
        return { answer };
      }
      throw new AppError(
        'CONFLICT',
        booking.captureMethod === 'automatic' ? CAPTURE_MESSAGES.automaticCapture : CAPTURE_MESSAGES.nothingHeld,
      );
    }
    const amount = request.Amount == null ? undefined : wireAmountInMinor('Amount', request.Amount, booking.currency);
    if (amount !== undefined && amount > holds.stillHeld) {
      throw invalidField('Amount', CAPTURE_MESSAGES.moreThanHeld({ amount: holds.stillHeld, currency: booking.currency }));
    }
    const now = context.clock.now();
    const owed = totalToPay(booking.total, booking.totalVat, booking.isTaxExclusive);
    // A capture the hotel asked for writes its own history row once it succeeds (capture-history.ts).
    const captureIds = await recordIntents(
      tx,
      plannedIntents(planCapture(card, amount), booking, 'capture', now).map((intent) => {
        const capture: CaptureIntent = { releasesRest: Number(intent.intent?.releasesRest ?? 0), owed, byHotel: intent.kind === 'capture' };
        return { ...intent, intent: capture };
      }),
    );
    if (retry.key) await awaitMovement(tx, { key: retry.key, scope: retry.scope, paymentId: captureIds[0]! });
    return { booking, captureIds };
  });
}

/** Makes the recorded captures and answers the totals; a decline is a 402, no answer yet a 503. */
async function makeCaptures(
  context: MovementContext,
  booking: BookingToCapture,
  captureIds: readonly number[],
  retry: IdempotentRequest,
  describe: DescribeCapture,
  { resumed = false } = {},
): Promise<CapturePaymentResponse> {
  let captured = 0;
  for (const id of new Set(captureIds)) {
    const movement = await findMovement(context.database.db, id);
    if (!movement) continue;
    const outcome = await makeMovement(context, movement, { askFirst: resumed });
    if (outcome.status === 'unknown') throw new AppError('PAYMENT_UNAVAILABLE', MONEY_MESSAGES.captureOutcomeUnknown);
    if (outcome.status !== 'succeeded') throw new AppError('PAYMENT_DECLINED', outcome.declineMessage ?? MONEY_MESSAGES.declined);
    if (movement.kind === 'capture') captured += movement.amount;
  }
  const answer = describe(booking, cardHolds(await cardPayments(context.database.db, booking.id)), captured);
  if (retry.key) await saveIdempotentAnswer(context.database.db, { key: retry.key, scope: retry.scope, status: 200, body: answer });
  return answer;
}
