/** Builds a basket item from what the guest picked in a search answer. */
import type { Party } from '@hotel/domain/occupancy';
import { newId } from '../lib/ids';
import { roomCostOf } from '../lib/rate-price';
import type { SearchRoomType, Rate as WireRate } from '@hotel/domain/wire/search-response';
import type { BookingItem, SearchCriteria } from './booking-store';

export function buildItem(input: {
  criteria: SearchCriteria;
  roomIndex: number;
  entry: SearchRoomType;
  rate: WireRate;
  hasSelectableServices: boolean;
  /** The property's currency, which the search's prices are in. */
  currency: string;
}): BookingItem {
  const party: Party = input.criteria.rooms[input.roomIndex] ?? { NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 };
  // Only rates that take the room's party are offered, and the search priced each of them for it.
  const price = roomCostOf(input.rate, input.roomIndex, input.currency);
  if (price === null) throw new Error(`Rate ${input.rate.RatePlanId} has no price for room ${input.roomIndex + 1}`);
  return {
    ReservationItemId: newId(),
    roomNumber: input.roomIndex + 1,
    RoomTypeId: input.entry.RoomType.RoomTypeId,
    RatePlanId: input.rate.RatePlanId,
    roomTypeName: input.entry.RoomType.Name,
    ratePlanName: input.rate.Name,
    policy: input.rate.Policy,
    promotion: input.rate.Promotion,
    canPayByCompanyInvoice: input.rate.CanPayByCompanyInvoice,
    DateFrom: input.criteria.dateFrom,
    DateTo: input.criteria.dateTo,
    party: { ...party },
    roomCost: price.total,
    originalRoomCost: price.original,
    hasConfigurations: input.entry.RoomType.Configurations.length > 0,
    roomConfigurationId: null,
    roomConfigurationName: null,
    leadGuest: { FirstName: '', LastName: '', Email: '', Phone: '' },
    services: [],
    hasSelectableServices: input.hasSelectableServices,
    upgradesSeen: false,
    servicesSeen: false,
    guestsReviewed: false,
  };
}
