import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { z } from 'zod';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, welcomeMessage } from '@hotel/domain/messages';
import {
  authenticateRequestSchema,
  changePasswordRequestSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  requestPasswordResetRequestSchema,
  updateAccountRequestSchema,
} from '@hotel/domain/wire/account-requests';
import type { AppContext } from '../app-context';
import { type ApiRouter, mailsPerAddress, rateLimit, isHttpsSite, sessionCookieName } from '../http';
import { AppError } from '../errors';
import { originOf } from './account-audit';
import { ACCOUNT_MESSAGES } from './account-messages';
import { authenticateLocal, destroySession, logIn, loginTransportCheck } from './account-passport';
import { accountReservationsSchema, accountSchema, resultSchema, resultWithAccountSchema } from '@hotel/domain/wire/account-response';
import { changePassword, getAccount, getAccountReservations, updateAccount } from './account-service';
import { recordLogin, recordLogout, type SessionUser } from './login';
import { loginThrottle } from './login-throttle';
import { requestPasswordReset, resetPassword } from './password-reset';
import { confirmEmail, register } from './registration';

/** POST /api/Account/ConfirmEmail: the token from the e-mailed link. */
export const confirmEmailRequestSchema = z.object({
  Token: z.string({ error: 'Token is required' }).min(1, { error: 'Token is required' }).max(500),
});

const accountQuery = z.object({ propertyId: z.coerce.number().int().positive().optional() });

function requireUser(req: Request): SessionUser {
  if (!req.user) throw new AppError('UNAUTHORISED', ACCOUNT_MESSAGES.notLoggedIn);
  return req.user;
}

/** The address a request is about, hashed: counters key on it without storing addresses. */
const emailKey = (req: Request) => {
  const email = (req.body as { EmailAddress?: unknown } | undefined)?.EmailAddress;
  return createHash('sha256')
    .update(typeof email === 'string' ? email.trim().toLowerCase() : '')
    .digest('hex');
};

const minutes = (count: number) => count * 60_000;

export function registerAccountRoutes(api: ApiRouter, context: AppContext): void {
  const { authenticator } = context;
  const { publicUrl } = context.config;
  const limit = (name: string, windowMs: number, attempts: number, message: string, key?: (req: Request) => string) =>
    rateLimit({ name, windowMs, limit: attempts, message, ...(key ? { key } : {}) }, context);
  const hasAddress = (req: Request) => typeof (req.body as { EmailAddress?: unknown } | undefined)?.EmailAddress === 'string';

  // Counted in the database, before the body is checked: guessing passwords, registering in
  // bulk, mail-bombing an address and trying reset tokens all hit these first.
  // Logins: per client, and per account from each client with growing waits (login-throttle.ts).
  const logins = loginThrottle(context);
  const refuseInsecureLogin = loginTransportCheck(context);
  api.router.post('/Account/Authenticate', async (req, res, next) => {
    await logins.countClientAttempt(req, res);
    next();
  });
  // Each registration mails its address (a confirmation link, or "you already have an account").
  const mailsToAccountAddress = mailsPerAddress(context, (body) => body.EmailAddress);
  api.router.post(
    '/Account/Register',
    limit('register-ip', minutes(60), 10, ACCOUNT_MESSAGES.tooManyRegistrations),
    rateLimit(
      {
        name: 'register-account',
        windowMs: minutes(60),
        limit: 3,
        message: ACCOUNT_MESSAGES.tooManyRegistrations,
        key: emailKey,
        skip: (req) => !hasAddress(req),
      },
      context,
    ),
    mailsToAccountAddress,
  );
  api.router.post(
    '/Account/RequestPasswordReset',
    limit('reset-request-ip', minutes(60), 10, ACCOUNT_MESSAGES.tooManyResetRequests),
    limit('reset-request-account', minutes(60), 5, ACCOUNT_MESSAGES.tooManyResetRequests, emailKey),
    mailsToAccountAddress,
  );
  api.router.post('/Account/PasswordReset', limit('reset-ip', minutes(15), 10, ACCOUNT_MESSAGES.tooManyResets));
  api.router.post('/Account/ChangePassword', limit('change-password-ip', minutes(15), 10, ACCOUNT_MESSAGES.tooManyPasswordChanges));

  api.route(
    {
      method: 'get',
      path: '/api/Account',
      operationId: 'getAccount',
      summary: 'The logged-in user: details and saved cards (with propertyId, the cards that property accepts)',
      tag: 'Account',
      query: accountQuery,
      response: accountSchema,
      errors: { 401: 'Not logged in', 404: 'Unknown property' },
      security: 'session',
    },
    ({ query }, req) => getAccount(context, requireUser(req).id, query.propertyId),
  );

  api.route(
    {
      method: 'get',
      path: '/api/Account/Reservations',
      operationId: 'getAccountReservations',
      summary: "The logged-in user's own reservations, newest stay first, each with its manage-booking link",
      tag: 'Account',
      response: accountReservationsSchema,
      errors: { 401: 'Not logged in' },
      security: 'session',
    },
    (_input, req) => getAccountReservations(context, requireUser(req).id),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Account/Authenticate',
      operationId: 'authenticate',
      summary: 'Log in: sets a new session cookie and answers the user, or Success false for a wrong address or password',
      tag: 'Account',
      body: authenticateRequestSchema,
      response: resultWithAccountSchema,
      errors: {
        403: 'The login reached the server as http on an https site, where no session cookie can be set',
        429: 'Too many attempts',
      },
    },
    async ({ body }, req, res) => {
      refuseInsecureLogin(req);
      await logins.checkAccount(req, res, body.EmailAddress);
      const user = await authenticateLocal(authenticator, req, res);
      if (!user) {
        await logins.failed(req, body.EmailAddress);
        return { Success: false, Message: ERROR_MESSAGES.loginFailed };
      }
      await logIn(req, user);
      await recordLogin(context, user.id, originOf(req));
      await logins.succeeded(req, body.EmailAddress);
      const account = await getAccount(context, user.id);
      return { Success: true, Message: welcomeMessage(account.Firstname), ...account };
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/Account/Logout',
      operationId: 'logout',
      summary: 'Log out: ends the session in the store and clears the cookie',
      tag: 'Account',
      response: resultSchema,
    },
    async (_input, req, res) => {
      const user = req.user;
      await destroySession(req);
      if (user) await recordLogout(context, user.id, originOf(req));
      res.clearCookie(sessionCookieName(publicUrl), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttpsSite(publicUrl) });
      return { Success: true, Message: SUCCESS_MESSAGES.loggedOut };
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/Account/Register',
      operationId: 'register',
      summary: 'Register and e-mail a confirmation link; the same answer whether or not the address has an account',
      tag: 'Account',
      body: registerRequestSchema,
      response: resultSchema,
      errors: { 404: 'Unknown property', 429: 'Too many registrations' },
    },
    ({ body }, req) => register(context, body, originOf(req)),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Account/ConfirmEmail',
      operationId: 'confirmEmail',
      summary: 'Confirm an e-mail address with the token of the e-mailed link (single use, 24 hours)',
      tag: 'Account',
      body: confirmEmailRequestSchema,
      response: resultSchema,
    },
    ({ body }, req) => confirmEmail(context, body.Token, originOf(req)),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Account/RequestPasswordReset',
      operationId: 'requestPasswordReset',
      summary: 'E-mail a password reset link (one hour); the same answer whether or not the address has an account',
      tag: 'Account',
      body: requestPasswordResetRequestSchema,
      response: resultSchema,
      errors: { 404: 'Unknown property', 429: 'Too many requests' },
    },
    ({ body }, req) => requestPasswordReset(context, body, originOf(req)),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Account/PasswordReset',
      operationId: 'resetPassword',
      summary: 'Set a new password with the token of the e-mailed link; ends every session of the user',
      tag: 'Account',
      body: passwordResetRequestSchema,
      response: resultSchema,
      errors: { 429: 'Too many attempts' },
    },
    ({ body }, req) => resetPassword(context, body, originOf(req)),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Account/ChangePassword',
      operationId: 'changePassword',
      summary: 'Change the password (current one required); ends every session and answers a new session cookie',
      tag: 'Account',
      body: changePasswordRequestSchema,
      response: resultSchema,
      errors: { 401: 'Not logged in', 429: 'Too many attempts' },
      security: 'session',
    },
    async ({ body }, req) => {
      const user = requireUser(req);
      const answer = await changePassword(context, user.id, body, originOf(req));
      if (answer.Success) await logIn(req, user);
      return answer;
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/Account/Update',
      operationId: 'updateAccount',
      summary: "Save the user's names, telephone and offers choice",
      tag: 'Account',
      body: updateAccountRequestSchema,
      response: resultWithAccountSchema,
      errors: { 401: 'Not logged in', 404: 'Unknown property' },
      security: 'session',
    },
    ({ body }, req) => updateAccount(context, requireUser(req).id, body, originOf(req)),
  );
}
