/**
 * Every text the product fixes, in one place, so the API and the web say the same thing. A
 * field without its own message says "{Label} is required".
 */

/** Field validation messages. */
export const VALIDATION_MESSAGES = {
  email: 'A valid email address is required',
  phone: 'A valid phone number is required',
  passwordRequired: 'Password is required',
  passwordTooWeak: 'Password must be at least 10 characters long and contain at least one non-alphanumeric character',
  passwordsDoNotMatch: 'Passwords do not match',
  reservationNumberRequired: 'Reservation Number is required',
  guestNameRequired: 'Guest Name is required',
  roomConfigurationRequired: 'Room Configuration is required',
  cancellationReasonRequired: 'Cancellation Reason is required',
  dateInvalid: 'A valid date is required (YYYY-MM-DD or YYYY/MM/DD)',
  timeInvalid: 'A valid time is required (HH:mm)',
  amountInvalid: 'A valid amount is required: a number, not negative, with no more decimals than its currency has',
  cardNameRequired: 'Name on Card is required',
  cardNumberInvalid: 'A valid card number is required',
  securityCodeInvalid: 'A valid security code is required',
  expiryMonthInvalid: 'A valid expiry month is required',
  expiryYearInvalid: 'A valid expiry year is required',
  cardExpired: 'The card has expired',
  cardTypeRequired: 'Card Type is required',
  cardTypeNotAccepted: 'This card type is not accepted',
  roomWithoutGuest: 'Each room needs at least one adult or child',
  countryUnknown: 'Please choose a country from the list',
} as const;

/** A whole number as a guest reads it: 2000 -> "2,000". */
function groupedDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** What a field longer than it may be says, with the limit. */
export function tooLongMessage(max: number): string {
  return `Please use ${groupedDigits(max)} characters or fewer`;
}

/**
 * What an amount with more decimals than its currency has says: a JPY price has none, a GBP
 * price at most 2, a KWD price at most 3.
 */
export function currencyDecimalsMessage(currency: string, decimals: number): string {
  return decimals === 0
    ? `A ${currency} amount is a whole number: ${currency} has no decimals`
    : `A ${currency} amount has at most ${decimals} decimals`;
}

/** A count with its noun, singular for one: countText(1, 'adult', 'adults') -> "1 adult". */
export function countText(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "1 night", "3 nights". */
export function nightsText(nights: number): string {
  return countText(nights, 'night', 'nights');
}

/**
 * The guests of a party or of several rooms together: "2 adults", "1 adult, 1 child, 2 infants".
 * The property's field labels may carry ages ("Children (2-12)"), so counts use plain nouns.
 */
export function guestsText(rooms: { NumberOfAdults: number; NumberOfChildren: number; NumberOfInfants: number }[]): string {
  const total = (pick: (room: (typeof rooms)[number]) => number) => rooms.reduce((sum, room) => sum + pick(room), 0);
  const children = total((room) => room.NumberOfChildren);
  const infants = total((room) => room.NumberOfInfants);
  return [
    countText(
      total((room) => room.NumberOfAdults),
      'adult',
      'adults',
    ),
    ...(children > 0 ? [countText(children, 'child', 'children')] : []),
    ...(infants > 0 ? [countText(infants, 'infant', 'infants')] : []),
  ].join(', ');
}

const REQUIRED = ' is required';

/** "{Label} is required", the message of a missing field that has none of its own. */
export function requiredMessage(label: string): string {
  return `${label}${REQUIRED}`;
}

/**
 * True for a "{Label} is required" message, whichever label it names (the API's, e.g. "First
 * Name"), so a form can say it with the label the guest sees; "A valid … is required" names no label.
 */
export function isRequiredMessage(message: string): boolean {
  return message.endsWith(REQUIRED) && !message.startsWith('A valid ');
}

/** Error texts. */
export const ERROR_MESSAGES = {
  actionFailed: 'Action failed',
  loginFailed: 'Failed to login, please check your email address and password',
  registerFailed: 'Failed to register User',
  createUserAccountFailed: 'Failed to create user account',
  createBookingFailed: 'Failed to create booking',
  companySearchFailed: 'Error while searching for Companies',
  noResults: 'No Results found',
  /** Company invoice is for a company's own bookers, proved by a logged-in account with a confirmed address. */
  companyInvoiceNeedsAccount:
    'Log in with your company account and confirm your e-mail address to pay by company invoice, or please pay another way.',
  hotelUnavailable: 'This hotel is unavailable on your selected dates.',
  selectionUnavailable: 'Sorry, your selection is not available.',
  roomsNoLongerAvailable: 'Your combination of rooms is not available, please retry your search or contact us directly',
  notEnoughRoomsForOccupancy: 'not enough rooms based on occupancy',
  saveReservationFailed: 'Failed to save Reservation',
  saveCheckInFailed: 'Failed to save Check In Information',
  linkInvalid: 'This link is invalid. Please re check the link is correct and try again.',
  passwordResetEmailFailed: 'Failed to send Password Reset Email',
  passwordResetFailed: 'Failed to reset your password',
  saveDetailsFailed: 'Failed to save your details',
  modifyNotAllowed: 'To modify your reservation, please contact the hotel directly on a phone number',
  /** Every kind of miss of the manage search says this, so an answer tells nothing about which part was wrong. */
  manageBookingNotFound:
    'We could not find a booking with those details. Check the reservation number and the last name of the booker or a guest, or use the link in your confirmation e-mail.',
  manageBookingTooManySearches:
    'Too many unsuccessful searches. Please wait a few minutes and try again, or use the link in your confirmation e-mail.',
} as const;

/** Success and information texts. */
export const SUCCESS_MESSAGES = {
  selectionAvailable: 'Good news, your selection is available',
  bookingMade: 'Booking has been made successfully',
  registered: 'User registration successful, check your email to confirm',
  loggedOut: 'You have been successfully logged out',
  tableBooked: 'Table booking created',
  reservationUpdated: 'Your booking was updated',
  reservationCancelled: 'Your reservation has been cancelled',
  passwordReset: 'Your password has been successfully reset',
  detailsSaved: 'Your details have been saved successfully',
} as const;

/** The headings of error pages and notices. */
export const ERROR_HEADINGS = ['Not found', 'Error', 'Unauthorised', 'Warning', 'Manage Booking Error', 'Pre Check In Error'] as const;

/** The name greeted when the user has none. */
export const DEFAULT_WELCOME_NAME = 'Guest';

/** "Welcome back {name}" after a login, "Guest" when the name is empty. */
export function welcomeMessage(firstName?: string | null): string {
  const name = firstName?.trim();
  return `Welcome back ${name === undefined || name === '' ? DEFAULT_WELCOME_NAME : name}`;
}

/** How long a toast stays, in milliseconds. */
export const TOAST_DURATION_MS = 5000;
