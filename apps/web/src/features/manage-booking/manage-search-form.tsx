/**
 * The Manage page's search: reservation number and guest name, checked with the shared form
 * schema ('Reservation Number is required', 'Guest Name is required'); a miss shows the server's
 * message in the form under 'Manage Booking Error'.
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { manageBookingSearchFormSchema } from '@hotel/domain/wire/manage-booking-search';
import { SubmitButton } from '../../components/button';
import { TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { errorText } from '../../lib/api-client';
import { schemaErrors, useForm, useSubmit } from '../../lib/form';
import { rememberFoundBooking, searchByName } from './manage-api';
import { ERROR_MESSAGES } from '@hotel/domain/messages';

export function ManageSearchForm(props: {
  propertyId: number;
  initialFailure: string | null;
  onFound: (reference: string, code: string) => void;
}) {
  const { mutate } = useSWRConfig();
  const form = useForm({ reservationNumber: '', guestName: '' });
  const [failure, setFailure] = useState<string | null>(props.initialFailure);
  const { ref, busy, submit } = useSubmit(form, {
    build: () => form.values,
    check: (request) => schemaErrors(manageBookingSearchFormSchema, request),
    send: async (request) => {
      setFailure(null);
      let found;
      try {
        found = await searchByName(props.propertyId, request.reservationNumber, request.guestName);
      } catch (error) {
        // A refusal (too many searches, a field) is told in the form like a miss.
        setFailure(errorText(error, ERROR_MESSAGES.manageBookingNotFound));
        return;
      }
      if (!found.Success || found.Reservation === null || found.Code === null) {
        setFailure(found.Message ?? ERROR_MESSAGES.manageBookingNotFound);
        return;
      }
      await rememberFoundBooking(mutate, props.propertyId, { ...found, Reservation: found.Reservation, Code: found.Code });
      props.onFound(found.Reservation.ReservationNumber, found.Code);
    },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-4" aria-label="Find your booking">
      {failure !== null && (
        <Notice tone="negative" title="Manage Booking Error" live>
          {failure}
        </Notice>
      )}
      <TextField label="Reservation Number" autoComplete="off" {...form.bind('reservationNumber')} />
      <TextField
        label="Guest Name"
        hint="The last name of the booker or of a guest"
        autoComplete="family-name"
        {...form.bind('guestName')}
      />
      <SubmitButton busy={busy} busyText="Searching…" className="w-full sm:w-auto">
        Find booking
      </SubmitButton>
    </form>
  );
}
