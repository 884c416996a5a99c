import { z } from 'zod';
import { HOTEL_EVENT_PAYLOADS } from '@hotel/domain/wire/hotel-event-payloads';
import { HOTEL_EVENT_TYPES, WEBHOOK_DELIVERY_STATUSES, webhookDeliveryPageSchema } from '@hotel/domain/wire/webhook-deliveries';
import type { AppContext } from '../app-context';
import { keyPropertyCode, type ApiRouter } from '../http';
import { listWebhookDeliveries } from './webhook-deliveries';

const deliveryLogQuery = z.object({
  propertyCode: z.string().trim().min(1).max(40).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'limit must be a whole number from 1 to 200' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: 'limit must be a whole number from 1 to 200' })
        .max(200, { error: 'limit must be a whole number from 1 to 200' }),
    )
    .optional(),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: 'cursor must be the NextCursor of the page before' })
    .transform(Number)
    // Ids are 32-bit: a larger cursor is not one this API gave.
    .pipe(z.number().max(2_147_483_647, { error: 'cursor must be the NextCursor of the page before' }))
    .optional(),
});

/** `onReservationCreated` for `reservation.created`: the operation's name a generated client gives the event. */
const operationIdOf = (type: string) => `on${type.replace(/(?:^|[._])(\w)/g, (_match, letter: string) => letter.toUpperCase())}`;

/**
 * `GET /api/Admin/WebhookDeliveries`: the webhook delivery log, for integrators (behind the admin
 * API key); and every event type's payload, for the document's `webhooks`.
 */
export function registerHotelEventRoutes(api: ApiRouter, context: AppContext): void {
  for (const type of HOTEL_EVENT_TYPES) {
    api.webhook({ name: type, operationId: operationIdOf(type), summary: `The \`${type}\` event`, body: HOTEL_EVENT_PAYLOADS[type] });
  }
  api.route(
    {
      method: 'get',
      path: '/api/Admin/WebhookDeliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'The webhook delivery log, newest first, filtered by property and status, a page at a time',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'webhooks:read',
      query: deliveryLogQuery,
      response: webhookDeliveryPageSchema,
      errors: {
        400: 'A filter or the cursor is not valid',
        401: 'Missing or wrong API key',
        403: "The key lacks webhooks:read, or is for another property than propertyCode (without propertyCode, a property's key reads its own)",
      },
    },
    ({ query }, req) =>
      listWebhookDeliveries(context, { ...query, propertyCode: keyPropertyCode(req, query.propertyCode), limit: query.limit ?? 50 }),
  );
}
