/**
 * The group calendar for the date picker: a night is open for arrival when at least one
 * property can take the party that night, and shows the group's lowest price for it.
 */
import { addDays, addMonths, compareDates, type IsoDate } from '@hotel/domain/dates';
import { MAX_GROUP_CALENDAR_NIGHTS, type PropertyGroupAreaAvailabilityResponse } from '@hotel/domain/wire/property-group';
import type { CalendarDays, CalendarDay } from '../search/calendar-days';
import { groupMoney, wholeMoney } from './group-money';

/** The nights asked for while the picker shows `monthsShown` months from `firstMonth`: none before today, at most what one call answers. */
export function groupCalendarWindow(firstMonth: IsoDate, monthsShown: number, today: IsoDate): { from: IsoDate; to: IsoDate } {
  const from = compareDates(firstMonth, today) < 0 ? today : firstMonth;
  const endOfView = addDays(addMonths(firstMonth, monthsShown), -1);
  const longest = addDays(from, MAX_GROUP_CALENDAR_NIGHTS - 1);
  return { from, to: compareDates(endOfView, longest) > 0 ? longest : endOfView };
}

/** The calendar's nights by date. */
export function groupCalendarDays(answer: PropertyGroupAreaAvailabilityResponse): CalendarDays {
  const days = new Map<IsoDate, CalendarDay>();
  for (const night of answer.Nights) {
    const available = night.PropertiesAvailable > 0 && night.LowestPrice !== null;
    const price = night.LowestPrice;
    days.set(night.Date, {
      bookable: available,
      minimumStay: 1,
      note:
        available && price !== null
          ? {
              shown: wholeMoney(price, answer.Currency),
              spoken: `from ${groupMoney(price, answer.Currency)} at ${night.PropertiesAvailable} ${night.PropertiesAvailable === 1 ? 'hotel' : 'hotels'}`,
            }
          : undefined,
    });
  }
  return days;
}
