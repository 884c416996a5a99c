import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every key starts so: a person (or a secret scanner) recognises one pasted where it should not be. */
export const KEY_PREFIX = 'hk_live_';

/**
 * `hk_live_<id>_<secret>`: the id (64 random bits, hex) names the row, so a request finds its key
 * without comparing against every hash; the secret is 256 random bits, base64url.
 */
const keyPattern = /^hk_live_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export type NewKey = { id: string; key: string; secretHash: string };

/**
 * SHA-256, not a password hash (argon2, scrypt): those are slow to make guessing a person's
 * low-entropy password dear. A 256-bit random secret cannot be guessed however fast each try
 * is, and a slow hash on every admin call would only cost the server (and hand an attacker a
 * cheap way to make it work).
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function makeKey(): NewKey {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { id, key: `${KEY_PREFIX}${id}_${secret}`, secretHash: hashSecret(secret) };
}

/** The id and secret of a presented key, if it has a key's shape. */
export function parseKey(presented: string): { id: string; secret: string } | undefined {
  const match = keyPattern.exec(presented);
  return match ? { id: match[1]!, secret: match[2]! } : undefined;
}

/** A hash no secret has, compared against when the id names no key: the same work either way. */
const NO_KEY_HASH = '0'.repeat(64);

/** Whether `secret` hashes to `storedHash` (none: no such key), in constant time. */
export function secretMatches(secret: string, storedHash: string | undefined): boolean {
  const matches = timingSafeEqual(Buffer.from(hashSecret(secret), 'hex'), Buffer.from(storedHash ?? NO_KEY_HASH, 'hex'));
  return matches && storedHash !== undefined;
}
