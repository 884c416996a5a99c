/**
 * The pre-check-in steps of their own: Start (the booking the link opened), Extras (each room's
 * extras, and those the guest adds), PaymentDetails (a card kept on file for the stay, with checkout's card
 * fields and rules), Summary (everything to be saved, with Save) and Complete.
 */
import { useMemo, useState } from 'react';
import { toMajor, toMinor } from '@hotel/domain/money';
import { validateCardDetails, withCardHolderFromBooker } from '@hotel/domain/cards';
import { LONG_TEXT_MAX } from '@hotel/domain/wire/scalars';
import { Button, SubmitButton } from '../../components/button';
import { CardFields } from '../../components/card-fields';
import { TextAreaField } from '../../components/field';
import { Notice } from '../../components/notice';
import { StepSection } from '../../components/step-section';
import { useCardTypes } from '../../hooks/use-card-types';
import { useProperty } from '../../hooks/use-property';
import { useWireMoney } from '../../hooks/use-wire-money';
import { acceptedCardTypes, cardPayload, EMPTY_CARD } from '../../lib/cards';
import { useForm, useSubmit } from '../../lib/form';
import type { PreCheckInReservation } from './pre-check-in-api';
import { BookedRoomExtras, type ChosenExtra } from '../extras/booked-room-extras';
import { extrasPriceOf, type ExtrasPrice, type PreCheckInDraft } from './pre-check-in-draft';

type Item = PreCheckInReservation['ReservationItems'][number];

export const stayOf = (item: Item | undefined) => (item === undefined ? '' : `${item.DateOfArrival} to ${item.DateOfDeparture}`);

export function StartStep(props: {
  reservation: PreCheckInReservation;
  roomTitle: (index: number) => string;
  focusOnShow: boolean;
  onStart: () => void;
}) {
  const { reservation } = props;
  return (
    <StepSection title="Check in online" subtitle={`Reservation number ${reservation.ReferenceNumber}`} focusOnShow={props.focusOnShow}>
      <p>Save time at reception: check your details, tell us who is staying in each room and keep a card on file for your stay.</p>
      <ul className="space-y-1">
        {reservation.ReservationItems.map((item, index) => (
          <li key={item.ReservationItemId}>
            <span className="font-semibold">{props.roomTitle(index)}</span>, {stayOf(item)}
          </li>
        ))}
      </ul>
      <Button onClick={props.onStart}>Start</Button>
    </StepSection>
  );
}

/**
 * Each room's extras and, for a room, the extras it may add (BookedRoomExtras: what
 * GetReservationItemServices offers, the booked ones kept at least as booked), with what the
 * added ones cost and the booking's new total. Nothing is saved until Summary.
 */
export function ExtrasStep(props: {
  reservation: PreCheckInReservation;
  draft: PreCheckInDraft;
  code: string;
  roomTitle: (index: number) => string;
  focusOnShow: boolean;
  onRoomExtras: (itemIndex: number, services: ChosenExtra[]) => void;
  onContinue: () => void;
}) {
  const { reservation, draft } = props;
  const [editing, setEditing] = useState<number | null>(null);
  const [returned, setReturned] = useState(false);
  const item = editing === null ? undefined : reservation.ReservationItems[editing];
  const room = editing === null ? undefined : draft.rooms[editing];
  if (editing !== null && item !== undefined && room !== undefined) {
    const back = () => {
      setEditing(null);
      setReturned(true);
    };
    return (
      <BookedRoomExtras
        access={{ propertyId: reservation.PropertyId, reservationId: reservation.EntityId, code: props.code }}
        room={{
          ReservationItemId: item.ReservationItemId,
          DateFrom: item.DateOfArrival,
          DateTo: item.DateOfDeparture,
          NumberOfAdults: item.NumberOfAdults,
          NumberOfChildren: item.NumberOfChildren,
          NumberOfInfants: item.NumberOfInfants,
          Services: room.Services,
        }}
        title={props.roomTitle(editing)}
        minimum={Object.fromEntries(item.Services.map((line) => [line.ServiceId, line.Quantity]))}
        focusOnShow
        onSave={(services) => {
          props.onRoomExtras(editing, services);
          back();
        }}
        onBack={back}
      />
    );
  }
  return (
    <StepSection title="Extras" subtitle="Add extras to your stay" focusOnShow={props.focusOnShow || returned}>
      <ul className="space-y-3">
        {draft.rooms.map((draftRoom, index) => (
          <li key={draftRoom.ReservationItemId} className="space-y-1">
            <h3 className="font-semibold">{props.roomTitle(index)}</h3>
            <RoomExtrasList services={draftRoom.Services} />
            <Button variant="secondary" onClick={() => setEditing(index)} aria-label={`Add extras to ${props.roomTitle(index)}`}>
              Add extras
            </Button>
          </li>
        ))}
      </ul>
      <ExtrasPriceNotice price={extrasPriceOf(draft, reservation)} />
      <Button onClick={props.onContinue}>Continue</Button>
    </StepSection>
  );
}

function RoomExtrasList(props: { services: readonly ChosenExtra[] }) {
  const { show } = useWireMoney();
  return props.services.length === 0 ? (
    <p className="text-gray-800">No extras</p>
  ) : (
    <ul className="list-disc pl-5">
      {props.services.map((service) => (
        <li key={service.ServiceId}>
          {service.Quantity} × {service.ServiceName}: {show(service.TotalCost)}
        </li>
      ))}
    </ul>
  );
}

/** The extras added, the booking's new total and who is charged the difference, as Save will do it. */
function ExtrasPriceNotice(props: { price: ExtrasPrice }) {
  const { show, currency } = useWireMoney();
  const { price } = props;
  if (price.added.length === 0) return null;
  const addedCost = price.added.reduce((sum, line) => sum + toMinor(line.TotalCost, currency), 0);
  return (
    <Notice tone="info" live>
      <p>Extras added: {show(toMajor(addedCost, currency))}.</p>
      <p>
        New total: {show(price.newTotal)} (was {show(price.previousTotal)}).
      </p>
      <p>
        {price.payment.kind === 'Charge'
          ? `${show(price.payment.amount)} will be charged to your card when you save.`
          : 'The difference is paid at the hotel.'}
      </p>
    </Notice>
  );
}

/** The card the booking already has on file, as the guest reads it. */
function cardOnFileText(reservation: PreCheckInReservation): string | null {
  const card = reservation.CreditCards[0];
  if (card === undefined) return null;
  const expiry =
    card.ExpiryMonth === null || card.ExpiryYear === null
      ? ''
      : `, expires ${String(card.ExpiryMonth).padStart(2, '0')}/${card.ExpiryYear}`;
  return `${card.Brand ?? 'Card'} ending ${card.Last4}${expiry}`;
}

export function PaymentDetailsStep(props: {
  reservation: PreCheckInReservation;
  booker: PreCheckInDraft['booker'];
  today: string;
  focusOnShow: boolean;
  onSave: (card: PreCheckInDraft['card']) => void;
  onSkip: () => void;
}) {
  const cardTypes = useCardTypes(props.reservation.PropertyId);
  const { property } = useProperty();
  const accepted = useMemo(() => acceptedCardTypes(cardTypes.data, property.CreditCards), [cardTypes.data, property.CreditCards]);
  const form = useForm({ card: EMPTY_CARD });
  const onFile = cardOnFileText(props.reservation);
  const { ref, busy, submit } = useSubmit(form, {
    build: () => {
      const typed = cardPayload(form.values.card, accepted);
      // The holder's name and e-mail are the booker's when left blank, as at checkout.
      const holder = withCardHolderFromBooker(typed, props.booker);
      return { ...typed, NameOnCard: holder.NameOnCard ?? null, EmailAddress: holder.EmailAddress ?? null };
    },
    check: (card) => validateCardDetails(card, { today: props.today, acceptedCardTypes: accepted.map((type) => type.Name) }),
    send: (card) => props.onSave(card),
  });
  // Only the test gateway takes a typed card: a provider's property must never have a card number sent to the API.
  if (property.PaymentProvider !== 'test') {
    return (
      <StepSection title="Card on file" subtitle="The hotel keeps this card for your stay" focusOnShow={props.focusOnShow}>
        {onFile !== null && <p>On file now: {onFile}</p>}
        <p>To give the hotel another card for your stay, please contact the hotel or hand it over at reception.</p>
        <Button onClick={props.onSkip}>Continue</Button>
      </StepSection>
    );
  }
  return (
    <StepSection title="Card on file" subtitle="The hotel keeps this card for your stay" focusOnShow={props.focusOnShow}>
      {onFile !== null && <p>On file now: {onFile}</p>}
      <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
        {accepted.length > 0 && (
          <CardFields
            card={form.values.card}
            errors={form.errors}
            acceptedTypes={accepted}
            savedCards={[]}
            loggedIn={false}
            currentYear={Number(props.today.slice(0, 4))}
            onChange={(card) => form.setValues((current) => ({ ...current, card }))}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={busy} busyText="Checking…">
            Keep this card on file
          </SubmitButton>
          <Button variant="secondary" onClick={props.onSkip}>
            {onFile === null ? 'Continue without a card' : 'Keep the card on file'}
          </Button>
        </div>
      </form>
    </StepSection>
  );
}

/** Booker, rooms and card as they will be saved (or were). */
export function PreCheckInDetails(props: {
  reservation: PreCheckInReservation;
  draft: PreCheckInDraft;
  roomTitle: (index: number) => string;
}) {
  const { draft } = props;
  const newCard = draft.card;
  const card =
    newCard !== null && newCard.CardNumber != null ? `Card ending ${newCard.CardNumber.slice(-4)}` : cardOnFileText(props.reservation);
  return (
    <div className="space-y-3">
      <div>
        <h3 className="font-semibold">Booker</h3>
        <p>
          {draft.booker.FirstName} {draft.booker.LastName}
        </p>
        <p className="break-words">{draft.booker.Email}</p>
        <p>{draft.booker.Phone}</p>
      </div>
      {draft.rooms.map((room, index) => (
        <div key={room.ReservationItemId}>
          <h3 className="font-semibold">{props.roomTitle(index)}</h3>
          <p>{stayOf(props.reservation.ReservationItems[index])}</p>
          {room.RoomConfiguration !== null && <p>Bed configuration: {room.RoomConfiguration}</p>}
          <h4 className="mt-1 text-sm font-semibold">Extras</h4>
          <RoomExtrasList services={room.Services} />
          <h4 className="mt-1 text-sm font-semibold">Guests</h4>
          <ul className="list-disc pl-5">
            {room.Guests.map((guest, guestIndex) => (
              <li key={guestIndex} className="break-words">
                {`${guest.FirstName} ${guest.LastName}`.trim() || `Guest ${guestIndex + 1}`}
                {guest.Email !== '' && `, ${guest.Email}`}
                {guest.Phone !== '' && `, ${guest.Phone}`}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div>
        <h3 className="font-semibold">Card on file</h3>
        <p>{card ?? 'None'}</p>
      </div>
    </div>
  );
}

export function SummaryStep(props: {
  reservation: PreCheckInReservation;
  draft: PreCheckInDraft;
  roomTitle: (index: number) => string;
  canSave: boolean;
  saving: boolean;
  error: string | null;
  focusOnShow: boolean;
  onSpecialRequests: (text: string) => void;
  onEditBooker: () => void;
  onEditRoom: (index: number) => void;
  onEditExtras: () => void;
  onEditCard: () => void;
  onSave: () => void;
}) {
  return (
    <StepSection title="Summary" subtitle="Check your details, then save" focusOnShow={props.focusOnShow}>
      {props.error !== null && (
        <Notice tone="negative" title="Pre Check In Error" live>
          {props.error}
        </Notice>
      )}
      <PreCheckInDetails reservation={props.reservation} draft={props.draft} roomTitle={props.roomTitle} />
      <ExtrasPriceNotice price={extrasPriceOf(props.draft, props.reservation)} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={props.onEditBooker}>
          Edit booker
        </Button>
        {props.draft.rooms.map((_, index) => (
          <Button key={index} variant="secondary" onClick={() => props.onEditRoom(index)} aria-label={`Edit ${props.roomTitle(index)}`}>
            Edit room {index + 1}
          </Button>
        ))}
        <Button variant="secondary" onClick={props.onEditExtras}>
          Extras
        </Button>
        <Button variant="secondary" onClick={props.onEditCard}>
          Card on file
        </Button>
      </div>
      <TextAreaField
        label="Special requests (optional)"
        maxLength={LONG_TEXT_MAX}
        showCount
        value={props.draft.specialRequests}
        onChange={(event) => props.onSpecialRequests(event.target.value)}
      />
      {!props.canSave && <Notice tone="warning">Some details are still missing: complete the booker and every guest before saving.</Notice>}
      <Button onClick={props.onSave} disabled={!props.canSave || props.saving}>
        {props.saving ? 'Saving…' : 'Save'}
      </Button>
    </StepSection>
  );
}
