import { addDays, countNights, parseDate, todayIn, type IsoDate } from '@hotel/domain/dates';
import { exceedsRoomsPerBooking } from '@hotel/domain/restrictions';
import { AppError, invalidField } from '../errors';
import type { PropertyRow } from '../property';

/**
 * The furthest arrival a search or booking may name. Beyond the sellable window nothing is
 * priced (the answer is empty), but a date near the year 9999 has no month after it to read.
 */
export const maxYearsAhead = 10;

/** Longest stay one booking may cover online. */
export const maxNightsPerStay = 60;

export type StayDates = { from: IsoDate; to: IsoDate; nights: number; today: IsoDate };

/**
 * The stay a search or booking asks for, checked against the property's calendar: departure
 * after arrival, arrival not in the past (in the property's zone) nor more than 10 years
 * ahead, at most 60 nights.
 */
export function stayDates(
  property: Pick<PropertyRow, 'timeZone'>,
  dateFrom: string,
  dateTo: string,
  now: Date,
  fields = { from: 'DateFrom', to: 'DateTo' },
): StayDates {
  const from = parseDate(dateFrom);
  const to = parseDate(dateTo);
  if (!from) throw invalidField(fields.from, 'A valid arrival date is required');
  if (!to) throw invalidField(fields.to, 'A valid departure date is required');
  const today = todayIn(now, property.timeZone);
  if (from < today) throw invalidField(fields.from, 'The arrival date cannot be in the past');
  if (from > addDays(today, maxYearsAhead * 366))
    throw invalidField(fields.from, `The arrival date can be at most ${maxYearsAhead} years ahead`);
  if (to <= from) throw invalidField(fields.to, 'The departure date must be after the arrival date');
  const nights = countNights(from, to);
  if (nights > maxNightsPerStay)
    throw invalidField(fields.to, `A stay can be at most ${maxNightsPerStay} nights online. Please contact us for longer stays.`);
  return { from, to, nights, today };
}

/** Refuses more rooms than the property takes on one booking (MaxNumberOfRoomsOnBooking). */
export function assertRoomsPerBooking(property: Pick<PropertyRow, 'bookingConfiguration'>, rooms: number): void {
  const max = property.bookingConfiguration.MaxNumberOfRoomsOnBooking;
  if (exceedsRoomsPerBooking(rooms, max)) {
    throw new AppError('VALIDATION_FAILED', 'The request is invalid.', {
      modelState: { Rooms: [`The maximum number of rooms on a booking is ${max}. Please contact the hotel to add more.`] },
    });
  }
}
