/**
 * The steps that change what is booked (a room's extras are features/extras' BookedRoomExtras):
 * new dates for the stay (SearchDateOptions: accept or dismiss) and an upgrade of a room (UpgradeOptions).
 * Nothing is saved here: each returns its change to the draft, priced as the server showed it.
 */
import { useState } from 'react';
import { compareDates, countNights } from '@hotel/domain/dates';
import { canAcceptDateChange } from '@hotel/domain/manage-booking';
import { nightsText } from '@hotel/domain/messages';
import { toMajor } from '@hotel/domain/money';
import { toMinor } from '@hotel/domain/money';
import type { DateChangeRow, SearchDateOptionsResponse, UpgradeOption } from '@hotel/domain/wire/manage-booking-change';
import { Button, SubmitButton } from '../../components/button';
import { TextField } from '../../components/field';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { errorText } from '../../lib/api-client';
import { schemaErrors, useForm, useSubmit } from '../../lib/form';
import { searchDateOptions, useUpgradeOptions, type BookingAccess } from './manage-api';
import type { DraftRoom } from './manage-draft';
import { useWireMoney } from '../../hooks/use-wire-money';
import { stayText } from './reservation-overview';
import { ChoiceRow, StepSection } from '../../components/step-section';
import { searchDateOptionsRequestSchema } from '@hotel/domain/wire/manage-booking-change';

/** The rows' new price against each room's current one, counted in minor units of the booking's `currency`. */
function rowDifference(rows: readonly DateChangeRow[], rooms: readonly DraftRoom[], currency: string): number {
  const minor = rows.reduce((sum, row) => {
    const room = rooms.find((candidate) => candidate.ReservationItemId === row.ReservationItemId);
    return sum + toMinor(row.TotalCost, currency) - toMinor(room?.TotalCost ?? 0, currency);
  }, 0);
  return toMajor(minor, currency);
}

export function ChangeDatesStep(props: {
  access: BookingAccess;
  rooms: DraftRoom[];
  stay: { DateFrom: string; DateTo: string };
  today: string;
  unit: { One: string };
  focusOnShow: boolean;
  onAccept: (rows: DateChangeRow[]) => void;
  onBack: () => void;
}) {
  const { show, signed, currency } = useWireMoney();
  const itemIds = props.rooms.flatMap((room) => (room.ReservationItemId === null ? [] : [room.ReservationItemId]));
  const form = useForm({ DateFrom: props.stay.DateFrom, DateTo: props.stay.DateTo });
  const [answer, setAnswer] = useState<SearchDateOptionsResponse | null>(null);
  const { ref, busy, submit } = useSubmit(form, {
    build: () => ({
      PropertyId: props.access.propertyId,
      ReservationId: props.access.reservationId,
      Code: props.access.code,
      ...form.values,
      ReservationItemIds: itemIds,
    }),
    check: (request) => {
      const errors = schemaErrors(searchDateOptionsRequestSchema, request);
      if (errors.DateFrom === undefined && compareDates(request.DateFrom, props.today) < 0)
        errors.DateFrom = ['Arrival cannot be in the past'];
      if (errors.DateTo === undefined && compareDates(request.DateTo, request.DateFrom) <= 0)
        errors.DateTo = ['Departure must be after arrival'];
      return errors;
    },
    send: async (request) => {
      setAnswer(null);
      setAnswer(await searchDateOptions(request));
    },
    failure: { message: 'We could not search those dates.' },
  });
  const acceptable =
    answer !== null && canAcceptDateChange({ success: answer.Success, reservationItemIds: itemIds, rows: answer.ReservationItemRateRows });
  return (
    <StepSection title="Change dates" subtitle={`Now: ${stayText(props.stay.DateFrom, props.stay.DateTo)}`} focusOnShow={props.focusOnShow}>
      <form ref={ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-3 sm:items-end">
        <TextField
          label="Arrival"
          type="date"
          min={props.today}
          {...form.bind('DateFrom')}
          onChange={(event) => {
            setAnswer(null);
            form.setField('DateFrom', event.target.value);
          }}
        />
        <TextField
          label="Departure"
          type="date"
          min={props.today}
          {...form.bind('DateTo')}
          onChange={(event) => {
            setAnswer(null);
            form.setField('DateTo', event.target.value);
          }}
        />
        <SubmitButton busy={busy} busyText="Searching…">
          Search new dates
        </SubmitButton>
      </form>
      {answer !== null && !answer.Success && (
        <Notice tone="warning" title="Not available" live>
          {answer.Message ?? 'Your stay cannot be moved to those dates.'}
        </Notice>
      )}
      {answer !== null && answer.Success && (
        <div className="space-y-3" role="status">
          <p className="font-semibold">{stayText(form.values.DateFrom, form.values.DateTo)}</p>
          <ul className="space-y-2">
            {answer.ReservationItemRateRows.map((row) => {
              const index = props.rooms.findIndex((room) => room.ReservationItemId === row.ReservationItemId);
              const room = props.rooms[index];
              return (
                <li key={row.ReservationItemId} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {props.unit.One} {index + 1}: {room?.RoomTypeName}
                    {row.Promotion !== null && <span className="text-sm"> ({row.Promotion.Name})</span>}
                  </span>
                  <span>
                    {show(room?.TotalCost ?? 0)} → <strong>{show(row.TotalCost)}</strong>
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="text-lg font-semibold" data-testid="date-change-difference">
            Difference: {signed(rowDifference(answer.ReservationItemRateRows, props.rooms, currency))}
          </p>
          <p className="text-sm text-gray-700">
            {nightsText(countNights(form.values.DateFrom, form.values.DateTo))}; extras are priced again on the summary.
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        {answer !== null && answer.Success && (
          <>
            <Button onClick={() => props.onAccept(answer.ReservationItemRateRows)} disabled={!acceptable}>
              Accept new dates
            </Button>
            <Button variant="secondary" onClick={() => setAnswer(null)}>
              Dismiss
            </Button>
          </>
        )}
        <Button variant="secondary" onClick={props.onBack}>
          Back to your booking
        </Button>
      </div>
    </StepSection>
  );
}

export function UpgradeStep(props: {
  access: BookingAccess;
  room: DraftRoom;
  title: string;
  focusOnShow: boolean;
  onChoose: (option: UpgradeOption) => void;
  onBack: () => void;
}) {
  const { show, signed } = useWireMoney();
  const options = useUpgradeOptions(props.access, true);
  const mine = (options.data?.RoomTypes ?? []).filter(
    (option) => option.ReservationItemId === props.room.ReservationItemId && option.RoomType.RoomTypeId !== props.room.RoomTypeId,
  );
  return (
    <StepSection title={`Upgrade ${props.title}`} focusOnShow={props.focusOnShow}>
      {options.error !== undefined && (
        <Notice tone="negative" title="Error" live>
          {errorText(options.error, 'We could not load the upgrades.')}
        </Notice>
      )}
      {options.data === undefined && options.error === undefined && <Loading label="Loading upgrades…" />}
      {options.data !== undefined && mine.length === 0 && <p>No upgrades are available for this room.</p>}
      <ul className="space-y-3">
        {mine.map((option) => {
          const left = options.data?.NumberOfRoomsPerRoomTypeId[String(option.RoomType.RoomTypeId)];
          return (
            <ChoiceRow
              key={option.RoomType.RoomTypeId}
              buttonText="Choose"
              buttonLabel={`Choose ${option.RoomType.Name}`}
              onChoose={() => props.onChoose(option)}
            >
              <p className="font-semibold">{option.RoomType.Name}</p>
              {option.RoomType.Description !== '' && <p className="text-sm">{option.RoomType.Description}</p>}
              {left !== undefined && left <= 3 && <p className="text-sm">Only {left} left</p>}
              <p className="text-sm">
                {show(option.TotalUpgradeCost)} ({signed(option.Difference)})
              </p>
            </ChoiceRow>
          );
        })}
      </ul>
      <Button variant="secondary" onClick={props.onBack}>
        Back to your booking
      </Button>
    </StepSection>
  );
}
