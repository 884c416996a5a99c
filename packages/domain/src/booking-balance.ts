/**
 * What a booking owes and has paid, as the hotel reads it (the reservations feed, webhooks,
 * e-mails): one rule, from the booking's totals, its status and its ledger (what its cards paid
 * net of refunds, what they gave back and what they still hold), all in minor units.
 */
import type { Minor } from './money';
import { totalToPay } from './vat';

export interface BookingLedger {
  status: 'pending_payment' | 'confirmed' | 'cancelled';
  total: Minor;
  totalVat: Minor;
  isTaxExclusive: boolean;
  /** Taken by cards, net of refunds. */
  amountPaid: Minor;
  amountRefunded: Minor;
  /** Reserved on a card (manual capture) and neither captured nor released yet. */
  amountHeld: Minor;
}

export interface BookingBalance {
  /** What the guest owes for the booking as it stands: its total to pay, nothing once cancelled (cancellations online are free of charge). */
  amountToPay: Minor;
  paid: Minor;
  refunded: Minor;
  held: Minor;
  /** `amountToPay - paid`: still owed when positive (a hold is not yet payment), owed back to the guest when negative. */
  balance: Minor;
}

export function bookingBalance(booking: BookingLedger): BookingBalance {
  const amountToPay = booking.status === 'cancelled' ? 0 : totalToPay(booking.total, booking.totalVat, booking.isTaxExclusive);
  return {
    amountToPay,
    paid: booking.amountPaid,
    refunded: booking.amountRefunded,
    held: booking.amountHeld,
    balance: amountToPay - booking.amountPaid,
  };
}
