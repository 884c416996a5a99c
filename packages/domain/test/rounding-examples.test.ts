import { describe, expect, it } from 'vitest';
import { discountNight } from '../src/promotion';
import { stayRoomCost } from '../src/pricing';
import { serviceCost } from '../src/services';
import { splitGross, totalToPay, vatOfTotal } from '../src/vat';
import { pricesFromWire } from './wire-prices';

// The examples docs/pricing.md (Rounding) works by hand, in pence: a figure on a half-penny is
// rounded half away from zero, and a percentage promotion rounds the discount, not the price.

const adults = (count: number) => ({ NumberOfAdults: count, NumberOfChildren: 0, NumberOfInfants: 0 });
const tenPercentOff = { Code: 'TEN', DiscountPercent: 10, RatePlans: ['BAR'] };

describe('rounding on a half-penny, as docs/pricing.md works it', () => {
  it('a percentage promotion rounds the discount: 10 % off 10.05 takes 1.01 (1.005), leaving 9.04, each night on its own', () => {
    const night = discountNight(pricesFromWire({ BaseRate: 10.05 }), tenPercentOff);
    expect(night.prices.BaseRate).toBe(904);
    expect(night.prices.OriginalBaseRate).toBe(1005);
    // Three nights: 3 x 9.04 = 27.12, where 10 % off their 30.15 (3.015, rounded to 3.02) would leave 27.13.
    expect(stayRoomCost([night, night, night], adults(2))).toEqual({ total: 2712, original: 3015 });
  });

  it('a per-person price is discounted before it is multiplied by the guests: 9.04 x 3 adults x 2 nights = 54.24', () => {
    const night = discountNight(pricesFromWire({ BaseRate: 0, PerPersonCostPerAdult: 10.05 }), tenPercentOff);
    expect(night.prices.PerPersonCostPerAdult).toBe(904);
    expect(stayRoomCost([night, night], adults(3))).toEqual({ total: 5424, original: 6030 });
  });

  it('VAT included in the prices: 10.05 at 20 % holds 1.675, rounded to 1.68, net 8.37', () => {
    expect(splitGross(1005, 20)).toEqual({ net: 837, vat: 168, gross: 1005 });
  });

  it('VAT added to the prices: 10.10 at 5 % adds 0.505, rounded to 0.51, and the guest pays 10.61', () => {
    const vat = vatOfTotal(1010, { rate: 5, isTaxExclusive: true });
    expect(vat).toBe(51);
    expect(totalToPay(1010, vat, true)).toBe(1061);
  });

  it('a per-person extra is never rounded: 12.45 x 3 nights x 3 guests = 112.05, whose VAT at 20 % included is 18.68 (18.675)', () => {
    const breakfast = { ChargeType: 'PerDay', ChargePerPerson: true, Articles: [{ Price: 1245 }] } as const;
    const cost = serviceCost(breakfast, { nights: 3, quantity: 1, party: { NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 1 } });
    expect(cost).toBe(11205);
    expect(vatOfTotal(cost, { rate: 20, isTaxExclusive: false })).toBe(1868);
  });
});
