/** The totals of a basket (spec sections 3 and 9): rooms, extras, gift discount, total and the VAT in it. */
import type { Minor } from '@hotel/domain/money';
import { sumMinor } from '@hotel/domain/money';
import { bookingTotal } from '@hotel/domain/pricing';
import { vatOfTotal } from '@hotel/domain/vat';
import type { BookingItem } from '../stores/booking-store';

export interface BookingTotals {
  rooms: Minor;
  originalRooms: Minor;
  extras: Minor;
  giftDiscount: Minor;
  total: Minor;
  vat: Minor;
}

export function bookingTotals(
  items: readonly BookingItem[],
  giftDiscount: Minor,
  vat: { StandardVatRate: number; IsStandardTaxExclusive: boolean },
): BookingTotals {
  const rooms = sumMinor(items.map((item) => item.roomCost));
  const originalRooms = sumMinor(items.map((item) => item.originalRoomCost));
  const extras = sumMinor(items.flatMap((item) => item.services.map((service) => service.cost)));
  const total = bookingTotal({ rooms, extras, giftDiscount });
  return {
    rooms,
    originalRooms,
    extras,
    giftDiscount,
    total,
    vat: vatOfTotal(total, { rate: vat.StandardVatRate, isTaxExclusive: vat.IsStandardTaxExclusive }),
  };
}

/** The extras of one item. */
export function itemExtras(item: BookingItem): Minor {
  return sumMinor(item.services.map((service) => service.cost));
}
