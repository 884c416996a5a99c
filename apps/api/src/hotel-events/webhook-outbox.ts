import { randomBytes } from 'node:crypto';
import { webhookDeliveries, type WebhookEndpoint } from '@hotel/db/schema';
import type { Tx } from '../database';
import type { HotelEventPayload } from './hotel-event-payload';

/** A Standard Webhooks message id: `msg_` and 128 random bits, the `webhook-id` of every attempt. */
const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** Whether an endpoint asked for this event (by name, or every event with "*"). */
export const endpointWants = (endpoint: WebhookEndpoint, type: string) => endpoint.events.includes('*') || endpoint.events.includes(type);

/**
 * Puts the event in the webhook outbox for each of the property's endpoints that asked for it,
 * in the caller's transaction: it is sent only if that transaction commits, and one message per
 * endpoint, whatever the retries. Due at once (the dispatcher claims `next_attempt_at <= now`).
 */
export async function enqueueWebhooks(
  tx: Tx,
  property: { id: number; webhooks: WebhookEndpoint[] },
  payload: HotelEventPayload,
  now: Date,
): Promise<number> {
  const endpoints = property.webhooks.filter((endpoint) => endpointWants(endpoint, payload.type));
  if (endpoints.length === 0) return 0;
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      propertyId: property.id,
      endpoint: endpoint.url,
      eventType: payload.type,
      messageId: newMessageId(),
      payload,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  return endpoints.length;
}
