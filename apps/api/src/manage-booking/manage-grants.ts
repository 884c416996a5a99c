import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { z } from 'zod';
import type { ProvenBody, ProvenQuery } from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import { linkCode, nameSearchCode } from '../booking';
import { invalidField } from '../errors';

type GrantContext = Pick<AppContext, 'clock' | 'config'>;

/**
 * How long a search's grant lets its session manage the booking without the `Code`: fixed from
 * the search (a new search renews it), so a session kept alive by other calls does not keep a
 * booking open for ever. The session's own idle timeout is as long.
 */
export const MANAGE_GRANT_MS = 30 * 60_000;

/** Bookings one session may hold at once: a guest managing a few, not a harvest of them. */
const MAX_GRANTS = 5;

/**
 * A booking a search found, and how (by its e-mailed link or by a name). The session keeps this,
 * never the code itself: a manage code is a bearer secret no table holds; it is derived again
 * from these when a call needs it.
 */
const foundBookingSchema = z.object({
  PropertyId: z.number(),
  PropertyCode: z.string(),
  ReservationId: z.number(),
  ReservationNumber: z.string(),
  Via: z.enum(['link', 'name']),
});
export type FoundBooking = z.infer<typeof foundBookingSchema>;

const grantSchema = foundBookingSchema.extend({ ExpiresAt: z.number() });
type Grant = z.infer<typeof grantSchema>;

declare module 'express-session' {
  interface SessionData {
    /** The bookings searches of this session found, oldest first (docs/manage-booking.md). */
    manageGrants?: Grant[];
  }
}

export const SEARCH_FIRST_MESSAGE =
  'Search for your booking first (keeping the cookie the search sets), or send the Code the search answered.';

/** The session's grants still running; the stored data is read as untrusted JSON. */
function liveGrants(req: Request, now: Date): Grant[] {
  // A request without the session cookie has no session loaded (account-passport.ts).
  const { session } = req as { session?: Partial<SessionData> };
  const stored = z.array(grantSchema).safeParse(session?.manageGrants ?? []);
  return stored.success ? stored.data.filter((grant) => grant.ExpiresAt > now.getTime()) : [];
}

/** A found booking is granted to the searching session (which a cookie then carries), replacing an earlier grant of it. */
export function grantFoundBooking(req: Request, found: FoundBooking, now: Date): void {
  const others = liveGrants(req, now).filter((grant) => grant.ReservationId !== found.ReservationId);
  req.session.manageGrants = [...others, { ...found, ExpiresAt: now.getTime() + MANAGE_GRANT_MS }].slice(-MAX_GRANTS);
}

/** The code the search answered: the link's, or a name search's. */
function codeOf(grant: Grant, linkSecret: string): string {
  return (grant.Via === 'link' ? linkCode : nameSearchCode)(linkSecret, grant.PropertyCode, grant.ReservationNumber);
}

/** The grant of this property's booking, or of its latest found booking when none is named. */
function grantFor(req: Request, propertyId: number, reservationId: number | undefined, now: Date): Grant | undefined {
  const live = liveGrants(req, now).filter((grant) => grant.PropertyId === propertyId);
  return reservationId === undefined ? live.at(-1) : live.find((grant) => grant.ReservationId === reservationId);
}

/** A body as the use cases take it: its own `Code` and `ReservationId`, else those of the session's grant. */
export function provenBody<T extends { PropertyId: number; ReservationId?: number | null; Code?: string | null }>(
  req: Request,
  body: T,
  context: GrantContext,
): ProvenBody<T> {
  const reservationId = body.ReservationId ?? undefined;
  if (reservationId !== undefined && body.Code) return { ...body, ReservationId: reservationId, Code: body.Code };
  const grant = grantFor(req, body.PropertyId, reservationId, context.clock.now());
  if (!grant) throw invalidField(reservationId === undefined ? 'ReservationId' : 'Code', SEARCH_FIRST_MESSAGE);
  return { ...body, ReservationId: grant.ReservationId, Code: body.Code ?? codeOf(grant, context.config.linkSecret) };
}

/** A query as the use cases take it: its own `code`, else the one of the session's grant of its booking. */
export function provenQuery<T extends { propertyId: number; reservationId: number; code?: string | null }>(
  req: Request,
  query: T,
  context: GrantContext,
): ProvenQuery<T> {
  if (query.code) return { ...query, code: query.code };
  const grant = grantFor(req, query.propertyId, query.reservationId, context.clock.now());
  if (!grant) throw invalidField('code', SEARCH_FIRST_MESSAGE);
  return { ...query, code: codeOf(grant, context.config.linkSecret) };
}
