import type { Request } from 'express';
import { invalidField } from '../errors';

/** Reading the `Idempotency-Key` header; what a key does is the idempotency area's (idempotency/). */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 1-255 printable ASCII characters: a UUID, or whatever the client's library sends. */
const keyPattern = /^[\x20-\x7E]{1,255}$/;

/** The request's `Idempotency-Key`, undefined when absent; a 400 (ModelState on the header name) when malformed. */
export function readIdempotencyKey(req: Pick<Request, 'get'>): string | undefined {
  const key = req.get(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (!keyPattern.test(key)) {
    throw invalidField(IDEMPOTENCY_KEY_HEADER, 'The Idempotency-Key header must be 1 to 255 printable ASCII characters, such as a UUID.');
  }
  return key;
}

/**
 * The `Idempotency-Key` of a request being looked up rather than sent again. Without the
 * request's body to match, the key alone is the proof of being its client, so it must be one
 * nobody can guess: at least 32 letters or digits (a UUID has 32). A 400 otherwise.
 */
export function readLookupKey(req: Pick<Request, 'get'>): string {
  const key = readIdempotencyKey(req);
  if (key === undefined || key.replace(/[^A-Za-z0-9]/g, '').length < 32) {
    throw invalidField(
      IDEMPOTENCY_KEY_HEADER,
      'Send the Idempotency-Key of the request to look up. Only a random key of at least 32 letters or digits, such as a UUID, can be looked up.',
    );
  }
  return key;
}
