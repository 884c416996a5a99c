import { createHash, randomBytes, randomInt } from 'node:crypto';

// No 0/O, 1/I/L or U: a number read out on the phone cannot be misheard or mistyped.
const alphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short, unambiguous reservation number: 8 characters, about 6.5 x 10^11 of them. */
export function newReservationNumber(): string {
  let number = '';
  for (let i = 0; i < 8; i += 1) number += alphabet[randomInt(alphabet.length)];
  return number;
}

/** An unguessable confirmation token (32 random bytes) and the SHA-256 hash that is all the database keeps. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmationToken(token) };
}

export function hashConfirmationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
