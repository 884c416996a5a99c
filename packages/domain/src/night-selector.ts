/**
 * Which nights a price entry or a promotion covers (docs/property-definition.md): an optional
 * inclusive date range, optional ISO weekdays (1 = Monday .. 7 = Sunday) and optional months.
 */
import { isoWeekday, isWithin, monthOf, type IsoDate } from './dates';

/** A selection of nights; every part is optional and an absent part selects every night. */
export interface NightSelector {
  From?: IsoDate | null;
  To?: IsoDate | null;
  Weekdays?: readonly number[] | null;
  Months?: readonly number[] | null;
}

/** True when the selector covers the night. */
export function coversNight(selector: NightSelector, night: IsoDate): boolean {
  return (
    isWithin(night, selector.From, selector.To) &&
    (selector.Weekdays == null || selector.Weekdays.includes(isoWeekday(night))) &&
    (selector.Months == null || selector.Months.includes(monthOf(night)))
  );
}

/**
 * The entry that prices a night: the last one in the list that covers it (a file lists its
 * base prices first and its seasons after); undefined when none does, i.e. not sellable.
 */
export function entryForNight<T extends NightSelector>(entries: readonly T[], night: IsoDate): T | undefined {
  return entries.findLast((entry) => coversNight(entry, night));
}
