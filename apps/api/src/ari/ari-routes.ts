import { ariRequestSchema, ariResponseSchema } from '@hotel/domain/wire/ari';
import type { AppContext } from '../app-context';
import { readIdempotencyKey, type ApiRouter } from '../http';
import { applyAri } from './apply-ari';

/** `POST /api/Admin/Ari`: rates and availability for day-to-day running (docs/hotel-integration.md). */
export function registerAriRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'post',
      path: '/api/Admin/Ari',
      operationId: 'updateRatesAndAvailability',
      idempotencyKey: 'replay',
      summary:
        'Set prices, rooms to sell, stop-sell, minimum stay and closed to arrival or departure over ranges of nights, all or nothing in one transaction; every API process answers the new figures on its next request. Sending the same changes again changes nothing; send an Idempotency-Key to retry safely',
      tag: 'Admin',
      security: 'adminApiKey',
      body: ariRequestSchema,
      response: ariResponseSchema,
      errors: {
        400: 'A change has problems (dates, codes, rooms below those sold): ModelState lists every one by path; nothing was changed',
        401: 'Missing or wrong API key',
        404: 'No property has that code',
        409: 'A request with this Idempotency-Key has not finished',
      },
    },
    ({ body }, req) => applyAri(context, body, readIdempotencyKey(req)),
  );
}
