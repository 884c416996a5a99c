// The gift voucher area's door: bookings read, spend and return vouchers through it.
export { lockGiftVoucher, returnVoucherSpends, spendGiftVoucher, voucherSpentNet } from './gift-voucher-queries';
export { findGuessedVoucher, voucherGuesses } from './voucher-guesses';
