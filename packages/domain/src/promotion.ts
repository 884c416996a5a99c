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

/**
 * Why a search's promo code discounts no rate the search answers: the code is unknown, the
 * promotion refuses the stay or every rate (PromotionRefusal), or the rates it does discount
 * are not offered, because no searched party fits them or their room type has no room left.
 */
export type PromoCodeRefusal = PromotionRefusal | 'UNKNOWN_CODE' | 'PARTY_DOES_NOT_FIT' | 'SOLD_OUT';

/** The PromoCodeMessage explaining a refusal; the promotion gives a minimum stay its number. */
export function promoCodeMessage(refusal: PromoCodeRefusal, promotion?: Promotion): string {
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
    case 'PARTY_DOES_NOT_FIT':
      return 'This promo code applies only to rooms that cannot take your guests.';
    case 'SOLD_OUT':
      return 'This promo code applies only to rooms that are sold out for your dates.';
  }
}

// The most useful reason first: what the guest can change about the stay, then about the rooms
// searched, then that the code is simply not for this hotel's rooms and rates.
const PROMO_CODE_REFUSAL_ORDER: readonly PromoCodeRefusal[] = [
  'MIN_LENGTH_OF_STAY',
  'NO_ELIGIBLE_NIGHT',
  'BOOKING_WINDOW',
  'PARTY_DOES_NOT_FIT',
  'SOLD_OUT',
  'ROOM_TYPE',
  'RATE_PLAN',
];

/** What a search answers about its promo code: IsPromoCodeValid and PromoCodeMessage. */
export type PromoCodeOutcome = { isValid: boolean | null; message: string | null };

/**
 * What a search answers about its promo code. Valid, with the promotion's own message, only
 * when a rate the answer offers took the code: a code that discounts only rates the answer
 * leaves out (no room left, no searched party fits) buys the guest nothing. Otherwise invalid
 * with the most useful of the reasons seen; none seen (no rate open at all) reads as the dates.
 * Without a code, both are null.
 */
export function promoCodeOutcome(search: {
  code: string | null | undefined;
  /** The property's promotion with that code; absent for an unknown code. */
  promotion: Promotion | null | undefined;
  /** A rate the answer offers (a room free, a searched party fitting it) was discounted by the promotion. */
  answeredRateTakesCode: boolean;
  /** Why the other rates quoted for the stay did not take it, or were left out of the answer. */
  refusals: ReadonlySet<PromoCodeRefusal>;
}): PromoCodeOutcome {
  if (!search.code?.trim()) return { isValid: null, message: null };
  if (!search.promotion) return { isValid: false, message: promoCodeMessage('UNKNOWN_CODE') };
  if (search.answeredRateTakesCode) return { isValid: true, message: search.promotion.Message || null };
  const refusal = PROMO_CODE_REFUSAL_ORDER.find((reason) => search.refusals.has(reason)) ?? 'NO_ELIGIBLE_NIGHT';
  return { isValid: false, message: promoCodeMessage(refusal, search.promotion) };
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
