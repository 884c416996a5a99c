import { z } from 'zod';
import { toMajor } from '@hotel/domain/money';
import { ORIGINAL_PRICE_FIELDS, PRICE_FIELDS, pricesToWire, type RoomCost } from '@hotel/domain/pricing';
import type { RoomTypeRow } from './availability-queries';
import type { QuotedRate } from './stay-quote';

const money = z.number();
const bound = z.number().int().nullable();
const priceShape = Object.fromEntries([...PRICE_FIELDS, ...ORIGINAL_PRICE_FIELDS].map((field) => [field, money])) as Record<
  (typeof PRICE_FIELDS)[number] | (typeof ORIGINAL_PRICE_FIELDS)[number],
  typeof money
>;

const occupancyShape = {
  MaximumOccupancy: bound,
  MinimumOccupancy: bound,
  AdultMaximumOccupancy: bound,
  ChildMaximumOccupancy: bound,
};

export const rateSchema = z.object({
  RatePlanId: z.number().int(),
  RatePlanCode: z.string(),
  Name: z.string(),
  Description: z.string(),
  Policy: z.string(),
  CancellationDeadlineHours: z.number().int().nullable(),
  Promotion: z.object({ Code: z.string(), Name: z.string(), Message: z.string().nullable() }).nullable(),
  UseOccupancyForRatePlan: z.boolean(),
  ...occupancyShape,
  BaseNumberOfAdults: z.number().int(),
  ...priceShape,
  /**
   * What each searched room costs on this rate, in the order of the search's Rooms: the stay's
   * price (TotalCost, what Create expects back) and before the promotion (OriginalTotalCost);
   * null where that room's party does not fit. Before tax at a tax-exclusive property.
   */
  RoomCosts: z.array(z.object({ TotalCost: money, OriginalTotalCost: money }).nullable()),
  CanPayByCompanyInvoice: z.boolean(),
  MinLengthOfStay: z.number().int(),
});

const upgradeSchema = z.object({
  RoomTypeId: z.number().int(),
  Name: z.string(),
  ...occupancyShape,
  AvailableRates: z.array(rateSchema),
});

export const roomTypeSchema = z.object({
  RoomTypeId: z.number().int(),
  RoomTypeCode: z.string(),
  Name: z.string(),
  Description: z.string(),
  ImageUrls: z.array(z.string()),
  ...occupancyShape,
  Configurations: z.array(z.object({ RoomConfigurationDropdownOptionId: z.number().int(), Name: z.string() })),
  Upgrades: z.array(upgradeSchema),
});

export const searchResponseSchema = z.object({
  RoomTypes: z.array(
    z.object({
      RoomType: roomTypeSchema,
      Rates: z.array(rateSchema),
      LowestRate: money,
      OriginalLowestRate: money,
      DateFrom: z.string(),
      DateTo: z.string(),
    }),
  ),
  PromoCodeMessage: z.string().nullable(),
  IsPromoCodeValid: z.boolean().nullable(),
  HopGiftVoucherCodeMessage: z.string().nullable(),
  IsHopGiftVoucherCodeValid: z.boolean().nullable(),
  NumberOfRoomsPerRoomTypeId: z.record(z.string(), z.number().int()),
});

export type SearchResponse = z.infer<typeof searchResponseSchema>;
type Rate = z.infer<typeof rateSchema>;

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

/** A priced rate as the wire's rate plan: components summed over the stay and each room's cost, in major units. */
export function toRate({ rate, roomCosts }: PricedRate): Rate {
  const plan = rate.ratePlan;
  return {
    RatePlanId: plan.id,
    RatePlanCode: plan.code,
    Name: plan.name,
    Description: plan.description,
    Policy: plan.policy,
    CancellationDeadlineHours: plan.cancellationDeadlineHours,
    Promotion: rate.promotion && { Code: rate.promotion.code, Name: rate.promotion.name, Message: rate.promotion.message || null },
    UseOccupancyForRatePlan: plan.useOccupancyForRatePlan,
    ...occupancyOf(plan),
    ...pricesToWire(rate.prices),
    RoomCosts: roomCosts.map((cost) => cost && { TotalCost: toMajor(cost.total), OriginalTotalCost: toMajor(cost.original) }),
    CanPayByCompanyInvoice: plan.canPayByCompanyInvoice,
    MinLengthOfStay: rate.minLengthOfStay,
  };
}

export function toRoomType(
  roomType: RoomTypeRow,
  upgrades: { roomType: RoomTypeRow; rates: PricedRate[] }[],
): z.infer<typeof roomTypeSchema> {
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
      AvailableRates: upgrade.rates.map(toRate),
    })),
  };
}
