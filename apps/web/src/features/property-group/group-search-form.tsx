/**
 * The group search: dates on the group calendar (each night's lowest price across the group),
 * rooms and guests as on the property's own search, and a promo code. Checked with the search
 * rule and the group search's wire schema before it is sent.
 */
import { useState } from 'react';
import { calendarWindow, type IsoDate } from '@hotel/domain/dates';
import type { Party } from '@hotel/domain/occupancy';
import { searchRefusal } from '@hotel/domain/restrictions';
import { propertyGroupSearchRequestSchema } from '@hotel/domain/wire/property-group';
import { SubmitButton } from '../../components/button';
import { TextField } from '../../components/field';
import { Section } from '../../components/layout';
import { mergeErrors, schemaErrors, useSubmit, type useForm } from '../../lib/form';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import type { CalendarDays } from '../search/calendar-days';
import { DateRangePicker, type DateRange } from '../search/date-range-picker';
import { RoomsAndGuests } from '../search/rooms-editor';
import { refusalErrors } from '../search/search-messages';
import { StayDates } from '../search/stay-dates';
import { groupSearchRequest, type GroupSearch } from './property-group-api';

export interface GroupSearchValues {
  dateFrom: IsoDate | null;
  dateTo: IsoDate | null;
  rooms: Party[];
  promoCode: string;
}

export type GroupSearchFormState = ReturnType<typeof useForm<GroupSearchValues>>;

export function GroupSearchForm(props: {
  /** The page holds the values: an alternative stay on a result changes the dates. */
  form: GroupSearchFormState;
  property: Property;
  config: BookConfig;
  propertyGroupId: number;
  today: IsoDate;
  calendar: CalendarDays | undefined;
  monthsShown: number;
  unit: { One: string; one: string; Many: string };
  searching: boolean;
  onMonthsShown: (firstMonth: IsoDate) => void;
  onSearch: (search: GroupSearch) => void;
}) {
  const { form, property, config, today } = props;
  const { values, setValues, errors } = form;
  const [pickerOpen, setPickerOpen] = useState(values.dateFrom === null);
  const maxRooms = config.MaxNumberOfRoomsOnBooking ?? property.MaxNumberOfRoomsOnBooking;

  const setRange = (range: DateRange) => {
    setValues((current) => ({ ...current, dateFrom: range.from, dateTo: range.to }));
    form.clearErrors('Dates');
    if (range.from !== null && range.to !== null && props.monthsShown > 1) setPickerOpen(false);
  };

  const { ref, submit } = useSubmit(form, {
    build: () => values,
    check: (chosen) => {
      const refusal = searchRefusal({
        propertyId: props.propertyGroupId,
        dateFrom: chosen.dateFrom,
        dateTo: chosen.dateTo,
        rooms: chosen.rooms,
        maxNumberOfRoomsOnBooking: maxRooms,
        today,
      });
      const request = groupSearchRequest(
        { ...chosen, dateFrom: chosen.dateFrom ?? '', dateTo: chosen.dateTo ?? '' },
        props.propertyGroupId,
        property.Currency,
      );
      // The dates' messages are the search rule's, said in the guest's words.
      const { DateFrom: _from, DateTo: _to, ...shapeErrors } = schemaErrors(propertyGroupSearchRequestSchema, request);
      const found = mergeErrors(refusalErrors(refusal), shapeErrors);
      if (found.Dates) setPickerOpen(true);
      return found;
    },
    send: ({ dateFrom, dateTo, ...chosen }) => {
      // The search rule refuses a search without both dates.
      if (dateFrom === null || dateTo === null) return;
      props.onSearch({ ...chosen, dateFrom, dateTo });
    },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-6" aria-label="Search our hotels">
      <StayDates
        from={values.dateFrom}
        to={values.dateTo}
        errors={errors.Dates}
        pickerOpen={pickerOpen}
        onTogglePicker={() => setPickerOpen((open) => !open)}
        picker={
          <DateRangePicker
            value={{ from: values.dateFrom, to: values.dateTo }}
            onChange={setRange}
            today={today}
            lastDate={calendarWindow(today).to}
            days={props.calendar}
            showMinimumStay={false}
            monthsShown={props.monthsShown}
            onMonthsShown={props.onMonthsShown}
          />
        }
      />

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
      />

      {!config.HidePromoCodeOnLandingPage && (
        <Section title="Have a code?" titleSize="lg">
          <TextField
            label="Promo code"
            autoComplete="off"
            className="mt-3 sm:max-w-sm"
            value={values.promoCode}
            error={errors.PromoCode}
            onChange={(event) => {
              form.setField('promoCode', event.target.value);
              form.clearErrors('PromoCode');
            }}
          />
        </Section>
      )}

      <SubmitButton className="w-full sm:w-auto" busy={props.searching} busyText="Searching…">
        Search our hotels
      </SubmitButton>
    </form>
  );
}
