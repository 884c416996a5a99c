import { SUCCESS_MESSAGES } from '@hotel/domain/messages';
import type { ChangePasswordRequest, UpdateAccountRequest } from '@hotel/domain/wire/account-requests';
import type { AppContext } from '../app-context';
import type { Queryable } from '../database';
import { endSessionsOfUser } from '../http';
import { AppError, invalidField, notFound } from '../errors';
import { findAcceptedCardTypes, findProperty } from '../property';
import { auditAccount, type RequestOrigin } from './account-audit';
import { ACCOUNT_MESSAGES } from './account-messages';
import { findReservationHistory, findSavedCards, findUserById, updateUser, type UserRow } from './account-queries';
import type { AccountAnswer, AccountReservation, ResultAnswer, ResultWithAccountAnswer } from '@hotel/domain/wire/account-response';
import { toAccountAnswer, toAccountReservations } from './account-response';
import { revokeTokens } from './one-time-tokens';
import { hashPassword, verifyPassword } from './password-hashing';
import { guessablePasswordError } from './password-policy';

async function requireUserRow(db: Queryable, userId: number, options?: { forUpdate?: boolean }): Promise<UserRow> {
  const user = await findUserById(db, userId, options);
  // The session outlived its account: the same answer as no session.
  if (!user) throw new AppError('UNAUTHORISED', ACCOUNT_MESSAGES.notLoggedIn);
  return user;
}

/**
 * The account answer of a user. With a property, only the saved cards that property accepts
 * are listed (the others could not pay there).
 */
export async function accountOf(context: Pick<AppContext, 'database'>, user: UserRow, propertyId?: number): Promise<AccountAnswer> {
  const db = context.database.db;
  let cardTypeIds: number[] | undefined;
  if (propertyId !== undefined) {
    const property = await findProperty(db, propertyId);
    if (!property) throw notFound(`There is no property ${propertyId}.`);
    cardTypeIds = (await findAcceptedCardTypes(db, property.id)).map((type) => type.id);
  }
  const history = user.emailConfirmedAt === null ? [] : await findReservationHistory(db, user.id);
  return toAccountAnswer(user, await findSavedCards(db, user.id, cardTypeIds), history);
}

/** GET /api/Account. */
export async function getAccount(context: Pick<AppContext, 'database'>, userId: number, propertyId?: number): Promise<AccountAnswer> {
  return accountOf(context, await requireUserRow(context.database.db, userId), propertyId);
}

/** GET /api/Account/Reservations: the user's own bookings, with their manage links. */
export async function getAccountReservations(
  context: Pick<AppContext, 'database' | 'config'>,
  userId: number,
): Promise<AccountReservation[]> {
  const db = context.database.db;
  const user = await requireUserRow(db, userId);
  const history = user.emailConfirmedAt === null ? [] : await findReservationHistory(db, user.id);
  return toAccountReservations(user, history, context.config);
}

const detailFields = [
  ['Firstname', 'firstName'],
  ['Lastname', 'lastName'],
  ['Telephone', 'telephone'],
  ['ReceiveBrandOffers', 'receiveBrandOffers'],
] as const;

/** POST /api/Account/Update: names, telephone and the offers choice; the audit row names the fields changed, not their values. */
export async function updateAccount(
  context: Pick<AppContext, 'database' | 'clock'>,
  userId: number,
  request: UpdateAccountRequest,
  origin: RequestOrigin,
): Promise<ResultWithAccountAnswer> {
  const now = context.clock.now();
  const user = await context.database.db.transaction(async (tx) => {
    const before = await requireUserRow(tx, userId, { forUpdate: true });
    const after = {
      firstName: request.Firstname.trim(),
      lastName: request.Lastname.trim(),
      telephone: request.Telephone.trim(),
      receiveBrandOffers: request.ReceiveBrandOffers,
    };
    const changed = detailFields.filter(([, column]) => before[column] !== after[column]).map(([field]) => field);
    if (changed.length > 0) {
      await updateUser(tx, userId, { ...after, updatedAt: now });
      await auditAccount(tx, { action: 'account.details_updated', userId, at: now, origin, details: { changed } });
    }
    return { ...before, ...after };
  });
  return { Success: true, Message: SUCCESS_MESSAGES.detailsSaved, ...(await accountOf(context, user, request.PropertyId)) };
}

/**
 * POST /api/Account/ChangePassword: with the current password, sets a new one and ends every
 * session of the user, this one included (the route logs the user in again on a new one).
 * A wrong current password is a refusal (`Success: false`), audited.
 */
export async function changePassword(
  context: Pick<AppContext, 'database' | 'clock'>,
  userId: number,
  request: ChangePasswordRequest,
  origin: RequestOrigin,
): Promise<ResultAnswer> {
  const db = context.database.db;
  const user = await requireUserRow(db, userId);
  const guessable = guessablePasswordError(request.Password, [user.email, user.firstName, user.lastName]);
  if (guessable) throw invalidField('Password', guessable);
  const now = context.clock.now();
  if (!(await verifyPassword(user.passwordHash, request.CurrentPassword))) {
    await auditAccount(db, { action: 'account.password_change_failed', userId, at: now, origin });
    return { Success: false, Message: ACCOUNT_MESSAGES.currentPasswordWrong };
  }
  const passwordHash = await hashPassword(request.Password);
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash, updatedAt: now });
    await revokeTokens(tx, userId, 'reset_password');
    await endSessionsOfUser(tx, userId);
    await auditAccount(tx, { action: 'account.password_changed', userId, at: now, origin });
  });
  return { Success: true, Message: ACCOUNT_MESSAGES.passwordChanged };
}
