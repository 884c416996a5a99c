/**
 * The search: dates on the availability calendar, rooms and
 * guests, promo code unless hidden, location choice. Checked by the domain's search rule and
 * the search request's wire schema before it is sent.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { calendarWindow, countNights, formatDate, type IsoDate } from '@hotel/domain/dates';
import { nightsText } from '@hotel/domain/messages';
import type { Party } from '@hotel/domain/occupancy';
import { isSameDayRestricted, minimumStayBadge, searchRefusal, type SearchRefusal } from '@hotel/domain/restrictions';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { LANGUAGE_CODE } from '../../lib/api-client';
import { importChunk } from '../../lib/lazy-with-reload';
import { useSessionState } from '../../lib/session-state';
import { focusFirstInvalid, hasErrors, mergeErrors, schemaErrors } from '../../lib/form';
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
  const [values, setValues] = useSessionState<SearchValues>(
    { name: 'search', scope: property.PropertyCode, keep: keepEverything },
    (saved) => ({ ...props.initial, ...saved }),
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pickerOpen, setPickerOpen] = useState(values.dateFrom === null);
  const [maxRoomsReached, setMaxRoomsReached] = useState(false);
  const [waitingForConnection, setWaitingForConnection] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
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
    setErrors(({ Dates: _dates, ...rest }) => rest);
    if (range.from !== null && range.to !== null && !props.isMobile) setPickerOpen(false);
  };

  const arrivalDay = values.dateFrom === null ? undefined : props.calendar?.get(values.dateFrom);
  const minimumStay = arrivalDay?.minimumStay ?? 1;
  const nights = values.dateFrom !== null && values.dateTo !== null ? countNights(values.dateFrom, values.dateTo) : null;
  const showMinimumStay = config.ShowMinimumLengthOfStayNotification && minimumStay > 1;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The wire schema (and zod with it) loads on the first search, keeping the first page small;
    // offline, the search waits for the connection, and says so.
    const { searchRequestSchema } = await importChunk(
      () => import('@hotel/domain/wire/search-request'),
      () => setWaitingForConnection(true),
    );
    setWaitingForConnection(false);
    const refusal = searchRefusal({
      propertyId: property.PropertyId,
      dateFrom: values.dateFrom,
      dateTo: values.dateTo,
      rooms: values.rooms,
      maxNumberOfRoomsOnBooking: maxRooms,
      today,
    });
    const request = {
      PropertyId: property.PropertyId,
      LanguageCode: LANGUAGE_CODE,
      PromoCode: values.promoCode.trim() || null,
      RatePlanCode: values.ratePlanCode.trim() || null,
      DateFrom: values.dateFrom ?? '',
      DateTo: values.dateTo ?? '',
      LocationId: values.locationId,
      Rooms: values.rooms,
    };
    const { DateFrom: _from, DateTo: _to, ...shapeErrors } = schemaErrors(searchRequestSchema, request);
    const found = mergeErrors(refusal === null ? {} : { [FIELD_OF_REFUSAL[refusal]]: [SEARCH_REFUSAL_MESSAGES[refusal]] }, shapeErrors);
    setErrors(found);
    if (hasErrors(found) || values.dateFrom === null || values.dateTo === null) {
      if (found.Dates) setPickerOpen(true);
      focusFirstInvalid(formRef.current);
      return;
    }
    if (isSameDayRestricted(config, values.dateFrom, new Date(), property.TimeZone)) {
      setSameDay({ arrival: values.dateFrom, restricted: true });
      return;
    }
    props.onSearch({ ...values, dateFrom: values.dateFrom, dateTo: values.dateTo });
  };

  const dateText = (date: IsoDate | null) => (date === null ? 'Not chosen' : formatDate(date, 'ddd Do MMM YYYY'));

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-6" aria-label="Search availability">
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

      <section aria-labelledby="dates-heading" className="space-y-3">
        <h2 id="dates-heading" className="text-lg font-semibold">
          Dates
        </h2>
        <div className="grid grid-cols-2 gap-3">
          <div className="rounded-md border border-gray-300 bg-white p-3">
            <p className="text-sm font-semibold text-gray-800">Arrival</p>
            <p className="font-medium" data-testid="arrival-date">
              {dateText(values.dateFrom)}
            </p>
          </div>
          <div className="rounded-md border border-gray-300 bg-white p-3">
            <p className="text-sm font-semibold text-gray-800">Departure</p>
            <p className="font-medium" data-testid="departure-date">
              {dateText(values.dateTo)}
            </p>
          </div>
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
      </section>

      <section aria-labelledby="rooms-heading" className="space-y-3">
        <h2 id="rooms-heading" className="text-lg font-semibold">
          {props.unit.Many} and guests
        </h2>
        <RoomsEditor
          property={property}
          rooms={values.rooms}
          maxRooms={maxRooms}
          unit={props.unit}
          onChange={(rooms) => {
            setValues((current) => ({ ...current, rooms }));
            setMaxRoomsReached(false);
            setErrors(({ Rooms: _rooms, ...rest }) => rest);
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
      </section>

      {!config.HidePromoCodeOnLandingPage && (
        <section aria-labelledby="codes-heading" className="space-y-3">
          <h2 id="codes-heading" className="text-lg font-semibold">
            Have a code?
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Promo code"
              autoComplete="off"
              value={values.promoCode}
              error={errors.PromoCode}
              onChange={(event) => setValues((current) => ({ ...current, promoCode: event.target.value }))}
            />
            <TextField
              label="Corporate rate code"
              autoComplete="off"
              value={values.ratePlanCode}
              error={errors.RatePlanCode}
              onChange={(event) => setValues((current) => ({ ...current, ratePlanCode: event.target.value }))}
            />
          </div>
        </section>
      )}

      {waitingForConnection && (
        <Notice tone="warning" title="You are offline" live>
          We will search as soon as your connection is back.
        </Notice>
      )}
      <Button
        type="submit"
        className="w-full sm:w-auto"
        disabled={props.searching || sameDayRestricted || waitingForConnection}
        busy={props.searching || waitingForConnection}
      >
        {props.searching || waitingForConnection ? 'Searching…' : 'Search availability'}
      </Button>
    </form>
  );
}
