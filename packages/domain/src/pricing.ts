/**
 * Room prices from a rate's components (spec section 9), stay sums with their Original*
 * twins, lowest rate, price per night and booking totals. All amounts are minor units.
 */
import { assertMinor, divideMinor, sumMinor, toMajor, toMinor, type Minor } from './money';
import { fitsOccupancy, fitsRoomTypeAndRate, type OccupancyLimits, type Party, type RateOccupancy } from './occupancy';

/** The money components of a rate, in the order the spec names them. */
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

/** Adults included in the base rate when a price entry does not say (property-definition.md). */
export const DEFAULT_BASE_NUMBER_OF_ADULTS = 2;

/** A rate's components for one night or summed over a stay (minor units). */
export type PriceComponents = Record<PriceField, Minor> & { BaseNumberOfAdults: number };

/** Components with their undiscounted Original* twins. */
export type RatePrices = PriceComponents & Record<OriginalPriceField, Minor>;

/** Components as they travel on the wire: major units, any of them possibly absent. */
export type WirePrices = Partial<Record<PriceField | OriginalPriceField, number | null>> & {
  BaseNumberOfAdults?: number | null;
};

/** A rate's undiscounted components: its Original* twins under the plain names. */
export function originalsOf(prices: RatePrices): PriceComponents {
  const original = { BaseNumberOfAdults: prices.BaseNumberOfAdults } as PriceComponents;
  for (const field of PRICE_FIELDS) original[field] = prices[`Original${field}`];
  return original;
}

/** A rate's components as charged, without their Original* twins (what a booked room keeps beside `originalsOf`). */
export function componentsOf(prices: RatePrices): PriceComponents {
  const current = { BaseNumberOfAdults: prices.BaseNumberOfAdults } as PriceComponents;
  for (const field of PRICE_FIELDS) current[field] = prices[field];
  return current;
}

/** The price of one room for a party (spec section 9's room price rule). */
export function roomPrice(prices: PriceComponents, party: Party): Minor {
  const adults = party.NumberOfAdults;
  const children = party.NumberOfChildren;
  const infants = party.NumberOfInfants;
  const adultsBeyondBase = Math.max(0, adults - prices.BaseNumberOfAdults);
  // With no adult, the first child takes the room like an adult does and is not charged.
  const chargedChildren = adults === 0 && children > 0 ? children - 1 : children;
  return assertMinor(
    prices.BaseRate +
      prices.CostPerRoom +
      prices.CostPerAdult * adultsBeyondBase +
      prices.CostPerChild * chargedChildren +
      prices.CostPerInfant * infants +
      prices.PerPersonCostPerAdult * adults +
      prices.PerPersonCostPerChild * children +
      prices.PerPersonCostPerInfant * infants,
  );
}

/** The undiscounted price of one room for a party, from the Original* twins. */
export function originalRoomPrice(prices: RatePrices, party: Party): Minor {
  return roomPrice(originalsOf(prices), party);
}

/**
 * Components with Original* twins equal to them: a price before any promotion. Written out
 * field by field: an uncached search builds thousands of these, and an object literal of one
 * shape is several times faster than spreading and adding computed keys.
 */
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

/** A stay's price: the sum of each night's room price. */
export function stayPrice(nights: readonly PriceComponents[], party: Party): Minor {
  return sumMinor(nights.map((night) => roomPrice(night, party)));
}

/**
 * Sums nightly components (and their twins) so that roomPrice(sum) equals the sum of the
 * nightly room prices for every party. That holds only when the nights share
 * BaseNumberOfAdults, so nights that differ (or no nights) give null: such a rate cannot be
 * answered as one set of components.
 */
export function sumNightlyPrices(nights: readonly RatePrices[]): RatePrices | null {
  const first = nights[0];
  if (first === undefined) return null;
  if (nights.some((night) => night.BaseNumberOfAdults !== first.BaseNumberOfAdults)) return null;
  const total = { BaseNumberOfAdults: first.BaseNumberOfAdults } as RatePrices;
  for (const field of SUMMED_FIELDS) {
    let sum = 0;
    for (const night of nights) sum += assertMinor(night[field]);
    total[field] = assertMinor(sum);
  }
  return total;
}

/**
 * Reads wire (or definition) components in major units: an absent component is 0, an absent
 * twin equals its component, BaseNumberOfAdults defaults to 2.
 */
export function pricesFromWire(wire: WirePrices): RatePrices {
  const prices = {
    BaseNumberOfAdults: wire.BaseNumberOfAdults ?? DEFAULT_BASE_NUMBER_OF_ADULTS,
  } as RatePrices;
  for (const field of PRICE_FIELDS) {
    prices[field] = toMinor(wire[field] ?? 0);
    prices[`Original${field}`] = toMinor(wire[`Original${field}`] ?? wire[field] ?? 0);
  }
  return prices;
}

/** Writes components and twins in major units for the wire. */
export function pricesToWire(prices: RatePrices): Record<PriceField | OriginalPriceField, number> & {
  BaseNumberOfAdults: number;
} {
  const wire = { BaseNumberOfAdults: prices.BaseNumberOfAdults } as Record<PriceField | OriginalPriceField, number> & {
    BaseNumberOfAdults: number;
  };
  for (const field of [...PRICE_FIELDS, ...ORIGINAL_PRICE_FIELDS]) wire[field] = toMajor(prices[field]);
  return wire;
}

/** Price per night = total / nights, rounded once (spec section 9). */
export function pricePerNight(total: Minor, nights: number): Minor {
  if (!Number.isInteger(nights) || nights < 1) throw new RangeError(`Invalid nights: ${nights}`);
  return divideMinor(total, nights);
}

/** A rate priced for a stay, with the occupancy it may be sold at. */
export type PricedRate = RatePrices & RateOccupancy;

/** A room type's lowest stay price and the undiscounted price of that same rate. */
export interface LowestRate {
  LowestRate: Minor;
  OriginalLowestRate: Minor;
}

/**
 * The lowest stay price among the rates that fit each searched room, summed over the rooms
 * the room type fits (spec section 9); null when it fits none of them.
 */
export function lowestRate(input: {
  roomType: OccupancyLimits;
  rates: readonly PricedRate[];
  parties: readonly Party[];
}): LowestRate | null {
  const perRoom = input.parties.flatMap((party) => {
    if (!fitsOccupancy(party, input.roomType)) return [];
    const prices = input.rates
      .filter((rate) => fitsRoomTypeAndRate(party, input.roomType, rate))
      .map((rate) => ({
        LowestRate: roomPrice(rate, party),
        OriginalLowestRate: originalRoomPrice(rate, party),
      }))
      .sort((a, b) => a.LowestRate - b.LowestRate);
    return prices.slice(0, 1);
  });
  if (perRoom.length === 0) return null;
  return {
    LowestRate: sumMinor(perRoom.map((room) => room.LowestRate)),
    OriginalLowestRate: sumMinor(perRoom.map((room) => room.OriginalLowestRate)),
  };
}

/** Total cost = rooms + extras - gift discount, never below 0 (spec section 9). */
export function bookingTotal(input: { rooms: Minor; extras: Minor; giftDiscount?: Minor }): Minor {
  return Math.max(0, sumMinor([input.rooms, input.extras]) - Math.max(0, input.giftDiscount ?? 0));
}

/** What a gift voucher takes off: at most its balance, at most the total (DOMAIN.md). */
export function giftVoucherDiscount(balance: Minor, total: Minor): Minor {
  return Math.max(0, Math.min(balance, total));
}

/** What an upgrade costs on top of the current room: upgrade price - current price. */
export function upgradePriceDifference(currentPrice: Minor, upgradePrice: Minor): Minor {
  return upgradePrice - currentPrice;
}
