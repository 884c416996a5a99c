import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coversNight, entryForNight } from '../src/night-selector';
import {
  applyPromotion,
  discountNight,
  promoCodeMessage,
  promoCodeOutcome,
  promotionCoversNight,
  promotionRefusal,
  type Promotion,
  type PromotionContext,
} from '../src/promotion';
import { stayRoomCost } from '../src/pricing';
import { partyArbitrary, ratePricesArbitrary } from './arbitraries';
import { pricesFromWire } from './wire-prices';

// SPRING10 of property-definition.example.json
const spring: Promotion = {
  Code: 'SPRING10',
  DiscountPercent: 10,
  RatePlans: ['BAR'],
  StayMonths: [3, 4, 5],
  MinLengthOfStay: 2,
};

const stay = (from: string, to: string, change: Partial<PromotionContext> = {}): PromotionContext => ({
  today: '2027-01-10',
  from,
  to,
  ratePlanCode: 'BAR',
  roomTypeCode: 'DBL',
  ...change,
});

describe('night selectors (From/To inclusive, ISO Weekdays, Months)', () => {
  it.each([
    [{}, '2027-06-01', true],
    [{ From: '2027-06-01', To: '2027-06-30' }, '2027-06-30', true],
    [{ From: '2027-06-01', To: '2027-06-30' }, '2027-07-01', false],
    [{ Weekdays: [5, 6] }, '2027-06-04', true], // a Friday
    [{ Weekdays: [5, 6] }, '2027-06-06', false], // a Sunday
    [{ Months: [7, 8] }, '2027-08-31', true],
    [{ Months: [7, 8] }, '2027-09-01', false],
    [{ From: '2027-01-01', Weekdays: [1], Months: [3] }, '2027-03-01', true],
  ])('%o covers %s: %s', (selector, night, covered) => {
    expect(coversNight(selector, night)).toBe(covered);
  });

  it('prices a night with the last entry covering it: base prices first, seasons after', () => {
    const entries = [{ name: 'base' }, { name: 'weekend', Weekdays: [5, 6] }, { name: 'summer', Months: [7, 8] }];
    expect(entryForNight(entries, '2027-06-02')?.name).toBe('base');
    expect(entryForNight(entries, '2027-06-04')?.name).toBe('weekend');
    expect(entryForNight(entries, '2027-07-02')?.name).toBe('summer'); // a Friday in July
    expect(entryForNight([{ From: '2028-01-01' }], '2027-07-02')).toBeUndefined();
  });
});

describe('promotion eligibility', () => {
  it.each([
    [spring, stay('2027-04-01', '2027-04-03'), null, 'spring stay of two nights'],
    [spring, stay('2027-05-31', '2027-06-02'), null, 'one night in May is enough to apply'],
    [spring, stay('2027-06-01', '2027-06-03'), 'NO_ELIGIBLE_NIGHT', 'no night in the stay months'],
    [spring, stay('2027-04-01', '2027-04-02'), 'MIN_LENGTH_OF_STAY', 'one night is below the minimum stay'],
    [spring, stay('2027-04-01', '2027-04-03', { ratePlanCode: 'NRF' }), 'RATE_PLAN', 'another rate plan'],
    [{ ...spring, RoomTypes: ['SUP'] }, stay('2027-04-01', '2027-04-03'), 'ROOM_TYPE', 'limited to other room types'],
    [{ ...spring, RoomTypes: [] }, stay('2027-04-01', '2027-04-03'), null, 'an empty room type list limits nothing'],
    [{ ...spring, BookFrom: '2027-02-01' }, stay('2027-04-01', '2027-04-03'), 'BOOKING_WINDOW', 'booked too early'],
    [{ ...spring, BookTo: '2027-01-09' }, stay('2027-04-01', '2027-04-03'), 'BOOKING_WINDOW', 'booked too late'],
    [{ ...spring, BookTo: '2027-01-10' }, stay('2027-04-01', '2027-04-03'), null, 'the booking window is inclusive'],
    [{ ...spring, StayWeekdays: [6, 7] }, stay('2027-04-05', '2027-04-07'), 'NO_ELIGIBLE_NIGHT', 'weekend nights only'],
    [{ ...spring, StayFrom: '2027-04-10', StayTo: '2027-04-12' }, stay('2027-04-12', '2027-04-14'), null, 'a night on the last stay date'],
  ])('%#: %s (%s)', (promotion: Promotion, context: PromotionContext, refusal: string | null, _reason: string) => {
    expect(promotionRefusal(promotion, context)).toBe(refusal);
  });

  it('explains each refusal in the PromoCodeMessage', () => {
    expect(promoCodeMessage('MIN_LENGTH_OF_STAY', spring)).toBe('This promo code needs a stay of at least 2 nights.');
    expect(promoCodeMessage('MIN_LENGTH_OF_STAY')).toContain('at least 1 nights');
    const refusals = [
      'UNKNOWN_CODE',
      'RATE_PLAN',
      'ROOM_TYPE',
      'BOOKING_WINDOW',
      'NO_ELIGIBLE_NIGHT',
      'PARTY_DOES_NOT_FIT',
      'SOLD_OUT',
    ] as const;
    for (const refusal of refusals) expect(promoCodeMessage(refusal)).toMatch(/promo code/);
  });
});

describe('what a search answers about its promo code (promoCodeOutcome)', () => {
  const withMessage: Promotion = { ...spring, Message: '10% off in spring' };
  const outcome = (answeredRateTakesCode: boolean, refusals: Parameters<typeof promoCodeOutcome>[0]['refusals'] = new Set()) =>
    promoCodeOutcome({ code: 'spring10', promotion: withMessage, answeredRateTakesCode, refusals });

  it('is valid, with the promotion’s message, only when a rate the search answers took the code', () => {
    expect(outcome(true, new Set(['ROOM_TYPE']))).toEqual({ isValid: true, message: '10% off in spring' });
    expect(
      promoCodeOutcome({ code: 'x', promotion: { ...spring, Message: '' }, answeredRateTakesCode: true, refusals: new Set() }),
    ).toEqual({
      isValid: true,
      message: null,
    });
  });

  it('is invalid when the rates that took the code are all left out of the answer, saying why', () => {
    expect(outcome(false, new Set(['PARTY_DOES_NOT_FIT', 'ROOM_TYPE']))).toEqual({
      isValid: false,
      message: 'This promo code applies only to rooms that cannot take your guests.',
    });
    expect(outcome(false, new Set(['SOLD_OUT', 'RATE_PLAN']))).toEqual({
      isValid: false,
      message: 'This promo code applies only to rooms that are sold out for your dates.',
    });
  });

  it.each([
    [['RATE_PLAN', 'ROOM_TYPE', 'MIN_LENGTH_OF_STAY'], 'This promo code needs a stay of at least 2 nights.'],
    [['RATE_PLAN', 'NO_ELIGIBLE_NIGHT', 'BOOKING_WINDOW'], 'This promo code does not apply to your selected dates.'],
    [['ROOM_TYPE', 'BOOKING_WINDOW'], 'This promo code cannot be used for bookings made today.'],
    [['SOLD_OUT', 'PARTY_DOES_NOT_FIT'], 'This promo code applies only to rooms that cannot take your guests.'],
    [['RATE_PLAN', 'SOLD_OUT'], 'This promo code applies only to rooms that are sold out for your dates.'],
    [['RATE_PLAN'], 'This promo code does not apply to the rooms and rates available for your stay.'],
    [[], 'This promo code does not apply to your selected dates.'],
  ] as const)('%#: of %j, tells %s', (refusals, message) => {
    expect(outcome(false, new Set(refusals))).toEqual({ isValid: false, message });
  });

  it('is invalid for an unknown code, and null without a code', () => {
    expect(promoCodeOutcome({ code: 'NOPE', promotion: undefined, answeredRateTakesCode: false, refusals: new Set() })).toEqual({
      isValid: false,
      message: 'The promo code you entered is not recognised.',
    });
    for (const code of [null, undefined, '', '  '])
      expect(promoCodeOutcome({ code, promotion: withMessage, answeredRateTakesCode: true, refusals: new Set() })).toEqual({
        isValid: null,
        message: null,
      });
  });
});

describe('discounts per night, Original* twins untouched', () => {
  const night = pricesFromWire({ BaseRate: 110, CostPerRoom: 5, CostPerAdult: 25, CostPerChild: 15 });

  it('takes a percentage off every component, rounding each once', () => {
    const { prices: discounted, amountOff } = discountNight(night, { ...spring, DiscountPercent: 15 });
    expect(discounted.BaseRate).toBe(9350);
    expect(discounted.CostPerRoom).toBe(425);
    expect(discounted.CostPerAdult).toBe(2125);
    expect(discounted.OriginalBaseRate).toBe(11000);
    expect(amountOff).toBe(0);
  });

  it('keeps a percentage with three decimals exact: 33.333 % off 200 leaves 133.33', () => {
    // 20000 x 33.333 / 100 = 6666.6 -> 6667 off, rounded once; 20000 - 6667 = 13333.
    const { prices } = discountNight(pricesFromWire({ BaseRate: 200 }), { ...spring, DiscountPercent: 33.333 });
    expect(prices.BaseRate).toBe(13333);
    // 12.345 % off 200: 20000 x 12.345 / 100 = 2469 exactly; 20000 - 2469 = 17531.
    expect(discountNight(pricesFromWire({ BaseRate: 200 }), { ...spring, DiscountPercent: 12.345 }).prices.BaseRate).toBe(17531);
  });

  it("leaves the components of a fixed discount alone: the amount comes off the night's whole room price", () => {
    const fixed = discountNight(night, { Code: 'X', RatePlans: ['BAR'], DiscountAmountPerNight: 2000 });
    expect(fixed.prices).toEqual(night);
    expect(fixed.amountOff).toBe(2000);
    // 110 + 5 per room + 25 for the third adult = 140; 20 off = 120.
    expect(stayRoomCost([fixed], { NumberOfAdults: 3, NumberOfChildren: 0, NumberOfInfants: 0 }).total).toBe(12000);
  });

  it('discounts only the covered nights of an eligible stay', () => {
    const nights = [
      { date: '2027-05-30', prices: night },
      { date: '2027-05-31', prices: night },
      { date: '2027-06-01', prices: night },
    ];
    const result = applyPromotion(nights, spring, stay('2027-05-30', '2027-06-02'));
    expect(result.refusal).toBeNull();
    expect(result.nights.map((priced) => priced.prices.BaseRate)).toEqual([9900, 9900, 11000]);
    const refused = applyPromotion(nights, spring, stay('2027-05-30', '2027-06-02', { ratePlanCode: 'CORP' }));
    expect(refused.refusal).toBe('RATE_PLAN');
    expect(refused.nights.map((priced) => priced.prices.BaseRate)).toEqual([11000, 11000, 11000]);
    expect(promotionCoversNight(spring, '2027-06-01')).toBe(false);
  });

  it('a discounted price is never below 0 nor above the original', () => {
    const promotionArbitrary = fc.record({
      Code: fc.constant('P'),
      RatePlans: fc.constant(['BAR']),
      DiscountPercent: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
      DiscountAmountPerNight: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }).chain((base) => fc.array(ratePricesArbitrary(base), { minLength: 1, maxLength: 14 })),
        promotionArbitrary,
        partyArbitrary,
        (nights, promotion, guests) => {
          const discounted = nights.map((prices) => discountNight(prices, promotion));
          for (const night of discounted) {
            const { total, original } = stayRoomCost([night], guests);
            expect(total).toBeGreaterThanOrEqual(0);
            expect(total).toBeLessThanOrEqual(original);
          }
          const stay = stayRoomCost(discounted, guests);
          expect(stay.total).toBeLessThanOrEqual(stay.original);
          expect(stay.total).toBe(discounted.reduce((total, night) => total + stayRoomCost([night], guests).total, 0));
        },
      ),
    );
  });
});
