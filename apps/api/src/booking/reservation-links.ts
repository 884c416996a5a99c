import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The code in e-mailed manage-booking and pre-check-in links: an HMAC of the property and
 * reservation number under LINK_SECRET, so a link cannot be forged or moved to another booking.
 */
export function linkCode(secret: string, propertyCode: string, reservationNumber: string): string {
  return createHmac('sha256', secret).update(`${propertyCode}:${reservationNumber}`).digest('base64url').slice(0, 22);
}

/**
 * The code a search by number and name answers: like a link's, but of its own kind, so a change
 * made with it is recorded as made by someone who knew a guest's name, not the e-mailed link.
 */
export function nameSearchCode(secret: string, propertyCode: string, reservationNumber: string): string {
  return createHmac('sha256', secret).update(`name:${propertyCode}:${reservationNumber}`).digest('base64url').slice(0, 22);
}

function sameCode(expected: string, code: string): boolean {
  const wanted = Buffer.from(expected);
  const given = Buffer.from(code);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** How a guest holding `code` found the booking: its e-mailed link, a search by name, or neither (a wrong code). */
export type ManageAccess = 'link' | 'name';

/** Which kind of manage code `code` is for this booking, in constant time; null when it is neither. */
export function manageAccessOf(secret: string, propertyCode: string, reservationNumber: string, code: string): ManageAccess | null {
  const isLink = sameCode(linkCode(secret, propertyCode, reservationNumber), code);
  const isName = sameCode(nameSearchCode(secret, propertyCode, reservationNumber), code);
  return isLink ? 'link' : isName ? 'name' : null;
}

/** The guest-facing links of a reservation on PUBLIC_URL. */
export function reservationLinks(publicUrl: string, secret: string, propertyCode: string, reservationNumber: string) {
  const code = linkCode(secret, propertyCode, reservationNumber);
  const property = encodeURIComponent(propertyCode);
  return {
    manageBookingUrl: `${publicUrl}/Manage/${property}/Reservation/${reservationNumber}/${code}`,
    preCheckInUrl: `${publicUrl}/PreCheckIn/${property}/${reservationNumber}/${code}`,
    bookTableUrl: `${publicUrl}/Book/${property}`,
  };
}
