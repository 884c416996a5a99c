/** The addresses of the booking flow; every one carries the property code. */

/** A booking a page is opened from: its number, its stay's arrival and departure, and the code that proves the guest holds it. */
export interface BookedStay {
  reservation: string;
  arrive: string;
  depart: string;
  /** The booking's confirmation token or manage code: without it a table booking is not linked to the stay. */
  code: string;
}

const code = (propertyCode: string) => encodeURIComponent(propertyCode);

export const paths = {
  book: (propertyCode: string) => `/Book/${code(propertyCode)}`,
  bookGroup: (propertyCode: string) => `/BookGroup/${code(propertyCode)}`,
  roomsAndRates: (propertyCode: string) => `/Book/${code(propertyCode)}/Rooms-And-Rates`,
  checkout: (propertyCode: string, confirmationToken?: string) =>
    `/Book/${code(propertyCode)}/Checkout${confirmationToken === undefined ? '' : `/${encodeURIComponent(confirmationToken)}`}`,
  status: (propertyCode: string, confirmationToken: string) =>
    `/Book/${code(propertyCode)}/Status/${encodeURIComponent(confirmationToken)}`,
  confirmation: (propertyCode: string, confirmationToken: string) =>
    `/Book/${code(propertyCode)}/Confirmation/${encodeURIComponent(confirmationToken)}`,
  /** Opened from a booking, the restaurant page names it and offers a table on a night of its stay. */
  restaurant: (propertyCode: string, from?: BookedStay) =>
    `/Book/${code(propertyCode)}/Restaurant${from === undefined ? '' : `?${new URLSearchParams({ ...from }).toString()}`}`,
  register: (propertyCode: string) => `/Account/Register/${code(propertyCode)}`,
  forgotPassword: (propertyCode: string) => `/Account/ForgotPassword/${code(propertyCode)}`,
  manageBooking: (propertyCode: string) => `/Manage/${code(propertyCode)}`,
  manageReservation: (propertyCode: string, referenceNumber: string, linkCode: string) =>
    `/Manage/${code(propertyCode)}/Reservation/${encodeURIComponent(referenceNumber)}/${encodeURIComponent(linkCode)}`,
  manageAccount: (propertyCode: string) => `/ManageAccount/${code(propertyCode)}`,
  unauthorised: () => '/Unauthorised',
  error: () => '/Error',
};

/** The booking entry address "Book another room" opens: the site origin plus /Book/{propertyCode}. */
export function bookingEntryUrl(propertyCode: string): string {
  return `${window.location.origin}${paths.book(propertyCode)}`;
}
