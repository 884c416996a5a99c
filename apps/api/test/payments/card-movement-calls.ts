import { cardBalance, chargeReservationCard, refundReservationCard, type CardBooking, type CardMovement } from '../../src/payments';
import type { TestApp } from '../support/test-app';

/** Each card movement in a transaction of its own, as a manage-booking change runs it. */
export function cardMovementCalls(t: () => TestApp) {
  return {
    charge: (booking: CardBooking, amount: number): Promise<CardMovement> =>
      t().database.db.transaction((tx) => chargeReservationCard(tx, t().context, booking, amount)),
    refund: (booking: CardBooking, amount: number): Promise<CardMovement> =>
      t().database.db.transaction((tx) => refundReservationCard(tx, t().context, booking, amount)),
    balance: (booking: CardBooking) => t().database.db.transaction((tx) => cardBalance(tx, t().context, booking.id)),
  };
}
