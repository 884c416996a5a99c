/**
 * Field rules with their exact messages (docs/guest-client.md). Results are
 * field -> messages, the ModelState shape the API answers and the web shows.
 */
import { parseDate } from './dates';
import { requiredMessage, VALIDATION_MESSAGES } from './messages';
import { parseTimeOfDay } from './time-of-day';

/** Messages per field (PascalCase field names, as in the payloads). */
export type FieldErrors = Record<string, string[]>;

/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 10;

/**
 * The e-mail rule ("letters or digits, an at sign, letters, a dot, then 2 to 3
 * letters"), read as the classic pattern it paraphrases, with the local name of RFC 5322: dot-
 * separated runs of letters, digits and the characters mail allows there, so the apostrophe of
 * mary.o'neill@ and the plus of ada+hotel@ pass (both common, both deliverable). Domain labels
 * are letters and digits joined by hyphens, and the address ends in a 2-3 letter top level
 * domain (name.surname@example.co.uk passes). Written without nested ambiguity so a hostile
 * string cannot make it backtrack for long.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\.)+[A-Za-z]{2,3}$/;

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** Longest phone number accepted, separators included (E.164 has at most 15 digits). */
export const PHONE_MAX_LENGTH = 40;

/**
 * The phone rule: an international number starting with + or 00. Spaces, hyphens,
 * dots and brackets may separate digit groups; 6 to 15 digits follow the prefix (E.164).
 */
export const PHONE_PATTERN = /^(?:\+|00)[1-9]\d{5,14}$/;

const PHONE_ALLOWED = /^[+\d\s().-]*$/;

/** True when a value is missing: null, undefined or only whitespace. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return typeof value === 'string' && value.trim() === '';
}

/** True for an e-mail address the e-mail rule accepts. */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

/** True for a phone number starting with + or 00 (international dialling code). */
export function isValidPhone(phone: string): boolean {
  if (!PHONE_ALLOWED.test(phone)) return false;
  return PHONE_PATTERN.test(phone.replace(/[\s().-]/g, ''));
}

/** True for ten or more characters with at least one non-alphanumeric character. */
export function isStrongPassword(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH && /[^\p{L}\p{N}]/u.test(password);
}

/**
 * Messages for a new password and its confirmation: required, strong enough, matching.
 * Omit `confirmation` where the form has no confirm field (login checks only presence).
 */
export function passwordErrors(password: string, confirmation?: string): FieldErrors {
  const errors: FieldErrors = {};
  if (password === '') {
    addError(errors, 'Password', VALIDATION_MESSAGES.passwordRequired);
  } else if (!isStrongPassword(password)) {
    addError(errors, 'Password', VALIDATION_MESSAGES.passwordTooWeak);
  }
  if (confirmation !== undefined && confirmation !== password) {
    addError(errors, 'ConfirmPassword', VALIDATION_MESSAGES.passwordsDoNotMatch);
  }
  return errors;
}

/** Adds a message to a field. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** True when there is no message at all. */
export function hasNoErrors(errors: FieldErrors): boolean {
  return Object.values(errors).every((messages) => messages.length === 0);
}

/** The booker as the payload carries it (Booker of Reservation/Create, manage, pre-check-in). */
export interface BookerDetails {
  FirstName?: string | null;
  LastName?: string | null;
  Email?: string | null;
  Phone?: string | null;
  Street?: string | null;
  City?: string | null;
  CountryId?: number | string | null;
  StateOrCounty?: string | null;
  ZipCode?: string | null;
}

function checkEmail(errors: FieldErrors, field: string, value: string | null | undefined, required: boolean): void {
  if (isBlank(value) ? required : !isValidEmail(value ?? '')) {
    addError(errors, field, VALIDATION_MESSAGES.email);
  }
}

function checkPhone(errors: FieldErrors, field: string, value: string | null | undefined, required: boolean): void {
  if (isBlank(value) ? required : !isValidPhone(value ?? '')) {
    addError(errors, field, VALIDATION_MESSAGES.phone);
  }
}

/** Booker personal details: first name, last name, a valid email and a valid telephone. */
export function validateBookerPersonalDetails(booker: BookerDetails): FieldErrors {
  const errors: FieldErrors = {};
  if (isBlank(booker.FirstName)) addError(errors, 'FirstName', requiredMessage('First Name'));
  if (isBlank(booker.LastName)) addError(errors, 'LastName', requiredMessage('Last Name'));
  checkEmail(errors, 'Email', booker.Email, true);
  checkPhone(errors, 'Phone', booker.Phone, true);
  return errors;
}

/** Booker address: street, country and post code. */
export function validateBookerAddress(booker: BookerDetails): FieldErrors {
  const errors: FieldErrors = {};
  if (isBlank(booker.Street)) addError(errors, 'Street', requiredMessage('Street'));
  if (isBlank(booker.CountryId)) addError(errors, 'CountryId', requiredMessage('Country'));
  if (isBlank(booker.ZipCode)) addError(errors, 'ZipCode', requiredMessage('Post Code'));
  return errors;
}

/** True when the booker's personal details are valid. */
export function isBookerPersonalDetailsValid(booker: BookerDetails): boolean {
  return hasNoErrors(validateBookerPersonalDetails(booker));
}

/** True when the booker's address is valid. */
export function isBookerAddressValid(booker: BookerDetails): boolean {
  return hasNoErrors(validateBookerAddress(booker));
}

/** Which guest or contact fields a property requires (BookerConfiguration, GuestConfiguration). */
export interface ContactFieldsConfiguration {
  FirstNameRequired?: boolean | null;
  LastNameRequired?: boolean | null;
  EmailRequired?: boolean | null;
  PhoneRequired?: boolean | null;
  CountryRequired?: boolean | null;
  StreetRequired?: boolean | null;
  CityRequired?: boolean | null;
  StateOrCountyRequired?: boolean | null;
  PostCodeRequired?: boolean | null;
}

/** A guest, or a contact with an address. */
export interface Contact {
  FirstName?: string | null;
  LastName?: string | null;
  Email?: string | null;
  Phone?: string | null;
  Street?: string | null;
  City?: string | null;
  Country?: string | number | { Id?: number | string | null } | null;
  CountryId?: number | string | null;
  StateOrCounty?: string | null;
  ZipCode?: string | null;
}

const REQUIRED_TEXT_FIELDS = [
  ['FirstNameRequired', 'FirstName', 'First Name'],
  ['LastNameRequired', 'LastName', 'Last Name'],
  ['StreetRequired', 'Street', 'Street'],
  ['CityRequired', 'City', 'City'],
  ['StateOrCountyRequired', 'StateOrCounty', 'State or County'],
  ['PostCodeRequired', 'ZipCode', 'Post Code'],
] as const;

function hasCountry(contact: Contact): boolean {
  const country = contact.Country;
  const countryId = typeof country === 'object' && country !== null ? country.Id : country;
  return !isBlank(countryId) || !isBlank(contact.CountryId);
}

/**
 * Guest or contact fields, each required only as configured; an e-mail or phone that is
 * given must be valid even when not required.
 */
export function validateContact(contact: Contact, config: ContactFieldsConfiguration): FieldErrors {
  const errors: FieldErrors = {};
  for (const [flag, field, label] of REQUIRED_TEXT_FIELDS) {
    if (config[flag] === true && isBlank(contact[field])) addError(errors, field, requiredMessage(label));
  }
  checkEmail(errors, 'Email', contact.Email, config.EmailRequired === true);
  checkPhone(errors, 'Phone', contact.Phone, config.PhoneRequired === true);
  if (config.CountryRequired === true && !hasCountry(contact)) {
    addError(errors, 'Country', requiredMessage('Country'));
  }
  return errors;
}

/** True when a guest or contact satisfies the configuration. */
export function isContactValid(contact: Contact, config: ContactFieldsConfiguration): boolean {
  return hasNoErrors(validateContact(contact, config));
}

/** The manage-booking guest search: reservation number and guest name are required. */
export function validateManageBookingSearch(search: { reservationNumber?: string | null; guestName?: string | null }): FieldErrors {
  const errors: FieldErrors = {};
  if (isBlank(search.reservationNumber)) {
    addError(errors, 'reservationNumber', VALIDATION_MESSAGES.reservationNumberRequired);
  }
  if (isBlank(search.guestName)) addError(errors, 'guestName', VALIDATION_MESSAGES.guestNameRequired);
  return errors;
}

/** The fields a restaurant booking needs. */
export interface RestaurantBookingFields {
  ContactNumber?: string | null;
  Email?: string | null;
  Identifier?: string | null;
  RestaurantId?: number | string | null;
  PartySize?: number | null;
  VisitDate?: string | null;
  VisitTime?: string | null;
}

/** A restaurant booking needs contact number, email, identifier, restaurant, party size, date and time. */
export function validateRestaurantBooking(booking: RestaurantBookingFields): FieldErrors {
  const errors: FieldErrors = {};
  checkPhone(errors, 'ContactNumber', booking.ContactNumber, true);
  checkEmail(errors, 'Email', booking.Email, true);
  if (isBlank(booking.Identifier)) addError(errors, 'Identifier', requiredMessage('Identifier'));
  if (isBlank(booking.RestaurantId)) addError(errors, 'RestaurantId', requiredMessage('Restaurant'));
  if (booking.PartySize == null || booking.PartySize < 1) {
    addError(errors, 'PartySize', requiredMessage('Party Size'));
  }
  if (isBlank(booking.VisitDate)) {
    addError(errors, 'VisitDate', requiredMessage('Visit Date'));
  } else if (parseDate(booking.VisitDate ?? '') === null) {
    addError(errors, 'VisitDate', VALIDATION_MESSAGES.dateInvalid);
  }
  if (isBlank(booking.VisitTime)) {
    addError(errors, 'VisitTime', requiredMessage('Visit Time'));
  } else if (parseTimeOfDay(booking.VisitTime ?? '') === null) {
    addError(errors, 'VisitTime', VALIDATION_MESSAGES.timeInvalid);
  }
  return errors;
}
