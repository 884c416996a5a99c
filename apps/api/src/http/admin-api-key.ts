import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { ApiKeyScope } from '@hotel/domain/wire/api-key-scopes';
import { AppError } from '../errors';

/** The property a key is limited to, as the key's row names it. */
export type KeyProperty = { id: number; code: string };

/**
 * Who is calling `/api/Admin`: the operator (ADMIN_API_KEY, everything), or a key made with
 * `pnpm api-key:create`, limited to its scopes and, unless made for all properties, to one property.
 */
export type AdminCaller =
  { kind: 'operator' } | { kind: 'key'; id: string; name: string; property: KeyProperty | null; scopes: readonly ApiKeyScope[] };

/** Finds the live key a presented text is, if it is one (api-keys area); wired in by app.ts. */
export type FindApiKey = (presented: string) => Promise<AdminCaller | undefined>;

declare module 'node:http' {
  interface IncomingMessage {
    /** Who the admin API key of this request belongs to; set once it is checked. */
    adminCaller?: AdminCaller;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

const WRONG_KEY = 'A valid API key is required (X-Api-Key header).';

/**
 * Guards integrator-only calls: ADMIN_API_KEY (the operator's, everything) or a per-property key,
 * sent as `X-Api-Key` or `Authorization: Bearer`. The operator key is compared hashed on both
 * sides, so the comparison is constant-time whatever the lengths. Any wrong key, a made-up one
 * or a revoked one, gets the same 401. What a caller may do once in is each route's
 * (`requireScope`, `keyPropertyCode`).
 */
export function requireAdminApiKey(adminApiKey: string | undefined, findKey: FindApiKey): RequestHandler {
  const expected = adminApiKey ? digest(adminApiKey) : undefined;
  return async (req, _res, next) => {
    const header = req.get('x-api-key') ?? req.get('authorization')?.replace(/^Bearer\s+/i, '');
    if (header && expected && timingSafeEqual(digest(header), expected)) {
      req.adminCaller = { kind: 'operator' };
      return next();
    }
    const caller = header ? await findKey(header) : undefined;
    if (!caller) {
      throw new AppError(
        'UNAUTHORISED',
        expected ? WRONG_KEY : `${WRONG_KEY} ADMIN_API_KEY is not set on this server: only keys made with pnpm api-key:create open it.`,
      );
    }
    req.adminCaller = caller;
    next();
  };
}

/** The caller `requireAdminApiKey` let in; a route behind it that finds none is wired wrongly. */
function callerOf(req: Request): AdminCaller {
  if (!req.adminCaller) throw new Error(`${req.method} ${req.originalUrl} is an admin call outside the admin API key's guard`);
  return req.adminCaller;
}

/** Refuses a key without the scope a route needs (403, naming it); the operator has every scope. */
export function requireScope(req: Request, scope: ApiKeyScope): void {
  const caller = callerOf(req);
  if (caller.kind === 'key' && !caller.scopes.includes(scope)) {
    throw new AppError(
      'FORBIDDEN',
      `This API key does not have the scope ${scope}, which this call needs. Ask the hotel's operator for a key with ${scope}.`,
    );
  }
}

/** The property the calling key is limited to; undefined: all of them (the operator, or a key made for all). */
export function keyProperty(req: Request): KeyProperty | undefined {
  const caller = callerOf(req);
  return caller.kind === 'key' ? (caller.property ?? undefined) : undefined;
}

/**
 * The property code a call keyed by property code may read or write: the one asked for, or
 * the key's own when none is asked for (a list without a filter is the key's property's). A
 * key of one property asking for another's is refused (403, saying whose key it is); codes are
 * matched as the property tables match them, exactly.
 */
export function keyPropertyCode(req: Request, asked: string): string;
export function keyPropertyCode(req: Request, asked: string | undefined): string | undefined;
export function keyPropertyCode(req: Request, asked: string | undefined): string | undefined {
  const own = keyProperty(req);
  if (!own) return asked;
  if (asked !== undefined && asked !== own.code) {
    throw new AppError('FORBIDDEN', `This API key is for property ${own.code} only: it cannot read or change property ${asked}.`);
  }
  return own.code;
}

/** How the access log names who acted: the key's id and name, or `operator`; never the key itself. */
export function loggedCaller(caller: AdminCaller): string | { id: string; name: string } {
  return caller.kind === 'operator' ? 'operator' : { id: caller.id, name: caller.name };
}
