/**
 * A booker's and a guest's details as the review steps edit them (manage booking, pre-check-in),
 * and which of a guest's details a room's guest can hold.
 */
import type { ContactFieldsConfiguration } from '@hotel/domain/validation';
import type { PreCheckInReservation } from '@hotel/domain/wire/pre-check-in';

/** A booker as a booking answer carries it (pre-check-in's and manage booking's alike). */
type BookedBooker = PreCheckInReservation['Booker'];

export interface DraftGuest {
  IndividualId: string | null;
  IsLeadGuest: boolean;
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string;
  reviewed: boolean;
}

export interface DraftBooker {
  FirstName: string;
  LastName: string;
  Email: string;
  Phone: string;
  Street: string;
  City: string;
  ZipCode: string;
  CountryId: number | null;
  OptInToReceiveUpdates: boolean;
}

/**
 * The guest fields a managed booking can hold (a managed guest carries no address on the wire),
 * as the property requires them: an address rule of GuestConfiguration cannot be met here, so
 * it must not hold a guest or the save back.
 */
export function managedGuestRules(config: ContactFieldsConfiguration): ContactFieldsConfiguration {
  return {
    FirstNameRequired: config.FirstNameRequired,
    LastNameRequired: config.LastNameRequired,
    EmailRequired: config.EmailRequired,
    PhoneRequired: config.PhoneRequired,
  };
}

/** A booking's booker as the Booker step edits it. */
export function draftBookerOf(booker: BookedBooker): DraftBooker {
  return {
    FirstName: booker.FirstName,
    LastName: booker.LastName,
    Email: booker.Email,
    Phone: booker.Phone,
    Street: booker.Street ?? '',
    City: booker.City ?? '',
    ZipCode: booker.ZipCode ?? '',
    CountryId: booker.CountryId,
    OptInToReceiveUpdates: booker.OptInToReceiveUpdates,
  };
}

/** A text field as the wire takes it: trimmed, empty as none. */
export const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The booker as Save sends it: trimmed, an empty address part as none. */
export function bookerPayloadOf(booker: DraftBooker) {
  return {
    FirstName: booker.FirstName.trim(),
    LastName: booker.LastName.trim(),
    Email: booker.Email.trim(),
    Phone: booker.Phone.trim(),
    Street: orNull(booker.Street),
    City: orNull(booker.City),
    ZipCode: orNull(booker.ZipCode),
    CountryId: booker.CountryId,
    OptInToReceiveUpdates: booker.OptInToReceiveUpdates,
  };
}
