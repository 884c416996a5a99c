import { describe, expect, it } from 'vitest';
import { bookingBalance } from '../src/booking-balance';

const booking = { total: 24_000, totalVat: 4_000, isTaxExclusive: false, amountPaid: 0, amountRefunded: 0, amountHeld: 0 };

describe('what a booking owes and has paid', () => {
  it('a confirmed booking paid in full owes nothing: £240.00 to pay, £240.00 paid', () => {
    expect(bookingBalance({ ...booking, status: 'confirmed', amountPaid: 24_000 })).toEqual({
      amountToPay: 24_000,
      paid: 24_000,
      refunded: 0,
      held: 0,
      balance: 0,
    });
  });

  it('a tax-exclusive booking owes its total plus VAT: £200.00 + £40.00 VAT = £240.00', () => {
    expect(bookingBalance({ ...booking, status: 'confirmed', total: 20_000, isTaxExclusive: true }).amountToPay).toBe(24_000);
  });

  it('a booking cancelled and refunded in full owes nothing and is owed nothing: £240.00 paid, £240.00 back', () => {
    expect(bookingBalance({ ...booking, status: 'cancelled', amountPaid: 0, amountRefunded: 24_000 })).toEqual({
      amountToPay: 0,
      paid: 0,
      refunded: 24_000,
      held: 0,
      balance: 0,
    });
  });

  it('a cancelled booking whose refund has not gone through yet is owed back what was paid: -£240.00', () => {
    expect(bookingBalance({ ...booking, status: 'cancelled', amountPaid: 24_000 }).balance).toBe(-24_000);
  });

  it('a hold is not payment: £240.00 held, £240.00 still to pay until it is captured', () => {
    expect(bookingBalance({ ...booking, status: 'confirmed', amountHeld: 24_000 })).toMatchObject({ held: 24_000, balance: 24_000 });
  });

  it('an amendment after the deadline that made the stay cheaper leaves the guest in credit: £240.00 paid for £200.00', () => {
    expect(bookingBalance({ ...booking, status: 'confirmed', total: 20_000, amountPaid: 24_000 }).balance).toBe(-4_000);
  });
});
