import { ariReadBackSchema, ariReadQuerySchema, ariRequestSchema, ariResponseSchema } from '@hotel/domain/wire/ari';
import type { AppContext } from '../app-context';
import { keyPropertyCode, readIdempotencyKey, type ApiRouter } from '../http';
import { applyAri } from './apply-ari';
import { readAri } from './read-ari';

/** `POST` and `GET /api/Admin/Ari`: rates and availability for day-to-day running, and reading them back (docs/hotel-integration.md). */
export function registerAriRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'post',
      path: '/api/Admin/Ari',
      operationId: 'updateRatesAndAvailability',
      idempotencyKey: 'replay',
      summary:
        'Set prices, rooms to sell (in total or left to sell), stop-sell, minimum and maximum stay, minimum stay through, advance booking windows and closed to arrival or departure over ranges of nights, in one transaction; a night asked fewer rooms than are sold is set to those sold and listed in Adjusted. Every API process answers the new figures on its next request. Sending the same changes again changes nothing; send an Idempotency-Key to retry safely',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'ari:write',
      body: ariRequestSchema,
      response: ariResponseSchema,
      errors: {
        400: 'A change has problems (dates, codes, both or neither of Rooms and Available): ModelState lists every one by path; nothing was changed',
        401: 'Missing or wrong API key',
        403: 'The key lacks ari:write, or is for another property',
        404: 'No property has that code',
        409: 'A request with this Idempotency-Key has not finished',
      },
    },
    ({ body }, req) => {
      keyPropertyCode(req, body.PropertyCode);
      return applyAri(context, body, readIdempotencyKey(req));
    },
  );
  api.route(
    {
      method: 'get',
      path: '/api/Admin/Ari',
      operationId: 'getAri',
      summary:
        "A property's nights from..to (at most 3 years), as ARI and the definition left them: each room type's rooms to sell, sold and left, each rate's price and restrictions, and who set them",
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'ari:read',
      query: ariReadQuerySchema,
      response: ariReadBackSchema,
      errors: {
        400: 'A bad date, a range out of order or longer than 3 years, or a room type or rate plan the property does not sell: ModelState names the field',
        401: 'Missing or wrong API key',
        403: 'The key lacks ari:read, or is for another property',
        404: 'No property has that code',
      },
    },
    ({ query }, req) => {
      keyPropertyCode(req, query.propertyCode);
      return readAri(context, query);
    },
  );
}
