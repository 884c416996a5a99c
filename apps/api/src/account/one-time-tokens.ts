import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { oneTimeTokens, type oneTimeTokenPurpose } from '@hotel/db/schema';
import type { Tx } from '../database';

export type TokenPurpose = (typeof oneTimeTokenPurpose.enumValues)[number];

/** How long an e-mailed link works: a day to confirm an address, an hour to reset a password. */
export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  confirm_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** 32 random bytes as base64url: exactly 43 characters. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes a single-use token for `purpose` and stores only its SHA-256 hash; earlier unused
 * tokens of the user for the same purpose stop working (only the newest link counts).
 * Answers the token, which exists nowhere else than in the e-mail it is put in.
 */
export async function issueToken(tx: Tx, userId: number, purpose: TokenPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .delete(oneTimeTokens)
    .where(or(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)), lte(oneTimeTokens.expiresAt, now)));
  await tx.insert(oneTimeTokens).values({
    tokenHash: sha256(token),
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + tokenLifetimeMs[purpose]),
    createdAt: now,
  });
  return token;
}

/**
 * Uses up a token: answers its user when the token was issued for this `purpose`, is unused
 * and unexpired, and marks it used in the same statement (two concurrent uses: one wins).
 * Anything else, a malformed token included, answers undefined.
 */
export async function consumeToken(tx: Tx, token: string, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/** Ends every unused token of a user for a purpose (after a password reset, the other reset links). */
export async function revokeTokens(tx: Tx, userId: number, purpose: TokenPurpose): Promise<void> {
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}
