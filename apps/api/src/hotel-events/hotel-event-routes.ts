import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, webhookDeliveryPageSchema } from '@hotel/domain/wire/webhook-deliveries';
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

/** `GET /api/Admin/WebhookDeliveries`: the webhook delivery log, for integrators (behind the admin API key). */
export function registerHotelEventRoutes(api: ApiRouter, context: AppContext): void {
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
