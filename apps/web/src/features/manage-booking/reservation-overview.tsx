/**
 * ReservationOverview: the booking as it will be after the change being made, room by room,
 * with what may still be done. The server's CanBeEdited and CanBeCancelled decide: guests,
 * booker, requests and extras while editable; dates, upgrades and rooms added or cancelled
 * while cancellable. A booking that cannot be edited says whom to call.
 */
import { countNights, formatDate } from '@hotel/domain/dates';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import { guestsText, nightsText } from '@hotel/domain/messages';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/field';
import { Panel } from '../../components/layout';
import { Notice } from '../../components/notice';
import type { ManagedReservation } from './manage-api';
import type { DraftRoom, ManageDraft } from './manage-draft';
import { useWireMoney } from '../../hooks/use-wire-money';
import { StepSection } from '../../components/step-section';

export interface OverviewActions {
  editBooker: () => void;
  editRoom: (index: number) => void;
  editExtras: (index: number) => void;
  upgrade: (index: number) => void;
  cancelRoom: (index: number) => void;
  changeDates: () => void;
  addRoom: () => void;
  setSpecialRequests: (text: string) => void;
  review: () => void;
  cancelBooking: () => void;
}

export function stayText(from: string, to: string): string {
  return `${formatDate(from, 'ddd Do MMM YYYY')} to ${formatDate(to, 'ddd Do MMM YYYY')} (${nightsText(countNights(from, to))})`;
}

/** One room of the booking as it will be: what, when, who, which extras and for how much. */
export function RoomDetails(props: { room: DraftRoom; title: string; children?: React.ReactNode }) {
  const { show } = useWireMoney();
  const { room } = props;
  return (
    <Panel as="li" className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{props.title}</h3>
          <p className="text-sm">{room.RatePlanName}</p>
        </div>
        <p className="font-semibold" data-testid="room-price">
          {show(room.TotalCost)}
        </p>
      </div>
      <p className="text-sm">{stayText(room.DateFrom, room.DateTo)}</p>
      <p className="text-sm">{guestsText([room])}</p>
      {room.RoomConfiguration !== null && <p className="text-sm">{room.RoomConfiguration}</p>}
      <p className="text-sm">
        Guests: {room.Guests.map((guest) => `${guest.FirstName} ${guest.LastName}`.trim()).join(', ') || 'none named'}
      </p>
      {room.Services.length > 0 && (
        <p className="text-sm">
          Extras:{' '}
          {room.Services.map((service) =>
            service.Quantity > 1 ? `${service.ServiceName} × ${service.Quantity}` : service.ServiceName,
          ).join(', ')}
        </p>
      )}
      <p className="text-sm text-gray-700">{room.Policy}</p>
      {props.children}
    </Panel>
  );
}

export function ReservationOverview(props: {
  reservation: ManagedReservation;
  draft: ManageDraft;
  unit: { One: string };
  telephone: string | null;
  canReview: boolean;
  changed: boolean;
  focusOnShow: boolean;
  actions: OverviewActions;
}) {
  const { show } = useWireMoney();
  const { reservation, draft, actions, unit } = props;
  const editable = reservation.CanBeEdited;
  const cancellable = reservation.CanBeCancelled;
  const hasAddedRoom = draft.rooms.some((room) => room.ReservationItemId === null);
  const card = reservation.CreditCards[0];
  return (
    <StepSection title="Your booking" subtitle={`Reservation number ${reservation.ReservationNumber}`} focusOnShow={props.focusOnShow}>
      {!editable && (
        <Notice tone="info">
          <p>{ERROR_MESSAGES.modifyNotAllowed}</p>
          {props.telephone !== null && (
            <p className="mt-1">
              Telephone:{' '}
              <a className="text-link underline" href={`tel:${props.telephone.replace(/\s/g, '')}`}>
                {props.telephone}
              </a>
            </p>
          )}
        </Notice>
      )}
      <div className="space-y-1">
        <p>
          Booked by {draft.booker.FirstName} {draft.booker.LastName}, {draft.booker.Email}
        </p>
        {card !== undefined && (
          <p className="text-sm">
            Paid by {card.Brand ?? 'card'} ending {card.Last4}
          </p>
        )}
        {editable && (
          <Button variant="link" onClick={actions.editBooker}>
            Edit booker details
          </Button>
        )}
      </div>

      <ul className="space-y-3" aria-label={`Your ${unit.One.toLowerCase()}s`}>
        {draft.rooms.map((room, index) => {
          const title = `${unit.One} ${index + 1}: ${room.RoomTypeName}`;
          const booked = room.ReservationItemId !== null;
          return (
            <RoomDetails key={room.key} room={room} title={title}>
              <div className="flex flex-wrap gap-2 pt-1">
                {room.CanBeEdited && (
                  <Button variant="secondary" onClick={() => actions.editRoom(index)} aria-label={`Edit guests of ${title}`}>
                    Edit guests
                  </Button>
                )}
                {room.CanBeEdited && booked && (
                  <Button variant="secondary" onClick={() => actions.editExtras(index)} aria-label={`Extras of ${title}`}>
                    Extras
                  </Button>
                )}
                {room.CanBeCancelled && booked && (
                  <Button variant="secondary" onClick={() => actions.upgrade(index)} aria-label={`Upgrade ${title}`}>
                    Upgrade
                  </Button>
                )}
                {room.CanBeCancelled && draft.rooms.length > 1 && (
                  <Button variant="secondary" onClick={() => actions.cancelRoom(index)} aria-label={`Cancel ${title}`}>
                    Cancel this {unit.One.toLowerCase()}
                  </Button>
                )}
              </div>
            </RoomDetails>
          );
        })}
      </ul>

      {draft.roomsToCancel.length > 0 && (
        <Notice tone="warning" title={`To be cancelled when you save`}>
          <ul>
            {draft.roomsToCancel.map((room) => (
              <li key={room.ReservationItemId}>{room.RoomTypeName}</li>
            ))}
          </ul>
        </Notice>
      )}

      {cancellable && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={actions.changeDates} disabled={hasAddedRoom}>
            Change dates
          </Button>
          <Button variant="secondary" onClick={actions.addRoom}>
            Add a {unit.One.toLowerCase()}
          </Button>
        </div>
      )}
      {cancellable && hasAddedRoom && <p className="text-sm text-gray-700">Change the dates before adding a {unit.One.toLowerCase()}.</p>}

      {editable ? (
        <TextAreaField
          label="Special requests"
          maxLength={2000}
          showCount
          value={draft.specialRequests}
          onChange={(event) => actions.setSpecialRequests(event.target.value)}
        />
      ) : (
        reservation.SpecialRequests && <p className="text-sm">Special requests: {reservation.SpecialRequests}</p>
      )}

      <dl className="space-y-1 border-t border-gray-300 pt-3">
        <div className="flex justify-between">
          <dt>Accommodation as booked</dt>
          <dd>{show(reservation.TotalAccommodationPrice)}</dd>
        </div>
        {reservation.TotalServicesPrice > 0 && (
          <div className="flex justify-between">
            <dt>Extras as booked</dt>
            <dd>{show(reservation.TotalServicesPrice)}</dd>
          </div>
        )}
      </dl>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        {editable && (
          <Button onClick={actions.review} disabled={!props.canReview || !props.changed}>
            Review changes
          </Button>
        )}
        {cancellable && (
          <Button variant="secondary" onClick={actions.cancelBooking}>
            Cancel Booking
          </Button>
        )}
      </div>
    </StepSection>
  );
}
