/** The wire shapes of the basket for CheckVoucherCode and Reservation/Create. */
import { toMajor } from '@hotel/domain/money';
import type { PricedRoomPayload, ReservationRoomPayload } from '@hotel/domain/wire/reservation-rooms';
import type { BookingItem } from '../../stores/booking-store';

/** A basket item as priced: what was chosen, for whom, with which extras, and the room cost seen (in the property's `currency`). */
export function pricedRoom(item: BookingItem, currency: string): PricedRoomPayload {
  return {
    ReservationItemId: item.ReservationItemId,
    DateFrom: item.DateFrom,
    DateTo: item.DateTo,
    RoomTypeId: item.RoomTypeId,
    RatePlanId: item.RatePlanId,
    Promotion: item.promotion,
    NumberOfAdults: item.party.NumberOfAdults,
    NumberOfChildren: item.party.NumberOfChildren,
    NumberOfInfants: item.party.NumberOfInfants,
    Services: item.services.map((service) => ({
      ReservationItemId: item.ReservationItemId,
      ServiceId: service.ServiceId,
      Quantity: service.Quantity,
    })),
    TotalCost: toMajor(item.roomCost, currency),
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The codes the guest searched with: the server prices the rooms with them as the search did (a code-only rate needs its code). */
export function searchCodes(search: { promoCode: string; ratePlanCode: string }): {
  PromoCode: string | null;
  RatePlanCode: string | null;
} {
  return { PromoCode: blankToNull(search.promoCode), RatePlanCode: blankToNull(search.ratePlanCode) };
}

/** A basket item for Reservation/Create: with its room configuration and lead guest. */
export function reservationRoom(item: BookingItem, currency: string): ReservationRoomPayload {
  return {
    ...pricedRoom(item, currency),
    ReservationItemId: item.ReservationItemId,
    RoomConfigurationDropdownOptionId: item.roomConfigurationId,
    LeadGuest: {
      FirstName: blankToNull(item.leadGuest.FirstName),
      LastName: blankToNull(item.leadGuest.LastName),
      Email: blankToNull(item.leadGuest.Email),
      Phone: blankToNull(item.leadGuest.Phone),
    },
    Guests: [],
  };
}
