import type { AppContext } from '../app-context';
import { notFound } from '../errors';
import { findProperty, type PropertyRow } from '../property';
import type { ConfirmationResponse } from '@hotel/domain/wire/confirmation-response';
import type { StatusResponse } from '@hotel/domain/wire/reservation-response';
import { toConfirmationResponse } from './confirmation-response';
import {
  findReservationByTokenHash,
  findReservationDetails,
  hashConfirmationToken,
  PAYMENT_HOLD_MINUTES,
  releasePendingPayment,
  reservationLinks,
  takeProviderHint,
  type MovementContext,
  type ReservationRow,
} from '../booking';

type StatusContext = MovementContext;

async function reservationForToken(
  context: Pick<AppContext, 'database'>,
  propertyId: number,
  token: string,
): Promise<{ property: PropertyRow; reservation: ReservationRow }> {
  const db = context.database.db;
  const property = await findProperty(db, propertyId);
  const reservation = property && (await findReservationByTokenHash(db, property.id, hashConfirmationToken(token)));
  if (!property || !reservation) throw notFound('We could not find that booking. Please use the link from your confirmation.');
  return { property, reservation };
}

/**
 * GET /api/Reservation/Status: whether the booking behind a confirmation token is made. A card
 * waiting for 3-D Secure answers Success false with where to complete it, until the bank answers.
 */
export async function reservationStatus(context: StatusContext, propertyId: number, token: string): Promise<StatusResponse> {
  const { reservation } = await reservationForToken(context, propertyId, token);
  let details = await findReservationDetails(context.database.db, reservation.id);
  const waiting = details.payment;
  if (reservation.status === 'pending_payment' && (waiting?.status === 'requires_action' || waiting?.status === 'pending')) {
    // Back from the provider's 3-D Secure page (Stripe's return_url), or waiting for an answer
    // that was lost: what the provider says now settles the booking, as its webhook would,
    // whichever comes first.
    const names = { idempotencyKey: waiting.idempotencyKey, gatewayReference: waiting.gatewayReference };
    const state = await takeProviderHint(context, { gateway: waiting.gateway, names });
    if (state.found && state.settledNow) return reservationStatus(context, propertyId, token);
    details = await findReservationDetails(context.database.db, reservation.id);
  }
  const base = { ReservationNumber: reservation.reservationNumber, ChallengeUrl: null };
  if (reservation.status === 'confirmed')
    return { ...base, Success: true, Status: 'Confirmed', Message: 'Booking has been made successfully' };
  if (reservation.status === 'pending_payment' && details.payment?.status === 'pending') {
    return {
      ...base,
      Success: false,
      Status: 'PendingPayment',
      Message:
        'We are waiting for your card provider to tell us whether your payment went through. Your rooms are held meanwhile; this page will say when the booking is confirmed.',
    };
  }
  if (reservation.status === 'pending_payment') {
    return {
      ...base,
      Success: false,
      Status: 'PendingPayment',
      ChallengeUrl: details.payment?.challengeUrl ?? null,
      Message: `Your bank needs you to confirm this payment. Please complete the security check within ${PAYMENT_HOLD_MINUTES} minutes to finish your booking: we hold your rooms until then.`,
    };
  }
  if (reservation.confirmedAt === null && details.payment?.status === 'succeeded') {
    return {
      ...base,
      Success: false,
      Status: 'PaymentFailed',
      Message:
        'Your payment reached us after the rooms held for you were released, so it is being refunded to your card in full. Please confirm your booking again.',
    };
  }
  if (details.payment?.status === 'cancelled') {
    return {
      ...base,
      Success: false,
      Status: 'PaymentFailed',
      Message: 'Your payment was not completed, so the rooms held for you were released. Please confirm your booking again.',
    };
  }
  if (details.payment?.status === 'failed') {
    return {
      ...base,
      Success: false,
      Status: 'PaymentFailed',
      // The gateway's reason is written for the guest: whole sentences that say what to do.
      Message: `Your payment was not completed. ${details.payment.failureReason ?? 'Your bank declined it. Please try again or use another card.'}`,
    };
  }
  return { ...base, Success: false, Status: 'Cancelled', Message: 'This booking has been cancelled.' };
}

/**
 * POST /api/Reservation/ReleasePendingPayment: the guest left the bank's check to pay another
 * way, so the booking waiting for it gives its rooms back now instead of at the end of its hold.
 * A booking no longer waiting is left as it is. Answers its status afterwards.
 */
export async function releasePendingPaymentByToken(context: StatusContext, propertyId: number, token: string): Promise<StatusResponse> {
  const { reservation } = await reservationForToken(context, propertyId, token);
  await releasePendingPayment(context, reservation.id);
  return reservationStatus(context, propertyId, token);
}

/** GET /api/Reservation/Confirmation: the whole reservation behind a confirmation token. */
export async function reservationConfirmation(
  context: Pick<AppContext, 'database' | 'config'>,
  propertyId: number,
  token: string,
): Promise<ConfirmationResponse> {
  const { property, reservation } = await reservationForToken(context, propertyId, token);
  const details = await findReservationDetails(context.database.db, reservation.id);
  const links = reservationLinks(context.config.publicUrl, context.config.linkSecret, property.code, reservation.reservationNumber);
  return toConfirmationResponse(property, reservation, details, links);
}
