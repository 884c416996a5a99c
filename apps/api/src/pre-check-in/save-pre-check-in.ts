import { findAcceptedCardType, validateCardDetails, withCardHolderFromBooker, type CardType } from '@hotel/domain/cards';
import { todayIn } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import { validateContact, type FieldErrors } from '@hotel/domain/validation';
import type { PreCheckInSaveRequest, PreCheckInSaveResponse } from '@hotel/domain/wire/pre-check-in';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { recordPreCheckInEvents } from '../hotel-events';
import {
  awaitMovement,
  AwaitingMovement,
  claimIdempotencyKey,
  replayingCompletedKey,
  requestHash,
  idempotentRequest,
  saveIdempotentAnswer,
  type IdempotentRequest,
} from '../idempotency';
import { AppError, invalidField, notFound } from '../errors';
import type { Enqueued } from '../mail';
import {
  bookedTotals,
  findReservationDetails,
  guestRowOf,
  makeMovementById,
  MONEY_MESSAGES,
  planPreCheckInExtras,
  recordReservationChange,
  replaceGuests,
  takeOnPreCheckInExtras,
  type ExtrasCard,
  type GuestValues,
  type MovementContext,
  type PreCheckInExtras,
  type ReservationDetails,
  type ReservationRow,
} from '../booking';

type BookedRoom = ReservationDetails['rooms'][number];
import { takesTypedCards, TYPED_CARD_REFUSED } from '../payments';
import type { PropertyRow } from '../property';
import { PRE_CHECK_IN_NOTICES } from './get-pre-check-in';
import { findPreCheckInBooking, preCheckInClosed } from './pre-check-in-access';
import { enqueueAmendmentMailOf } from './pre-check-in-mail';
import { findRoomTypeOptions, setRoomConfiguration, updatePreCheckedReservation, type RoomTypeOptions } from './pre-check-in-queries';

type SaveContext = MovementContext & Pick<AppContext, 'availability'>;

export const PRE_CHECK_IN_SAVED = 'Thank you, your check-in details have been saved.';

/** A save whose extras' charge is refused: the details are kept, the extras are not added. */
const extrasDeclined = (reason: string) => `Your check-in details have been saved, but the extras were not added: ${reason}`;

const invalidLink = () => notFound(PRE_CHECK_IN_NOTICES.invalid.Message);

type Booker = { FirstName: string; LastName: string; Email: string | null; Phone: string | null };

type Saved = { answer: PreCheckInSaveResponse; queued: Enqueued } | { chargeId: number; queued: Enqueued };

/**
 * POST /api/PreCheckIn/Save (docs/pre-check-in.md): the guest's details and the extras they add,
 * with the reservation row locked, so two saves of one booking queue. Everything is checked
 * before anything is written (a 400 names each field). In one transaction the details, the card
 * kept on file and the history are written, and the extras' units taken (a sold-out extra is a
 * 409, nothing written); extras to pay by card wait, as data, beside the charge of their price,
 * which is made after the commit with its own key: paid, they are added (with their history row,
 * the hotel's event and the e-mail); declined, their units go back and the answer is a 402 that
 * says the details were saved. Each room's `Services` is the target, not a delta: saving the same
 * details again writes nothing more (no extra twice, no second charge, no history row). An
 * Idempotency-Key answers a retry with the first answer, or resumes a charge whose answer was lost.
 */
export async function savePreCheckIn(
  context: SaveContext,
  request: PreCheckInSaveRequest,
  idempotencyKey: string | undefined,
): Promise<PreCheckInSaveResponse> {
  const { db } = context.database;
  const retry = idempotentRequest(context, { key: idempotencyKey, scope: `pre-check-in-save:${request.PropertyId}`, body: request });
  try {
    return await replayingCompletedKey(
      db,
      retry,
      async () => {
        const saved = await db.transaction((tx) => saveInside(tx, context, request, retry));
        context.mailEnqueued.notify(saved.queued);
        return 'answer' in saved ? saved.answer : chargeExtras(context, saved.chargeId, retry);
      },
      (answer) => !answer.Success,
    );
  } catch (error) {
    if (error instanceof AwaitingMovement) return chargeExtras(context, error.paymentId, retry, { resumed: true });
    throw error;
  }
}

async function saveInside(tx: Tx, context: SaveContext, request: PreCheckInSaveRequest, retry: IdempotentRequest): Promise<Saved> {
  const nothing: Enqueued = { mail: false, webhooks: false };
  if (retry.key) {
    const claim = await claimIdempotencyKey(tx, {
      key: retry.key,
      scope: retry.scope,
      requestHash: requestHash(request, retry.hashKey),
      now: retry.now,
    });
    if (claim.kind === 'replay') return { answer: claim.body as PreCheckInSaveResponse, queued: nothing };
    if (claim.kind === 'awaiting') throw new AwaitingMovement(claim.paymentId);
  }
  const now = context.clock.now();
  const key = { propertyId: request.PropertyId, referenceNumber: request.ReferenceNumber, code: request.Code };
  const booking = await findPreCheckInBooking(context, tx, key, { lock: true });
  if (!booking || booking.reservation.id !== request.EntityId) throw invalidLink();
  const { property, reservation } = booking;
  const closed = preCheckInClosed(property, reservation, now);
  if (closed) return { answer: { Success: false, Message: PRE_CHECK_IN_NOTICES[closed].Message, Payment: null }, queued: nothing };
  const details = await findReservationDetails(tx, reservation.id);
  const options = await findRoomTypeOptions(tx, [...new Set(details.rooms.map((room) => room.roomTypeId))]);
  const rooms = checkRooms(property, reservation.bookerIndividualId, request, details, options);
  const extras = await planPreCheckInExtras(tx, property, reservation, details, request);
  const card = await keepCardOnFile(context, tx, property, reservation, request);
  const changes = [...(await writeDetails(tx, reservation, request, withBookerRooms(details, rooms))), ...card.changes];
  const unchangedDue = bookedTotals(reservation, details).due;
  const takenOn =
    extras &&
    (await takeOnPreCheckInExtras(tx, {
      property,
      reservation,
      plan: extras,
      card: card.toCharge,
      history: {
        via: 'link',
        action: 'precheckin',
        details: {
          previousTotal: extras.previousDue,
          newTotal: extras.totals.due,
          payment: { kind: 'Charge', amount: 0, paymentIds: [] },
          changes: extrasChanges(extras),
        },
      },
      now,
    }));
  // Extras added now (nothing to charge) are part of this save's history row; extras waiting for
  // their charge get a row of their own once paid.
  const addedNow = takenOn !== null && 'applied' in takenOn;
  if (extras && addedNow) changes.push(...extrasChanges(extras));
  const firstTime = !reservation.preCheckInCompletedAt;
  if (firstTime) await updatePreCheckedReservation(tx, reservation.id, { preCheckInCompletedAt: now });
  // The first save, and every later one that changes something, is a row of the booking's
  // history; saving the same details again writes nothing, as it changes nothing.
  let changeId: number | null = null;
  if (firstTime || changes.length > 0) {
    changeId = await recordReservationChange(tx, context, {
      reservationId: reservation.id,
      via: 'link',
      action: 'precheckin',
      details: {
        previousTotal: unchangedDue,
        newTotal: addedNow && extras ? extras.totals.due : unchangedDue,
        payment: { kind: 'None', amount: 0, paymentIds: [] },
        changes,
      },
    });
  }
  // The hotel hears of the first save, and of extras added now (extras paid later tell it themselves).
  let queued = await recordPreCheckInEvents(
    tx,
    context,
    { reservationId: reservation.id, changeId, firstTime, addedExtras: addedNow },
    property,
  );
  if (extras && addedNow) {
    await enqueueAmendmentMailOf(tx, context, { property, reservationId: reservation.id, extras });
    queued = { ...queued, mail: true };
  }
  if (takenOn && 'chargeId' in takenOn) {
    if (retry.key) await awaitMovement(tx, { key: retry.key, scope: retry.scope, paymentId: takenOn.chargeId });
    return { chargeId: takenOn.chargeId, queued };
  }
  const answer: PreCheckInSaveResponse = {
    Success: true,
    Message: PRE_CHECK_IN_SAVED,
    Payment: { Kind: extras?.payment.kind ?? 'None', Amount: 0 },
  };
  if (retry.key) await saveIdempotentAnswer(tx, { key: retry.key, scope: retry.scope, status: 200, body: answer });
  return { answer, queued };
}

/**
 * Charges the extras a save added, with their movement's key, and answers what it came to: added
 * and charged, declined (402: the details stay saved, the extras were not added), or no answer
 * from the provider yet (503: the same request resumes it).
 */
async function chargeExtras(
  context: SaveContext,
  chargeId: number,
  retry: IdempotentRequest,
  { resumed = false } = {},
): Promise<PreCheckInSaveResponse> {
  const outcome = await makeMovementById(context, chargeId, { askFirst: resumed });
  if (outcome.status === 'unknown') throw new AppError('PAYMENT_UNAVAILABLE', MONEY_MESSAGES.extrasOutcomeUnknown);
  if (outcome.status !== 'succeeded')
    throw new AppError('PAYMENT_DECLINED', extrasDeclined(outcome.declineMessage ?? MONEY_MESSAGES.declined));
  const answer: PreCheckInSaveResponse = {
    Success: true,
    Message: PRE_CHECK_IN_SAVED,
    Payment: { Kind: 'Charge', Amount: toMajor(outcome.movement.amount, outcome.movement.currency) },
  };
  if (retry.key) await saveIdempotentAnswer(context.database.db, { key: retry.key, scope: retry.scope, status: 200, body: answer });
  return answer;
}

type CheckedRoom = {
  booked: BookedRoom;
  configuration: { id: number; label: string } | null;
  guests: PreCheckInSaveRequest['ReservationItems'][number]['Guests'];
};

/**
 * Each room named once and one of this booking's standing rooms; no more guests than its party
 * (a room is booked and priced for its party); each guest and the booker as the property's
 * settings require; a configuration the room type offers (and one at all when asked for). The
 * wire carries a guest's names, e-mail and phone only, so only those are asked of guests: an
 * address rule of GuestConfiguration would otherwise refuse every save.
 */
function checkRooms(
  property: PropertyRow,
  bookerId: string,
  request: PreCheckInSaveRequest,
  details: ReservationDetails,
  options: RoomTypeOptions,
): CheckedRoom[] {
  const settings = property.preCheckInConfiguration;
  const { FirstNameRequired, LastNameRequired, EmailRequired, PhoneRequired } = settings.GuestConfiguration;
  const guestFields = { FirstNameRequired, LastNameRequired, EmailRequired, PhoneRequired };
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (request.Booker) {
    for (const [field, messages] of Object.entries(validateContact(request.Booker, settings.BookerConfiguration))) {
      for (const message of messages) add(`Booker.${field}`, message);
    }
  }
  const seen = new Set<number>();
  const checked: CheckedRoom[] = [];
  request.ReservationItems.forEach((item, index) => {
    const path = `ReservationItems[${index}]`;
    const booked = details.rooms.find((room) => room.id === item.ReservationItemId && room.status === 'booked');
    if (!booked || seen.has(item.ReservationItemId)) {
      add(`${path}.ReservationItemId`, booked ? 'This room is given twice' : 'This room is not one of this booking’s rooms');
      return;
    }
    seen.add(booked.id);
    const party = booked.adults + booked.children + booked.infants;
    if (item.Guests.length > party)
      add(`${path}.Guests`, `This room is booked for ${party} ${party === 1 ? 'guest' : 'guests'}; no more can be added`);
    if (item.Guests.length === 0) add(`${path}.Guests`, 'Each room needs at least one guest');
    item.Guests.forEach((guest, guestIndex) => {
      // A guest who is the booker takes the booker's details, so only other guests are checked here.
      if (guest.IndividualId && guest.IndividualId === bookerId) return;
      for (const [field, messages] of Object.entries(validateContact(guest, guestFields))) {
        for (const message of messages) add(`${path}.Guests[${guestIndex}].${field}`, message);
      }
    });
    const offered = options.configurations.filter((configuration) => configuration.roomTypeId === booked.roomTypeId);
    const chosen = item.RoomConfigurationDropdownOptionId ?? null;
    const configuration = chosen === null ? null : offered.find((option) => option.id === chosen);
    if (chosen !== null && !configuration) add(`${path}.RoomConfigurationDropdownOptionId`, 'Choose one of the room’s configurations');
    if (chosen === null && settings.ShowRoomConfigurationQuestion && offered.length > 0) {
      add(`${path}.RoomConfigurationDropdownOptionId`, 'Please choose how the room should be set up');
    }
    checked.push({
      booked,
      configuration: configuration ? { id: configuration.id, label: configuration.label } : null,
      guests: item.Guests,
    });
  });
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', 'The request is invalid.', { modelState: errors });
  return checked;
}

type Change = { field: string; old: unknown; new: unknown };

/** The card a save keeps on file, what the history says of it, and the card extras added now are charged to. */
type KeptCard = { changes: Change[]; toCharge: ExtrasCard | undefined };

/**
 * The card kept on file for the stay: the gateway turns it into a token and only the token,
 * brand, last four digits and expiry are kept. A decline is a 402 and, thrown inside the
 * transaction, leaves nothing saved. Extras added are charged to the card on file at this
 * gateway (the one given now, else one kept at an earlier save); without one, to the card the
 * booking was paid with.
 */
async function keepCardOnFile(
  context: SaveContext,
  tx: Tx,
  property: PropertyRow,
  reservation: ReservationRow,
  request: PreCheckInSaveRequest,
): Promise<KeptCard> {
  const { acceptedCardTypes: accepted } = await context.availability.catalogue.catalogue(property);
  const kept = (onFile: Pick<ReservationRow, CardColumn>, changes: Change[]): KeptCard => {
    if (!onFile.cardOnFileToken || !onFile.cardOnFileGateway) return { changes, toCharge: undefined };
    const type = accepted.find((candidate) => candidate.name === onFile.cardOnFileBrand);
    return {
      changes,
      toCharge: {
        gateway: onFile.cardOnFileGateway,
        gatewayToken: onFile.cardOnFileToken,
        cardTypeId: type?.id ?? null,
        cardLast4: onFile.cardOnFileLast4,
        cardExpiryMonth: onFile.cardOnFileExpiryMonth,
        cardExpiryYear: onFile.cardOnFileExpiryYear,
        // card_types.code holds the domain's card type names (visa, amex, ...).
        shown: type && onFile.cardOnFileLast4 ? { brand: type.code as CardType, last4: onFile.cardOnFileLast4 } : null,
      },
    };
  };
  const card = request.CardDetails;
  if (!card) return kept(reservation, []);
  const gateway = context.paymentGateways.forProperty(property);
  // A provider's card never passes through this server; the card the guest booked with is kept by the provider.
  if (!takesTypedCards(gateway)) throw invalidField('CardDetails.CardNumber', TYPED_CARD_REFUSED);
  const holder = request.Booker ?? {
    FirstName: reservation.bookerFirstName,
    LastName: reservation.bookerLastName,
    Email: reservation.bookerEmail,
  };
  const withHolder = withCardHolderFromBooker(card, holder);
  const today = todayIn(context.clock.now(), property.timeZone);
  const errors = validateCardDetails(
    { ...withHolder, CreditCardId: null },
    { today, acceptedCardTypes: accepted.map((type) => type.name) },
  );
  if (Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'The request is invalid.', {
      modelState: Object.fromEntries(Object.entries(errors).map(([field, messages]) => [`CardDetails.${field}`, messages])),
    });
  }
  const result = await gateway.tokenise({
    number: withHolder.CardNumber ?? '',
    nameOnCard: withHolder.NameOnCard ?? '',
    expiryMonth: withHolder.ExpiryMonth ?? 0,
    expiryYear: withHolder.ExpiryYear ?? 0,
    securityCode: withHolder.SecurityCode ?? '',
  });
  if (result.status !== 'tokenised') throw new AppError('PAYMENT_DECLINED', result.declineMessage);
  const onFile = {
    cardOnFileGateway: gateway.name,
    cardOnFileToken: result.token,
    cardOnFileBrand: findAcceptedCardType(result.brand, accepted, (type) => type.name)?.name ?? result.brand,
    cardOnFileLast4: result.last4,
    cardOnFileExpiryMonth: result.expiryMonth,
    cardOnFileExpiryYear: result.expiryYear,
  };
  // The card already on file (same brand, digits and expiry at this gateway) keeps its first
  // token: a gateway may tokenise one card differently each time, and saving again changes nothing.
  const { cardOnFileToken: _newToken, ...shown } = onFile;
  if (!Object.entries(shown).some(([column, value]) => reservation[column as keyof ReservationRow] !== value)) return kept(reservation, []);
  await updatePreCheckedReservation(tx, reservation.id, onFile);
  const masked = (row: Pick<ReservationRow, 'cardOnFileBrand' | 'cardOnFileLast4'>) =>
    row.cardOnFileLast4 ? { Brand: row.cardOnFileBrand, Last4: row.cardOnFileLast4 } : null;
  return kept(onFile, [{ field: 'CardOnFile', old: masked(reservation), new: masked(onFile) }]);
}

type CardColumn =
  'cardOnFileGateway' | 'cardOnFileToken' | 'cardOnFileBrand' | 'cardOnFileLast4' | 'cardOnFileExpiryMonth' | 'cardOnFileExpiryYear';

/**
 * The rooms the save names, and every other standing room as it is: a room the page left out
 * may still hold the booker as a guest, who is kept in step with the booker's new details.
 */
function withBookerRooms(details: ReservationDetails, rooms: readonly CheckedRoom[]): CheckedRoom[] {
  const named = new Set(rooms.map((room) => room.booked.id));
  const others = details.rooms
    .filter((room) => room.status === 'booked' && !named.has(room.id))
    .map((booked) => ({
      booked,
      configuration:
        booked.roomConfigurationId === null ? null : { id: booked.roomConfigurationId, label: booked.roomConfigurationLabel ?? '' },
      guests: booked.guests.map((guest) => ({
        IndividualId: guest.individualId,
        FirstName: guest.firstName,
        LastName: guest.lastName,
        Email: guest.email,
        Phone: guest.phone,
      })),
    }));
  return [...rooms, ...others];
}

const trimmed = (value: string | null | undefined) => value?.trim() || null;

/**
 * Writes the booker, special requests, each room's configuration and guests: only what differs
 * from what is kept. Answers what changed, old and new, for the booking's history.
 */
async function writeDetails(
  tx: Tx,
  reservation: ReservationRow,
  request: PreCheckInSaveRequest,
  rooms: readonly CheckedRoom[],
): Promise<Change[]> {
  const changes: Change[] = [];
  const given = request.Booker;
  const booker: Booker = given
    ? { FirstName: given.FirstName.trim(), LastName: given.LastName.trim(), Email: given.Email.trim(), Phone: given.Phone.trim() }
    : {
        FirstName: reservation.bookerFirstName,
        LastName: reservation.bookerLastName,
        Email: reservation.bookerEmail,
        Phone: reservation.bookerPhone,
      };
  const values = {
    specialRequests: request.SpecialRequests === undefined ? reservation.specialRequests : trimmed(request.SpecialRequests),
    ...(given
      ? {
          bookerFirstName: booker.FirstName,
          bookerLastName: booker.LastName,
          bookerEmail: given.Email.trim(),
          bookerPhone: given.Phone.trim(),
          bookerStreet: trimmed(given.Street),
          bookerCity: trimmed(given.City),
          bookerStateOrCounty: trimmed(given.StateOrCounty),
          bookerZipCode: trimmed(given.ZipCode),
          bookerCountryId: given.CountryId ?? null,
          optInToReceiveUpdates: given.OptInToReceiveUpdates ?? false,
        }
      : {}),
  };
  const changed = Object.entries(values).filter(([column, value]) => reservation[column as keyof ReservationRow] !== value);
  if (changed.length > 0) await updatePreCheckedReservation(tx, reservation.id, values);
  for (const [column, value] of changed) changes.push({ field: column, old: reservation[column as keyof ReservationRow], new: value });
  for (const room of rooms) {
    const field = `Rooms[${room.booked.id}]`;
    if ((room.configuration?.id ?? null) !== room.booked.roomConfigurationId) {
      await setRoomConfiguration(tx, room.booked.id, room.configuration);
      changes.push({
        field: `${field}.RoomConfiguration`,
        old: room.booked.roomConfigurationLabel,
        new: room.configuration?.label ?? null,
      });
    }
    const rows = guestRows(room, reservation.bookerIndividualId, booker);
    if (!sameGuests(room.booked.guests, rows)) {
      await replaceGuests(tx, room.booked.id, rows);
      changes.push({ field: `${field}.Guests`, old: room.booked.guests.map(nameOf), new: rows.map(nameOf) });
    }
  }
  return changes;
}

const nameOf = (guest: { firstName?: string | null; lastName?: string | null }) =>
  `${guest.firstName ?? ''} ${guest.lastName ?? ''}`.trim();

/** Each room's extras before and after, and the lines added with their price (minor units). */
function extrasChanges(extras: PreCheckInExtras): Change[] {
  const lines = (list: readonly { serviceId: number; quantity: number }[]) =>
    list.map((line) => ({ ServiceId: line.serviceId, Quantity: line.quantity })).sort((a, b) => a.ServiceId - b.ServiceId);
  return extras.rooms.map(({ booked, extras: room }) => ({
    field: `Rooms[${booked.id}].Services`,
    old: lines(booked.services),
    new: lines([...room.kept, ...room.newServiceLines.map((line) => ({ serviceId: line.service.id, quantity: line.quantity }))]),
    added: room.newServiceLines.map((line) => ({ ServiceId: line.service.id, Quantity: line.quantity, TotalCost: line.total })),
  }));
}

/**
 * A room's guests as rows. A guest keeps the IndividualId they were sent with when it is one of
 * the room's (else the one of the guest booked at the same place, so a page that sends no ids
 * saves the same rows twice alike); a guest who is the booker takes the booker's name and
 * contact; the address a guest was booked with stays; the booked lead guest still leads (else the first).
 */
function guestRows(room: CheckedRoom, bookerId: string, booker: Booker): GuestValues[] {
  const booked = room.booked.guests;
  const named = new Set(room.guests.map((guest) => guest.IndividualId).filter(Boolean));
  const knowns = room.guests.map(
    (guest, order) =>
      (guest.IndividualId ? booked.find((row) => row.individualId === guest.IndividualId) : undefined) ??
      (guest.IndividualId !== bookerId && booked[order] && !named.has(booked[order].individualId) ? booked[order] : undefined),
  );
  const lead = Math.max(
    0,
    knowns.findIndex((known) => known?.isLead === true),
  );
  return room.guests.map((guest, order) => guestRowOf(guest, { order, isLead: order === lead, known: knowns[order], bookerId, booker }));
}

function sameGuests(booked: BookedRoom['guests'], rows: readonly GuestValues[]): boolean {
  return (
    booked.length === rows.length &&
    rows.every((row, index) => {
      const old = booked[index]!;
      return (
        row.individualId === old.individualId &&
        row.firstName === old.firstName &&
        row.lastName === old.lastName &&
        row.email === old.email &&
        row.phone === old.phone &&
        row.isLead === old.isLead
      );
    })
  );
}
