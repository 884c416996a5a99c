import {
  arrivalsQuerySchema,
  arrivalsResponseSchema,
  feedReservationParamsSchema,
  feedReservationSchema,
  reservationsFeedQuerySchema,
  reservationsFeedResponseSchema,
} from '@hotel/domain/wire/reservations-feed';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
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
      query: reservationsFeedQuerySchema,
      response: reservationsFeedResponseSchema,
      errors: {
        400: 'A bad updatedSince, cursor or limit, or both updatedSince and cursor: ModelState names the field',
        401: 'Missing or wrong API key',
        404: 'No property with this propertyCode',
        410: '`FEED_RESYNC_NEEDED`: the cursor cannot continue here (the database was restored from a backup that ends before it, or the cursor is from before feed numbers): read the feed again from `ResyncFrom` (updatedSince) or the start',
      },
    },
    ({ query }) => reservationsFeed(context, query),
  );
  api.route(
    {
      method: 'get',
      path: '/api/Admin/Reservations/{reservationNumber}',
      operationId: 'getFeedReservation',
      summary: 'One booking, as the reservations feed shows it',
      tag: 'Admin',
      security: 'adminApiKey',
      params: feedReservationParamsSchema,
      response: feedReservationSchema,
      errors: { 401: 'Missing or wrong API key', 404: 'No booking with this number' },
    },
    ({ params }) => feedReservation(context, params.reservationNumber),
  );
  api.route(
    {
      method: 'get',
      path: '/api/Admin/Arrivals',
      operationId: 'listArrivals',
      summary: "A property's rooms arriving, leaving and staying over on a date",
      tag: 'Admin',
      security: 'adminApiKey',
      query: arrivalsQuerySchema,
      response: arrivalsResponseSchema,
      errors: { 400: 'A missing propertyCode or a bad date', 401: 'Missing or wrong API key', 404: 'No property with this propertyCode' },
    },
    ({ query }) => arrivalsOn(context, query.propertyCode, query.date),
  );
}
