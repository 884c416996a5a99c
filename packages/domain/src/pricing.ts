/**
 * Room prices from a rate's components (docs/pricing.md), stay sums with their Original*
 * twins, lowest rate, price per night and booking totals. All amounts are minor units.
 */
import { applyFixedDiscount, assertMinor, divideMinor, sumMinor, toMajor, type CurrencyCode, type Minor } from './money';
import type { Party } from './occupancy';

/** The money components of a rate, in the order the wire lists them. */
export const PRICE_FIELDS = [
  'BaseRate',
  'CostPerRoom',
  'CostPerAdult',
  'CostPerChild',
  'CostPerInfant',
  'PerPersonCostPerAdult',
  'PerPersonCostPerChild',
  'PerPersonCostPerInfant',
] as const;

/** One money component of a rate. */
export type PriceField = (typeof PRICE_FIELDS)[number];

/** The undiscounted twin of a money component. */
export type OriginalPriceField = `Original${PriceField}`;

/** The Original-prefixed twin of each component, in the same order. */
export const ORIGINAL_PRICE_FIELDS = PRICE_FIELDS.map((field) => `Original${field}` as const) as readonly OriginalPriceField[];

const SUMMED_FIELDS = [...PRICE_FIELDS, ...ORIGINAL_PRICE_FIELDS];

/** Adults included in the base rate when a price entry does not say (docs/property-definition.md). */
export const DEFAULT_BASE_NUMBER_OF_ADULTS = 2;

/** A rate's components for one night or summed over a stay (minor units). */
export type PriceComponents = Record<PriceField, Minor> & { BaseNumberOfAdults: number };

/** Components with their undiscounted Original* twins. */
export type RatePrices = PriceComponents & Record<OriginalPriceField, Minor>;

/**
 * A rate's undiscounted components: its Original* twins under the plain names. Written out
 * field by field, as the functions below that an uncached search runs thousands of times per
 * answer: an object literal of one shape is several times faster than keys computed in a loop.
 */
export function originalsOf(prices: RatePrices): PriceComponents {
  return {
    BaseRate: prices.OriginalBaseRate,
    BaseNumberOfAdults: prices.BaseNumberOfAdults,
    CostPerRoom: prices.OriginalCostPerRoom,
    CostPerAdult: prices.OriginalCostPerAdult,
    CostPerChild: prices.OriginalCostPerChild,
    CostPerInfant: prices.OriginalCostPerInfant,
    PerPersonCostPerAdult: prices.OriginalPerPersonCostPerAdult,
    PerPersonCostPerChild: prices.OriginalPerPersonCostPerChild,
    PerPersonCostPerInfant: prices.OriginalPerPersonCostPerInfant,
  };
}

/** A rate's components as charged, without their Original* twins (what a booked room keeps beside `originalsOf`). */
export function componentsOf(prices: RatePrices): PriceComponents {
  const current = { BaseNumberOfAdults: prices.BaseNumberOfAdults } as PriceComponents;
  for (const field of PRICE_FIELDS) current[field] = prices[field];
  return current;
}

/** The price of one room for a party (the room price rule, docs/pricing.md). */
export function roomPrice(prices: PriceComponents, party: Party): Minor {
  return partyPrice(
    party,
    prices.BaseNumberOfAdults,
    prices.BaseRate,
    prices.CostPerRoom,
    prices.CostPerAdult,
    prices.CostPerChild,
    prices.CostPerInfant,
    prices.PerPersonCostPerAdult,
    prices.PerPersonCostPerChild,
    prices.PerPersonCostPerInfant,
  );
}

/** The undiscounted price of one room for a party, from the Original* twins. */
export function originalRoomPrice(prices: RatePrices, party: Party): Minor {
  return partyPrice(
    party,
    prices.BaseNumberOfAdults,
    prices.OriginalBaseRate,
    prices.OriginalCostPerRoom,
    prices.OriginalCostPerAdult,
    prices.OriginalCostPerChild,
    prices.OriginalCostPerInfant,
    prices.OriginalPerPersonCostPerAdult,
    prices.OriginalPerPersonCostPerChild,
    prices.OriginalPerPersonCostPerInfant,
  );
}

/**
 * The room price rule on the components as numbers: an uncached search prices every night of
 * every rate for every room, and a components object per call (for the Original* twins) was
 * a fifth of the garbage it made.
 */
function partyPrice(
  party: Party,
  baseNumberOfAdults: number,
  baseRate: Minor,
  costPerRoom: Minor,
  costPerAdult: Minor,
  costPerChild: Minor,
  costPerInfant: Minor,
  perPersonCostPerAdult: Minor,
  perPersonCostPerChild: Minor,
  perPersonCostPerInfant: Minor,
): Minor {
  const adults = party.NumberOfAdults;
  const children = party.NumberOfChildren;
  const infants = party.NumberOfInfants;
  const adultsBeyondBase = Math.max(0, adults - baseNumberOfAdults);
  // With no adult, the first child takes the room like an adult does and is not charged.
  const chargedChildren = adults === 0 && children > 0 ? children - 1 : children;
  return assertMinor(
    baseRate +
      costPerRoom +
      costPerAdult * adultsBeyondBase +
      costPerChild * chargedChildren +
      costPerInfant * infants +
      perPersonCostPerAdult * adults +
      perPersonCostPerChild * children +
      perPersonCostPerInfant * infants,
  );
}

/** Components with Original* twins equal to them: a price before any promotion. */
export function withOriginals(prices: PriceComponents): RatePrices {
  return {
    BaseRate: prices.BaseRate,
    BaseNumberOfAdults: prices.BaseNumberOfAdults,
    CostPerRoom: prices.CostPerRoom,
    CostPerAdult: prices.CostPerAdult,
    CostPerChild: prices.CostPerChild,
    CostPerInfant: prices.CostPerInfant,
    PerPersonCostPerAdult: prices.PerPersonCostPerAdult,
    PerPersonCostPerChild: prices.PerPersonCostPerChild,
    PerPersonCostPerInfant: prices.PerPersonCostPerInfant,
    OriginalBaseRate: prices.BaseRate,
    OriginalCostPerRoom: prices.CostPerRoom,
    OriginalCostPerAdult: prices.CostPerAdult,
    OriginalCostPerChild: prices.CostPerChild,
    OriginalCostPerInfant: prices.CostPerInfant,
    OriginalPerPersonCostPerAdult: prices.PerPersonCostPerAdult,
    OriginalPerPersonCostPerChild: prices.PerPersonCostPerChild,
    OriginalPerPersonCostPerInfant: prices.PerPersonCostPerInfant,
  };
}

/**
 * One night of a rate as sold: its components (after any percentage promotion, Original*
 * twins untouched) and the fixed amount a promotion takes off that night's room price.
 */
export interface PricedNight {
  prices: RatePrices;
  /** Minor units off the night's whole room price, whoever stays; the price never goes below 0. */
  amountOff: Minor;
}

/** A night at its undiscounted price. */
export function undiscountedNight(prices: RatePrices): PricedNight {
  return { prices, amountOff: 0 };
}

/** What one room costs for a stay, and what it would cost without the promotion. */
export interface RoomCost {
  total: Minor;
  original: Minor;
}

/**
 * The price of a room for a party over a stay: the sum of each night's room price, each with
 * that night's own BaseNumberOfAdults and less that night's fixed discount (never below 0);
 * `original` the same sum before any promotion.
 */
export function stayRoomCost(nights: readonly PricedNight[], party: Party): RoomCost {
  let total = 0;
  let original = 0;
  for (const night of nights) {
    total += applyFixedDiscount(roomPrice(night.prices, party), night.amountOff);
    original += originalRoomPrice(night.prices, party);
  }
  return { total: assertMinor(total), original: assertMinor(original) };
}

/** Each night's room price for a party (what `stayRoomCost` adds up), in the stay's order. */
export function nightlyRoomPrices(nights: readonly PricedNight[], party: Party): Minor[] {
  return nights.map((night) => applyFixedDiscount(roomPrice(night.prices, party), night.amountOff));
}

/**
 * Sums nightly components and their twins over a stay, as a search answers a rate's
 * components. BaseNumberOfAdults is the arrival night's: when nights differ in it, or a fixed
 * discount applies, the room-price rule on these sums is not the stay's price, which
 * `stayRoomCost` gives (docs/pricing.md).
 */
export function sumNightlyPrices(nights: readonly RatePrices[]): RatePrices {
  const first = nights[0];
  if (first === undefined) throw new RangeError('A stay has at least one night');
  const total: RatePrices = { ...first };
  for (let night = 1; night < nights.length; night += 1) {
    const add = nights[night]!;
    total.BaseRate += add.BaseRate;
    total.CostPerRoom += add.CostPerRoom;
    total.CostPerAdult += add.CostPerAdult;
    total.CostPerChild += add.CostPerChild;
    total.CostPerInfant += add.CostPerInfant;
    total.PerPersonCostPerAdult += add.PerPersonCostPerAdult;
    total.PerPersonCostPerChild += add.PerPersonCostPerChild;
    total.PerPersonCostPerInfant += add.PerPersonCostPerInfant;
    total.OriginalBaseRate += add.OriginalBaseRate;
    total.OriginalCostPerRoom += add.OriginalCostPerRoom;
    total.OriginalCostPerAdult += add.OriginalCostPerAdult;
    total.OriginalCostPerChild += add.OriginalCostPerChild;
    total.OriginalCostPerInfant += add.OriginalCostPerInfant;
    total.OriginalPerPersonCostPerAdult += add.OriginalPerPersonCostPerAdult;
    total.OriginalPerPersonCostPerChild += add.OriginalPerPersonCostPerChild;
    total.OriginalPerPersonCostPerInfant += add.OriginalPerPersonCostPerInfant;
  }
  for (const field of SUMMED_FIELDS) assertMinor(total[field]);
  return total;
}

/** Writes components and twins in major units of the rate's currency for the wire. */
export function pricesToWire(
  prices: RatePrices,
  currency: CurrencyCode,
): Record<PriceField | OriginalPriceField, number> & {
  BaseNumberOfAdults: number;
} {
  return {
    BaseRate: toMajor(prices.BaseRate, currency),
    BaseNumberOfAdults: prices.BaseNumberOfAdults,
    CostPerRoom: toMajor(prices.CostPerRoom, currency),
    CostPerAdult: toMajor(prices.CostPerAdult, currency),
    CostPerChild: toMajor(prices.CostPerChild, currency),
    CostPerInfant: toMajor(prices.CostPerInfant, currency),
    PerPersonCostPerAdult: toMajor(prices.PerPersonCostPerAdult, currency),
    PerPersonCostPerChild: toMajor(prices.PerPersonCostPerChild, currency),
    PerPersonCostPerInfant: toMajor(prices.PerPersonCostPerInfant, currency),
    OriginalBaseRate: toMajor(prices.OriginalBaseRate, currency),
    OriginalCostPerRoom: toMajor(prices.OriginalCostPerRoom, currency),
    OriginalCostPerAdult: toMajor(prices.OriginalCostPerAdult, currency),
    OriginalCostPerChild: toMajor(prices.OriginalCostPerChild, currency),
    OriginalCostPerInfant: toMajor(prices.OriginalCostPerInfant, currency),
    OriginalPerPersonCostPerAdult: toMajor(prices.OriginalPerPersonCostPerAdult, currency),
    OriginalPerPersonCostPerChild: toMajor(prices.OriginalPerPersonCostPerChild, currency),
    OriginalPerPersonCostPerInfant: toMajor(prices.OriginalPerPersonCostPerInfant, currency),
  };
}

/** Price per night = total / nights, rounded once. */
export function pricePerNight(total: Minor, nights: number): Minor {
  if (!Number.isInteger(nights) || nights < 1) throw new RangeError(`Invalid nights: ${nights}`);
  return divideMinor(total, nights);
}

/** A room type's lowest stay price and the undiscounted price of that same rate. */
export interface LowestRate {
  LowestRate: Minor;
  OriginalLowestRate: Minor;
}

/**
 * The lowest stay price among the rates that fit each searched room, summed over the rooms
 * that have one; null when none has. `perRoom[i]` holds what room i costs on each rate its
 * party fits.
 */
export function lowestRate(perRoom: readonly (readonly RoomCost[])[]): LowestRate | null {
  let lowest = 0;
  let original = 0;
  let rooms = 0;
  for (const costs of perRoom) {
    let cheapest: RoomCost | undefined;
    for (const cost of costs) if (cheapest === undefined || cost.total < cheapest.total) cheapest = cost;
    if (cheapest === undefined) continue;
    lowest += cheapest.total;
    original += cheapest.original;
    rooms += 1;
  }
  return rooms === 0 ? null : { LowestRate: assertMinor(lowest), OriginalLowestRate: assertMinor(original) };
}

/** Total cost = rooms + extras - gift discount, never below 0. */
export function bookingTotal(input: { rooms: Minor; extras: Minor; giftDiscount?: Minor }): Minor {
  return Math.max(0, sumMinor([input.rooms, input.extras]) - Math.max(0, input.giftDiscount ?? 0));
}

/** What a gift voucher takes off: at most its balance, at most the total. */
export function giftVoucherDiscount(balance: Minor, total: Minor): Minor {
  return Math.max(0, Math.min(balance, total));
}

/** What an upgrade costs on top of the current room: upgrade price - current price. */
export function upgradePriceDifference(currentPrice: Minor, upgradePrice: Minor): Minor {
  return upgradePrice - currentPrice;
}
