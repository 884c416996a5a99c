import { addDays, calendarWindow, DEFAULT_TIME_ZONE, daysBetween, parseDate, todayIn, type IsoDate } from '@hotel/domain/dates';
import { convertForDisplay, DEFAULT_CURRENCY, toMajor, type ExchangeRates, type Minor } from '@hotel/domain/money';
import { exceedsRoomsPerBooking } from '@hotel/domain/restrictions';
import {
  MAX_GROUP_CALENDAR_NIGHTS,
  type PropertyGroupAreaAvailabilityRequest,
  type PropertyGroupAreaAvailabilityResponse,
} from '@hotel/domain/wire/property-group';
import type { AppContext } from '../app-context';
import { quoteStock } from '../availability';
import { type GuessingClient, type JsonText } from '../http';
import { invalidField } from '../errors';
import { placeParty } from './party-placement';
import { countGroupCodeGuess, displayRates, groupMembers, membersKey, type GroupMember } from './property-group-service';

type Context = Pick<AppContext, 'database' | 'availability' | 'clock'>;

/**
 * POST /api/Availability/SearchPropertyGroupAreaAvailability: per night from DateFrom to DateTo
 * (clamped to today .. the calendar window, as GET /api/Availability is), how many of the
 * group's properties can give every searched room its own unit on a rate open that night, and
 * the lowest price of that night for the whole party among them, in the display currency.
 * Cached on every property's catalogue and inventory versions.
 */
export async function groupAreaAvailability(
  context: Context,
  request: PropertyGroupAreaAvailabilityRequest,
  guess: GuessingClient,
): Promise<JsonText<PropertyGroupAreaAvailabilityResponse>> {
  const members = await groupMembers(context, request.PropertyGroupId);
  await countGroupCodeGuess(context, guess, request.PropertyGroupId, members, request);
  const from = parseDate(request.DateFrom);
  const to = parseDate(request.DateTo);
  if (!from) throw invalidField('DateFrom', 'A valid date is required');
  if (!to) throw invalidField('DateTo', 'A valid date is required');
  if (to < from) throw invalidField('DateTo', 'The end of the calendar must not be before its start');
  if (daysBetween(from, to) + 1 > MAX_GROUP_CALENDAR_NIGHTS)
    throw invalidField(
      'DateTo',
      `A group calendar covers at most ${MAX_GROUP_CALENDAR_NIGHTS} nights. Ask for the nights after that in another call.`,
    );
  const now = context.clock.now();
  // The group's first property sets the calendar's today and its default currency.
  const lead = members[0]?.property;
  const today = todayIn(now, lead?.timeZone ?? DEFAULT_TIME_ZONE);
  if (to < today) throw invalidField('DateTo', 'The calendar cannot end in the past. Choose dates from today on.');
  const window = calendarWindow(today);
  const first = from > today ? from : today;
  const last = to < window.to ? to : window.to;
  const currency = request.DisplayCurrency ?? lead?.currency ?? DEFAULT_CURRENCY;
  const rates = await displayRates(context, currency, members, 'DisplayCurrency');
  const key = [
    'group-calendar',
    request.PropertyGroupId,
    membersKey(members, (m) => todayIn(now, m.property.timeZone)),
    JSON.stringify(rates),
    first,
    last,
    currency,
    JSON.stringify(request.Rooms),
    request.PromoCode?.trim().toLowerCase() ?? '',
  ].join('|');
  return context.availability.answers.answer(key, () => calendarNights(context, members, { first, last, currency, rates, now }, request));
}

async function calendarNights(
  context: Context,
  members: readonly GroupMember[],
  { first, last, currency, rates, now }: { first: IsoDate; last: IsoDate; currency: string; rates: ExchangeRates | null; now: Date },
  request: PropertyGroupAreaAvailabilityRequest,
): Promise<PropertyGroupAreaAvailabilityResponse> {
  const dates = first > last ? [] : Array.from({ length: daysBetween(first, last) + 1 }, (_, day) => addDays(first, day));
  const perMember = await Promise.all(members.map((member) => memberNights(context, member, dates, request, now)));
  return {
    Currency: currency,
    Nights: dates.map((date, day) => {
      let available = 0;
      let lowest: Minor | null = null;
      members.forEach((member, index) => {
        const total = perMember[index]![day];
        if (total == null) return;
        available += 1;
        // A property whose currency no rate converts is counted but not priced.
        const shown = rates ? convertForDisplay({ amount: total, currency: member.property.currency }, currency, rates)?.amount : total;
        if (shown !== undefined && (lowest === null || shown < lowest)) lowest = shown;
      });
      return { Date: date, PropertiesAvailable: available, LowestPrice: lowest === null ? null : toMajor(lowest, currency) };
    }),
  };
}

/**
 * A property's price per night for the whole party (in its currency), or null where it cannot
 * place every room that night: each night quoted as a one-night stay by the single search's
 * pricing, counting only that night's rules (priced, not stop-sold) and rooms free.
 */
async function memberNights(
  context: Context,
  member: GroupMember,
  dates: readonly IsoDate[],
  request: PropertyGroupAreaAvailabilityRequest,
  now: Date,
): Promise<(Minor | null)[]> {
  const { property } = member;
  if (dates.length === 0 || exceedsRoomsPerBooking(request.Rooms.length, property.bookingConfiguration.MaxNumberOfRoomsOnBooking))
    return dates.map(() => null);
  const today = todayIn(now, property.timeZone);
  const windowEnd = calendarWindow(today).to;
  const versions = { id: property.id, catalogueVersion: member.catalogueVersion, inventoryVersion: member.inventoryVersion };
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const [{ catalogue, prices }, byNight] = await Promise.all([
    context.availability.catalogue.pricedCatalogue(versions, first, addDays(last, 1)),
    context.availability.inventory.freeUnitsByNight(versions, first, last),
  ]);
  return dates.map((night, day) => {
    // The group's today may be another property's yesterday.
    if (night < today || night >= windowEnd) return null;
    const freeUnits = new Map([...byNight].map(([roomTypeId, free]) => [roomTypeId, Math.max(0, free[day]!)]));
    const quote = quoteStock(
      { catalogue, prices, freeUnits },
      { property: versions, from: night, to: addDays(night, 1), today, promoCode: request.PromoCode, nightOnly: true },
    );
    return placeParty(quote, request.Rooms).placed?.total ?? null;
  });
}
