import { addDays, calendarWindow, daysBetween, parseDate, todayIn, type IsoDate } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import { DEFAULT_PARTY, fitsRoomTypeAndRate } from '@hotel/domain/occupancy';
import { pricePerNight, roomPrice } from '@hotel/domain/pricing';
import { shortestOpenStays } from '@hotel/domain/restrictions';
import type { CalendarResponse } from '@hotel/domain/wire/calendar-response';
import type { AppContext } from '../app-context';
import { invalidField, notFound, type JsonText } from '../http';
import type { PropertyVersions } from './availability-queries';
import { rateOccupancy, roomTypeLimits } from './search-availability';
import { maxNightsPerStay } from './stay-request';

/**
 * GET /api/Availability: one entry per night from `fromDate` to `toDate` (clamped to today ..
 * 36 months ahead in the property's zone): rooms free that night and the rates one adult can
 * arrive on that night. Cached on the property's catalogue and inventory versions (answer-cache.ts).
 */
export async function availabilityCalendar(
  context: Pick<AppContext, 'database' | 'clock' | 'availability'>,
  query: { propertyId: number; fromDate: string; toDate: string },
): Promise<JsonText<CalendarResponse>> {
  const { availability } = context;
  const versions = await availability.reads.propertyVersions(query.propertyId);
  if (!versions) throw notFound(`There is no property ${query.propertyId}.`);
  const { property } = await availability.catalogue.catalogue(versions);
  const from = parseDate(query.fromDate);
  const to = parseDate(query.toDate);
  if (!from) throw invalidField('fromDate', 'A valid date is required');
  if (!to) throw invalidField('toDate', 'A valid date is required');
  if (to < from) throw invalidField('toDate', 'The end of the calendar must not be before its start');
  const window = calendarWindow(todayIn(context.clock.now(), property.timeZone));
  const first = from > window.from ? from : window.from;
  const last = to < window.to ? to : window.to;
  const key = `calendar|${property.id}|${versions.catalogueVersion}|${versions.inventoryVersion}|${first}|${last}`;
  return availability.answers.answer(key, () => calendarNights(context, versions, first, last));
}

/**
 * Each night's rooms free and, per rate plan sold without a code, what a search for one adult
 * arriving that night answers (docs/pricing.md): the fewest nights a stay can last on some
 * room type (1 unless a minimum stay or a departure closed to departure asks for more) and,
 * among the room types allowing that, the lowest price per night of such a stay. For a night
 * where one night is enough, MinimumRate is exactly a one-night search's price for one adult.
 */
async function calendarNights(
  context: Pick<AppContext, 'database' | 'availability'>,
  versions: PropertyVersions,
  first: IsoDate,
  last: IsoDate,
): Promise<CalendarResponse> {
  if (first > last) return [];
  // A stay arriving on the last night may last up to the longest stay sold online.
  const lastDeparture = addDays(last, maxNightsPerStay);
  const [{ catalogue, prices }, freeUnits] = await Promise.all([
    context.availability.catalogue.pricedCatalogue(versions, first, lastDeparture),
    context.availability.inventory.freeUnitsByNight(versions, first, lastDeparture),
  ]);
  const arrivals = daysBetween(first, last) + 1;
  const days = daysBetween(first, lastDeparture) + 1;
  const dates = Array.from({ length: days }, (_, day) => addDays(first, day));

  const answer: CalendarResponse = dates.slice(0, arrivals).map((date, day) => {
    let available = 0;
    for (const free of freeUnits.values()) available += Math.max(0, free[day]!);
    return { DateOfStay: date, AvailableRooms: available, Rates: [] };
  });
  for (const ratePlan of catalogue.ratePlans) {
    if (ratePlan.requiresCode) continue;
    // Per arrival, the fewest nights found so far (0: none) and the lowest price of such a stay.
    const bestNights = new Int32Array(arrivals);
    const bestTotal = new Float64Array(arrivals);
    for (const roomType of catalogue.roomTypes) {
      if (!fitsRoomTypeAndRate(DEFAULT_PARTY, roomTypeLimits(roomType), rateOccupancy(ratePlan))) continue;
      const free = freeUnits.get(roomType.id);
      const rows = prices.series(ratePlan.id, roomType.id, dates);
      const shortest = shortestOpenStays(
        rows.map((row, day) => ({ restrictions: row?.restrictions, hasRoomFree: (free?.[day] ?? 0) > 0 })),
        maxNightsPerStay,
      );
      const oneAdult = rows.map((row) => (row ? roomPrice(row.prices, DEFAULT_PARTY) : 0));
      for (let day = 0; day < arrivals; day += 1) {
        const nights = shortest[day];
        if (nights == null) continue;
        // A stay's price is the sum of its nights' (docs/decisions/0001-money-and-rounding.md).
        let total = 0;
        for (let night = day; night < day + nights; night += 1) total += oneAdult[night]!;
        const shortestSoFar = bestNights[day]!;
        if (shortestSoFar === 0 || nights < shortestSoFar || (nights === shortestSoFar && total < bestTotal[day]!)) {
          bestNights[day] = nights;
          bestTotal[day] = total;
        }
      }
    }
    for (let day = 0; day < arrivals; day += 1) {
      const nights = bestNights[day]!;
      if (nights === 0) continue;
      const perNight = nights === 1 ? bestTotal[day]! : pricePerNight(bestTotal[day]!, nights);
      answer[day]!.Rates.push({ RatePlanId: ratePlan.id, MinLengthOfStay: nights, MinimumRate: toMajor(perNight) });
    }
  }
  return answer;
}
