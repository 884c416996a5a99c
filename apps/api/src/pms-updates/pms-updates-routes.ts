import {
  acknowledgeRequestSchema,
  acknowledgeResponseSchema,
  pmsUpdateParamsSchema,
  stayRequestSchema,
  stayResponseSchema,
} from '@hotel/domain/wire/pms-updates';
import type { AppContext } from '../app-context';
import { keyProperty, type ApiRouter } from '../http';
import { acknowledgeBooking, moveStay } from '../booking';

export function registerPmsUpdateRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'post',
      path: '/api/Admin/Reservations/{reservationNumber}/Acknowledge',
      operationId: 'acknowledgeReservation',
      summary:
        'The PMS took the booking in under its own PmsConfirmationNumber, which the feed and webhooks echo from now on (reservation.acknowledged). The same number again answers the same and tells nobody; a different one replaces it. A cancelled booking may be acknowledged too (the PMS acknowledges the cancellation)',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'reservations:write',
      params: pmsUpdateParamsSchema,
      body: acknowledgeRequestSchema,
      response: acknowledgeResponseSchema,
      errors: {
        400: 'PmsConfirmationNumber is missing, or not 1 to 50 printable characters',
        401: 'Missing or wrong API key',
        403: 'The key lacks reservations:write',
        404: "No booking has this reservation number (of the key's property)",
        413: 'The body is too large',
        503: 'The database is away or too busy: retry after Retry-After seconds',
      },
    },
    ({ params, body }, req) => acknowledgeBooking(context, params.reservationNumber, body, keyProperty(req)?.id),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Admin/Reservations/{reservationNumber}/Stay',
      operationId: 'moveReservationStay',
      summary:
        'Moves rooms of the booking (RoomIds, or every room not cancelled) to CheckedIn, CheckedOut or NoShow, all or none: Expected -> CheckedIn or NoShow from the arrival date on (the property’s date), CheckedIn -> CheckedOut. Rooms already there stay as they are, and when none moves nobody is told; otherwise reservation.checked_in, reservation.checked_out or reservation.no_show',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'reservations:write',
      params: pmsUpdateParamsSchema,
      body: stayRequestSchema,
      response: stayResponseSchema,
      errors: {
        400: 'Status is not CheckedIn, CheckedOut or NoShow, or RoomIds names a room not of this booking',
        401: 'Missing or wrong API key',
        403: 'The key lacks reservations:write',
        404: "No booking has this reservation number (of the key's property)",
        409: 'A room may not move so (it is cancelled, not arrived yet, or its status does not allow it: the message says where it is and what it allows); nothing moved',
        413: 'The body is too large',
        503: 'The database is away or too busy: retry after Retry-After seconds',
      },
    },
    ({ params, body }, req) => moveStay(context, params.reservationNumber, body, keyProperty(req)?.id),
  );
}
