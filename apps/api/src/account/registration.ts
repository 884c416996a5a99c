import { SUCCESS_MESSAGES } from '@hotel/domain/messages';
import type { RegisterRequest } from '@hotel/domain/wire/account-requests';
import type { AppContext } from '../app-context';
import { invalidField, notFound } from '../errors';
import { findProperty } from '../property';
import { auditAccount, type RequestOrigin } from './account-audit';
import { enqueueEmailConfirmation, enqueuePasswordReset } from './account-mail';
import { ACCOUNT_MESSAGES } from './account-messages';
import { confirmUserEmail, findUserByEmail, insertUser } from './account-queries';
import type { ResultAnswer } from '@hotel/domain/wire/account-response';
import { consumeToken } from './one-time-tokens';
import { hashPassword } from './password-hashing';
import { guessablePasswordError } from './password-policy';

/**
 * POST /api/Account/Register. A new address gets an account and a confirmation e-mail. An
 * address that has an account gets the same answer, after the same argon2 work, and its owner
 * an e-mail saying so with a reset link: the answer never tells whether an address is
 * registered, and nobody can take over an address by registering it first.
 */
export async function register(context: AppContext, request: RegisterRequest, origin: RequestOrigin): Promise<ResultAnswer> {
  const db = context.database.db;
  const property = await findProperty(db, request.PropertyId);
  if (!property) throw notFound(`There is no property ${request.PropertyId}.`);
  const guessable = guessablePasswordError(request.Password, [request.EmailAddress, request.Firstname, request.Lastname]);
  if (guessable) throw invalidField('Password', guessable);

  const passwordHash = await hashPassword(request.Password);
  const now = context.clock.now();
  const email = request.EmailAddress.trim();
  await db.transaction(async (tx) => {
    const firstName = request.Firstname.trim();
    const userId = await insertUser(tx, {
      email,
      passwordHash,
      firstName,
      lastName: request.Lastname.trim(),
      telephone: request.MobileNumber.trim(),
      registeredPropertyId: property.id,
      now,
    });
    if (userId !== undefined) {
      await enqueueEmailConfirmation(tx, context, { id: userId, email, firstName }, property, now);
      await auditAccount(tx, { action: 'account.registered', userId, at: now, origin });
      return;
    }
    const owner = await findUserByEmail(tx, email);
    if (!owner) throw new Error('an address taken a moment ago has no account');
    await enqueuePasswordReset(tx, context, owner, property, now, 'already_registered');
    await auditAccount(tx, { action: 'account.registration_for_existing_address', userId: owner.id, at: now, origin });
  });
  context.mailEnqueued.notify();
  return { Success: true, Message: SUCCESS_MESSAGES.registered };
}

/** POST /api/Account/ConfirmEmail: a confirm-email token, once, within its 24 hours. */
export async function confirmEmail(context: AppContext, token: string, origin: RequestOrigin): Promise<ResultAnswer> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'confirm_email', now);
    if (userId === undefined) return { Success: false, Message: ACCOUNT_MESSAGES.confirmLinkInvalid };
    await confirmUserEmail(tx, userId, now);
    await auditAccount(tx, { action: 'account.email_confirmed', userId, at: now, origin });
    return { Success: true, Message: ACCOUNT_MESSAGES.emailConfirmed };
  });
}
