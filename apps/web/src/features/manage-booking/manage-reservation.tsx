/**
 * A found booking being managed: the step machine of the domain (advanceManageBooking) moves
 * the guest between ReservationOverview and the editing steps; the change is held as a draft
 * until Summary saves it; Cancel Booking cancels at once.
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { afterManageBookingSave, advanceManageBooking, type ManageBookingStep } from '@hotel/domain/manage-booking';
import { canSaveReservation, type ReviewPosition } from '@hotel/domain/guest-review';
import { SUCCESS_MESSAGES } from '@hotel/domain/messages';
import type { ManageBookingConfigurationResponse as ManageConfig } from '@hotel/domain/wire/manage-booking-config-response';
import type { NewRoomPrices } from '@hotel/domain/wire/error-response';
import type { ManageBookingCancelResponse } from '@hotel/domain/wire/manage-booking-change';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { replaceFoundBooking, type BookingAccess, type ManagedReservation } from './manage-api';
import {
  addRoom,
  applyDateRows,
  cancelRoom,
  draftOf,
  isUnchanged,
  reviewRooms,
  stayOf,
  updateRequest,
  withRoom,
  type ManageDraft,
} from './manage-draft';
import { managedGuestRules } from '../../lib/contact-draft';
import { BookerStep, GuestStep, RoomStep } from '../../components/contact-steps';
import { useRoomConfigurations } from '../guests/room-configuration-api';
import { BookedRoomExtras } from '../extras/booked-room-extras';
import { ChangeDatesStep, UpgradeStep } from './change-steps';
import { CancelBookingDialog, CancellationOutcome, CancelRoomDialog } from './cancel-dialogs';
import { ReservationOverview, RoomDetails, stayText } from './reservation-overview';
import { SummaryStep } from './summary-step';
import { RatePlanSelectionStep, RoomTypeSelectionStep, type NewRoomChoice } from './new-room-steps';
import { StepSection } from '../../components/step-section';

type Position = ReviewPosition<ManageBookingStep>;

// The Room step lists its guests and opens each in a Guest step of its own, as the phone layout
// of the review loop does, so the loop runs as on a phone at every width.
const isMobile = true;

const at = (step: ManageBookingStep, itemIndex = 0, guestIndex = 0): Position => ({ step, itemIndex, guestIndex });

/** A booking's rooms as they stand, read only (Complete and Cancelled). */
function BookedRooms(props: { reservation: ManagedReservation; unit: { One: string } }) {
  const draft = draftOf(props.reservation);
  return (
    <ul className="space-y-3">
      {draft.rooms.map((room, index) => (
        <RoomDetails key={room.key} room={room} title={`${props.unit.One} ${index + 1}: ${room.RoomTypeName}`} />
      ))}
    </ul>
  );
}

/** Each answered room's price taken into the draft: by id, and an added room by its place among the added. */
function withNewPrices(draft: ManageDraft, prices: readonly NewRoomPrices[]): ManageDraft {
  const added = prices.filter((price) => price.ReservationItemId === null);
  let addedIndex = 0;
  return {
    ...draft,
    rooms: draft.rooms.map((room) => {
      const price =
        room.ReservationItemId === null
          ? added[addedIndex++]
          : prices.find((candidate) => candidate.ReservationItemId === room.ReservationItemId);
      return price === undefined ? room : { ...room, TotalCost: price.TotalCost };
    }),
  };
}

export function ManageReservation(props: {
  reservation: ManagedReservation;
  code: string;
  config: ManageConfig;
  telephone: string | null;
  today: string;
  unit: { one: string; One: string };
  /** The most adults a room added may have (the property's). */
  maxAdults: number;
  /** Opened by the confirmation's "Add Extras": the first room's extras come first. */
  startWithExtras: boolean;
}) {
  const { reservation, config, unit } = props;
  const { mutate } = useSWRConfig();
  const [draft, setDraft] = useState(() => draftOf(reservation));
  const [position, setPosition] = useState<Position>(() => {
    const start = advanceManageBooking({ position: at('Start'), rooms: [], isMobile, isCancelled: reservation.IsCancelled });
    return props.startWithExtras && start.step === 'ReservationOverview' && reservation.Rooms[0]?.CanBeEdited === true
      ? at('Extras')
      : start;
  });
  const [cancelling, setCancelling] = useState(false);
  // What a cancellation made here did with the money: told on the cancelled booking while the page stays.
  const [cancelled, setCancelled] = useState<ManageBookingCancelResponse | null>(null);
  const [cancellingRoom, setCancellingRoom] = useState<number | null>(null);
  const [priceNotice, setPriceNotice] = useState(false);
  const [newRoom, setNewRoom] = useState<NewRoomChoice | null>(null);
  // The first step shows where the page starts; later steps take the focus to their heading.
  const [moved, setMoved] = useState(false);
  const access: BookingAccess = { propertyId: reservation.PropertyId, reservationId: reservation.ReservationId, code: props.code };
  const guestConfiguration = managedGuestRules(config.GuestConfiguration);

  const go = (next: Position) => {
    setMoved(true);
    setPosition(next);
  };
  /** The step after `from`, for the draft as it now is. */
  const advance = (from: Position, next: ManageDraft) =>
    go(
      advanceManageBooking({
        position: from,
        rooms: reviewRooms(next, guestConfiguration),
        isMobile,
        isCancelled: reservation.IsCancelled,
      }),
    );
  const change = (next: ManageDraft, from: Position = position) => {
    setDraft(next);
    advance(from, next);
  };
  const overview = () => go(at('ReservationOverview'));

  const room = draft.rooms[position.itemIndex];
  const roomOptions = useRoomConfigurations(
    reservation.PropertyId,
    room?.RoomTypeId ?? 0,
    config.ShowRoomConfigurationQuestion && position.step === 'Room' && room !== undefined,
  );
  const roomTitle = (index: number) => `${unit.One} ${index + 1}: ${draft.rooms[index]?.RoomTypeName ?? ''}`;
  const canReview = canSaveReservation({
    booker: draft.booker,
    rooms: draft.rooms.map((candidate) => ({
      guests: candidate.Guests,
      roomConfigurationSet: candidate.RoomConfigurationDropdownOptionId !== null,
    })),
    config: { ...config, GuestConfiguration: guestConfiguration },
    saving: false,
  });
  const focus = moved;

  let content;
  switch (position.step) {
    case 'Booker':
      content = (
        <BookerStep
          propertyId={reservation.PropertyId}
          booker={draft.booker}
          config={config}
          focusOnShow={focus}
          onSave={(booker) => change({ ...draft, booker, bookerChanged: true })}
          onBack={overview}
        />
      );
      break;
    case 'Room':
      content = room && (
        <RoomStep
          room={room}
          options={(roomOptions.data ?? []).map((option) => ({ id: option.RoomConfigurationDropdownOptionId, name: option.Name }))}
          title={roomTitle(position.itemIndex)}
          config={config}
          focusOnShow={focus}
          onConfiguration={({ id, name }) =>
            setDraft(
              withRoom(draft, room.key, (current) => ({ ...current, RoomConfigurationDropdownOptionId: id, RoomConfiguration: name })),
            )
          }
          onEditGuest={(guestIndex) => go(at('Guest', position.itemIndex, guestIndex))}
          onDone={() => change(withRoom(draft, room.key, (current) => ({ ...current, roomReviewed: true })))}
        />
      );
      break;
    case 'Guest': {
      const guest = room?.Guests[position.guestIndex];
      content = room && guest && (
        <GuestStep
          key={`${room.key}-${position.guestIndex}`}
          guest={guest}
          title={`${roomTitle(position.itemIndex)}, guest ${position.guestIndex + 1}`}
          config={config}
          focusOnShow={focus}
          onSave={(saved) =>
            change(
              withRoom(draft, room.key, (current) => ({
                ...current,
                Guests: current.Guests.map((candidate, index) => (index === position.guestIndex ? saved : candidate)),
              })),
            )
          }
          onBack={() => go(at('Room', position.itemIndex))}
        />
      );
      break;
    }
    case 'Extras':
      content = room && (
        <BookedRoomExtras
          access={access}
          room={room}
          title={roomTitle(position.itemIndex)}
          focusOnShow={focus}
          onSave={(services) => change(withRoom(draft, room.key, (current) => ({ ...current, Services: services })))}
          onBack={overview}
        />
      );
      break;
    case 'ChangeDates': {
      const stay = stayOf(draft);
      content = stay && (
        <ChangeDatesStep
          access={access}
          rooms={draft.rooms}
          stay={stay}
          today={props.today}
          unit={unit}
          focusOnShow={focus}
          onAccept={(rows) => change(applyDateRows(draft, rows))}
          onBack={overview}
        />
      );
      break;
    }
    case 'UpgradeSelection':
      content = room && (
        <UpgradeStep
          access={access}
          room={room}
          title={roomTitle(position.itemIndex)}
          focusOnShow={focus}
          onChoose={(option) =>
            change(
              withRoom(draft, room.key, (current) => ({
                ...current,
                RoomTypeId: option.RoomType.RoomTypeId,
                RoomTypeName: option.RoomType.Name,
                TotalCost: option.TotalUpgradeCost,
              })),
            )
          }
          onBack={overview}
        />
      );
      break;
    case 'RoomTypeSelection': {
      const stay = stayOf(draft);
      content = stay && (
        <RoomTypeSelectionStep
          propertyId={reservation.PropertyId}
          stay={stay}
          adults={newRoom?.adults ?? draft.rooms[0]?.NumberOfAdults ?? 1}
          maxAdults={props.maxAdults}
          unit={unit}
          focusOnShow={focus}
          onChoose={(choice) => {
            setNewRoom(choice);
            advance(position, draft);
          }}
          onBack={overview}
        />
      );
      break;
    }
    case 'RatePlanSelection': {
      const stay = stayOf(draft);
      const entry = newRoom?.entry;
      content = stay && newRoom && entry && (
        <RatePlanSelectionStep
          stay={stay}
          choice={{ ...newRoom, entry }}
          focusOnShow={focus}
          onChoose={(room) => {
            const next = addRoom(draft, room);
            setDraft(next);
            setNewRoom(null);
            // The added room's 'New Guest' placeholders are for the guest to name next.
            go(at('Room', next.rooms.length - 1));
          }}
          onBack={() => go(at('RoomTypeSelection'))}
        />
      );
      break;
    }
    case 'Summary':
      content = (
        <>
          {priceNotice && (
            <Notice tone="warning" title="Prices have changed" live>
              The prices below are the hotel’s prices now. Check them before saving.
            </Notice>
          )}
          <SummaryStep
            request={updateRequest(draft, {
              PropertyId: reservation.PropertyId,
              ReservationId: reservation.ReservationId,
              Code: props.code,
            })}
            roomTitles={draft.rooms.map((_, index) => roomTitle(index))}
            focusOnShow={focus}
            onSaved={(answer) => {
              if (answer.Reservation !== null) {
                void replaceFoundBooking(mutate, reservation.PropertyId, props.code, answer.Reservation);
              }
              setPriceNotice(false);
              go(afterManageBookingSave(position, true));
            }}
            onPricesChanged={(prices) => {
              setPriceNotice(true);
              setDraft(withNewPrices(draft, prices));
            }}
            onBack={overview}
          />
        </>
      );
      break;
    case 'Complete':
      content = (
        <StepSection title="Booking updated" focusOnShow={focus}>
          <Notice tone="positive" live>
            <p className="text-lg font-semibold">{SUCCESS_MESSAGES.reservationUpdated}</p>
          </Notice>
          <p>{stayText(reservation.DateFrom, reservation.DateTo)}</p>
          <BookedRooms reservation={reservation} unit={unit} />
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(draftOf(reservation));
              overview();
            }}
          >
            Back to your booking
          </Button>
        </StepSection>
      );
      break;
    case 'Cancelled':
      content = (
        <StepSection title="Booking cancelled" subtitle={`Reservation number ${reservation.ReservationNumber}`} focusOnShow={focus}>
          <Notice tone="warning">This booking has been cancelled.</Notice>
          {cancelled !== null && <CancellationOutcome answer={cancelled} currency={reservation.Currency} />}
          <p>{stayText(reservation.DateFrom, reservation.DateTo)}</p>
          <BookedRooms reservation={reservation} unit={unit} />
        </StepSection>
      );
      break;
    default:
      content = (
        <ReservationOverview
          reservation={reservation}
          draft={draft}
          unit={unit}
          telephone={props.telephone}
          canReview={canReview}
          changed={!isUnchanged(draft, reservation)}
          focusOnShow={focus}
          actions={{
            editBooker: () => go(at('Booker')),
            editRoom: (index) => {
              const key = draft.rooms[index]?.key;
              if (key !== undefined) setDraft(withRoom(draft, key, (current) => ({ ...current, roomReviewed: false })));
              go(at('Room', index));
            },
            editExtras: (index) => go(at('Extras', index)),
            upgrade: (index) => go(at('UpgradeSelection', index)),
            cancelRoom: (index) => setCancellingRoom(index),
            changeDates: () => go(at('ChangeDates')),
            addRoom: () => go(at('RoomTypeSelection')),
            setSpecialRequests: (text) => setDraft({ ...draft, specialRequests: text }),
            review: () => advance(position, draft),
            cancelBooking: () => setCancelling(true),
          }}
        />
      );
  }

  const roomToCancel = cancellingRoom === null ? undefined : draft.rooms[cancellingRoom];
  return (
    <>
      {content}
      <CancelBookingDialog
        open={cancelling}
        access={access}
        canBeCancelled={reservation.CanBeCancelled}
        requireReason={config.RequireCancellationReason}
        onClose={() => setCancelling(false)}
        onCancelled={(answer) => {
          setCancelled(answer);
          void replaceFoundBooking(mutate, reservation.PropertyId, props.code, {
            ...reservation,
            IsCancelled: true,
            CanBeCancelled: false,
            CanBeEdited: false,
            Rooms: reservation.Rooms.map((booked) => ({ ...booked, CanBeCancelled: false, CanBeEdited: false })),
          });
          go(at('Cancelled'));
        }}
      />
      <CancelRoomDialog
        title={roomToCancel === undefined || cancellingRoom === null ? null : roomTitle(cancellingRoom)}
        propertyId={reservation.PropertyId}
        canBeCancelled={roomToCancel?.CanBeCancelled ?? false}
        requireReason={config.RequireCancellationReason}
        onClose={() => setCancellingRoom(null)}
        onCancel={(reasonId) => {
          if (roomToCancel !== undefined) setDraft(cancelRoom(draft, roomToCancel.key, reasonId));
          setCancellingRoom(null);
        }}
      />
    </>
  );
}
