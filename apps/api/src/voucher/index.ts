// The gift voucher area's door: bookings read, spend and return vouchers through it.
export { findGiftVoucher, lockGiftVoucher, returnVoucherSpends, spendGiftVoucher, voucherSpentNet } from './gift-voucher-queries';
