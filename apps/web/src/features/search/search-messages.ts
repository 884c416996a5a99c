/** What the guest is told when a search cannot be made, and on which part of the form. */
import type { SearchRefusal } from '@hotel/domain/restrictions';
import type { FieldErrors } from '@hotel/domain/validation';

/** The message shown for each reason a search is not possible. */
export const SEARCH_REFUSAL_MESSAGES: Record<SearchRefusal, string> = {
  NO_PROPERTY: 'Please choose your property.',
  INVALID_DATES: 'Please choose your arrival and departure dates.',
  DEPARTURE_NOT_AFTER_ARRIVAL: 'Your departure date must be after your arrival date.',
  ARRIVAL_IN_PAST: 'Your arrival date cannot be in the past.',
  BEYOND_CALENDAR: 'Please choose dates within the next 36 months.',
  NO_ROOMS: 'Please add at least one room.',
  TOO_MANY_ROOMS: 'The maximum number of rooms on a booking has been reached. Please contact the hotel to add more.',
};

/** The form field each refusal is told on. */
const FIELD_OF_REFUSAL: Record<SearchRefusal, string> = {
  NO_PROPERTY: 'PropertyId',
  INVALID_DATES: 'Dates',
  DEPARTURE_NOT_AFTER_ARRIVAL: 'Dates',
  ARRIVAL_IN_PAST: 'Dates',
  BEYOND_CALENDAR: 'Dates',
  NO_ROOMS: 'Rooms',
  TOO_MANY_ROOMS: 'Rooms',
};

/** A refusal's message on its field, or nothing. */
export function refusalErrors(refusal: SearchRefusal | null): FieldErrors {
  return refusal === null ? {} : { [FIELD_OF_REFUSAL[refusal]]: [SEARCH_REFUSAL_MESSAGES[refusal]] };
}
