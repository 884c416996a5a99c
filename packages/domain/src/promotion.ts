/**
 * Promotions (promo codes): which stays they apply to and how they discount a rate's nightly
 * components, keeping the Original* twins. The shape follows the definition file
 * (docs/property-definition.md), with
 * DiscountAmountPerNight in minor units.
 */
import { countNights, nightsOfStay, isWithin, type IsoDate } from './dates';
import { applyPercentDiscount, type Minor } from './money';
import { coversNight } from './night-selector';
import { PRICE_FIELDS, undiscountedNight, type PricedNight, type RatePrices } from './pricing';

/** A promotion as a property defines it. */
export interface Promotion {
  Code: string;
  Name?: string | null;
  /** Percent off every component of each covered night (0..100). */
  DiscountPercent?: number | null;
  /** Minor units off each covered night's whole room price, never below 0. */
  DiscountAmountPerNight?: Minor | null;
  /** Codes of the rate plans it applies to. */
  RatePlans: readonly string[];
  /** Codes of the room types it is limited to; absent or empty: every room type. */
  RoomTypes?: readonly string[] | null;
  StayFrom?: IsoDate | null;
  StayTo?: IsoDate | null;
  StayWeekdays?: readonly number[] | null;
  StayMonths?: readonly number[] | null;
  BookFrom?: IsoDate | null;
  BookTo?: IsoDate | null;
  MinLengthOfStay?: number | null;
  Message?: string | null;
}

/** The stay and the rate a promotion is asked about. */
export interface PromotionContext {
  /** Today in the property's zone (the booking date). */
  today: IsoDate;
  from: IsoDate;
  to: IsoDate;
  ratePlanCode: string;
  roomTypeCode: string;
}

/** Why a promotion does not apply. */
export type PromotionRefusal = 'RATE_PLAN' | 'ROOM_TYPE' | 'BOOKING_WINDOW' | 'MIN_LENGTH_OF_STAY' | 'NO_ELIGIBLE_NIGHT';

/** True when the promotion discounts this night of a stay. */
export function promotionCoversNight(promotion: Promotion, night: IsoDate): boolean {
  return coversNight(
    {
      From: promotion.StayFrom,
      To: promotion.StayTo,
      Weekdays: promotion.StayWeekdays,
      Months: promotion.StayMonths,
    },
    night,
  );
}

/** Why the promotion does not apply to this stay and rate, or null when it does. */
export function promotionRefusal(promotion: Promotion, context: PromotionContext): PromotionRefusal | null {
  if (!promotion.RatePlans.includes(context.ratePlanCode)) return 'RATE_PLAN';
  const roomTypes = promotion.RoomTypes;
  if (roomTypes != null && roomTypes.length > 0 && !roomTypes.includes(context.roomTypeCode)) {
    return 'ROOM_TYPE';
  }
  if (!isWithin(context.today, promotion.BookFrom, promotion.BookTo)) return 'BOOKING_WINDOW';
  if (countNights(context.from, context.to) < (promotion.MinLengthOfStay ?? 1)) {
    return 'MIN_LENGTH_OF_STAY';
  }
  const nights = nightsOfStay(context.from, context.to);
  if (!nights.some((night) => promotionCoversNight(promotion, night))) return 'NO_ELIGIBLE_NIGHT';
  return null;
}

/** The PromoCodeMessage explaining a refusal, or an unknown code when there is no promotion. */
export function promoCodeMessage(refusal: PromotionRefusal | 'UNKNOWN_CODE', promotion?: Promotion): string {
  switch (refusal) {
    case 'UNKNOWN_CODE':
      return 'The promo code you entered is not recognised.';
    case 'RATE_PLAN':
    case 'ROOM_TYPE':
      return 'This promo code does not apply to the rooms and rates available for your stay.';
    case 'BOOKING_WINDOW':
      return 'This promo code cannot be used for bookings made today.';
    case 'MIN_LENGTH_OF_STAY':
      return `This promo code needs a stay of at least ${promotion?.MinLengthOfStay ?? 1} nights.`;
    case 'NO_ELIGIBLE_NIGHT':
      return 'This promo code does not apply to your selected dates.';
  }
}

/**
 * One night after the promotion, twins untouched. A percentage comes off every component
 * (each rounded once); a fixed amount comes off the night's whole room price, whoever stays
 * and however the rate is built (BaseRate, per-person rates), never below 0.
 */
export function discountNight(prices: RatePrices, promotion: Promotion): PricedNight {
  let discounted = prices;
  if (promotion.DiscountPercent != null) {
    discounted = { ...prices };
    for (const field of PRICE_FIELDS) discounted[field] = applyPercentDiscount(prices[field], promotion.DiscountPercent);
  }
  return { prices: discounted, amountOff: Math.max(0, promotion.DiscountAmountPerNight ?? 0) };
}

/**
 * A stay's nights after the promotion: covered nights discounted, others unchanged. With a
 * refusal, every night is returned unchanged.
 */
export function applyPromotion(
  nights: readonly { date: IsoDate; prices: RatePrices }[],
  promotion: Promotion,
  context: PromotionContext,
): { refusal: PromotionRefusal | null; nights: PricedNight[] } {
  const refusal = promotionRefusal(promotion, context);
  return {
    refusal,
    nights: nights.map(({ date, prices }) =>
      refusal === null && promotionCoversNight(promotion, date) ? discountNight(prices, promotion) : undiscountedNight(prices),
    ),
  };
}
