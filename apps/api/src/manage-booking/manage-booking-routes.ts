import { propertyIdOrCodeParams } from '@hotel/domain/wire/parameters';
import { manageBookingConfigurationResponseSchema } from '@hotel/domain/wire/manage-booking-config-response';
import { manageBookingSearchQuerySchema, manageBookingSearchResponseSchema } from '@hotel/domain/wire/manage-booking-search';
import {
  manageBookingCancelRequestSchema,
  manageBookingCancelResponseSchema,
  reservationItemServicesQuerySchema,
  reservationItemServicesResponseSchema,
} from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import { readIdempotencyKey, type ApiRouter } from '../http';
import { cancelBooking } from './cancel-booking';
import { manageBookingConfiguration } from './manage-booking-config';
import { reservationItemServices } from './reservation-item-services';
import { searchReservation } from './search-reservation';
import { searchThrottle } from './search-throttle';

export function registerManageBookingRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/ManageBooking/Config/{id}',
      operationId: 'getManageBookingConfiguration',
      summary: "A property's manage-booking configuration, by its numeric id or its code",
      tag: 'ManageBooking',
      params: propertyIdOrCodeParams,
      response: manageBookingConfigurationResponseSchema,
      errors: { 404: 'No property has that id or code' },
    },
    ({ params }) => manageBookingConfiguration(context, params.id),
  );

  const searches = searchThrottle(context);
  api.route(
    {
      method: 'post',
      path: '/api/ManageBooking/Search',
      operationId: 'searchManagedReservation',
      summary:
        "Find a booking to manage: its number with the last name of its booker or a guest, or with the code of its e-mailed link (the query's hash). A miss answers Success false",
      tag: 'ManageBooking',
      query: manageBookingSearchQuerySchema,
      response: manageBookingSearchResponseSchema,
      errors: { 429: 'Too many unsuccessful searches from this client, or name guesses at this reservation number' },
    },
    ({ query }, req, res) => searchReservation(context, searches, query, { req, res }),
  );

  api.route(
    {
      method: 'post',
      path: '/api/ManageBooking/Cancel',
      operationId: 'cancelManagedReservation',
      summary:
        'Cancel a whole booking while it may be cancelled free: every night and extra released, what its card paid refunded, the reason recorded, the cancellation e-mail queued. A booking that may not be cancelled (or is already) answers Success false; send an Idempotency-Key to retry safely',
      tag: 'ManageBooking',
      body: manageBookingCancelRequestSchema,
      response: manageBookingCancelResponseSchema,
      errors: {
        400: 'A cancellation reason is required and missing, or is not one of the property’s',
        404: 'No such booking, another property’s, or a wrong code',
        409: 'A request with this Idempotency-Key has not finished',
        422: 'Idempotency-Key reused with a different body',
      },
    },
    ({ body }, req) => cancelBooking(context, body, readIdempotencyKey(req)),
  );

  api.route(
    {
      method: 'get',
      path: '/api/Service/GetReservationItemServices',
      operationId: 'getReservationItemServices',
      summary:
        'The extras a booked room may have for its dates, room type and rate plan, with the units left (its own count as free for it) and the ones it has',
      tag: 'Service',
      query: reservationItemServicesQuerySchema,
      response: reservationItemServicesResponseSchema,
      errors: { 404: 'No such booking, a wrong code, or a room that is not a standing room of this booking' },
    },
    ({ query }) => reservationItemServices(context, query),
  );
}
