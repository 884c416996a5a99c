import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors';

const unsafeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused. Please use the booking pages of this site.';

/** Whether the request carries a cookie of this name. */
export function hasCookie(req: Request, name: string): boolean {
  const header = req.headers.cookie;
  return typeof header === 'string' && header.split(';').some((pair) => pair.trim().startsWith(`${name}=`));
}

/**
 * Whether the browser says the request comes from another site. Browsers send
 * `Sec-Fetch-Site` (all current ones) or at least `Origin` on a cross-origin write; a request
 * with neither comes from a program (an integrator, curl), not from a page a guest is on.
 */
export function isCrossSite(req: Request, siteOrigin: string): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = req.headers.origin;
  if (typeof origin === 'string') return origin !== siteOrigin;
  return false;
}

/**
 * CSRF defence for cookie sessions: refuses (403) a write under /api that a browser sends
 * from another site when it carries the session cookie, and any cross-site write to
 * `/Account/...` (so a page elsewhere cannot log a guest into its own account either). Writes
 * without the cookie (anonymous booking, payment-provider returns) and same-origin ones pass.
 */
export function refuseCrossSiteWrites(options: { publicUrl: string; cookieName: string }): RequestHandler {
  const siteOrigin = new URL(options.publicUrl).origin;
  return (req, _res, next) => {
    if (!unsafeMethods.has(req.method)) return next();
    const guarded = hasCookie(req, options.cookieName) || /^\/Account(?:\/|$)/i.test(req.path);
    if (guarded && isCrossSite(req, siteOrigin)) throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
    next();
  };
}
