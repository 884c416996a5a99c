import { SUCCESS_MESSAGES } from '@hotel/domain/messages';
import type { PasswordResetRequest, RequestPasswordResetRequest } from '@hotel/domain/wire/account-requests';
import type { AppContext } from '../app-context';
import { endSessionsOfUser } from '../http';
import { invalidField, notFound } from '../errors';
import { findProperty } from '../property';
import { auditAccount, type RequestOrigin } from './account-audit';
import { enqueuePasswordReset } from './account-mail';
import { ACCOUNT_MESSAGES } from './account-messages';
import { confirmUserEmail, findUserByEmail, findUserById, updateUser } from './account-queries';
import type { ResultAnswer } from '@hotel/domain/wire/account-response';
import { consumeToken, revokeTokens } from './one-time-tokens';
import { hashPassword } from './password-hashing';
import { guessablePasswordError } from './password-policy';

/**
 * The shortest time a reset request takes to answer. Writing a token and a mail costs a few
 * milliseconds that an unknown address does not; both answers wait out this floor, so the
 * time does not tell which it was (real time, not the injected clock: it is about latency).
 */
const resetRequestFloorMs = 50;

function waitUntil(deadline: number): Promise<void> {
  const left = deadline - performance.now();
  return left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : Promise.resolve();
}

/**
 * POST /api/Account/RequestPasswordReset: e-mails a one-hour reset link when the address has
 * an account. The answer is the same either way, in the same time, and both ways write one
 * audit row.
 */
export async function requestPasswordReset(
  context: AppContext,
  request: RequestPasswordResetRequest,
  origin: RequestOrigin,
): Promise<ResultAnswer> {
  const answerAfter = performance.now() + resetRequestFloorMs;
  const db = context.database.db;
  const property = await findProperty(db, request.PropertyId);
  if (!property) throw notFound(`There is no property ${request.PropertyId}.`);
  const now = context.clock.now();
  const email = request.EmailAddress.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await enqueuePasswordReset(tx, context, user, property, now, 'requested');
    await auditAccount(tx, {
      action: 'account.password_reset_requested',
      userId: user?.id ?? null,
      at: now,
      origin,
      ...(user ? {} : { details: { email, reason: 'no_account' } }),
    });
  });
  context.mailEnqueued.notify();
  await waitUntil(answerAfter);
  return { Success: true, Message: ACCOUNT_MESSAGES.resetRequested };
}

/**
 * POST /api/Account/PasswordReset: a reset token, once, within its hour, sets a new password,
 * confirms the address (the link proved it), ends every session of the user and every other
 * reset link. A refused new password leaves the token usable.
 */
export async function resetPassword(context: AppContext, request: PasswordResetRequest, origin: RequestOrigin): Promise<ResultAnswer> {
  const guessable = guessablePasswordError(request.Password);
  if (guessable) throw invalidField('Password', guessable);
  // Hashed before the token is looked at: a bad token costs what a good one does.
  const passwordHash = await hashPassword(request.Password);
  const now = context.clock.now();
  return context.database.db.transaction(async (tx): Promise<ResultAnswer> => {
    const userId = await consumeToken(tx, request.Token, 'reset_password', now);
    const user = userId === undefined ? undefined : await findUserById(tx, userId, { forUpdate: true });
    if (!user) return { Success: false, Message: ACCOUNT_MESSAGES.resetLinkInvalid };
    const personal = guessablePasswordError(request.Password, [user.email, user.firstName, user.lastName]);
    if (personal) throw invalidField('Password', personal);
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await confirmUserEmail(tx, user.id, now);
    await revokeTokens(tx, user.id, 'reset_password');
    await endSessionsOfUser(tx, user.id);
    await auditAccount(tx, { action: 'account.password_reset', userId: user.id, at: now, origin });
    return { Success: true, Message: SUCCESS_MESSAGES.passwordReset };
  });
}
