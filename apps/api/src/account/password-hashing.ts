import argon2 from 'argon2';

/**
 * argon2id with OWASP's first recommended setting: 19 MiB of memory, 2 passes, 1 lane (about
 * 40 ms here). The same cost runs in tests: a cheaper one would test something else.
 */
const hashingOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** An argon2id hash of a password (PHC string with its own salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashingOptions);
}

// Verified against when an address has no account, so that "no such user" costs what "wrong
// password" costs and the answer's timing does not tell which it was. A hash made once with
// `hashingOptions` (of a password nobody has); a change of options must make it again.
export const standInHash = '$argon2id$v=19$m=19456,p=1,t=2$6MepiRSRoKnYozqo039+Lg$5p/kg+OvOVUxDs41tCKCP/ivGFpdS0zdGN1E9r/rzyU';

/**
 * Whether `password` matches `hash`; with no hash (no such user) a stand-in hash of the same
 * cost is checked instead and the answer is false. A malformed hash is a mismatch, not a crash.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  const checked = hash ?? standInHash;
  try {
    return (await argon2.verify(checked, password)) && hash !== undefined;
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters than today's (rehash it at the next login). */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, hashingOptions);
  } catch {
    return true;
  }
}
