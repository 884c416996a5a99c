import { Router, type Request, type RequestHandler, type Response } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { AppContext } from '../app-context';
import { AppError } from '../errors';
import { hasCookie, isHttpsSite, refuseCrossSiteWrites, sessionCookieName, sessionMiddleware } from '../http';
import { ACCOUNT_MESSAGES } from './account-messages';
import { originOf } from './account-audit';
import { checkCredentials, loadSessionUser, type SessionUser } from './login';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** `req.user` on every /api request of a logged-in user (account-passport.ts). */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

/**
 * The application's passport: a local strategy on EmailAddress/Password, sessions holding the
 * user id. Built once per application context (app-context.ts), shared by the session
 * middleware and the login route.
 */
export function createAccountAuthenticator(context: Pick<AppContext, 'database' | 'clock'>): passport.Authenticator {
  const authenticator = new passport.Passport();
  authenticator.use(
    'local',
    new LocalStrategy(
      { usernameField: 'EmailAddress', passwordField: 'Password', passReqToCallback: true },
      (req, email, password, done) => {
        checkCredentials(context, email, password, originOf(req)).then((user) => done(null, user ?? false), done);
      },
    ),
  );
  authenticator.serializeUser((user, done) => done(null, user.id));
  authenticator.deserializeUser((id: unknown, done) => {
    loadSessionUser(context, id).then((user) => done(null, user), done);
  });
  return authenticator;
}

/**
 * Everything /api needs for cookie sessions, in order: the cross-site write check (before any
 * database work), express-session on the database store, passport reading the session's user
 * into `req.user` (`{ id, email, canChoosePaymentMethod, emailConfirmed }`). A request without the
 * session cookie has no session to read, and only `/Account/...` calls start one: the others
 * (searches, calendars, anonymous bookings: nearly all traffic) skip the session machinery.
 */
export function accountSessions(context: AppContext): RequestHandler[] {
  const { authenticator } = context;
  const { publicUrl } = context.config;
  const cookieName = sessionCookieName(publicUrl);
  const sessions = Router().use(sessionMiddleware(context), authenticator.initialize(), authenticator.session());
  const withSession: RequestHandler = (req, res, next) => {
    if (!hasCookie(req, cookieName) && !startsSessions.test(req.path)) return next();
    sessions(req, res, next);
  };
  return [refuseCrossSiteWrites({ publicUrl, cookieName }), withSession];
}

// Logging in, and finding a booking to manage: the search grants its session the booking (manage-booking/manage-grants.ts).
const startsSessions = /^\/(?:Account(?:\/|$)|ManageBooking\/Search\/?$)/i;

/** Runs the local strategy on the request's EmailAddress and Password: the user, or false. */
export function authenticateLocal(authenticator: passport.Authenticator, req: Request, res: Response): Promise<SessionUser | false> {
  return new Promise((resolve, reject) => {
    const middleware = authenticator.authenticate('local', { session: false }, (error: unknown, user: SessionUser | false) => {
      if (error) reject(error);
      else resolve(user || false);
    }) as RequestHandler;
    middleware(req, res, (error?: unknown) => reject(error ?? new Error('passport passed the login on instead of answering')));
  });
}

/**
 * On an https site the session cookie is Secure, and express-session does not set it on a request
 * that reached the API as http (a TLS proxy that is not trusted, or sends no X-Forwarded-Proto):
 * the login would answer "Welcome back" and keep nobody logged in. Refused instead, and the
 * operator told once per process how to fix it.
 */
export function loginTransportCheck({ config }: Pick<AppContext, 'config'>): (req: Request) => void {
  if (!isHttpsSite(config.publicUrl)) return () => undefined;
  let operatorTold = false;
  return (req) => {
    if (req.secure) return;
    if (!operatorTold) {
      operatorTold = true;
      req.log.error(
        { publicUrl: config.publicUrl, trustProxy: config.trustProxy, forwardedProto: req.get('X-Forwarded-Proto') ?? null },
        'a login reached the API as http on an https site, so no session cookie can be set: set TRUST_PROXY to your TLS proxy ' +
          'and have it send X-Forwarded-Proto: https (docs/security.md)',
      );
    }
    throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.loginNeedsHttps);
  };
}

/** Logs the user in on a new session (passport regenerates the id, so none planted before the login survives). */
export function logIn(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(user, (error: unknown) => (error ? reject(error) : resolve())));
}

/** Ends the request's session in the store. */
export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((error: unknown) => (error ? reject(error) : resolve()));
  });
}
