import { propertyIdOrCodeParams } from '@hotel/domain/wire/parameters';
import {
  preCheckInConfigurationResponseSchema,
  preCheckInGetQuerySchema,
  preCheckInGetResponseSchema,
  preCheckInSaveRequestSchema,
  preCheckInSaveResponseSchema,
} from '@hotel/domain/wire/pre-check-in';
import type { AppContext } from '../app-context';
import { MONEY_ANSWERS } from '../booking';
import { readIdempotencyKey, type ApiRouter } from '../http';
import { getPreCheckIn } from './get-pre-check-in';
import { preCheckInConfiguration } from './pre-check-in-config';
import { preCheckInThrottle } from './pre-check-in-throttle';
import { savePreCheckIn } from './save-pre-check-in';

export function registerPreCheckInRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/PreCheckIn/Config/{id}',
      operationId: 'getPreCheckInConfiguration',
      summary: "A property's pre-check-in configuration (the details it asks for), by its numeric id or its code",
      tag: 'PreCheckIn',
      params: propertyIdOrCodeParams,
      response: preCheckInConfigurationResponseSchema,
      errors: { 404: 'No property has that id or code' },
    },
    ({ params }) => preCheckInConfiguration(context, params.id),
  );

  const throttle = preCheckInThrottle(context);
  api.route(
    {
      method: 'get',
      path: '/api/PreCheckIn/Get',
      operationId: 'getPreCheckInReservation',
      summary:
        "The booking a pre-check-in link opens (the query's hash is the link's code), or a notice: Success false with why (an invalid link, a cancelled booking, a stay over or past its arrival day), or Success true with the saved details when pre-check-in was completed",
      tag: 'PreCheckIn',
      query: preCheckInGetQuerySchema,
      response: preCheckInGetResponseSchema,
      errors: { 429: 'Too many links that opened nothing from this client' },
    },
    ({ query }, req, res) => getPreCheckIn(context, throttle, query, { req, res }),
  );

  api.route(
    {
      method: 'post',
      path: '/api/PreCheckIn/Save',
      operationId: 'savePreCheckIn',
      idempotencyKey: 'replay',
      summary:
        'Save a pre-check-in in one transaction: booker, guests, room configurations, special requests and a card kept on file (as a gateway token; a declined card answers 402, nothing saved). Saving again changes nothing more; send an Idempotency-Key to retry safely. A cancelled booking or one past its arrival day answers Success false',
      tag: 'PreCheckIn',
      body: preCheckInSaveRequestSchema,
      response: preCheckInSaveResponseSchema,
      errors: {
        402: `${MONEY_ANSWERS.declined}. The details were saved; the extras were not added`,
        404: 'The link does not open this booking',
        409: MONEY_ANSWERS.inFlight,
        503: `${MONEY_ANSWERS.outcomeUnknown}. The details were saved; the extras are added only if they were charged`,
      },
    },
    ({ body }, req) => savePreCheckIn(context, body, readIdempotencyKey(req)),
  );
}
