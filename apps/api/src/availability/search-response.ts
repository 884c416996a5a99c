import type { Rate, RoomType } from '@hotel/domain/wire/search-response';
import { toMajor } from '@hotel/domain/money';
import { pricesToWire, type RoomCost } from '@hotel/domain/pricing';
import type { RoomTypeRow } from './availability-queries';
import type { QuotedRate } from './stay-quote';

/** A quoted rate with what each searched room costs on it (null: the room's party does not fit). */
export type PricedRate = { rate: QuotedRate; roomCosts: (RoomCost | null)[] };

function occupancyOf(limits: {
  maximumOccupancy: number | null;
  minimumOccupancy: number | null;
  adultMaximumOccupancy: number | null;
  childMaximumOccupancy: number | null;
}) {
  return {
    MaximumOccupancy: limits.maximumOccupancy,
    MinimumOccupancy: limits.minimumOccupancy,
    AdultMaximumOccupancy: limits.adultMaximumOccupancy,
    ChildMaximumOccupancy: limits.childMaximumOccupancy,
  };
}

/**
 * A priced rate as the wire's rate plan: components summed over the stay and each room's cost,
 * in major units. Written out without spreads: an uncached search answers hundreds of these.
 */
export function toRate({ rate, roomCosts }: PricedRate): Rate {
  const plan = rate.ratePlan;
  const prices = pricesToWire(rate.prices);
  return {
    RatePlanId: plan.id,
    RatePlanCode: plan.code,
    Name: plan.name,
    Description: plan.description,
    Policy: plan.policy,
    CancellationDeadlineHours: plan.cancellationDeadlineHours,
    Promotion: rate.promotion && { Code: rate.promotion.code, Name: rate.promotion.name, Message: rate.promotion.message || null },
    UseOccupancyForRatePlan: plan.useOccupancyForRatePlan,
    MaximumOccupancy: plan.maximumOccupancy,
    MinimumOccupancy: plan.minimumOccupancy,
    AdultMaximumOccupancy: plan.adultMaximumOccupancy,
    ChildMaximumOccupancy: plan.childMaximumOccupancy,
    BaseNumberOfAdults: prices.BaseNumberOfAdults,
    BaseRate: prices.BaseRate,
    CostPerRoom: prices.CostPerRoom,
    CostPerAdult: prices.CostPerAdult,
    CostPerChild: prices.CostPerChild,
    CostPerInfant: prices.CostPerInfant,
    PerPersonCostPerAdult: prices.PerPersonCostPerAdult,
    PerPersonCostPerChild: prices.PerPersonCostPerChild,
    PerPersonCostPerInfant: prices.PerPersonCostPerInfant,
    OriginalBaseRate: prices.OriginalBaseRate,
    OriginalCostPerRoom: prices.OriginalCostPerRoom,
    OriginalCostPerAdult: prices.OriginalCostPerAdult,
    OriginalCostPerChild: prices.OriginalCostPerChild,
    OriginalCostPerInfant: prices.OriginalCostPerInfant,
    OriginalPerPersonCostPerAdult: prices.OriginalPerPersonCostPerAdult,
    OriginalPerPersonCostPerChild: prices.OriginalPerPersonCostPerChild,
    OriginalPerPersonCostPerInfant: prices.OriginalPerPersonCostPerInfant,
    RoomCosts: roomCosts.map((cost) => cost && { TotalCost: toMajor(cost.total), OriginalTotalCost: toMajor(cost.original) }),
    CanPayByCompanyInvoice: plan.canPayByCompanyInvoice,
    MinLengthOfStay: rate.minLengthOfStay,
  };
}

/** A room type as the wire's, its upgrades' rates written by `rateOf` (a search writes each priced rate once). */
export function toRoomType(
  roomType: RoomTypeRow,
  upgrades: { roomType: RoomTypeRow; rates: PricedRate[] }[],
  rateOf: (rate: PricedRate) => Rate = toRate,
): RoomType {
  return {
    RoomTypeId: roomType.id,
    RoomTypeCode: roomType.code,
    Name: roomType.name,
    Description: roomType.description,
    ImageUrls: roomType.imageUrls,
    ...occupancyOf(roomType),
    Configurations: roomType.configurations.map((c) => ({ RoomConfigurationDropdownOptionId: c.id, Name: c.label })),
    Upgrades: upgrades.map((upgrade) => ({
      RoomTypeId: upgrade.roomType.id,
      Name: upgrade.roomType.name,
      ...occupancyOf(upgrade.roomType),
      AvailableRates: upgrade.rates.map(rateOf),
    })),
  };
}
