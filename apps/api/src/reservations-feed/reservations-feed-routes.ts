import {
  arrivalsQuerySchema,
  arrivalsResponseSchema,
  feedReservationParamsSchema,
  feedReservationSchema,
  reservationsFeedQuerySchema,
  reservationsFeedResponseSchema,
} from '@hotel/domain/wire/reservations-feed';
import type { AppContext } from '../app-context';
import { keyProperty, keyPropertyCode, type ApiRouter } from '../http';
import { arrivalsOn, feedReservation, reservationsFeed } from './reservations-feed-service';

/** The hotel's read side: the reservations feed, one booking, and a day's arrivals. Admin API key. */
export function registerReservationsFeedRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/Admin/Reservations',
      operationId: 'listChangedReservations',
      summary: 'Bookings created or changed since a point, oldest change first, with a cursor to continue',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'reservations:read',
      query: reservationsFeedQuerySchema,
      response: reservationsFeedResponseSchema,
      errors: {
        400: 'A bad updatedSince, cursor or limit, or both updatedSince and cursor: ModelState names the field',
        401: 'Missing or wrong API key',
        403: "The key lacks reservations:read, or is for another property than propertyCode (without propertyCode, a property's key reads its own)",
        404: 'No property with this propertyCode',
        410: '`FEED_RESYNC_NEEDED`: the cursor cannot continue here (the database was restored from a backup that ends before it, or the cursor is from before feed numbers): read the feed again from `ResyncFrom` (updatedSince) or the start',
      },
    },
    ({ query }, req) => reservationsFeed(context, { ...query, propertyCode: keyPropertyCode(req, query.propertyCode) }),
  );
  api.route(
    {
      method: 'get',
      path: '/api/Admin/Reservations/{reservationNumber}',
      operationId: 'getFeedReservation',
      summary: 'One booking, as the reservations feed shows it',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'reservations:read',
      params: feedReservationParamsSchema,
      response: feedReservationSchema,
      errors: { 401: 'Missing or wrong API key', 404: "No booking with this number (of the key's property)" },
    },
    ({ params }, req) => feedReservation(context, params.reservationNumber, keyProperty(req)?.id),
  );
  api.route(
    {
      method: 'get',
      path: '/api/Admin/Arrivals',
      operationId: 'listArrivals',
      summary: "A property's rooms arriving, leaving and staying over on a date",
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'reservations:read',
      query: arrivalsQuerySchema,
      response: arrivalsResponseSchema,
      errors: { 400: 'A missing propertyCode or a bad date', 401: 'Missing or wrong API key', 404: 'No property with this propertyCode' },
    },
    ({ query }, req) => arrivalsOn(context, keyPropertyCode(req, query.propertyCode), query.date),
  );
}
