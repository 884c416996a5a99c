/**
 * The Dates part of a search form: the two chosen dates, the button that shows and hides the
 * calendar, the nights, the dates' messages and the calendar itself. The form keeps the dates
 * and says what the calendar is; notices about the stay follow as children.
 */
import type { ReactNode } from 'react';
import { countNights, formatDate, type IsoDate } from '@hotel/domain/dates';
import { nightsText } from '@hotel/domain/messages';
import { Button } from '../../components/button';
import { Section } from '../../components/layout';

export function StayDates(props: {
  from: IsoDate | null;
  to: IsoDate | null;
  errors: string[] | undefined;
  pickerOpen: boolean;
  onTogglePicker: () => void;
  /** Shown beside the nights (the minimum stay badge). */
  badge?: ReactNode;
  /** The calendar, drawn only while open. */
  picker: ReactNode;
  children?: ReactNode;
}) {
  const nights = props.from !== null && props.to !== null ? countNights(props.from, props.to) : null;
  return (
    <Section title="Dates" titleSize="lg" className="space-y-3">
      <div className="grid grid-cols-2 gap-3">
        <ChosenDate label="Arrival" date={props.from} testId="arrival-date" />
        <ChosenDate label="Departure" date={props.to} testId="departure-date" />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          aria-expanded={props.pickerOpen}
          aria-controls="date-picker"
          aria-invalid={props.errors ? true : undefined}
          aria-describedby={props.errors ? 'dates-error' : undefined}
          onClick={props.onTogglePicker}
        >
          {props.pickerOpen ? 'Hide calendar' : 'Choose dates'}
        </Button>
        {nights !== null && <span className="text-sm text-gray-800">{nightsText(nights)}</span>}
        {props.badge}
      </div>
      {props.errors && (
        <p id="dates-error" className="text-sm font-medium text-negative-text">
          {props.errors.join(' ')}
        </p>
      )}
      <div id="date-picker" hidden={!props.pickerOpen}>
        {props.pickerOpen && props.picker}
      </div>
      {props.children}
    </Section>
  );
}

/** One of the two dates the guest has chosen, or "Not chosen". */
function ChosenDate(props: { label: string; date: IsoDate | null; testId: string }) {
  return (
    <div className="rounded-md border border-gray-300 bg-white p-3">
      <p className="text-sm font-semibold text-gray-800">{props.label}</p>
      <p className="font-medium" data-testid={props.testId}>
        {props.date === null ? 'Not chosen' : formatDate(props.date, 'ddd Do MMM YYYY')}
      </p>
    </div>
  );
}
