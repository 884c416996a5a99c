/**
 * The search: dates on the availability calendar, rooms and
 * guests, promo code unless hidden, location choice. Checked by the domain's search rule and
 * the search request's wire schema before it is sent.
 */
import { useEffect, useState } from 'react';
import { calendarWindow, countNights, formatDate, type IsoDate } from '@hotel/domain/dates';
import { nightsText } from '@hotel/domain/messages';
import { isSameDayRestricted, minimumStayBadge } from '@hotel/domain/restrictions';
import { SubmitButton } from '../../components/button';
import { TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { Section } from '../../components/layout';
import { importChunk } from '../../lib/lazy-with-reload';
import { useForm, useSubmit } from '../../lib/form';
import type { BookingConfigurationResponse as BookConfig, Location } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import type { CalendarDays } from './calendar-days';
import { DateRangePicker, type DateRange } from './date-range-picker';
import { StayDates } from './stay-dates';
import { LocationChoice } from './location-choice';
import { RoomsAndGuests } from './rooms-editor';
import { forgetSessionState } from '../../lib/session-state';
import { loadSearchRequestSchema, maxRoomsOf, searchProblems, type SearchValues } from './search-check';

const keepEverything = (values: SearchValues) => values;

/** Where the form keeps what the guest typed for the session. */
const DRAFT_NAME = 'search';

/** Drops what the guest typed in the form, so it next opens on the search made (a search link's). */
export function forgetSearchDraft(): void {
  forgetSessionState(DRAFT_NAME);
}

/** Delay before the same-day check runs after the dates change. */
const DATES_SETTLE_MS = 100;

export function SearchForm(props: {
  property: Property;
  config: BookConfig;
  today: IsoDate;
  initial: SearchValues;
  calendar: CalendarDays | undefined;
  isMobile: boolean;
  unit: { One: string; one: string; Many: string; many: string };
  searching: boolean;
  onCalendarWanted: () => void;
  onLocationChange: (location: Location) => void;
  onContactUs: () => void;
  onSearch: (values: SearchValues & { dateFrom: IsoDate; dateTo: IsoDate }) => void;
}) {
  const { property, config, today } = props;
  // Kept for the session: a reload of a half-filled search keeps its dates and guests.
  const form = useForm<SearchValues>(props.initial, { name: DRAFT_NAME, scope: property.PropertyCode, keep: keepEverything });
  const { values, setValues, errors } = form;
  const [pickerOpen, setPickerOpen] = useState(values.dateFrom === null);
  const [waitingForConnection, setWaitingForConnection] = useState(false);
  const window36 = calendarWindow(today);
  const maxRooms = maxRoomsOf(property, config);

  const { onCalendarWanted } = props;
  useEffect(() => {
    if (pickerOpen) onCalendarWanted();
  }, [pickerOpen, onCalendarWanted]);

  // After the dates settle, check the same-day cut-off.
  const [sameDay, setSameDay] = useState<{ arrival: IsoDate | null; restricted: boolean }>({ arrival: null, restricted: false });
  const sameDayRestricted = values.dateFrom !== null && sameDay.arrival === values.dateFrom && sameDay.restricted;
  useEffect(() => {
    const arrival = values.dateFrom;
    if (arrival === null) return undefined;
    const timer = window.setTimeout(
      () => setSameDay({ arrival, restricted: isSameDayRestricted(config, arrival, new Date(), property.TimeZone) }),
      DATES_SETTLE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [values.dateFrom, config, property.TimeZone]);

  const setRange = (range: DateRange) => {
    setValues((current) => ({ ...current, dateFrom: range.from, dateTo: range.to }));
    form.clearErrors('Dates');
    if (range.from !== null && range.to !== null && !props.isMobile) setPickerOpen(false);
  };

  const arrivalDay = values.dateFrom === null ? undefined : props.calendar?.get(values.dateFrom);
  const minimumStay = arrivalDay?.minimumStay ?? 1;
  const nights = values.dateFrom !== null && values.dateTo !== null ? countNights(values.dateFrom, values.dateTo) : null;
  const showMinimumStay = config.ShowMinimumLengthOfStayNotification && minimumStay > 1;

  const { ref, submit } = useSubmit(form, {
    build: () => values,
    check: async (chosen) => {
      // The wire schema (and zod with it) loads on the first search, keeping the first page small;
      // offline, the search waits for the connection, and says so.
      const schema = await importChunk(loadSearchRequestSchema, () => setWaitingForConnection(true));
      setWaitingForConnection(false);
      const found = searchProblems(chosen, { property, today, maxRooms, schema });
      if (found.Dates) setPickerOpen(true);
      return found;
    },
    send: ({ dateFrom, dateTo, ...chosen }) => {
      // Both dates are there: the search rule refuses a search without them.
      if (dateFrom === null || dateTo === null) return;
      if (isSameDayRestricted(config, dateFrom, new Date(), property.TimeZone)) {
        setSameDay({ arrival: dateFrom, restricted: true });
        return;
      }
      props.onSearch({ ...chosen, dateFrom, dateTo });
    },
  });

  /** A code field: its value, its change (which clears the request field's messages) and those messages. */
  const codeField = (name: 'promoCode' | 'ratePlanCode', field: 'PromoCode' | 'RatePlanCode') => ({
    value: values[name],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      form.setField(name, event.target.value);
      form.clearErrors(field);
    },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-6" aria-label="Search availability">
      <LocationChoice
        locations={config.Locations}
        currentCode={property.PropertyCode}
        propertyName={property.PropertyName}
        isMobile={props.isMobile}
        onChoose={(location) => {
          setValues((current) => ({ ...current, locationId: location.LocationId }));
          props.onLocationChange(location);
        }}
      />

      <StayDates
        from={values.dateFrom}
        to={values.dateTo}
        errors={errors.Dates}
        pickerOpen={pickerOpen}
        onTogglePicker={() => setPickerOpen((open) => !open)}
        badge={
          showMinimumStay && (
            <span className="rounded-full bg-accent px-3 py-1 text-sm font-semibold text-on-accent" data-testid="minimum-stay-badge">
              {minimumStayBadge(minimumStay)}
            </span>
          )
        }
        picker={
          <DateRangePicker
            value={{ from: values.dateFrom, to: values.dateTo }}
            onChange={setRange}
            today={today}
            lastDate={window36.to}
            days={props.calendar}
            showMinimumStay={config.ShowMinimumLengthOfStayNotification}
            monthsShown={props.isMobile ? 1 : 2}
          />
        }
      >
        {showMinimumStay && nights !== null && nights < minimumStay && (
          <Notice tone="warning" title="Minimum length of stay not met">
            Stays arriving on {formatDate(values.dateFrom ?? today, 'ddd Do MMM YYYY')} need at least {nightsText(minimumStay)}.
          </Notice>
        )}
        {sameDayRestricted && (
          <Notice tone="warning" title="Warning" live>
            {config.SameDayBookingRestrictionMessage || 'Same-day bookings are closed for today. Please contact us.'}
          </Notice>
        )}
      </StayDates>

      <RoomsAndGuests
        property={property}
        rooms={values.rooms}
        maxRooms={maxRooms}
        unit={props.unit}
        errors={errors.Rooms}
        onChange={(rooms) => {
          setValues((current) => ({ ...current, rooms }));
          form.clearErrors('Rooms');
        }}
        contact={
          <button type="button" className="font-semibold underline" onClick={props.onContactUs}>
            Contact us
          </button>
        }
      />

      {!config.HidePromoCodeOnLandingPage && (
        <Section title="Have a code?" titleSize="lg" className="space-y-3">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Promo code" autoComplete="off" {...codeField('promoCode', 'PromoCode')} />
            <TextField label="Corporate rate code" autoComplete="off" {...codeField('ratePlanCode', 'RatePlanCode')} />
          </div>
        </Section>
      )}

      {waitingForConnection && (
        <Notice tone="warning" title="You are offline" live>
          We will search as soon as your connection is back.
        </Notice>
      )}
      <SubmitButton
        className="w-full sm:w-auto"
        disabled={sameDayRestricted}
        busy={props.searching || waitingForConnection}
        busyText="Searching…"
      >
        Search availability
      </SubmitButton>
    </form>
  );
}
