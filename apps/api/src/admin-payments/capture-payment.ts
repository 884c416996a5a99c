import { currencyExponent, formatMoney, toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import type { CapturePaymentRequest, CapturePaymentResponse } from '@hotel/domain/wire/admin-payment';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { AppError, idempotently, invalidField, notFound, requestHashKey, wireAmountInMinor } from '../http';
import { recordReservationChange } from '../manage-booking';
import { captureReservationCard, cardHolds } from '../payments';
import { lockBookingToCapture } from './admin-payments-queries';
import { toCapturePaymentResponse } from './admin-payments-response';

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

/**
 * POST /api/Admin/Reservations/{reservationNumber}/Capture, one transaction: with the booking's
 * row locked, takes `Amount` (all, when absent) of what its card holds at the gateway that holds
 * it and releases the rest, records the capture and release rows and a history row, and answers
 * the totals. A booking whose hold was already captured answers them again and calls nothing; a
 * decline or an unreachable provider records nothing. A retry with the same Idempotency-Key
 * answers the first answer again.
 */
export async function capturePayment(
  context: AppContext,
  reservationNumber: string,
  request: CapturePaymentRequest,
  idempotencyKey: string | undefined,
): Promise<CapturePaymentResponse> {
  const now = context.clock.now();
  return context.database.db.transaction((tx) =>
    idempotently(
      tx,
      { key: idempotencyKey, scope: captureScope(reservationNumber), body: request, now, hashKey: requestHashKey(context.config) },
      () => captureInside(tx, context, reservationNumber, request),
    ),
  );
}

async function captureInside(
  tx: Tx,
  context: AppContext,
  reservationNumber: string,
  request: CapturePaymentRequest,
): Promise<CapturePaymentResponse> {
  const booking = await lockBookingToCapture(tx, reservationNumber);
  if (!booking) throw notFound(CAPTURE_MESSAGES.noSuchBooking(reservationNumber));
  const holds = await cardHolds(tx, booking.id);
  if (holds.stillHeld === 0) {
    // Captured already (a retry, or a second click): the same totals, nothing moved.
    if (holds.captured > 0) return toCapturePaymentResponse(booking, holds, 0);
    throw new AppError(
      'CONFLICT',
      booking.captureMethod === 'automatic' ? CAPTURE_MESSAGES.automaticCapture : CAPTURE_MESSAGES.nothingHeld,
    );
  }
  const amount = request.Amount == null ? undefined : wireAmountInMinor('Amount', request.Amount, booking.currency);
  if (amount !== undefined && amount > holds.stillHeld) {
    throw invalidField('Amount', CAPTURE_MESSAGES.moreThanHeld({ amount: holds.stillHeld, currency: booking.currency }));
  }

  const capture = await captureReservationCard(tx, context, booking, amount);
  // Thrown, so the transaction leaves nothing behind: the hold is as it was.
  if (!capture.ok) throw new AppError('PAYMENT_DECLINED', capture.declineMessage);
  const owed = totalToPay(booking.total, booking.totalVat, booking.isTaxExclusive);
  await recordReservationChange(tx, context, {
    reservationId: booking.id,
    via: 'admin',
    action: 'capture',
    details: {
      previousTotal: owed,
      newTotal: owed,
      payment: { kind: 'Capture', amount: capture.captured, paymentIds: capture.paymentIds },
      changes: [],
      released: capture.released,
    },
  });
  return toCapturePaymentResponse(booking, await cardHolds(tx, booking.id), capture.captured);
}
