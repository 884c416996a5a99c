import { daysBetween, nightsOfStay, type IsoDate } from '@hotel/domain/dates';
import { applyPromotion, type Promotion, type PromotionRefusal } from '@hotel/domain/promotion';
import { minLengthOfStay, restrictionDetail, stayRefusal, type RestrictionDetail, type StayRefusal } from '@hotel/domain/restrictions';
import { sumNightlyPrices, type PricedNight, type RatePrices } from '@hotel/domain/pricing';
import { notFound } from '../errors';
import type { AvailabilityCaches } from './availability-caches';
import type { Catalogue, NightlyPrice, NightlyPriceTable } from './catalogue-cache';
import type { PromotionRow, RatePlanRow, RoomTypeRow } from './availability-queries';

/** A rate plan open for the whole stay: its nights as sold, and their components summed as a search answers them. */
export type QuotedRate = {
  ratePlan: RatePlanRow;
  /** Each night's components (after a percentage promotion) and the fixed amount off it: `stayRoomCost` prices a room from these. */
  nights: readonly PricedNight[];
  /** The nights' components and Original* twins summed over the stay (docs/pricing.md). */
  prices: RatePrices;
  /** The promotion that discounted it, if the search's code applies to it. */
  promotion: PromotionRow | null;
  minLengthOfStay: number;
};

/**
 * A rate plan not open for the stay, and why: a group search tells the guest what blocks a
 * property, a booking what would work instead (`detail`, for the restrictions that say it).
 */
export type ClosedRate = { ratePlanId: number; refusal: StayRefusal; minLengthOfStay: number; detail: RestrictionDetail | null };

export type QuotedRoomType = { roomType: RoomTypeRow; freeUnits: number; rates: QuotedRate[]; closedRates: ClosedRate[] };

/**
 * What the quote learnt about the search's promo code. Whether it is valid depends on which
 * rates the answer offers the searched parties, so a search judges it (`answeredPromoCode`).
 */
export type QuotedPromoCode = {
  code: string | null | undefined;
  /** The property's promotion with that code; null for an unknown code or none. */
  promotion: Promotion | null;
  /** Why rates quoted for the stay did not take the code. */
  refusals: ReadonlySet<PromotionRefusal>;
};

export type StayQuote = { roomTypes: QuotedRoomType[]; promoCode: QuotedPromoCode };

export type StayQuoteInput = {
  /**
   * The property as just read: its catalogue version says which cached prices are current, its
   * inventory version which rooms free (read now when absent, as for a property row).
   */
  property: { id: number; catalogueVersion: number; inventoryVersion?: number };
  from: IsoDate;
  to: IsoDate;
  /** Today in the property's zone: the booking date promotions and advance booking windows are bounded by. */
  today: IsoDate;
  promoCode?: string | null | undefined;
  ratePlanCode?: string | null | undefined;
  /** Only these room types (a booking prices the ones it books); every active one when absent. */
  roomTypeIds?: readonly number[];
  /**
   * Open means sellable that night alone (priced, not stop-sold), whatever the arrival, length
   * and departure rules say: the group calendar's question for one night of a longer stay.
   */
  nightOnly?: boolean;
  /**
   * Price only room types with a unit free for the stay (a search offers no other): the rest
   * are answered with their free units alone, unless a promotion's code must be judged on them.
   */
  sellableOnly?: boolean;
};

/** What a quote is computed from: a catalogue, its nightly prices over the stay and the units free for the whole stay per room type. */
export type StayStock = { catalogue: Catalogue; prices: NightlyPriceTable; freeUnits: ReadonlyMap<number, number> };

/** The stored promotion in the domain's terms. */
export function toDomainPromotion(row: PromotionRow): Promotion {
  return {
    Code: row.code,
    Name: row.name,
    DiscountPercent: row.discountPercent,
    DiscountAmountPerNight: row.discountAmountPerNight,
    RatePlans: row.ratePlanCodes,
    RoomTypes: row.roomTypeCodes,
    StayFrom: row.stayFrom,
    StayTo: row.stayTo,
    StayWeekdays: row.stayWeekdays,
    StayMonths: row.stayMonths,
    BookFrom: row.bookFrom,
    BookTo: row.bookTo,
    MinLengthOfStay: row.minLengthOfStay,
    Message: row.message,
  };
}

/**
 * Prices a stay at a property from its catalogue and rooms free in memory with the shared domain rules: every active
 * room type with its free units and the rate plans open for the whole stay (priced each
 * night, restrictions met, code-only plans only for their code), discounted by the promo code
 * where it applies. Search, the voucher check and Create all price through here.
 */
export async function quoteStay(availability: AvailabilityCaches, input: StayQuoteInput): Promise<StayQuote> {
  return quoteStock(await readStayStock(availability, input), input);
}

/** What quoteStay prices a stay from: the catalogue, the nightly prices of its nights and the units free for it. */
export async function readStayStock(availability: AvailabilityCaches, input: StayQuoteInput): Promise<StayStock> {
  const { id, inventoryVersion } = input.property;
  const versions = inventoryVersion === undefined ? await availability.reads.propertyVersions(id) : { ...input.property, inventoryVersion };
  if (!versions) throw notFound(`There is no property ${id}.`);
  // The departure day's row is read too: it may be closed to departure.
  const [{ catalogue, prices }, freeUnits] = await Promise.all([
    availability.catalogue.pricedCatalogue(input.property, input.from, input.to),
    availability.inventory.freeUnits(versions, input.from, input.to),
  ]);
  return { catalogue, prices, freeUnits };
}

/**
 * quoteStay's pricing on stock already read: a group search reads a property's prices and
 * rooms free once for a stretch of nights and quotes many stays on them.
 */
export function quoteStock({ catalogue, prices, freeUnits }: StayStock, input: StayQuoteInput): StayQuote {
  const stayNights = nightsOfStay(input.from, input.to);
  const promotion = input.promoCode?.trim() ? catalogue.promotions.get(input.promoCode.trim().toLowerCase()) : undefined;
  const domainPromotion = promotion && toDomainPromotion(promotion);
  const refusals = new Set<PromotionRefusal>();
  const wantedCode = input.ratePlanCode?.trim().toLowerCase();
  const daysAhead = daysBetween(input.today, input.from);

  const roomTypes = input.roomTypeIds
    ? catalogue.roomTypes.filter((roomType) => input.roomTypeIds!.includes(roomType.id))
    : catalogue.roomTypes;
  const quoted = roomTypes.map((roomType): QuotedRoomType => {
    const rates: QuotedRate[] = [];
    const closedRates: ClosedRate[] = [];
    const free = freeUnits.get(roomType.id) ?? 0;
    // With a code, a room type with no room free is quoted still: that the rooms the code
    // discounts are sold out is what the search then tells the guest (answeredPromoCode).
    if (input.sellableOnly && free === 0 && !promotion) return { roomType, freeUnits: free, rates, closedRates };
    for (const ratePlan of catalogue.ratePlans) {
      if (ratePlan.requiresCode && ratePlan.code.toLowerCase() !== wantedCode) continue;
      const rows = prices.series(ratePlan.id, roomType.id, stayNights);
      const refusal = input.nightOnly
        ? stayRefusal(rows.map((row) => row && { StopSell: row.restrictions.StopSell }))
        : stayRefusal(
            rows.map((row) => row?.restrictions),
            prices.restrictions(ratePlan.id, roomType.id, input.to),
            daysAhead,
          );
      if (refusal !== null) {
        if (rows[0]) {
          const restrictions = rows.map((row) => row?.restrictions);
          closedRates.push({
            ratePlanId: ratePlan.id,
            refusal,
            minLengthOfStay: minLengthOfStay(rows[0].restrictions),
            detail: restrictionDetail(refusal, restrictions, input.today),
          });
        }
        continue;
      }
      // Every night is priced (refusal is null): as the catalogue sells them, they are the undiscounted nights.
      let nights: readonly PricedNight[] = rows as NightlyPrice[];
      let appliedPromotion: PromotionRow | null = null;
      if (promotion && domainPromotion) {
        const outcome = applyPromotion(
          stayNights.map((date, i) => ({ date, prices: nights[i]!.prices })),
          domainPromotion,
          { today: input.today, from: input.from, to: input.to, ratePlanCode: ratePlan.code, roomTypeCode: roomType.code },
        );
        if (outcome.refusal === null) {
          nights = outcome.nights;
          appliedPromotion = promotion;
        } else {
          refusals.add(outcome.refusal);
        }
      }
      rates.push({
        ratePlan,
        nights,
        prices: sumNightlyPrices(nights.map((night) => night.prices)),
        promotion: appliedPromotion,
        minLengthOfStay: minLengthOfStay(rows[0]!.restrictions),
      });
    }
    return { roomType, freeUnits: free, rates, closedRates };
  });

  return { roomTypes: quoted, promoCode: { code: input.promoCode, promotion: domainPromotion ?? null, refusals } };
}
