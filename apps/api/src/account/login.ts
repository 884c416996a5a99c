import type { AppContext } from '../app-context';
import { auditAccount, type RequestOrigin } from './account-audit';
import { findSessionUser, findUserByEmail, updateUser } from './account-queries';
import { hashPassword, needsRehash, verifyPassword } from './password-hashing';

/**
 * What every request of a logged-in user carries as `req.user`: its address, and whether that
 * address is confirmed (what a company's invoice and search ask for, docs/property-definition.md).
 */
export type SessionUser = { id: number; email: string; canChoosePaymentMethod: boolean; emailConfirmed: boolean };

const sessionUserOf = (row: {
  id: number;
  email: string;
  canChoosePaymentMethod: boolean;
  emailConfirmedAt: Date | null;
}): SessionUser => ({
  id: row.id,
  email: row.email,
  canChoosePaymentMethod: row.canChoosePaymentMethod,
  emailConfirmed: row.emailConfirmedAt !== null,
});

/**
 * The user an address and password belong to, or undefined (audited as a failed login). An
 * unknown address costs the same argon2 check as a wrong password. A login is allowed before
 * the address is confirmed. A hash made with older parameters is renewed on the way.
 */
export async function checkCredentials(
  context: Pick<AppContext, 'database' | 'clock'>,
  email: string,
  password: string,
  origin: RequestOrigin,
): Promise<SessionUser | undefined> {
  const db = context.database.db;
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(user?.passwordHash, password);
  const now = context.clock.now();
  if (!user || !matches) {
    await auditAccount(db, {
      action: 'account.login_failed',
      userId: user?.id ?? null,
      at: now,
      origin,
      details: { email: email.trim().toLowerCase(), reason: user ? 'wrong_password' : 'no_account' },
    });
    return undefined;
  }
  if (needsRehash(user.passwordHash)) await updateUser(db, user.id, { passwordHash: await hashPassword(password), updatedAt: now });
  return sessionUserOf(user);
}

/** Notes a successful login: the time on the user, a row in the audit log. */
export async function recordLogin(context: Pick<AppContext, 'database' | 'clock'>, userId: number, origin: RequestOrigin): Promise<void> {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    await updateUser(tx, userId, { lastLoginAt: now, updatedAt: now });
    await auditAccount(tx, { action: 'account.login', userId, at: now, origin });
  });
}

/** Notes a logout in the audit log. */
export async function recordLogout(context: Pick<AppContext, 'database' | 'clock'>, userId: number, origin: RequestOrigin): Promise<void> {
  await auditAccount(context.database.db, { action: 'account.logout', userId, at: context.clock.now(), origin });
}

/** The user behind a session's stored id, read fresh on each request (false once the account is gone). */
export async function loadSessionUser(context: Pick<AppContext, 'database'>, id: unknown): Promise<SessionUser | false> {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return false;
  const row = await findSessionUser(context.database.db, id);
  return row ? sessionUserOf(row) : false;
}
