/**
 * What changing a booking does to its money (docs/pricing.md, "Amendments and cancellations"): the
 * new total as the guest pays it, and whether the difference is charged, refunded or neither.
 */
import { ERROR_MESSAGES } from './messages';
import { bookingTotal } from './pricing';
import type { Minor } from './money';
import { totalToPay, vatOfTotal, type VatSettings } from './vat';

/** A booking's totals in minor units, as the reservations row keeps them (total = rooms + services - voucher). */
export interface AmendedTotals {
  rooms: Minor;
  services: Minor;
  voucherDiscount: Minor;
  total: Minor;
  vat: Minor;
  /** What the guest pays: the total, with its VAT added at a tax-exclusive property. */
  due: Minor;
}

/**
 * The totals of a booking after a change. A gift voucher's spent balance stays spent: the
 * discount it gave stays as booked, cut only where the new price is below it (the rest is not
 * given back to the voucher, nor to the card).
 */
export function amendedTotals(input: { rooms: Minor; services: Minor; bookedVoucherDiscount: Minor; vat: VatSettings }): AmendedTotals {
  const voucherDiscount = Math.min(input.bookedVoucherDiscount, input.rooms + input.services);
  const total = bookingTotal({ rooms: input.rooms, extras: input.services, giftDiscount: voucherDiscount });
  const vat = vatOfTotal(total, input.vat);
  return {
    rooms: input.rooms,
    services: input.services,
    voucherDiscount,
    total,
    vat,
    due: totalToPay(total, vat, input.vat.isTaxExclusive),
  };
}

export type PaymentKind = 'Charge' | 'Refund' | 'None';

/** What a change moves on the card, and the sentence that tells the guest why. */
export interface AmendmentPayment {
  kind: PaymentKind;
  amount: Minor;
  policy: string;
}

export const AMENDMENT_POLICIES = {
  unchanged: 'The price of your booking does not change.',
  charge: 'The difference will be charged to the card you paid with.',
  refund: 'The difference will be refunded to the card you paid with.',
  noRefundAfterDeadline:
    'The new price is lower, but the free cancellation period of your booking has passed, so the difference is not refunded.',
  settledByHotel: 'Your booking was not paid by card: the hotel will settle the difference with you.',
} as const;

/**
 * The money rule of an amendment: a higher price charges the difference to the booking's card;
 * a lower one refunds it only while the booking is inside its free-cancellation window (a guest
 * could otherwise cancel for free and book again); nothing moves on a booking not paid by card.
 */
export function amendmentPayment(input: {
  previousDue: Minor;
  newDue: Minor;
  paidByCard: boolean;
  /** The booking may still be cancelled free of charge (CanBeCancelled before the change). */
  withinFreeCancellation: boolean;
}): AmendmentPayment {
  const difference = input.newDue - input.previousDue;
  if (difference === 0) return { kind: 'None', amount: 0, policy: AMENDMENT_POLICIES.unchanged };
  if (!input.paidByCard) return { kind: 'None', amount: 0, policy: AMENDMENT_POLICIES.settledByHotel };
  if (difference > 0) return { kind: 'Charge', amount: difference, policy: AMENDMENT_POLICIES.charge };
  if (!input.withinFreeCancellation) return { kind: 'None', amount: 0, policy: AMENDMENT_POLICIES.noRefundAfterDeadline };
  return { kind: 'Refund', amount: -difference, policy: AMENDMENT_POLICIES.refund };
}

/** What a change asks of one booked room, by which rule it is allowed (docs/manage-booking.md). */
export type RoomChangeKind = 'none' | 'edit' | 'stay';

/**
 * A change to the stay itself (dates, room type, rate, party, fewer extras) needs the room to
 * be cancellable still; guests, the bed configuration and added extras need it only editable.
 * Extras are `serviceId -> quantity`.
 */
export function roomChangeKind(input: {
  stayChanged: boolean;
  bookedExtras: ReadonlyMap<number, number>;
  newExtras: ReadonlyMap<number, number>;
  detailsChanged: boolean;
}): RoomChangeKind {
  if (input.stayChanged) return 'stay';
  for (const [serviceId, quantity] of input.bookedExtras) {
    if ((input.newExtras.get(serviceId) ?? 0) < quantity) return 'stay';
  }
  const extrasAdded = [...input.newExtras].some(([serviceId, quantity]) => quantity > (input.bookedExtras.get(serviceId) ?? 0));
  return extrasAdded || input.detailsChanged ? 'edit' : 'none';
}

/** Why new dates cannot be had for a room, as SearchDateOptions tells the guest. */
export type DateChangeRefusal =
  | { kind: 'PAST' }
  | { kind: 'NO_ROOMS'; roomTypeName: string }
  | { kind: 'NOT_OFFERED'; roomTypeName: string; ratePlanName: string }
  | { kind: 'CLOSED_TO_ARRIVAL'; date: string }
  | { kind: 'CLOSED_TO_DEPARTURE'; date: string }
  | { kind: 'MIN_LENGTH_OF_STAY'; ratePlanName: string; nights: number }
  | { kind: 'PARTY'; roomTypeName: string; ratePlanName: string };

export function dateChangeRefusalMessage(refusal: DateChangeRefusal): string {
  switch (refusal.kind) {
    case 'PAST':
      return 'The new arrival date cannot be in the past.';
    case 'NO_ROOMS':
      return `There are no ${refusal.roomTypeName} rooms left for those dates. Please try other dates.`;
    case 'NOT_OFFERED':
      return `The ${refusal.ratePlanName} rate is not offered for the ${refusal.roomTypeName} on those dates. Please try other dates.`;
    case 'CLOSED_TO_ARRIVAL':
      return `Arrivals are not possible on ${refusal.date}. Please choose another arrival date.`;
    case 'CLOSED_TO_DEPARTURE':
      return `Departures are not possible on ${refusal.date}. Please choose another departure date.`;
    case 'MIN_LENGTH_OF_STAY':
      return `The ${refusal.ratePlanName} rate needs a stay of at least ${refusal.nights} nights from that arrival date.`;
    case 'PARTY':
      return `The ${refusal.roomTypeName} on the ${refusal.ratePlanName} rate does not take your party on those dates.`;
  }
}

/** The refusal of a booking that may no longer be changed online, with the hotel's number when it has one. */
export function contactHotelMessage(telephone: string | null | undefined): string {
  const message = ERROR_MESSAGES.modifyNotAllowed;
  return telephone?.trim() ? `${message}: ${telephone.trim()}` : message;
}
