import type { RequestHandler } from 'express';
import session from 'express-session';
import type { AppContext } from '../app-context';
import { DatabaseSessionStore, type SessionTimeouts } from './session-store';

/** 30 minutes without a request ends a session; 12 hours after the login it ends anyway. */
export const sessionTimeouts: SessionTimeouts = { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000 };

/** Whether the site is served over https, which makes the cookie `Secure` and `__Host-` prefixed. */
export function isHttpsSite(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

/**
 * The session cookie's name: `__Host-sid` on https, which browsers accept only when it is
 * Secure, for the whole site (Path=/) and without a Domain, so no other host can plant it.
 */
export function sessionCookieName(publicUrl: string): string {
  return isHttpsSite(publicUrl) ? '__Host-sid' : 'sid';
}

/**
 * express-session on the database store: a cookie only once someone logs in or finds a booking
 * to manage (nothing is stored for other visitors), HttpOnly, SameSite=Lax, Secure on https, renewed with each request
 * for the idle timeout.
 */
export function sessionMiddleware(context: Pick<AppContext, 'config' | 'database' | 'clock'>): RequestHandler {
  const { publicUrl, sessionSecret } = context.config;
  return session({
    name: sessionCookieName(publicUrl),
    secret: sessionSecret,
    store: new DatabaseSessionStore(context.database.db, context.clock, sessionTimeouts),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'lax', secure: isHttpsSite(publicUrl), path: '/', maxAge: sessionTimeouts.idleMs },
  });
}
