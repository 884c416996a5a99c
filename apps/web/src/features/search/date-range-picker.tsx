/**
 * Arrival and departure chosen on a month calendar: the 36-month window,
 * arrivals the availability calendar shows closed disabled, the "{n} night minimum" badge on
 * arrivals with a minimum stay. A grid of day buttons with arrow-key movement.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, addMonths, compareDates, countNights, formatDate, isoWeekday, type IsoDate } from '@hotel/domain/dates';
import { nightsText } from '@hotel/domain/messages';
import { minimumStayBadge } from '@hotel/domain/restrictions';
import { Panel } from '../../components/layout';
import type { CalendarDays } from './calendar-days';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthCaption = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function firstOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

/** The dates of a month grid: padded to whole weeks starting on Monday, the first day of a British week. */
function monthGrid(month: IsoDate): (IsoDate | null)[] {
  const lead = isoWeekday(month) - 1;
  const next = addMonths(month, 1);
  const cells: (IsoDate | null)[] = Array.from({ length: lead }, () => null);
  for (let day = month; compareDates(day, next) < 0; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

export interface DateRange {
  from: IsoDate | null;
  to: IsoDate | null;
}

export function DateRangePicker(props: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  today: IsoDate;
  lastDate: IsoDate;
  days: CalendarDays | undefined;
  showMinimumStay: boolean;
  monthsShown: number;
  /** Told the first month shown whenever it changes (the group calendar loads the months in view). */
  onMonthsShown?: (firstMonth: IsoDate) => void;
}) {
  const { value, onChange, today, lastDate, days } = props;
  const choosingDeparture = value.from !== null && value.to === null;
  const [focused, setFocused] = useState<IsoDate>(value.from ?? today);
  const [firstMonth, setFirstMonth] = useState<IsoDate>(firstOfMonth(value.from ?? today));
  const gridRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const labelId = useId();

  const months = useMemo(
    () => Array.from({ length: props.monthsShown }, (_, index) => addMonths(firstMonth, index)),
    [firstMonth, props.monthsShown],
  );
  const lastMonth = firstOfMonth(lastDate);
  const { onMonthsShown } = props;
  useEffect(() => {
    onMonthsShown?.(firstMonth);
  }, [firstMonth, onMonthsShown]);

  const isSelectable = (date: IsoDate): boolean => {
    if (compareDates(date, today) < 0 || compareDates(date, lastDate) > 0) return false;
    if (choosingDeparture && value.from !== null && compareDates(date, value.from) > 0) return true;
    // An arrival needs a night after it inside the window, and the calendar's say-so once loaded.
    if (compareDates(date, lastDate) >= 0) return false;
    const day = days?.get(date);
    return days === undefined || day?.bookable === true;
  };

  const choose = (date: IsoDate) => {
    if (!isSelectable(date)) return;
    if (choosingDeparture && value.from !== null && compareDates(date, value.from) > 0) {
      onChange({ from: value.from, to: date });
    } else {
      onChange({ from: date, to: null });
    }
  };

  const moveFocus = (date: IsoDate) => {
    const clamped = compareDates(date, today) < 0 ? today : compareDates(date, lastDate) > 0 ? lastDate : date;
    setFocused(clamped);
    const month = firstOfMonth(clamped);
    if (compareDates(month, firstMonth) < 0) setFirstMonth(month);
    else if (compareDates(month, addMonths(firstMonth, props.monthsShown - 1)) > 0) setFirstMonth(addMonths(month, 1 - props.monthsShown));
    moved.current = true;
  };

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, firstMonth]);

  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, () => IsoDate> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => addDays(focused, 1 - isoWeekday(focused)),
      End: () => addDays(focused, 7 - isoWeekday(focused)),
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    moveFocus(step());
  };

  const inRange = (date: IsoDate) =>
    value.from !== null && value.to !== null && compareDates(date, value.from) > 0 && compareDates(date, value.to) < 0;
  const nights = value.from !== null && value.to !== null ? countNights(value.from, value.to) : null;

  const navButton =
    'flex size-11 items-center justify-center rounded-md border border-gray-500 text-lg hover:bg-gray-100 disabled:opacity-40';

  return (
    <Panel padding="compact">
      <p id={labelId} className="mb-3 text-sm text-gray-800" aria-live="polite">
        {choosingDeparture
          ? 'Now choose your departure date.'
          : value.from !== null && value.to !== null
            ? 'Choose another arrival date to change your stay.'
            : 'Choose your arrival date.'}
        {nights !== null && ` ${nightsText(nights)} selected.`}
      </p>
      <div className="flex items-center justify-between">
        <button
          type="button"
          className={navButton}
          aria-label="Previous month"
          disabled={compareDates(firstMonth, firstOfMonth(today)) <= 0}
          onClick={() => setFirstMonth(addMonths(firstMonth, -1))}
        >
          ‹
        </button>
        <button
          type="button"
          className={navButton}
          aria-label="Next month"
          disabled={compareDates(addMonths(firstMonth, props.monthsShown - 1), lastMonth) >= 0}
          onClick={() => setFirstMonth(addMonths(firstMonth, 1))}
        >
          ›
        </button>
      </div>
      <div ref={gridRef} className="mt-2 flex flex-col gap-6 sm:flex-row" onKeyDown={onKeyDown}>
        {months.map((month) => {
          const captionId = `${labelId}-${month}`;
          const cells = monthGrid(month);
          const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
          return (
            <div key={month} className="min-w-0 flex-1">
              <h3 id={captionId} className="mb-2 text-center font-semibold">
                {monthCaption.format(new Date(`${month}T00:00:00Z`))}
              </h3>
              <table role="grid" aria-labelledby={captionId} className="w-full table-fixed border-collapse text-center">
                <thead>
                  <tr>
                    {WEEKDAYS.map((weekday) => (
                      <th key={weekday} scope="col" className="pb-1 text-xs font-semibold text-gray-700">
                        {weekday}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week, index) => (
                    <tr key={index}>
                      {week.map((date, column) => {
                        if (date === null) return <td key={column} />;
                        const selectable = isSelectable(date);
                        const isArrival = date === value.from;
                        const isDeparture = date === value.to;
                        const minimumStay = days?.get(date)?.minimumStay ?? 1;
                        const badge = props.showMinimumStay && minimumStay > 1 && selectable && !choosingDeparture;
                        const note = selectable && !badge ? days?.get(date)?.note : undefined;
                        const label = [
                          formatDate(date, 'dddd, D MMM YYYY'),
                          isArrival ? 'arrival' : '',
                          isDeparture ? 'departure' : '',
                          !selectable ? 'unavailable' : '',
                          badge ? minimumStayBadge(minimumStay) : '',
                          note?.spoken ?? '',
                        ]
                          .filter(Boolean)
                          .join(', ');
                        return (
                          <td key={date} className="p-0.5">
                            <button
                              type="button"
                              data-date={date}
                              tabIndex={date === focused ? 0 : -1}
                              aria-pressed={isArrival || isDeparture}
                              aria-disabled={!selectable || undefined}
                              onClick={() => {
                                setFocused(date);
                                choose(date);
                              }}
                              className={`relative flex h-11 w-full flex-col items-center justify-center rounded-md text-sm ${
                                isArrival || isDeparture
                                  ? 'bg-primary font-bold text-on-primary'
                                  : inRange(date)
                                    ? 'bg-tertiary text-on-tertiary'
                                    : selectable
                                      ? 'text-gray-900 hover:bg-gray-100'
                                      : 'cursor-not-allowed text-gray-500 line-through'
                              }`}
                            >
                              {/* Named by its words, not an aria-label: the price under a group calendar's day is shorter than its words. */}
                              <span className="sr-only">{label}</span>
                              <span aria-hidden="true">{Number(date.slice(8))}</span>
                              {badge && (
                                <span aria-hidden="true" className="text-[0.6rem] leading-none">
                                  {minimumStay}n min
                                </span>
                              )}
                              {note && (
                                <span aria-hidden="true" className="max-w-full truncate text-[0.6rem] leading-none">
                                  {note.shown}
                                </span>
                              )}
                            </button>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>
    </Panel>
  );
}
