import { hkdfSync } from 'node:crypto';

const derived = new Map<string, Buffer>();

/**
 * A 32-byte key for one purpose (`salt`, `info`) derived from a server secret with HKDF-SHA-256,
 * made once per secret and purpose: every booking and e-mail asks for its keys, and the
 * derivation showed in the create profile. Only for secrets from the configuration, which
 * are few; a key derived from what a client sends must not be kept here.
 */
export function derivedKey(secret: string, salt: string, info: string): Buffer {
  const id = `${salt}\u0000${info}\u0000${secret}`;
  let key = derived.get(id);
  if (!key) derived.set(id, (key = Buffer.from(hkdfSync('sha256', secret, salt, info, 32))));
  return key;
}
