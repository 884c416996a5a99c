import { giftVouchers, reservations, voucherRedemptions } from '@hotel/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Tx } from '../database/db';
import type { SettledPayment } from '../payments/challenge-completion';
import { enqueueBookingConfirmation } from './booking-confirmation-mail';
import { releaseRoomUnits, releaseServiceUnits } from './inventory';
import { findReservationById, findReservationDetails } from './reservation-queries';

/**
 * What a booking waiting for 3-D Secure becomes once the bank answers, in the same transaction
 * as the payment's settlement: confirmed with its e-mail queued, or cancelled with its rooms,
 * extras and voucher balance given back.
 */
export function reservationPaymentSettled(context: Pick<AppContext, 'config' | 'clock'>) {
  return async (tx: Tx, payment: SettledPayment): Promise<void> => {
    const reservation = await findReservationById(tx, payment.reservationId);
    if (!reservation || reservation.status !== 'pending_payment') return;
    const now = context.clock.now();
    if (payment.status === 'succeeded') {
      await tx.update(reservations).set({ status: 'confirmed', confirmedAt: now }).where(eq(reservations.id, reservation.id));
      await enqueueBookingConfirmation(tx, context, reservation.id);
      return;
    }
    const details = await findReservationDetails(tx, reservation.id);
    for (const room of details.rooms) {
      await releaseRoomUnits(tx, room.roomTypeId, room.dateFrom, room.dateTo);
      for (const service of room.services) await releaseServiceUnits(tx, service.serviceId, room.dateFrom, room.dateTo, service.quantity);
    }
    const redemptions = await tx
      .update(voucherRedemptions)
      .set({ reversedAt: now })
      .where(and(eq(voucherRedemptions.reservationId, reservation.id), isNull(voucherRedemptions.reversedAt)))
      .returning({ voucherId: voucherRedemptions.giftVoucherId, amount: voucherRedemptions.amount });
    for (const redemption of redemptions) {
      await tx
        .update(giftVouchers)
        .set({ balance: sql`${giftVouchers.balance} + ${redemption.amount}` })
        .where(eq(giftVouchers.id, redemption.voucherId));
    }
    await tx.update(reservations).set({ status: 'cancelled', cancelledAt: now }).where(eq(reservations.id, reservation.id));
  };
}
