/**
 * The Booker, Room and Guest steps of manage booking and pre-check-in: the booker's details, a
 * room's bed configuration and guests, and one guest's details, each required as the property's
 * configuration says (BookerConfiguration, GuestConfiguration), checked with the domain's
 * contact rule.
 */
import { validateContact } from '@hotel/domain/validation';
import type { ManageBookingConfigurationResponse } from '@hotel/domain/wire/manage-booking-config-response';
import { bookerSchema } from '@hotel/domain/wire/contact';
import { Button, SubmitButton } from './button';
import { CheckboxField, SelectField, TextField } from './field';
import { useCountries } from '../hooks/use-countries';
import { firstErrors, schemaErrors, useForm, useSubmit } from '../lib/form';
import { managedGuestRules, type DraftBooker, type DraftGuest } from '../lib/contact-draft';
import { StepSection } from './step-section';

/** What the steps read of a property's configuration (manage booking's and pre-check-in's alike). */
type ContactConfig = Pick<
  ManageBookingConfigurationResponse,
  'ShowRoomConfigurationQuestion' | 'BookerConfiguration' | 'GuestConfiguration'
>;

/** A room as its step shows it: the chosen configuration and the guests. */
interface ReviewedRoom {
  RoomConfigurationDropdownOptionId: number | null;
  Guests: readonly DraftGuest[];
}

/** A step form's submit and its way back. */
function StepButtons(props: { busy: boolean; submitLabel: string; onBack: () => void }) {
  return (
    <div className="flex flex-wrap gap-3 sm:col-span-2">
      <SubmitButton busy={props.busy} busyText="Saving…">
        {props.submitLabel}
      </SubmitButton>
      <Button variant="secondary" onClick={props.onBack}>
        Back
      </Button>
    </div>
  );
}

const required = (isRequired: boolean | null | undefined, label: string) => (isRequired ? label : `${label} (optional)`);

export function BookerStep(props: {
  propertyId: number;
  booker: DraftBooker;
  config: ContactConfig;
  focusOnShow: boolean;
  onSave: (booker: DraftBooker) => void;
  onBack: () => void;
}) {
  const countries = useCountries(props.propertyId);
  const form = useForm({ ...props.booker, CountryId: props.booker.CountryId === null ? '' : String(props.booker.CountryId) });
  const required_ = props.config.BookerConfiguration;
  const { ref, busy, submit } = useSubmit(form, {
    build: () => ({ ...form.values, CountryId: form.values.CountryId === '' ? null : Number(form.values.CountryId) }),
    check: (booker) => firstErrors(schemaErrors(bookerSchema, booker), validateContact(booker, required_)),
    send: (booker) => props.onSave(booker),
  });
  return (
    <StepSection title="Booker details" focusOnShow={props.focusOnShow}>
      <form ref={ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...form.bind('FirstName')} />
        <TextField label="Last name" autoComplete="family-name" {...form.bind('LastName')} />
        <TextField label="Email" type="email" autoComplete="email" {...form.bind('Email')} />
        <TextField label="Telephone" type="tel" autoComplete="tel" hint="With the country code, e.g. +44" {...form.bind('Phone')} />
        <TextField label={required(required_.StreetRequired, 'Street')} autoComplete="address-line1" {...form.bind('Street')} />
        <TextField label={required(required_.CityRequired, 'City')} autoComplete="address-level2" {...form.bind('City')} />
        <TextField label={required(required_.PostCodeRequired, 'Post code')} autoComplete="postal-code" {...form.bind('ZipCode')} />
        <SelectField
          label={required(required_.CountryRequired, 'Country')}
          value={form.values.CountryId}
          onChange={(event) => form.setField('CountryId', event.target.value)}
          error={form.errors.Country}
        >
          <option value="">Choose a country</option>
          {(countries.data ?? []).map((country) => (
            <option key={country.CountryId} value={String(country.CountryId)}>
              {country.Name}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          className="sm:col-span-2"
          label="Send me news and offers"
          checked={form.values.OptInToReceiveUpdates}
          onChange={(event) => form.setField('OptInToReceiveUpdates', event.target.checked)}
        />
        <StepButtons busy={busy} submitLabel="Done" onBack={props.onBack} />
      </form>
    </StepSection>
  );
}

export function RoomStep(props: {
  room: ReviewedRoom;
  /** The room type's configurations, for the question. */
  options: readonly { id: number; name: string }[];
  title: string;
  config: ContactConfig;
  focusOnShow: boolean;
  onConfiguration: (option: { id: number | null; name: string | null }) => void;
  onEditGuest: (guestIndex: number) => void;
  onDone: () => void;
}) {
  const ask = props.config.ShowRoomConfigurationQuestion;
  const missing = ask && props.room.RoomConfigurationDropdownOptionId === null;
  return (
    <StepSection title={props.title} subtitle="Check who is staying" focusOnShow={props.focusOnShow}>
      {ask && (
        <SelectField
          label="Bed configuration"
          value={props.room.RoomConfigurationDropdownOptionId === null ? '' : String(props.room.RoomConfigurationDropdownOptionId)}
          error={missing ? 'Bed configuration is required' : undefined}
          onChange={(event) => {
            const id = event.target.value === '' ? null : Number(event.target.value);
            const name = props.options.find((option) => option.id === id)?.name ?? null;
            props.onConfiguration({ id, name });
          }}
        >
          <option value="">Choose</option>
          {props.options.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {option.name}
            </option>
          ))}
        </SelectField>
      )}
      <ul className="divide-y divide-gray-200">
        {props.room.Guests.map((guest, index) => {
          const name = `${guest.FirstName} ${guest.LastName}`.trim() || `Guest ${index + 1}`;
          return (
            <li key={index} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {name}
                {guest.IsLeadGuest && <span className="text-sm text-gray-700"> (lead guest)</span>}
              </span>
              <Button variant="secondary" onClick={() => props.onEditGuest(index)} aria-label={`Edit ${name}`}>
                Edit
              </Button>
            </li>
          );
        })}
      </ul>
      <Button onClick={props.onDone} disabled={missing}>
        Continue
      </Button>
    </StepSection>
  );
}

export function GuestStep(props: {
  guest: DraftGuest;
  title: string;
  config: ContactConfig;
  focusOnShow: boolean;
  onSave: (guest: DraftGuest) => void;
  onBack: () => void;
}) {
  const form = useForm({
    FirstName: props.guest.FirstName,
    LastName: props.guest.LastName,
    Email: props.guest.Email,
    Phone: props.guest.Phone,
  });
  const required_ = managedGuestRules(props.config.GuestConfiguration);
  const { ref, busy, submit } = useSubmit(form, {
    build: () => form.values,
    check: (guest) => validateContact(guest, required_),
    send: (guest) => props.onSave({ ...props.guest, ...guest, reviewed: true }),
  });
  return (
    <StepSection title={props.title} focusOnShow={props.focusOnShow}>
      <form ref={ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField label={required(required_.FirstNameRequired, 'First name')} autoComplete="off" {...form.bind('FirstName')} />
        <TextField label={required(required_.LastNameRequired, 'Last name')} autoComplete="off" {...form.bind('LastName')} />
        <TextField label={required(required_.EmailRequired, 'Email')} type="email" autoComplete="off" {...form.bind('Email')} />
        <TextField label={required(required_.PhoneRequired, 'Telephone')} type="tel" autoComplete="off" {...form.bind('Phone')} />
        <StepButtons busy={busy} submitLabel="Save guest" onBack={props.onBack} />
      </form>
    </StepSection>
  );
}
