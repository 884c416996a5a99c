/**
 * The occupancy step: the lead guest of an item and, when the property
 * asks, the room configuration. Checked with the guest wire schema and the domain's
 * configured contact rule.
 */
import { VALIDATION_MESSAGES } from '@hotel/domain/messages';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, validateContact } from '@hotel/domain/validation';
import { guestSchema } from '@hotel/domain/wire/contact';
import { SHORT_TEXT_MAX } from '@hotel/domain/wire/scalars';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { Loading } from '../../components/loading';
import { Panel, Section } from '../../components/layout';
import { mergeErrors, schemaErrors, useForm, useSubmit } from '../../lib/form';
import { LEAD_GUEST_FIELDS, type BookingItem, type LeadGuest } from '../../stores/booking-store';
import { useRoomConfigurations } from './room-configuration-api';

const keepEverything = <T,>(values: T): T => values;

export function LeadGuestStep(props: {
  item: BookingItem;
  propertyId: number;
  askConfiguration: boolean;
  unit: { One: string };
  onSave: (guest: LeadGuest, configuration: { id: number; name: string } | null) => void;
}) {
  const { item } = props;
  const ask = props.askConfiguration && item.hasConfigurations;
  const configurations = useRoomConfigurations(props.propertyId, item.RoomTypeId, ask);
  // What is typed here is kept for the session, per item: a reload or Back and Forward give it back.
  const form = useForm(
    { ...item.leadGuest, configurationId: item.roomConfigurationId === null ? '' : String(item.roomConfigurationId) },
    { name: 'lead-guest', scope: item.ReservationItemId, keep: keepEverything },
  );
  const { ref, submit } = useSubmit(form, {
    build: () => {
      const { configurationId, ...guest } = form.values;
      const trimmed: LeadGuest = {
        FirstName: guest.FirstName.trim(),
        LastName: guest.LastName.trim(),
        Email: guest.Email.trim(),
        Phone: guest.Phone.trim(),
      };
      return { guest: trimmed, configurationId };
    },
    check: ({ guest, configurationId }) =>
      mergeErrors(
        schemaErrors(guestSchema, guest),
        validateContact(guest, LEAD_GUEST_FIELDS),
        ask && configurationId === '' ? { configurationId: [VALIDATION_MESSAGES.roomConfigurationRequired] } : {},
      ),
    send: ({ guest, configurationId }) => {
      const chosen = configurations.data?.find((option) => String(option.RoomConfigurationDropdownOptionId) === configurationId);
      props.onSave(guest, chosen ? { id: chosen.RoomConfigurationDropdownOptionId, name: chosen.Name } : null);
    },
  });

  return (
    <Section
      title="Who is staying?"
      titleSize="2xl"
      subtitle={
        <>
          {props.unit.One} {item.roomNumber}: {item.roomTypeName}, {item.ratePlanName}
        </>
      }
      className="space-y-4"
    >
      <Panel as="form" ref={ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField label="Lead guest first name" autoComplete="given-name" maxLength={SHORT_TEXT_MAX} {...form.bind('FirstName')} />
        <TextField label="Lead guest last name" autoComplete="family-name" maxLength={SHORT_TEXT_MAX} {...form.bind('LastName')} />
        <TextField
          label="Email address (optional)"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          {...form.bind('Email')}
        />
        <TextField
          label="Phone number (optional)"
          type="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          hint="Start with + or 00 and the country code"
          {...form.bind('Phone')}
        />
        {ask &&
          (configurations.data === undefined ? (
            <Loading label="Loading bed configurations…" />
          ) : (
            <SelectField
              label="Room configuration"
              className="sm:col-span-2"
              value={form.values.configurationId}
              error={form.errors.configurationId}
              onChange={(event) => form.setField('configurationId', event.target.value)}
            >
              <option value="">Choose a configuration</option>
              {configurations.data.map((option) => (
                <option key={option.RoomConfigurationDropdownOptionId} value={option.RoomConfigurationDropdownOptionId}>
                  {option.Name}
                </option>
              ))}
            </SelectField>
          ))}
        <div className="sm:col-span-2">
          <Button type="submit">Continue</Button>
        </div>
      </Panel>
    </Section>
  );
}
