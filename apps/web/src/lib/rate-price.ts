/**
 * Prices of search answers for one room's party, through the domain's pricing rules: a rate's
 * components arrive summed over the stay in major units, so the room price is the stay price.
 */
import type { Minor } from '@hotel/domain/money';
import type { Party } from '@hotel/domain/occupancy';
import { originalRoomPrice, pricesFromWire, roomPrice, type PricedRate } from '@hotel/domain/pricing';
import type { WireRate } from '../types/api';

/** The stay price of one room on a rate for a party, and its undiscounted twin. */
export function ratePrice(rate: WireRate, party: Party): { total: Minor; original: Minor } {
  const prices = pricesFromWire(rate);
  return { total: roomPrice(prices, party), original: originalRoomPrice(prices, party) };
}

/** A wire rate as the domain's priced rate (minor units with its occupancy limits). */
export function pricedRate(rate: WireRate): PricedRate {
  return {
    ...pricesFromWire(rate),
    UseOccupancyForRatePlan: rate.UseOccupancyForRatePlan,
    MaximumOccupancy: rate.MaximumOccupancy,
    MinimumOccupancy: rate.MinimumOccupancy,
    AdultMaximumOccupancy: rate.AdultMaximumOccupancy,
    ChildMaximumOccupancy: rate.ChildMaximumOccupancy,
  };
}
