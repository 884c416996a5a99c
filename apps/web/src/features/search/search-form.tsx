/**
 * The search: dates on the availability calendar, rooms and
 * guests, promo code unless hidden, location choice. Checked by the domain's search rule and
 * the search request's wire schema before it is sent.
 */
import { useEffect, useState } from 'react';
import { calendarWindow, countNights, formatDate, type IsoDate } from '@hotel/domain/dates';
import { nightsText } from '@hotel/domain/messages';
import type { Party } from '@hotel/domain/occupancy';
import { isSameDayRestricted, minimumStayBadge, searchRefusal, type SearchRefusal } from '@hotel/domain/restrictions';
import { Button, SubmitButton } from '../../components/button';
import { TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { Section } from '../../components/layout';
import { LANGUAGE_CODE } from '../../lib/api-client';
import { importChunk } from '../../lib/lazy-with-reload';
import { mergeErrors, schemaErrors, useForm, useSubmit } from '../../lib/form';
import type { BookingConfigurationResponse as BookConfig, Location } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import type { CalendarDays } from './calendar-days';
import { DateRangePicker, type DateRange } from './date-range-picker';
import { LocationChoice } from './location-choice';
import { RoomsEditor } from './rooms-editor';

export interface SearchValues {
  dateFrom: IsoDate | null;
  dateTo: IsoDate | null;
  rooms: Party[];
  promoCode: string;
  ratePlanCode: string;
  locationId: number | null;
}

/** The message shown for each reason a search is not possible. */
export const SEARCH_REFUSAL_MESSAGES: Record<SearchRefusal, string> = {
  NO_PROPERTY: 'Please choose your property.',
  INVALID_DATES: 'Please choose your arrival and departure dates.',
  DEPARTURE_NOT_AFTER_ARRIVAL: 'Your departure date must be after your arrival date.',
  ARRIVAL_IN_PAST: 'Your arrival date cannot be in the past.',
  BEYOND_CALENDAR: 'Please choose dates within the next 36 months.',
  NO_ROOMS: 'Please add at least one room.',
  TOO_MANY_ROOMS: 'The maximum number of rooms on a booking has been reached. Please contact the hotel to add more.',
};

const FIELD_OF_REFUSAL: Record<SearchRefusal, string> = {
  NO_PROPERTY: 'PropertyId',
  INVALID_DATES: 'Dates',
  DEPARTURE_NOT_AFTER_ARRIVAL: 'Dates',
  ARRIVAL_IN_PAST: 'Dates',
  BEYOND_CALENDAR: 'Dates',
  NO_ROOMS: 'Rooms',
  TOO_MANY_ROOMS: 'Rooms',
};

const keepEverything = (values: SearchValues) => values;

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
  const form = useForm<SearchValues>(props.initial, { name: 'search', scope: property.PropertyCode, keep: keepEverything });
  const { values, setValues, errors } = form;
  const [pickerOpen, setPickerOpen] = useState(values.dateFrom === null);
  const [maxRoomsReached, setMaxRoomsReached] = useState(false);
  const [waitingForConnection, setWaitingForConnection] = useState(false);
  const window36 = calendarWindow(today);
  const maxRooms = config.MaxNumberOfRoomsOnBooking ?? property.MaxNumberOfRoomsOnBooking;

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
      const { searchRequestSchema } = await importChunk(
        () => import('@hotel/domain/wire/search-request'),
        () => setWaitingForConnection(true),
      );
      setWaitingForConnection(false);
      const refusal = searchRefusal({
        propertyId: property.PropertyId,
        dateFrom: chosen.dateFrom,
        dateTo: chosen.dateTo,
        rooms: chosen.rooms,
        maxNumberOfRoomsOnBooking: maxRooms,
        today,
      });
      const request = {
        PropertyId: property.PropertyId,
        LanguageCode: LANGUAGE_CODE,
        PromoCode: chosen.promoCode.trim() || null,
        RatePlanCode: chosen.ratePlanCode.trim() || null,
        DateFrom: chosen.dateFrom ?? '',
        DateTo: chosen.dateTo ?? '',
        LocationId: chosen.locationId,
        Rooms: chosen.rooms,
      };
      // The dates' messages are the search rule's, said in the guest's words.
      const { DateFrom: _from, DateTo: _to, ...shapeErrors } = schemaErrors(searchRequestSchema, request);
      const found = mergeErrors(refusal === null ? {} : { [FIELD_OF_REFUSAL[refusal]]: [SEARCH_REFUSAL_MESSAGES[refusal]] }, shapeErrors);
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

      <Section title="Dates" titleSize="lg" className="space-y-3">
        <div className="grid grid-cols-2 gap-3">
          <ChosenDate label="Arrival" date={values.dateFrom} testId="arrival-date" />
          <ChosenDate label="Departure" date={values.dateTo} testId="departure-date" />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            aria-expanded={pickerOpen}
            aria-controls="date-picker"
            aria-invalid={errors.Dates ? true : undefined}
            aria-describedby={errors.Dates ? 'dates-error' : undefined}
            onClick={() => setPickerOpen((open) => !open)}
          >
            {pickerOpen ? 'Hide calendar' : 'Choose dates'}
          </Button>
          {nights !== null && <span className="text-sm text-gray-800">{nightsText(nights)}</span>}
          {showMinimumStay && (
            <span className="rounded-full bg-accent px-3 py-1 text-sm font-semibold text-on-accent" data-testid="minimum-stay-badge">
              {minimumStayBadge(minimumStay)}
            </span>
          )}
        </div>
        {errors.Dates && (
          <p id="dates-error" className="text-sm font-medium text-negative-text">
            {errors.Dates.join(' ')}
          </p>
        )}
        <div id="date-picker" hidden={!pickerOpen}>
          {pickerOpen && (
            <DateRangePicker
              value={{ from: values.dateFrom, to: values.dateTo }}
              onChange={setRange}
              today={today}
              lastDate={window36.to}
              days={props.calendar}
              showMinimumStay={config.ShowMinimumLengthOfStayNotification}
              monthsShown={props.isMobile ? 1 : 2}
            />
          )}
        </div>
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
      </Section>

      <Section title={<>{props.unit.Many} and guests</>} titleSize="lg" className="space-y-3">
        <RoomsEditor
          property={property}
          rooms={values.rooms}
          maxRooms={maxRooms}
          unit={props.unit}
          onChange={(rooms) => {
            setValues((current) => ({ ...current, rooms }));
            setMaxRoomsReached(false);
            form.clearErrors('Rooms');
          }}
          onMaxRoomsReached={() => setMaxRoomsReached(true)}
        />
        {(maxRoomsReached || errors.Rooms) && (
          <Notice tone="warning" live>
            {errors.Rooms?.join(' ') ?? SEARCH_REFUSAL_MESSAGES.TOO_MANY_ROOMS}{' '}
            <button type="button" className="font-semibold underline" onClick={props.onContactUs}>
              Contact us
            </button>
          </Notice>
        )}
      </Section>

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
