/**
 * Restaurant table booking: restaurant and date load the setup;
 * party sizes run from the setup's minimum to maximum, keeping the earlier size when still
 * offered; then the times load, with promotions and leave times; the booking reference shows
 * after creation; reset reselects the default restaurant.
 */
import { useRef, useState } from 'react';
import { mutate } from 'swr';
import { formatDate, parseDate, type IsoDate } from '@hotel/domain/dates';
import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@hotel/domain/messages';
import { findDefaultRestaurant, keepPartySize, partySizes } from '@hotel/domain/restaurant';
import { validateRestaurantBooking } from '@hotel/domain/validation';
import { restaurantBookingRequestSchema } from '@hotel/domain/wire/restaurant-booking-request';
import { Button, SubmitButton } from '../../components/button';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { Panel } from '../../components/layout';
import { useToast } from '../../components/toast';
import { ApiError, errorText } from '../../lib/api-client';
import { firstErrors, schemaErrors, useForm, useSubmit } from '../../lib/form';
import { newId } from '../../lib/ids';
import { createTableBooking, useRestaurantSetup, useRestaurants, useRestaurantTimes, type Restaurant } from './restaurant-api';

interface TableDraft {
  restaurantId: number | null;
  date: IsoDate;
  partySize: number | undefined;
  time: string;
  promotionId: string;
  email: string;
  contactNumber: string;
  identifier: string;
  specialRequests: string;
}

function freshDraft(
  restaurants: readonly Restaurant[] | undefined,
  defaultName: string | null,
  date: IsoDate,
  identifier: string,
): TableDraft {
  const chosen = findDefaultRestaurant(restaurants ?? [], defaultName) ?? restaurants?.[0];
  return {
    restaurantId: chosen?.Id ?? null,
    date,
    partySize: undefined,
    time: '',
    promotionId: '',
    email: '',
    contactNumber: '',
    identifier,
    specialRequests: '',
  };
}

export function TableBookingForm(props: {
  propertyId: number;
  defaultRestaurant: string | null;
  /** The earliest date a table may be booked for. */
  today: IsoDate;
  /** The date offered first (a night of the booking the page was opened from, else today). */
  date: IsoDate;
  identifier: string;
  /** Proof the guest holds the booking `identifier` names (its confirmation token or manage code): links the table to it. */
  reservationCode?: string;
}) {
  const toast = useToast();
  const restaurants = useRestaurants(props.propertyId);
  const form = useForm<TableDraft>(() => freshDraft(undefined, props.defaultRestaurant, props.date, props.identifier));
  const { values: draft, errors } = form;
  const [reference, setReference] = useState<string | null>(null);
  // A resend of the same request whose answer never came reuses its Idempotency-Key; once
  // the server has answered (booked or refused), the next send is a new request.
  const unanswered = useRef<{ body: string; key: string } | null>(null);

  // Until the guest picks one, the default restaurant (by name) is the choice.
  const restaurantId = draft.restaurantId ?? freshDraft(restaurants.data, props.defaultRestaurant, props.date, '').restaurantId;

  const setup = useRestaurantSetup(props.propertyId, restaurantId, draft.date, draft.identifier);
  const sizes = setup.data ? partySizes(setup.data.MinOnlinePartySize, setup.data.MaxOnlinePartySize) : [];
  const partySize = keepPartySize(sizes, draft.partySize);
  const times = useRestaurantTimes(props.propertyId, restaurantId, draft.date, partySize, setup.data?.CurrencySymbol);
  const chosenTime = times.data?.find((time) => time.Time === draft.time);

  // Any change clears every message: a new restaurant, date or party size changes what the others may be.
  const set = <K extends keyof TableDraft>(name: K, value: TableDraft[K]) => {
    form.setField(name, value);
    form.setErrors({});
  };
  /** A text field of the draft, with the messages of the request field it becomes. */
  const textOf = (name: 'identifier' | 'email' | 'contactNumber' | 'specialRequests', field: string) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: errors[field],
  });

  const restaurant = restaurants.data?.find((candidate) => candidate.Id === restaurantId);

  const reset = () => {
    form.setValues(freshDraft(restaurants.data, props.defaultRestaurant, props.date, props.identifier));
    form.setErrors({});
    setReference(null);
  };

  const { ref, busy, submit } = useSubmit(form, {
    build: () => ({
      PropertyId: props.propertyId,
      RestaurantId: restaurantId ?? 0,
      RestaurantName: restaurant?.Name ?? null,
      VisitTime: draft.time,
      VisitDate: draft.date,
      PartySize: partySize ?? 0,
      SpecialRequests: draft.specialRequests.trim() || null,
      IsReservation: true as const,
      Identifier: draft.identifier.trim(),
      PromotionId: draft.promotionId === '' ? null : Number(draft.promotionId),
      Email: draft.email.trim(),
      ContactNumber: draft.contactNumber.trim(),
      IsLeaveTimeRequired: chosenTime?.IsLeaveTimeRequired ?? false,
      // The proof is of the booking the page was opened from: another identifier typed has none.
      Code: props.reservationCode && draft.identifier.trim() === props.identifier.trim() ? props.reservationCode : null,
    }),
    check: (request) => firstErrors(validateRestaurantBooking(request), schemaErrors(restaurantBookingRequestSchema, request)),
    send: async (request) => {
      const body = JSON.stringify(request);
      if (unanswered.current?.body !== body) unanswered.current = { body, key: newId() };
      let created;
      try {
        created = await createTableBooking(request, unanswered.current.key);
      } catch (error) {
        // A refusal of the request itself settles it; a lost answer, a 5xx or "not finished yet" (409) is sent again as it was.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 409) unanswered.current = null;
        throw error;
      }
      unanswered.current = null;
      if (!created.Success) {
        toast.negative(created.InfoMessage || ERROR_MESSAGES.createBookingFailed, 'top');
        return;
      }
      toast.positive(created.InfoMessage || SUCCESS_MESSAGES.tableBooked);
      setReference(created.BookingReference);
      // The table taken changes the times offered.
      await mutate((key) => Array.isArray(key) && key[0] === 'RestaurantBooking/Availability');
    },
    failure: { message: ERROR_MESSAGES.createBookingFailed, position: 'bottom' },
  });

  if (restaurants.error !== undefined) {
    return <Notice tone="negative">{errorText(restaurants.error, 'Table booking is not available at the moment.')}</Notice>;
  }
  if (restaurants.data === undefined) return <Loading label="Loading restaurants…" />;
  if (restaurants.data.length === 0) return <Notice tone="info">There is no restaurant to book at this hotel.</Notice>;

  if (reference !== null) {
    return (
      <div className="space-y-4">
        <Notice tone="positive" title={SUCCESS_MESSAGES.tableBooked} live>
          <p>
            {restaurant?.Name}, {formatDate(draft.date, 'dddd Do MMMM YYYY')} at {draft.time} for {partySize}.
          </p>
          <p className="mt-1">
            Your booking reference is <strong data-testid="table-reference">{reference}</strong>.
          </p>
        </Notice>
        <Button variant="secondary" onClick={reset}>
          Book another table
        </Button>
      </div>
    );
  }

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-6" aria-label="Book a table">
      <Panel className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Restaurant"
          value={restaurantId ?? ''}
          onChange={(event) => set('restaurantId', Number(event.target.value))}
          error={errors.RestaurantId}
        >
          {restaurants.data.map((candidate) => (
            <option key={candidate.Id} value={candidate.Id}>
              {candidate.Name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Date"
          type="date"
          min={props.today}
          value={draft.date}
          onChange={(event) => set('date', event.target.value)}
          error={errors.VisitDate}
          hint={parseDate(draft.date) === null ? undefined : formatDate(draft.date, 'dddd Do MMMM YYYY')}
        />
        {setup.data === undefined ? (
          <Loading label="Loading party sizes…" />
        ) : (
          <SelectField
            label="Party size"
            value={partySize ?? ''}
            onChange={(event) => set('partySize', Number(event.target.value))}
            error={errors.PartySize}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size} {size === 1 ? 'person' : 'people'}
              </option>
            ))}
          </SelectField>
        )}
      </Panel>

      <Panel as="fieldset" className="space-y-3" aria-describedby={errors.VisitTime ? 'time-error' : undefined}>
        <legend className="px-1 text-lg font-semibold">Available times</legend>
        {times.data === undefined && times.error === undefined && partySize !== undefined && <Loading label="Loading times…" />}
        {times.data !== undefined && times.data.length === 0 && (
          <Notice tone="info">{setup.data?.NoAvailabilityText || 'No times are available.'}</Notice>
        )}
        {times.data !== undefined && times.data.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {times.data.map((time) => (
              <label
                key={time.Time}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 has-focus-visible:focus-ring ${draft.time === time.Time ? 'border-primary bg-primary text-on-primary' : 'border-gray-500 bg-white'}`}
              >
                <input
                  type="radio"
                  name="visit-time"
                  className="sr-only"
                  checked={draft.time === time.Time}
                  onChange={() => set('time', time.Time)}
                />
                <span className="font-semibold">{time.Time}</span>
                {time.Promotions.length > 0 && (
                  <span className="text-xs">({time.Promotions.map((promotion) => promotion.Name).join(', ')})</span>
                )}
              </label>
            ))}
          </div>
        )}
        {errors.VisitTime && (
          <p id="time-error" className="text-sm font-medium text-negative-text">
            {errors.VisitTime.join('. ')}
          </p>
        )}
        {chosenTime?.IsLeaveTimeRequired && chosenTime.LeaveTime && (
          <Notice tone="info">The table is needed again at {chosenTime.LeaveTime}, so please leave by then.</Notice>
        )}
        {chosenTime !== undefined && chosenTime.Promotions.length > 0 && (
          <SelectField label="Promotion (optional)" value={draft.promotionId} onChange={(event) => set('promotionId', event.target.value)}>
            <option value="">No promotion</option>
            {chosenTime.Promotions.map((promotion) => (
              <option key={promotion.PromotionId} value={promotion.PromotionId}>
                {promotion.Name}: {promotion.Description}
              </option>
            ))}
          </SelectField>
        )}
      </Panel>

      <Panel className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name or reservation number"
          {...textOf('identifier', 'Identifier')}
          hint="Staying with us? Your reservation number links the table to your stay."
        />
        <TextField label="Email address" type="email" autoComplete="email" {...textOf('email', 'Email')} />
        <TextField
          label="Contact number"
          type="tel"
          autoComplete="tel"
          {...textOf('contactNumber', 'ContactNumber')}
          hint="Start with + or 00 and the country code."
        />
        <TextAreaField label="Special requests" className="sm:col-span-2" {...textOf('specialRequests', 'SpecialRequests')} />
      </Panel>

      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy} busyText="Booking…">
          Book table
        </SubmitButton>
        <Button variant="secondary" onClick={reset}>
          Reset
        </Button>
      </div>
    </form>
  );
}
