// The gift voucher area's door: reservation reads and spends vouchers through it.
export { findGiftVoucher, lockGiftVoucher, spendGiftVoucher } from './gift-voucher-queries';
