import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, standInHash, verifyPassword } from '../../src/account/password-hashing';

describe('checking a password', () => {
  it('checks an unknown address against a stand-in hash made with the settings real hashes get, so both take as long', () => {
    expect(needsRehash(standInHash)).toBe(false);
  });

  it('never lets anyone in without an account, whatever the password', async () => {
    expect(await verifyPassword(undefined, 'no account has this password: it only takes the time a real check takes')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
  });

  it('matches the password a hash was made of, and no other', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
  });
});
