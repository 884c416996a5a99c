import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The code in e-mailed manage-booking and pre-check-in links: an HMAC of the property and
 * reservation number under LINK_SECRET, so a link cannot be forged or moved to another booking.
 */
export function linkCode(secret: string, propertyCode: string, reservationNumber: string): string {
  return createHmac('sha256', secret).update(`${propertyCode}:${reservationNumber}`).digest('base64url').slice(0, 22);
}

/** Constant-time check of a link's code. */
export function isValidLinkCode(secret: string, propertyCode: string, reservationNumber: string, code: string): boolean {
  const expected = Buffer.from(linkCode(secret, propertyCode, reservationNumber));
  const given = Buffer.from(code);
  return given.length === expected.length && timingSafeEqual(given, expected);
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
