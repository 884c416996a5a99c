import type { SearchRequest } from '@hotel/domain/wire/search-request';
import { lowestRate, stayRoomCost, type RoomCost } from '@hotel/domain/pricing';
import { fitsRoomTypeAndRate, type OccupancyLimits, type Party, type RateOccupancy } from '@hotel/domain/occupancy';
import { toMajor } from '@hotel/domain/money';
import { promoCodeOutcome, type PromoCodeOutcome, type PromoCodeRefusal } from '@hotel/domain/promotion';
import type { AppContext } from '../app-context';
import type { Rate, SearchResponse } from '@hotel/domain/wire/search-response';
import { jsonBytes, type GuessingClient, type JsonText } from '../http';
import { notFound } from '../errors';
import type { AvailabilityCaches } from './availability-caches';
import { countCodeGuess } from './code-guesses';
import type { PropertyVersions, RatePlanRow, RoomTypeRow } from './availability-queries';
import { derivedOnce, templatedRate, templatedRoomType, type PricedRate } from './search-response';
import { assertRoomsPerBooking, stayDates, type StayDates } from './stay-request';
import { quoteStock, readStayStock, type QuotedRate, type StayQuote, type StayQuoteInput } from './stay-quote';

export const roomTypeLimits = derivedOnce((roomType: RoomTypeRow): OccupancyLimits => ({
  MaximumOccupancy: roomType.maximumOccupancy,
  MinimumOccupancy: roomType.minimumOccupancy,
  AdultMaximumOccupancy: roomType.adultMaximumOccupancy,
  ChildMaximumOccupancy: roomType.childMaximumOccupancy,
}));

/** A rate plan's occupancy in the domain's terms. */
export const rateOccupancy = derivedOnce((plan: RatePlanRow): RateOccupancy => ({
  UseOccupancyForRatePlan: plan.useOccupancyForRatePlan,
  MaximumOccupancy: plan.maximumOccupancy,
  MinimumOccupancy: plan.minimumOccupancy,
  AdultMaximumOccupancy: plan.adultMaximumOccupancy,
  ChildMaximumOccupancy: plan.childMaximumOccupancy,
}));

/** The property searched: the location chosen (a property of the same group) or the property itself. */
async function searchedProperty(
  availability: AvailabilityCaches,
  propertyId: number,
  locationId: number | null | undefined,
): Promise<PropertyVersions> {
  const property = await availability.reads.propertyVersions(propertyId);
  if (!property) throw notFound(`There is no property ${propertyId}.`);
  if (locationId == null || locationId === property.id) return property;
  const location = await availability.reads.propertyVersions(locationId);
  if (!location || location.groupId === null || location.groupId !== property.groupId)
    throw notFound(`There is no location ${locationId} for this property.`);
  return location;
}

/**
 * POST /api/Availability/Search: the room types with a unit free every night, an open rate
 * and room for at least one of the searched parties, each with its fitting rates and the
 * lowest stay price summed over the rooms it fits. Answers are cached on everything they are
 * computed from (answer-cache.ts), so a repeated search costs one small query. A promo or rate
 * code is a guess the client's limits count (code-guesses.ts).
 */
export async function searchAvailability(
  context: Pick<AppContext, 'availability' | 'clock'>,
  request: SearchRequest,
  guess: GuessingClient,
): Promise<JsonText<SearchResponse>> {
  const { availability } = context;
  const versions = await searchedProperty(availability, request.PropertyId, request.LocationId);
  const catalogue = await availability.catalogue.catalogue(versions);
  const { property } = catalogue;
  await countCodeGuess(guess, `property:${property.id}`, [catalogue], request);
  const stay = stayDates(property, request.DateFrom, request.DateTo, context.clock.now());
  assertRoomsPerBooking(property, request.Rooms.length);
  const key = `search|${property.id}|${versions.catalogueVersion}|${versions.inventoryVersion}|${stay.today}|${JSON.stringify(request)}`;
  const input: StayQuoteInput = {
    property: versions,
    from: stay.from,
    to: stay.to,
    today: stay.today,
    promoCode: request.PromoCode,
    ratePlanCode: request.RatePlanCode,
    sellableOnly: true,
  };
  // Quoted, written and serialised in one stretch once the stock is read, and kept as UTF-8
  // bytes. Requests resumed together by one version read otherwise interleave at every await:
  // their quotes and answers were alive at once, and with the 50 kB texts held in V8's heap
  // until sent they were most of what survived young collections (decision 0010, second
  // amendment of 2026-11-24).
  return availability.answers.text<SearchResponse>(key, () =>
    readStayStock(availability, input).then((stock) => {
      const bytes = jsonBytes(
        searchAnswer(quoteStock(stock, input), stay, request, property.currency),
        lastAnswerBytes + lastAnswerBytes / 16,
      );
      lastAnswerBytes = bytes.length;
      return bytes;
    }),
  );
}

/** The last answer's length: the next is written into a buffer of about its size, grown at most once. */
let lastAnswerBytes = 16 * 1024;

/** What each searched room costs on a rate of a room type: null where its party does not fit. */
function roomCosts(roomType: OccupancyLimits, rate: QuotedRate, parties: readonly Party[]): (RoomCost | null)[] {
  const occupancy = rateOccupancy(rate.ratePlan);
  return parties.map((party) => (fitsRoomTypeAndRate(party, roomType, occupancy) ? stayRoomCost(rate.nights, party) : null));
}

/** A room type with a unit free for the stay and its open rates, each priced for every searched room. */
export type SellableRoomType = { roomType: RoomTypeRow; freeUnits: number; rates: PricedRate[] };

/** The room types of a quote a search can offer (a unit free, a rate open), by id in the property's order. */
export function sellableRoomTypes(quote: StayQuote, parties: readonly Party[]): Map<number, SellableRoomType> {
  return new Map(
    quote.roomTypes
      .filter((entry) => entry.freeUnits > 0 && entry.rates.length > 0)
      .map((entry) => {
        const limits = roomTypeLimits(entry.roomType);
        const rates: PricedRate[] = entry.rates.map((rate) => ({ rate, roomCosts: roomCosts(limits, rate, parties) }));
        return [entry.roomType.id, { roomType: entry.roomType, freeUnits: entry.freeUnits, rates }] as const;
      }),
  );
}

/**
 * What a search answers about its promo code, judged on what it offers: valid only when a rate
 * it answers (a room free, a searched party fitting the rate) took the code. A rate that took
 * it and is left out says why: its room type has no room left, or no searched party fits it.
 * The group search judges each property's code the same way.
 */
export function answeredPromoCode(quote: StayQuote, sellable: ReadonlyMap<number, SellableRoomType>): PromoCodeOutcome {
  const { code, promotion, refusals } = quote.promoCode;
  let answeredRateTakesCode = false;
  for (const entry of sellable.values())
    for (const { rate, roomCosts } of entry.rates)
      if (rate.promotion && roomCosts.some((cost) => cost !== null)) answeredRateTakesCode = true;
  const reasons = new Set<PromoCodeRefusal>(refusals);
  if (!answeredRateTakesCode)
    for (const entry of quote.roomTypes)
      if (entry.rates.some((rate) => rate.promotion)) reasons.add(sellable.has(entry.roomType.id) ? 'PARTY_DOES_NOT_FIT' : 'SOLD_OUT');
  return promoCodeOutcome({ code, promotion, answeredRateTakesCode, refusals: reasons });
}

function searchAnswer(quote: StayQuote, stay: StayDates, request: SearchRequest, currency: string): SearchResponse {
  const parties: Party[] = request.Rooms;
  // Priced once: upgrades reuse them.
  const sellable = sellableRoomTypes(quote, parties);

  // Upgrades offer the rates of room types the answer lists too: each is written once.
  const written = new Map<PricedRate, Rate>();
  const rateOf = (priced: PricedRate) => {
    let rate = written.get(priced);
    if (!rate) written.set(priced, (rate = templatedRate(priced, currency)));
    return rate;
  };
  const roomTypes: SearchResponse['RoomTypes'] = [];
  for (const entry of sellable.values()) {
    const fitting = entry.rates.filter((priced) => priced.roomCosts.some((cost) => cost !== null));
    const lowest = lowestRate(parties.map((_, room) => fitting.flatMap((priced) => priced.roomCosts[room] ?? [])));
    if (!lowest) continue;
    const upgrades = entry.roomType.upgradesTo.flatMap((id) => {
      const target = sellable.get(id);
      return target ? [target] : [];
    });
    roomTypes.push({
      RoomType: templatedRoomType(entry.roomType, upgrades, rateOf),
      Rates: fitting.map(rateOf),
      LowestRate: toMajor(lowest.LowestRate, currency),
      OriginalLowestRate: toMajor(lowest.OriginalLowestRate, currency),
      DateFrom: stay.from,
      DateTo: stay.to,
    });
  }
  const promoCode = answeredPromoCode(quote, sellable);
  return {
    RoomTypes: roomTypes,
    PromoCodeMessage: promoCode.message,
    IsPromoCodeValid: promoCode.isValid,
    HopGiftVoucherCodeMessage: null,
    IsHopGiftVoucherCodeValid: null,
    NumberOfRoomsPerRoomTypeId: Object.fromEntries(quote.roomTypes.map((entry) => [String(entry.roomType.id), entry.freeUnits])),
  };
}
