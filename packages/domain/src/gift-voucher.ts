/**
 * Gift vouchers: when one can be spent and what it is told to say (docs/domain-rules.md). The amount it
 * takes off is `giftVoucherDiscount` in pricing.
 */
import { formatDate, type IsoDate } from './dates';
import { formatMoney, type Money } from './money';

/** What the server knows of a voucher when it is used. */
export interface GiftVoucherState {
  /** Minor units left. */
  balance: number;
  /** The last day it can be used, in the property's zone; null: never expires. */
  expiresOn: IsoDate | null;
}

/** Why a voucher cannot be used. */
export type GiftVoucherRefusal = 'UNKNOWN' | 'EXPIRED' | 'SPENT';

/** Why this voucher cannot be used today, or null when it can. */
export function giftVoucherRefusal(voucher: GiftVoucherState | undefined, today: IsoDate): GiftVoucherRefusal | null {
  if (voucher === undefined) return 'UNKNOWN';
  if (voucher.expiresOn !== null && voucher.expiresOn < today) return 'EXPIRED';
  if (voucher.balance <= 0) return 'SPENT';
  return null;
}

/** The message a refused voucher shows the guest. */
export function giftVoucherRefusalMessage(refusal: GiftVoucherRefusal, voucher?: GiftVoucherState): string {
  switch (refusal) {
    case 'UNKNOWN':
      return 'This gift voucher code is not recognised. Please check it and try again.';
    case 'EXPIRED':
      return `This gift voucher expired on ${formatDate(voucher?.expiresOn ?? '', 'dddd Do MMMM YYYY')}.`;
    case 'SPENT':
      return 'This gift voucher has no balance left.';
  }
}

/** The message an applied voucher shows: how much it takes off. */
export function giftVoucherAppliedMessage(discount: Money): string {
  return `Gift voucher applied: ${formatMoney(discount)} off your booking.`;
}

/** What a property does with the gift voucher part of a booking cancelled after its free-cancellation window. */
export type LateCancellationVoucherPolicy = 'KeptByHotel' | 'ReturnedToVoucher';

/**
 * Whether a cancellation gives the gift voucher part back to the voucher: always inside the
 * free-cancellation window (a free cancellation costs the guest nothing, vouchers included),
 * and after it as the property's policy says (kept by the hotel unless it says otherwise).
 */
export function voucherReturnedOnCancellation(input: {
  withinFreeCancellation: boolean;
  policy: LateCancellationVoucherPolicy | undefined;
}): boolean {
  return input.withinFreeCancellation || input.policy === 'ReturnedToVoucher';
}
