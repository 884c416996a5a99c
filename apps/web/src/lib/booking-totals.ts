/**
 * The totals of a basket: rooms, extras, gift discount, the VAT and
 * what the guest pays. At a tax-exclusive property the prices are before tax and the VAT is
 * added on top; otherwise it is inside them (docs/pricing.md).
 */
import type { Minor } from '@hotel/domain/money';
import { sumMinor } from '@hotel/domain/money';
import { bookingTotal } from '@hotel/domain/pricing';
import { totalToPay, vatOfTotal } from '@hotel/domain/vat';
import type { BookingItem } from '../stores/booking-store';

export interface BookingTotals {
  rooms: Minor;
  originalRooms: Minor;
  extras: Minor;
  giftDiscount: Minor;
  vat: Minor;
  vatRate: number;
  isTaxExclusive: boolean;
  /** What the guest pays, and the card is charged: VAT added when the prices exclude it. */
  total: Minor;
}

export function bookingTotals(
  items: readonly BookingItem[],
  giftDiscount: Minor,
  vat: { StandardVatRate: number; IsStandardTaxExclusive: boolean },
): BookingTotals {
  const rooms = sumMinor(items.map((item) => item.roomCost));
  const originalRooms = sumMinor(items.map((item) => item.originalRoomCost));
  const extras = sumMinor(items.flatMap((item) => item.services.map((service) => service.cost)));
  const beforeVatAdded = bookingTotal({ rooms, extras, giftDiscount });
  const isTaxExclusive = vat.IsStandardTaxExclusive;
  const vatAmount = vatOfTotal(beforeVatAdded, { rate: vat.StandardVatRate, isTaxExclusive });
  return {
    rooms,
    originalRooms,
    extras,
    giftDiscount,
    vat: vatAmount,
    vatRate: vat.StandardVatRate,
    isTaxExclusive,
    total: totalToPay(beforeVatAdded, vatAmount, isTaxExclusive),
  };
}

/** The extras of one item. */
export function itemExtras(item: BookingItem): Minor {
  return sumMinor(item.services.map((service) => service.cost));
}
