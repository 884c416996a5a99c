import { addDays, CALENDAR_WINDOW_MONTHS, calendarWindow, countNights, daysBetween, todayIn, type IsoDate } from '@hotel/domain/dates';
import {
  alternativeArrivals,
  compareGroupResults,
  MAX_GROUP_ALTERNATIVES,
  notBookableBlock,
  partyDoesNotFitBlock,
  restrictionBlock,
  soldOutBlock,
  type GroupBlock,
} from '@hotel/domain/group-search';
import { convertForDisplay, toMajor, type ExchangeRates, type Minor } from '@hotel/domain/money';
import { fitsRoomTypeAndRate, type Party } from '@hotel/domain/occupancy';
import { pricePerNight } from '@hotel/domain/pricing';
import type { PromoCodeOutcome } from '@hotel/domain/promotion';
import { exceedsRoomsPerBooking } from '@hotel/domain/restrictions';
import type { PropertyGroupSearchRequest, PropertyGroupSearchResponse, PropertyGroupSearchResult } from '@hotel/domain/wire/property-group';
import type { AppContext } from '../app-context';
import { quoteStay, quoteStock, rateOccupancy, roomTypeLimits, stayDates, type StayDates } from '../availability';
import { type GuessingClient, type JsonText } from '../http';
import { AppError } from '../errors';
import { placeParty, type PlacedParty } from './party-placement';
import { countGroupCodeGuess, displayRates, groupMembers, membersKey, type GroupMember } from './property-group-service';

type Context = Pick<AppContext, 'database' | 'availability' | 'clock'>;
type Display = { currency: string; rates: ExchangeRates } | null;
type Price = PropertyGroupSearchResult['LowestPrice'] & {};

/** A member's stay as the single search would check it, or the refusal it would answer (a 400 there). */
type MemberStay = { member: GroupMember; stay: StayDates } | { member: GroupMember; refusal: AppError };

function checkStay(member: GroupMember, request: PropertyGroupSearchRequest, now: Date): MemberStay {
  try {
    return { member, stay: stayDates(member.property, request.DateFrom, request.DateTo, now) };
  } catch (error) {
    if (error instanceof AppError) return { member, refusal: error };
    throw error;
  }
}

/**
 * POST /api/Availability/SearchPropertyGroup: for every property of the group, whether it can
 * place all the searched rooms at once and at what lowest price, or why not and which nearby
 * stays it can sell. Each property is quoted by the single search's code (quoteStay); the
 * answer is cached on every property's catalogue and inventory versions, as a search is.
 */
export async function searchPropertyGroup(
  context: Context,
  request: PropertyGroupSearchRequest,
  guess: GuessingClient,
): Promise<JsonText<PropertyGroupSearchResponse>> {
  const members = await groupMembers(context, request.PropertyGroupId);
  await countGroupCodeGuess(context, guess, request.PropertyGroupId, members, request);
  const now = context.clock.now();
  const stays = members.map((member) => checkStay(member, request, now));
  // Dates no property could take (past everywhere, departure not after arrival, too long) are the request's fault.
  const refusals = stays.flatMap((entry) => ('refusal' in entry ? [entry.refusal] : []));
  if (stays.length > 0 && refusals.length === stays.length) throw refusals[0];
  const currency = request.DisplayCurrency ?? null;
  const rates = currency === null ? null : await displayRates(context, currency, members, 'DisplayCurrency');
  const display = currency !== null && rates !== null ? { currency, rates } : null;
  const key = [
    'group-search',
    request.PropertyGroupId,
    membersKey(members, (m) => todayIn(now, m.property.timeZone)),
    JSON.stringify(rates),
    JSON.stringify(request),
  ].join('|');
  return context.availability.answers.answer(key, () => searchStays(context, stays, request, display));
}

async function searchStays(
  context: Context,
  stays: MemberStay[],
  request: PropertyGroupSearchRequest,
  display: Display,
): Promise<PropertyGroupSearchResponse> {
  const nights = countNights(request.DateFrom, request.DateTo);
  const outcomes = await Promise.all(stays.map((entry) => searchMember(context, entry, request, display)));
  const ranked = outcomes.map(({ result, total }) => ({
    result,
    PropertyName: result.PropertyName,
    CanSell: result.CanSell,
    total,
    currency: result.LowestPrice?.Currency ?? '',
    converted: convertedTotal(result.LowestPrice, total, display),
  }));
  const currencies = [...new Set(stays.map((entry) => entry.member.property.currency))];
  ranked.sort(compareGroupResults(currencies));
  return {
    PropertyGroupId: request.PropertyGroupId,
    DateFrom: request.DateFrom,
    DateTo: request.DateTo,
    Nights: nights,
    ...groupPromoCode(outcomes.map((outcome) => outcome.promo)),
    Properties: ranked.map((entry) => entry.result),
  };
}

/** The total to rank on in the display currency: the converted one, or the own one when already in it. */
function convertedTotal(price: Price | null, total: Minor | null, display: Display): Minor | null {
  if (!price || total === null || !display) return null;
  if (price.Currency === display.currency) return total;
  return price.Converted ? convertForDisplay({ amount: total, currency: price.Currency }, display.currency, display.rates)!.amount : null;
}

/**
 * Promotions belong to each property: the code is valid when any property's search would say
 * so (the message is the first such property's), otherwise the first property's refusal is told.
 */
function groupPromoCode(outcomes: (PromoCodeOutcome | null)[]): Pick<PropertyGroupSearchResponse, 'IsPromoCodeValid' | 'PromoCodeMessage'> {
  const told = outcomes.find((outcome) => outcome?.isValid === true) ?? outcomes.find((outcome) => outcome?.isValid === false);
  return { IsPromoCodeValid: told?.isValid ?? null, PromoCodeMessage: told?.message ?? null };
}

function groupPrice(total: Minor, nights: number, currency: string, display: Display): Price {
  const converted =
    display && display.currency !== currency ? convertForDisplay({ amount: total, currency }, display.currency, display.rates) : undefined;
  return {
    Total: toMajor(total, currency),
    PerNight: toMajor(pricePerNight(total, nights), currency),
    Currency: currency,
    // Per night from the converted total, so the two read consistently (PerNight x Nights ~ Total).
    Converted: converted
      ? {
          Total: toMajor(converted.amount, converted.currency),
          PerNight: toMajor(pricePerNight(converted.amount, nights), converted.currency),
          Currency: converted.currency,
        }
      : null,
  };
}

type MemberOutcome = { result: PropertyGroupSearchResult; total: Minor | null; promo: PromoCodeOutcome | null };

async function searchMember(
  context: Context,
  entry: MemberStay,
  request: PropertyGroupSearchRequest,
  display: Display,
): Promise<MemberOutcome> {
  const { property } = entry.member;
  const parties: Party[] = request.Rooms;
  const result = (fields: Partial<PropertyGroupSearchResult>): PropertyGroupSearchResult => ({
    PropertyId: property.id,
    PropertyCode: property.code,
    PropertyName: property.name,
    CanSell: false,
    LowestPrice: null,
    AvailableRoomTypes: 0,
    RoomsLeft: null,
    Blocked: null,
    AlternativeDates: [],
    ...fields,
  });
  const blocked = (block: GroupBlock, extra: Partial<PropertyGroupSearchResult> = {}) => ({
    result: result({ Blocked: block, ...extra }),
    total: null,
    promo: null,
  });

  if ('refusal' in entry) return blocked(notBookableBlock(refusalText(entry.refusal)));
  const { stay } = entry;
  const max = property.bookingConfiguration.MaxNumberOfRoomsOnBooking;
  if (exceedsRoomsPerBooking(parties.length, max))
    return blocked(notBookableBlock(`This property takes at most ${max} rooms on one booking. Please contact the hotel to add more.`));
  if (stay.to > calendarWindow(stay.today).to)
    return blocked(
      notBookableBlock(`This property takes bookings up to ${CALENDAR_WINDOW_MONTHS} months ahead. Please choose earlier dates.`),
    );

  const { catalogueVersion, inventoryVersion } = entry.member;
  const versions = { id: property.id, catalogueVersion, inventoryVersion };
  const quoteInput = { property: versions, today: stay.today, promoCode: request.PromoCode, ratePlanCode: request.RatePlanCode };
  const quote = await quoteStay(context.availability, { ...quoteInput, from: stay.from, to: stay.to });
  const { availableRoomTypes, placed, promoCode } = placeParty(quote, parties);
  if (placed) {
    return {
      result: result({
        CanSell: true,
        LowestPrice: groupPrice(placed.total, stay.nights, property.currency, display),
        AvailableRoomTypes: availableRoomTypes,
        RoomsLeft: placed.roomsLeft,
      }),
      total: placed.total,
      promo: promoCode,
    };
  }

  const misfit = await partyWithoutRoom(context, entry.member, parties, request.RatePlanCode);
  if (misfit !== null)
    return { ...blocked(partyDoesNotFitBlock(misfit + 1), { AvailableRoomTypes: availableRoomTypes }), promo: promoCode };
  const closedRates = quote.roomTypes.filter((roomType) => roomType.freeUnits > 0).flatMap((roomType) => roomType.closedRates);
  const block = restrictionBlock(closedRates, stay) ?? soldOutBlock(parties.length);
  const alternatives = await alternativeStays(context, entry.member, stay, quoteInput, parties);
  return {
    result: result({
      AvailableRoomTypes: availableRoomTypes,
      Blocked: block,
      AlternativeDates: alternatives.map((alternative) => ({
        DateFrom: alternative.from,
        DateTo: addDays(alternative.from, stay.nights),
        LowestPrice: groupPrice(alternative.placed.total, stay.nights, property.currency, display),
      })),
    }),
    total: null,
    promo: promoCode,
  };
}

function refusalText(refusal: AppError): string {
  const messages = Object.values(refusal.modelState ?? {}).flat();
  return messages.length > 0 ? `${messages.join('. ')}.` : refusal.message;
}

/** The first searched room (its index) that no room type of the property takes on any rate it may sell; null when each fits somewhere. */
async function partyWithoutRoom(
  context: Context,
  member: GroupMember,
  parties: readonly Party[],
  ratePlanCode: string | null | undefined,
): Promise<number | null> {
  const { roomTypes, ratePlans } = await context.availability.catalogue.catalogue({
    id: member.property.id,
    catalogueVersion: member.catalogueVersion,
  });
  const wanted = ratePlanCode?.trim().toLowerCase();
  const plans = ratePlans.filter((plan) => !plan.requiresCode || plan.code.toLowerCase() === wanted).map(rateOccupancy);
  const index = parties.findIndex(
    (party) => !roomTypes.some((roomType) => plans.some((plan) => fitsRoomTypeAndRate(party, roomTypeLimits(roomType), plan))),
  );
  return index === -1 ? null : index;
}

/**
 * Up to MAX_GROUP_ALTERNATIVES stays of the same length, nearest first, that the property can
 * sell to the whole party. Prices and rooms free are read once for the whole stretch around the
 * stay; each arrival is then quoted by the single search's pricing (quoteStock).
 */
async function alternativeStays(
  context: Context,
  member: GroupMember,
  stay: StayDates,
  quoteInput: Omit<Parameters<typeof quoteStock>[1], 'from' | 'to'>,
  parties: readonly Party[],
): Promise<{ from: IsoDate; placed: PlacedParty }[]> {
  const arrivals = alternativeArrivals(stay.from, stay.nights, stay.today, calendarWindow(stay.today).to);
  if (arrivals.length === 0) return [];
  const first = arrivals.reduce((a, b) => (a < b ? a : b));
  const lastDeparture = addDays(
    arrivals.reduce((a, b) => (a > b ? a : b)),
    stay.nights,
  );
  const [{ catalogue, prices }, byNight] = await Promise.all([
    context.availability.catalogue.pricedCatalogue(quoteInput.property, first, lastDeparture),
    context.availability.inventory.freeUnitsByNight({ ...member, id: member.property.id }, first, addDays(lastDeparture, -1)),
  ]);
  const found: { from: IsoDate; placed: PlacedParty }[] = [];
  for (const from of arrivals) {
    const offset = daysBetween(first, from);
    const freeUnits = new Map(
      [...byNight].map(([roomTypeId, free]) => [roomTypeId, Math.max(0, Math.min(...free.subarray(offset, offset + stay.nights)))]),
    );
    const quote = quoteStock({ catalogue, prices, freeUnits }, { ...quoteInput, from, to: addDays(from, stay.nights) });
    const { placed } = placeParty(quote, parties);
    if (placed) found.push({ from, placed });
    if (found.length === MAX_GROUP_ALTERNATIVES) break;
  }
  return found;
}
