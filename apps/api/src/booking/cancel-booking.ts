import type { CardType } from '@hotel/domain/cards';
import { voucherReturnedOnCancellation } from '@hotel/domain/gift-voucher';
import { toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import type { ManageBookingCancelRequest, ManageBookingCancelResponse } from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { invalidField } from '../errors';
import { recordReservationEvent } from '../hotel-events';
import { AwaitingMovement, idempotentRequest, replayingCompletedKey, saveIdempotentAnswer } from '../idempotency';
import { enqueueMail, renderBookingCancellation, type Enqueued } from '../mail';
import { cardBalance, cardPayments, findMovementIdsFor, givenBack, planRefund, plannedIntents, recordIntents } from '../payments';
import { findActiveCancellationReasons } from '../static-data';
import { returnVoucherSpends } from '../voucher';
import { assertNoMovementInFlight, claimKey } from './booking-keys';
import { bookingMailBasics, mailRoomOf } from './booking-confirmation-mail';
import { markCancelled } from './booking-status';
import { releaseHeldRoom } from './inventory';
import { makeMovements, type MovementContext } from './make-movement';
import { canBeCancelledNow } from './cancellation-window';
import { findManagedBooking, type ManagedBooking } from './managed-booking-access';
import { refundTrouble } from './refund-outcome';
import { recordReservationChange } from './reservation-history';
import { findReservationDetails, type ReservationDetails } from './reservation-queries';

/** What Cancel answers, for the guest (the web shows the Message as it is). */
export const CANCEL_MESSAGES = {
  cancelled: 'Your reservation has been cancelled',
  alreadyCancelled: 'This reservation has already been cancelled.',
  nonRefundable:
    'This reservation is on a non-refundable rate and cannot be cancelled online. Please contact the hotel if you need to discuss it.',
  pastDeadline:
    'The free cancellation period for this reservation has ended, so it can no longer be cancelled online. Please contact the hotel.',
  reasonRequired: 'Please choose a reason for cancelling',
  reasonUnknown: 'Please choose one of the cancellation reasons offered',
  refundNotMade: (amount: string) =>
    `Your reservation has been cancelled, but your card provider refused the refund of ${amount}, so it was not made automatically. Please contact the hotel: it can see the refused refund and will refund you another way.`,
  refundPending: (amount: string) =>
    `Your reservation has been cancelled. The refund of ${amount} is on its way to your card, though we have not yet heard back from the card provider: it may take a little longer to appear.`,
} as const;

/** The Idempotency-Key scope of a property's cancellations. */
const cancelScope = (propertyId: number) => `manage-booking-cancel:${propertyId}`;

const refused = (message: string): ManageBookingCancelResponse => ({
  Success: false,
  Message: message,
  RefundAmount: 0,
  GiftVoucherReturned: 0,
});

type CancelContext = MovementContext & Pick<AppContext, 'availability'>;

/**
 * POST /api/ManageBooking/Cancel (docs/manage-booking.md):
 *
 * 1. in one transaction, with the booking's row locked: refuse what may not be cancelled (or a
 *    booking whose earlier payment is still waiting for its answer), give back every night and
 *    extra, mark it and its rooms cancelled with the reason, give the gift voucher its part back
 *    (a free cancellation), record the refunds it owes as movements, and write its history row,
 *    the hotel's event and the cancellation e-mail;
 * 2. after the commit, make the refunds (and releases of what a card still holds), each with its
 *    own key: a refund the provider refuses or does not answer leaves the cancellation standing,
 *    the money owed to the guest and shown to the hotel (docs/payments.md).
 *
 * A retry with the same Idempotency-Key answers the first answer again, with what its refunds
 * have come to since.
 */
export async function cancelBooking(
  context: CancelContext,
  request: ManageBookingCancelRequest,
  idempotencyKey: string | undefined,
): Promise<ManageBookingCancelResponse> {
  const retry = idempotentRequest(context, { key: idempotencyKey, scope: cancelScope(request.PropertyId), body: request });
  try {
    return await replayingCompletedKey(
      context.database.db,
      retry,
      async () => {
        const cancelled = await context.database.db.transaction(async (tx) => {
          const claimed = await claimKey<ManageBookingCancelResponse>(tx, retry);
          if (claimed) return { answer: claimed.replay, replayed: true, movementIds: [], enqueued: nothingQueued };
          const done = await cancelInside(tx, context, request, context.clock.now());
          if (retry.key) await saveIdempotentAnswer(tx, { key: retry.key, scope: retry.scope, status: 200, body: done.answer });
          return { ...done, replayed: false };
        });
        // A retry is told what its refunds have come to since; it makes none (the request that
        // recorded them, or the reconciler, does).
        if (cancelled.replayed && cancelled.answer.Success)
          return withRefundOutcome(
            context,
            cancelled.answer,
            await findMovementIdsFor(context.database.db, request.ReservationId, 'cancellation'),
          );
        context.mailEnqueued.notify(cancelled.enqueued);
        if (cancelled.movementIds.length === 0) return cancelled.answer;
        await makeMovements(context, cancelled.movementIds);
        return withRefundOutcome(context, cancelled.answer, cancelled.movementIds);
      },
      (answer) => !answer.Success,
    );
  } catch (error) {
    // A cancellation records its refunds before it commits and never waits on them: its key never awaits one.
    if (error instanceof AwaitingMovement) throw new Error(`a cancellation's key awaits movement ${error.paymentId}`);
    throw error;
  }
}

const nothingQueued: Enqueued = { mail: false, webhooks: false };

/** The answer, with what became of the refunds when one was refused or is not known yet. */
async function withRefundOutcome(
  context: CancelContext,
  answer: ManageBookingCancelResponse,
  movementIds: number[],
): Promise<ManageBookingCancelResponse> {
  const trouble = await refundTrouble(context.database.db, movementIds);
  if (!trouble) return answer;
  return {
    ...answer,
    Message: trouble.kind === 'refused' ? CANCEL_MESSAGES.refundNotMade(trouble.amount) : CANCEL_MESSAGES.refundPending(trouble.amount),
  };
}

async function cancelInside(
  tx: Tx,
  context: CancelContext,
  request: ManageBookingCancelRequest,
  now: Date,
): Promise<{ answer: ManageBookingCancelResponse; movementIds: number[]; enqueued: Enqueued }> {
  // Locked: a second cancel (or an amendment) of this booking waits here and then sees it cancelled.
  const managed = await findManagedBooking(context, tx, request, { lock: true });
  const { property, reservation } = managed;
  const reason = await chosenReason(tx, managed, request.CancellationReasonId ?? null);
  const none = { movementIds: [], enqueued: nothingQueued };

  if (reservation.status === 'cancelled') return { answer: refused(CANCEL_MESSAGES.alreadyCancelled), ...none };
  await assertNoMovementInFlight(tx, reservation.id);
  const details = await findReservationDetails(tx, reservation.id);
  const standing = details.rooms.filter((room) => room.status === 'booked');
  const window = canBeCancelledNow(property, reservation, details, now);
  if (!window.cancellable)
    return { answer: refused(window.nonRefundable ? CANCEL_MESSAGES.nonRefundable : CANCEL_MESSAGES.pastDeadline), ...none };

  for (const room of standing) await releaseHeldRoom(tx, room);
  await markCancelled(tx, reservation.id, 'confirmed', now, reason?.id ?? null);
  const voucherReturned = voucherReturnedOnCancellation({
    withinFreeCancellation: window.withinFreeCancellation,
    policy: property.manageBookingConfiguration.GiftVoucherOnLateCancellation,
  })
    ? await returnVoucherSpends(tx, reservation.id, now)
    : 0;

  // Everything the card paid, net of refunds, goes back; what it still holds is released.
  const card = await cardPayments(tx, reservation.id);
  const planned = planRefund(card, cardBalance(card));
  const refunded = givenBack(planned);
  const movementIds = await recordIntents(tx, plannedIntents(planned, reservation, 'cancellation', now));

  const changeId = await recordReservationChange(tx, context, {
    reservationId: reservation.id,
    via: managed.access,
    action: 'cancel',
    details: {
      previousTotal: totalToPay(reservation.total, reservation.totalVat, reservation.isTaxExclusive),
      // Cancelled free of charge: nothing is owed any more.
      newTotal: 0,
      payment: { kind: refunded > 0 ? 'Refund' : 'None', amount: refunded, paymentIds: movementIds },
      changes: [
        { field: 'Status', old: reservation.status, new: 'cancelled' },
        { field: 'CancellationReasonId', old: reservation.cancellationReasonId, new: reason?.id ?? null },
      ],
      cancellationReason: reason?.text ?? null,
      roomsReleased: standing.map((room) => ({
        reservationItemId: room.id,
        roomTypeId: room.roomTypeId,
        dateFrom: room.dateFrom,
        dateTo: room.dateTo,
        services: room.services.map((service) => ({ serviceId: service.serviceId, quantity: service.quantity })),
      })),
      giftVoucherKept: reservation.voucherDiscount - voucherReturned,
      giftVoucherReturned: voucherReturned,
    },
  });
  const told = await recordReservationEvent(
    tx,
    context,
    { type: 'reservation.cancelled', reservationId: reservation.id, changeId },
    property,
  );
  await enqueueCancellationMail(tx, context, managed, {
    rooms: standing,
    card: details.payment,
    reason: reason?.text ?? null,
    refunded,
    voucherReturned,
  });
  return {
    answer: {
      Success: true,
      Message: CANCEL_MESSAGES.cancelled,
      RefundAmount: toMajor(refunded, reservation.currency),
      GiftVoucherReturned: toMajor(voucherReturned, reservation.currency),
    },
    movementIds,
    enqueued: { mail: true, webhooks: told.webhooks },
  };
}

/** The reason given, when it is one of the property's; a 400 naming the field when one is needed and missing, or unknown. */
async function chosenReason(tx: Tx, managed: ManagedBooking, reasonId: number | null): Promise<{ id: number; text: string } | null> {
  if (reasonId === null) {
    if (managed.property.manageBookingConfiguration.RequireCancellationReason) {
      throw invalidField('CancellationReasonId', CANCEL_MESSAGES.reasonRequired);
    }
    return null;
  }
  const reasons = await findActiveCancellationReasons(tx, managed.property.id);
  const reason = reasons.find((candidate) => candidate.id === reasonId);
  if (!reason) throw invalidField('CancellationReasonId', CANCEL_MESSAGES.reasonUnknown);
  return reason;
}

async function enqueueCancellationMail(
  tx: Tx,
  context: Pick<AppContext, 'config'>,
  { property, reservation }: ManagedBooking,
  cancelled: {
    rooms: ReservationDetails['rooms'];
    card: ReservationDetails['payment'];
    reason: string | null;
    refunded: number;
    voucherReturned: number;
  },
): Promise<void> {
  const { card } = cancelled;
  const mail = renderBookingCancellation({
    ...bookingMailBasics(context, property, reservation),
    rooms: cancelled.rooms.map(mailRoomOf),
    reason: cancelled.reason,
    refund: {
      amount: cancelled.refunded,
      // card_types.code holds the domain's card type names (visa, amex, ...).
      card: card?.brandCode && card.last4 ? { brand: card.brandCode as CardType, last4: card.last4 } : null,
    },
    giftVoucher: { amount: reservation.voucherDiscount, returned: cancelled.voucherReturned > 0, code: reservation.giftVoucherCode },
  });
  await enqueueMail(tx, context.config, { ...mail, to: reservation.bookerEmail, reservationId: reservation.id });
}
