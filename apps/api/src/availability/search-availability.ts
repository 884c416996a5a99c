import type { SearchRequest } from '@hotel/domain/wire/search-request';
import { lowestRate, type PricedRate } from '@hotel/domain/pricing';
import { fitsRoomTypeAndRate, type OccupancyLimits, type Party } from '@hotel/domain/occupancy';
import { toMajor } from '@hotel/domain/money';
import type { AppContext } from '../app-context';
import type { Queryable } from '../database/db';
import { notFound } from '../http/app-error';
import { findProperty, type PropertyRow } from '../property/property-queries';
import type { RoomTypeRow } from './availability-queries';
import { toRate, toRoomType, type SearchResponse } from './search-response';
import { assertRoomsPerBooking, stayDates } from './stay-request';
import { quoteStay, type QuotedRate } from './stay-quote';

export function roomTypeLimits(roomType: RoomTypeRow): OccupancyLimits {
  return {
    MaximumOccupancy: roomType.maximumOccupancy,
    MinimumOccupancy: roomType.minimumOccupancy,
    AdultMaximumOccupancy: roomType.adultMaximumOccupancy,
    ChildMaximumOccupancy: roomType.childMaximumOccupancy,
  };
}

/** A quoted rate in the domain's terms: its summed prices and its occupancy. */
export function pricedRate(rate: QuotedRate): PricedRate {
  const plan = rate.ratePlan;
  return {
    ...rate.prices,
    UseOccupancyForRatePlan: plan.useOccupancyForRatePlan,
    MaximumOccupancy: plan.maximumOccupancy,
    MinimumOccupancy: plan.minimumOccupancy,
    AdultMaximumOccupancy: plan.adultMaximumOccupancy,
    ChildMaximumOccupancy: plan.childMaximumOccupancy,
  };
}

/** The property searched: the location chosen (a property of the same group) or the property itself. */
async function searchedProperty(db: Queryable, propertyId: number, locationId: number | null | undefined): Promise<PropertyRow> {
  const property = await findProperty(db, propertyId);
  if (!property) throw notFound(`There is no property ${propertyId}.`);
  if (locationId == null || locationId === property.id) return property;
  const location = await findProperty(db, locationId);
  if (!location || location.groupId === null || location.groupId !== property.groupId)
    throw notFound(`There is no location ${locationId} for this property.`);
  return location;
}

/**
 * POST /api/Availability/Search: the room types with a unit free every night, an open rate
 * and room for at least one of the searched parties, each with its fitting rates and the
 * lowest stay price summed over the rooms it fits.
 */
export async function searchAvailability(context: Pick<AppContext, 'database' | 'clock'>, request: SearchRequest): Promise<SearchResponse> {
  const db = context.database.db;
  const property = await searchedProperty(db, request.PropertyId, request.LocationId);
  const stay = stayDates(property, request.DateFrom, request.DateTo, context.clock.now());
  assertRoomsPerBooking(property, request.Rooms.length);
  const parties: Party[] = request.Rooms;

  const quote = await quoteStay(db, {
    propertyId: property.id,
    from: stay.from,
    to: stay.to,
    today: stay.today,
    promoCode: request.PromoCode,
    ratePlanCode: request.RatePlanCode,
  });
  const fittingRates = (roomType: RoomTypeRow, rates: QuotedRate[]) =>
    rates.filter((rate) => parties.some((party) => fitsRoomTypeAndRate(party, roomTypeLimits(roomType), pricedRate(rate))));
  const sellable = new Map(
    quote.roomTypes.filter((entry) => entry.freeUnits > 0 && entry.rates.length > 0).map((entry) => [entry.roomType.id, entry] as const),
  );

  const roomTypes: SearchResponse['RoomTypes'] = [];
  for (const entry of sellable.values()) {
    const rates = fittingRates(entry.roomType, entry.rates);
    const lowest = lowestRate({ roomType: roomTypeLimits(entry.roomType), rates: rates.map(pricedRate), parties });
    if (!lowest || rates.length === 0) continue;
    const upgrades = entry.roomType.upgradesTo.flatMap((id) => {
      const target = sellable.get(id);
      return target ? [{ roomType: target.roomType, rates: target.rates }] : [];
    });
    roomTypes.push({
      RoomType: toRoomType(entry.roomType, upgrades),
      Rates: rates.map(toRate),
      LowestRate: toMajor(lowest.LowestRate),
      OriginalLowestRate: toMajor(lowest.OriginalLowestRate),
      DateFrom: stay.from,
      DateTo: stay.to,
    });
  }
  return {
    RoomTypes: roomTypes,
    PromoCodeMessage: quote.promoCode.message,
    IsPromoCodeValid: quote.promoCode.isValid,
    HopGiftVoucherCodeMessage: null,
    IsHopGiftVoucherCodeValid: null,
    NumberOfRoomsPerRoomTypeId: Object.fromEntries(quote.roomTypes.map((entry) => [String(entry.roomType.id), entry.freeUnits])),
  };
}
