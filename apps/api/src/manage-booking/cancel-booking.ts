import { and, eq } from 'drizzle-orm';
import type { CardType } from '@hotel/domain/cards';
import { toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import type { ManageBookingCancelRequest, ManageBookingCancelResponse } from '@hotel/domain/wire/manage-booking-change';
import { reservationRooms, reservations } from '@hotel/db/schema';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { idempotently, invalidField, requestHashKey } from '../http';
import { recordReservationEvent } from '../hotel-events';
import { enqueueMail, renderBookingCancellation } from '../mail';
import { cardBalance, refundReservationCard } from '../payments';
import { bookingMailBasics, findReservationDetails, mailRoomOf, releaseHeldRoom, type ReservationDetails } from '../reservation';
import { findActiveCancellationReasons } from '../static-data';
import { findManagedBooking, type ManagedBooking } from './managed-booking-access';
import { toManagedReservation } from './managed-reservation';
import { recordReservationChange } from './reservation-history';

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
  refundFailed: (message: string) => `We could not refund your card, so your reservation has not been cancelled: ${message}`,
} as const;

/** The Idempotency-Key scope of a property's cancellations. */
const cancelScope = (propertyId: number) => `manage-booking-cancel:${propertyId}`;

const refused = (message: string): ManageBookingCancelResponse => ({ Success: false, Message: message, RefundAmount: 0 });

/**
 * POST /api/ManageBooking/Cancel, one transaction, all or nothing (docs/manage-booking.md): with
 * the booking's row locked, refuse what may not be cancelled, refund what its card paid net of
 * earlier refunds, give back every night and extra, mark it and its rooms cancelled with the
 * reason, append the history row and queue the cancellation e-mail. A gift voucher keeps its
 * spent balance. A retry with the same Idempotency-Key answers the first answer again.
 */
export async function cancelBooking(
  context: AppContext,
  request: ManageBookingCancelRequest,
  idempotencyKey: string | undefined,
): Promise<ManageBookingCancelResponse> {
  const now = context.clock.now();
  const answer = await context.database.db.transaction((tx) =>
    idempotently(
      tx,
      { key: idempotencyKey, scope: cancelScope(request.PropertyId), body: request, now, hashKey: requestHashKey(context.config) },
      () => cancelInside(tx, context, request, now),
    ),
  );
  // Committed: the e-mail goes now rather than at the dispatcher's next poll.
  if (answer.Success) context.mailEnqueued.notify();
  return answer;
}

async function cancelInside(
  tx: Tx,
  context: AppContext,
  request: ManageBookingCancelRequest,
  now: Date,
): Promise<ManageBookingCancelResponse> {
  // Locked: a second cancel (or an amendment) of this booking waits here and then sees it cancelled.
  const managed = await findManagedBooking(context, tx, request, { lock: true });
  const { property, reservation } = managed;
  const reason = await chosenReason(tx, managed, request.CancellationReasonId ?? null);

  if (reservation.status === 'cancelled') return refused(CANCEL_MESSAGES.alreadyCancelled);
  const details = await findReservationDetails(tx, reservation.id);
  const standing = details.rooms.filter((room) => room.status === 'booked');
  if (!toManagedReservation(property, reservation, details, now).CanBeCancelled) {
    const nonRefundable = standing.some((room) => room.cancellationDeadlineHours === null);
    return refused(nonRefundable ? CANCEL_MESSAGES.nonRefundable : CANCEL_MESSAGES.pastDeadline);
  }

  // Refunded first: a refusal then leaves the booking as it was.
  const booking = { id: reservation.id, reservationNumber: reservation.reservationNumber, currency: reservation.currency };
  const paidByCard = await cardBalance(tx, context, reservation.id);
  const refund = paidByCard > 0 ? await refundReservationCard(tx, context, booking, paidByCard) : null;
  if (refund && !refund.ok) return refused(CANCEL_MESSAGES.refundFailed(refund.declineMessage));
  const refunded = refund?.amount ?? 0;

  for (const room of standing) await releaseHeldRoom(tx, room);
  const cancelled = { status: 'cancelled' as const, cancelledAt: now, cancellationReasonId: reason?.id ?? null, updatedAt: now };
  await tx.update(reservations).set(cancelled).where(eq(reservations.id, reservation.id));
  await tx
    .update(reservationRooms)
    .set(cancelled)
    .where(and(eq(reservationRooms.reservationId, reservation.id), eq(reservationRooms.status, 'booked')));

  const changeId = await recordReservationChange(tx, context, {
    reservationId: reservation.id,
    via: managed.access,
    action: 'cancel',
    details: {
      previousTotal: totalToPay(reservation.total, reservation.totalVat, reservation.isTaxExclusive),
      // Cancelled free of charge: nothing is owed any more.
      newTotal: 0,
      payment: { kind: refunded > 0 ? 'Refund' : 'None', amount: refunded, paymentIds: refund?.paymentIds ?? [] },
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
      giftVoucherKept: reservation.voucherDiscount,
    },
  });
  await recordReservationEvent(tx, context, { type: 'reservation.cancelled', reservationId: reservation.id, changeId }, property);
  await enqueueCancellationMail(tx, context, managed, { rooms: standing, card: details.payment, reason: reason?.text ?? null, refunded });
  return { Success: true, Message: CANCEL_MESSAGES.cancelled, RefundAmount: toMajor(refunded, reservation.currency) };
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
  cancelled: { rooms: ReservationDetails['rooms']; card: ReservationDetails['payment']; reason: string | null; refunded: number },
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
    giftVoucherSpent: reservation.voucherDiscount,
  });
  await enqueueMail(tx, context.config, { ...mail, to: reservation.bookerEmail, reservationId: reservation.id });
}
