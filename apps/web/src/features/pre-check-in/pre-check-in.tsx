/**
 * A booking being pre-checked-in: the domain's step machine (advancePreCheckIn) moves the guest
 * through Start, Booker, the rooms and their guests (the review loop), then Extras and
 * PaymentDetails once, to Summary, which saves everything at once; Complete follows a save.
 */
import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { advancePreCheckIn, afterPreCheckInSave, type PreCheckInStep } from '@hotel/domain/pre-check-in';
import { canSaveReservation, type ReviewPosition } from '@hotel/domain/guest-review';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import type { PreCheckInConfigurationResponse } from '@hotel/domain/wire/pre-check-in';
import { Button } from '../../components/button';
import { BookerStep, GuestStep, RoomStep } from '../../components/contact-steps';
import { Notice } from '../../components/notice';
import { StepSection } from '../../components/step-section';
import { useToast } from '../../components/toast';
import { errorText } from '../../lib/api-client';
import { newId } from '../../lib/ids';
import { managedGuestRules } from '../../lib/contact-draft';
import { refreshLink, savePreCheckIn, type PreCheckInReservation } from './pre-check-in-api';
import {
  draftOfReservation,
  reviewRoomsOf,
  saveRequestOf,
  withBooker,
  withGuest,
  withRoomAt,
  type PreCheckInDraft,
} from './pre-check-in-draft';
import { ExtrasStep, PaymentDetailsStep, PreCheckInDetails, StartStep, SummaryStep } from './pre-check-in-steps';

type Position = ReviewPosition<PreCheckInStep>;

// The Room step lists its guests and opens each in a Guest step of its own, as the phone layout
// of the review loop does, so the loop runs as on a phone at every width (as manage booking's).
const isMobile = true;

const at = (step: PreCheckInStep, itemIndex = 0, guestIndex = 0): Position => ({ step, itemIndex, guestIndex });

export function PreCheckIn(props: {
  reservation: PreCheckInReservation;
  config: PreCheckInConfigurationResponse;
  code: string;
  today: string;
  unit: { One: string };
}) {
  const { reservation, config } = props;
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [draft, setDraft] = useState(() => draftOfReservation(reservation));
  // Completed before: the saved details come first, ready to change and save again.
  const [position, setPosition] = useState<Position>(() => at(reservation.PreCheckInCompletedAt === null ? 'Start' : 'Summary'));
  const [moved, setMoved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const guestRules = managedGuestRules(config.GuestConfiguration);
  const hasBooker = reservation.Booker.IndividualId !== '';

  const go = (next: Position) => {
    setMoved(true);
    setPosition(next);
  };
  /** The step after `from` for the draft as it now is; the review loop's end leads through Extras and PaymentDetails once. */
  const advance = (from: Position, next: PreCheckInDraft) => {
    const step = advancePreCheckIn({ position: from, hasBooker, rooms: reviewRoomsOf(next, guestRules), isMobile });
    go(step.step === 'Summary' && !next.extrasSeen ? at('Extras') : step);
  };
  const change = (next: PreCheckInDraft, from: Position = position) => {
    setDraft(next);
    advance(from, next);
  };

  const roomTitle = (index: number) => `${props.unit.One} ${index + 1}: ${draft.rooms[index]?.RoomType ?? ''}`;
  const room = draft.rooms[position.itemIndex];
  const item = reservation.ReservationItems[position.itemIndex];
  const canSave = canSaveReservation({
    booker: hasBooker ? draft.booker : null,
    rooms: draft.rooms.map((candidate, index) => ({
      guests: candidate.Guests,
      // A room type without configurations has nothing to choose.
      roomConfigurationSet:
        candidate.RoomConfigurationDropdownOptionId !== null ||
        (reservation.ReservationItems[index]?.RoomConfigurationOptions.length ?? 0) === 0,
    })),
    config: { ...config, GuestConfiguration: guestRules },
    saving,
  });

  const attempt = useRef<{ body: string; key: string } | null>(null);
  const failed = (message: string) => {
    setSaveError(message);
    toast.negative(message, 'bottom');
  };
  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    setSaveError(null);
    try {
      const request = saveRequestOf(draft, reservation, props.code);
      // The same request sent again (its answer lost, or its extras' charge not answered yet) is the same save.
      const body = JSON.stringify(request);
      if (attempt.current?.body !== body) attempt.current = { body, key: newId() };
      const answer = await savePreCheckIn(request, attempt.current.key);
      if (answer.Success) {
        go(afterPreCheckInSave(position, true));
        void refreshLink(mutate, reservation.PropertyId, reservation.ReferenceNumber, props.code);
      } else {
        failed(answer.Message || ERROR_MESSAGES.saveCheckInFailed);
      }
    } catch (error) {
      failed(errorText(error, ERROR_MESSAGES.saveCheckInFailed));
    } finally {
      setSaving(false);
    }
  };

  const focus = moved;
  switch (position.step) {
    case 'Start':
      return <StartStep reservation={reservation} roomTitle={roomTitle} focusOnShow={focus} onStart={() => advance(position, draft)} />;
    case 'Booker':
      return (
        <BookerStep
          propertyId={reservation.PropertyId}
          booker={draft.booker}
          config={config}
          focusOnShow={focus}
          onSave={(booker) => change(withBooker(draft, booker))}
          onBack={() => go(at('Start'))}
        />
      );
    case 'Room':
      return room && item ? (
        <RoomStep
          room={room}
          options={item.RoomConfigurationOptions.map((option) => ({ id: option.Id, name: option.Name }))}
          title={roomTitle(position.itemIndex)}
          config={{
            ...config,
            ShowRoomConfigurationQuestion: config.ShowRoomConfigurationQuestion && item.RoomConfigurationOptions.length > 0,
          }}
          focusOnShow={focus}
          onConfiguration={({ id, name }) =>
            setDraft(
              withRoomAt(draft, position.itemIndex, (current) => ({
                ...current,
                RoomConfigurationDropdownOptionId: id,
                RoomConfiguration: name,
              })),
            )
          }
          onEditGuest={(guestIndex) => go(at('Guest', position.itemIndex, guestIndex))}
          onDone={() => change(withRoomAt(draft, position.itemIndex, (current) => ({ ...current, roomReviewed: true })))}
        />
      ) : null;
    case 'Guest': {
      const guest = room?.Guests[position.guestIndex];
      return room && guest ? (
        <GuestStep
          key={`${position.itemIndex}-${position.guestIndex}`}
          guest={guest}
          title={`${roomTitle(position.itemIndex)}, guest ${position.guestIndex + 1}`}
          config={config}
          focusOnShow={focus}
          onSave={(saved) => change(withGuest(draft, position.itemIndex, position.guestIndex, saved))}
          onBack={() => go(at('Room', position.itemIndex))}
        />
      ) : null;
    }
    case 'Extras':
      return (
        <ExtrasStep
          reservation={reservation}
          draft={draft}
          code={props.code}
          roomTitle={roomTitle}
          focusOnShow={focus}
          onRoomExtras={(index, services) => setDraft(withRoomAt(draft, index, (current) => ({ ...current, Services: services })))}
          onContinue={() => advance(position, draft)}
        />
      );
    case 'PaymentDetails': {
      const onward = (card: PreCheckInDraft['card']) => change({ ...draft, card, extrasSeen: true });
      return (
        <PaymentDetailsStep
          reservation={reservation}
          booker={draft.booker}
          today={props.today}
          focusOnShow={focus}
          onSave={onward}
          onSkip={() => onward(draft.card)}
        />
      );
    }
    case 'Summary':
      return (
        <SummaryStep
          reservation={reservation}
          draft={draft}
          roomTitle={roomTitle}
          canSave={canSave}
          saving={saving}
          error={saveError}
          focusOnShow={focus}
          onSpecialRequests={(text) => setDraft({ ...draft, specialRequests: text })}
          onEditBooker={() => go(at('Booker'))}
          onEditRoom={(index) => go(at('Room', index))}
          onEditExtras={() => go(at('Extras'))}
          onEditCard={() => go(at('PaymentDetails'))}
          onSave={() => void save()}
        />
      );
    case 'Complete':
      return (
        <StepSection title="Pre-check-in complete" focusOnShow={focus}>
          <Notice tone="positive" live>
            <p className="text-lg font-semibold">Thank you, your details are saved. We look forward to welcoming you.</p>
          </Notice>
          <PreCheckInDetails reservation={reservation} draft={draft} roomTitle={roomTitle} />
          <Button variant="secondary" onClick={() => go(at('Summary'))}>
            Change your details
          </Button>
        </StepSection>
      );
  }
}
