import { z } from 'zod';
import { ORIGINAL_PRICE_FIELDS, PRICE_FIELDS } from '../pricing';

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

export const rateSchema = z
  .object({
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
  })
  .meta({ id: 'Rate' });

const upgradeSchema = z.object({
  RoomTypeId: z.number().int(),
  Name: z.string(),
  ...occupancyShape,
  AvailableRates: z.array(rateSchema),
});

const roomTypeSchema = z
  .object({
    RoomTypeId: z.number().int(),
    RoomTypeCode: z.string(),
    Name: z.string(),
    Description: z.string(),
    ImageUrls: z.array(z.string()),
    ...occupancyShape,
    Configurations: z.array(z.object({ RoomConfigurationDropdownOptionId: z.number().int(), Name: z.string() })),
    Upgrades: z.array(upgradeSchema),
  })
  .meta({ id: 'RoomType' });

export const searchResponseSchema = z
  .object({
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
  })
  .meta({ id: 'SearchResult' });

export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type Rate = z.infer<typeof rateSchema>;
export type RoomType = z.infer<typeof roomTypeSchema>;
export type SearchRoomType = SearchResponse['RoomTypes'][number];
export type Upgrade = RoomType['Upgrades'][number];
