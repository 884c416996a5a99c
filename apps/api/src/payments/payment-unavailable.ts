/** What the guest reads when the provider cannot be reached or this site is not set up for it (a 503). */
export const PAYMENT_UNAVAILABLE_MESSAGE =
  'This hotel cannot take card payments online at the moment, so nothing was booked. Please try again later or contact the hotel.';
