import { findAcceptedCardType, validateCardDetails, withCardHolderFromBooker } from '@hotel/domain/cards';
import { todayIn } from '@hotel/domain/dates';
import { validateContact, type FieldErrors } from '@hotel/domain/validation';
import type { PreCheckInSaveRequest, PreCheckInSaveResponse } from '@hotel/domain/wire/pre-check-in';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { AppError, idempotently, notFound, replayingCompletedKey, requestHashKey } from '../http';
import type { PropertyRow } from '../property';
import {
  findReservationDetails,
  guestRowOf,
  replaceGuests,
  type GuestValues,
  type ReservationDetails,
  type ReservationRow,
} from '../reservation';
import { PRE_CHECK_IN_NOTICES } from './get-pre-check-in';
import { findPreCheckInBooking, preCheckInClosed } from './pre-check-in-access';
import { enqueuePreCheckedInNotice } from './pre-check-in-mail';
import { findRoomTypeOptions, setRoomConfiguration, updatePreCheckedReservation, type RoomTypeOptions } from './pre-check-in-queries';

type SaveContext = Pick<AppContext, 'database' | 'availability' | 'clock' | 'config' | 'paymentGateway' | 'mailEnqueued'>;

export const PRE_CHECK_IN_SAVED = 'Thank you, your check-in details have been saved.';

const invalidLink = () => notFound(PRE_CHECK_IN_NOTICES.invalid.Message);

type BookedRoom = ReservationDetails['rooms'][number];
type Booker = { FirstName: string; LastName: string; Email: string | null; Phone: string | null };

/**
 * POST /api/PreCheckIn/Save: the guest's details in one transaction with the reservation row
 * locked, so two saves of one booking queue. Everything is checked before anything is written
 * (a 400 names each field; a declined card is a 402), and a refusal writes nothing. Saving the
 * same details again writes nothing more: the completion time and the hotel's notice stay the
 * first save's. An Idempotency-Key answers a retry with the first answer.
 */
export async function savePreCheckIn(
  context: SaveContext,
  request: PreCheckInSaveRequest,
  idempotencyKey: string | undefined,
): Promise<PreCheckInSaveResponse> {
  const { db } = context.database;
  const retry = {
    key: idempotencyKey,
    scope: `pre-check-in-save:${request.PropertyId}`,
    body: request,
    now: context.clock.now(),
    hashKey: requestHashKey(context.config),
  };
  let noticeQueued = false;
  const answer = await replayingCompletedKey(
    db,
    retry,
    () =>
      db.transaction((tx) =>
        idempotently(tx, retry, async (): Promise<PreCheckInSaveResponse> => {
          const key = { propertyId: request.PropertyId, referenceNumber: request.ReferenceNumber, code: request.Code };
          const booking = await findPreCheckInBooking(context, tx, key, { lock: true });
          if (!booking || booking.reservation.id !== request.EntityId) throw invalidLink();
          const { property, reservation } = booking;
          const closed = preCheckInClosed(property, reservation, context.clock.now());
          if (closed) return { Success: false, Message: PRE_CHECK_IN_NOTICES[closed].Message };
          const details = await findReservationDetails(tx, reservation.id);
          const options = await findRoomTypeOptions(tx, [...new Set(details.rooms.map((room) => room.roomTypeId))]);
          const rooms = checkRooms(property, reservation.bookerIndividualId, request, details, options);
          await keepCardOnFile(context, tx, property, reservation, request);
          await writeDetails(tx, reservation, request, withBookerRooms(details, rooms));
          if (!reservation.preCheckInCompletedAt) {
            await updatePreCheckedReservation(tx, reservation.id, { preCheckInCompletedAt: context.clock.now() });
            noticeQueued = await enqueuePreCheckedInNotice(tx, context, property, reservation.id);
          }
          return { Success: true, Message: PRE_CHECK_IN_SAVED };
        }),
      ),
    (answer) => !answer.Success,
  );
  if (noticeQueued) context.mailEnqueued.notify();
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

/**
 * The card kept on file for the stay: the gateway turns it into a token and only the token,
 * brand, last four digits and expiry are kept. A decline is a 402 and, thrown inside the
 * transaction, leaves nothing saved.
 */
async function keepCardOnFile(
  context: SaveContext,
  tx: Tx,
  property: PropertyRow,
  reservation: ReservationRow,
  request: PreCheckInSaveRequest,
): Promise<void> {
  const card = request.CardDetails;
  if (!card) return;
  const holder = request.Booker ?? {
    FirstName: reservation.bookerFirstName,
    LastName: reservation.bookerLastName,
    Email: reservation.bookerEmail,
  };
  const withHolder = withCardHolderFromBooker(card, holder);
  const { acceptedCardTypes: accepted } = await context.availability.catalogue.catalogue(property);
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
  const result = await context.paymentGateway.tokenise({
    number: withHolder.CardNumber ?? '',
    nameOnCard: withHolder.NameOnCard ?? '',
    expiryMonth: withHolder.ExpiryMonth ?? 0,
    expiryYear: withHolder.ExpiryYear ?? 0,
    securityCode: withHolder.SecurityCode ?? '',
  });
  if (result.status !== 'tokenised') throw new AppError('PAYMENT_DECLINED', result.declineMessage);
  const onFile = {
    cardOnFileGateway: context.paymentGateway.name,
    cardOnFileToken: result.token,
    cardOnFileBrand: findAcceptedCardType(result.brand, accepted, (type) => type.name)?.name ?? result.brand,
    cardOnFileLast4: result.last4,
    cardOnFileExpiryMonth: result.expiryMonth,
    cardOnFileExpiryYear: result.expiryYear,
  };
  // The card already on file (same brand, digits and expiry at this gateway) keeps its first
  // token: a gateway may tokenise one card differently each time, and saving again changes nothing.
  const { cardOnFileToken: _newToken, ...shown } = onFile;
  if (Object.entries(shown).some(([column, value]) => reservation[column as keyof ReservationRow] !== value)) {
    await updatePreCheckedReservation(tx, reservation.id, onFile);
  }
}

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

/** Writes the booker, special requests, each room's configuration and guests: only what differs from what is kept. */
async function writeDetails(
  tx: Tx,
  reservation: ReservationRow,
  request: PreCheckInSaveRequest,
  rooms: readonly CheckedRoom[],
): Promise<void> {
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
  const changed = Object.entries(values).some(([column, value]) => reservation[column as keyof ReservationRow] !== value);
  if (changed) await updatePreCheckedReservation(tx, reservation.id, values);
  for (const room of rooms) {
    if ((room.configuration?.id ?? null) !== room.booked.roomConfigurationId)
      await setRoomConfiguration(tx, room.booked.id, room.configuration);
    const rows = guestRows(room, reservation.bookerIndividualId, booker);
    if (!sameGuests(room.booked.guests, rows)) await replaceGuests(tx, room.booked.id, rows);
  }
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
