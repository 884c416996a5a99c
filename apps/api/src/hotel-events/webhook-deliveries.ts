import type { WebhookDeliveryPage } from '@hotel/domain/wire/webhook-deliveries';
import type { AppContext } from '../app-context';
import { findWebhookDeliveries, type WebhookDeliveryRow } from './hotel-event-queries';
import type { HotelEventPayload } from './hotel-event-payload';

export type DeliveryLogQuery = {
  propertyCode?: string;
  status?: 'pending' | 'delivered' | 'failed';
  limit: number;
  /** The `NextCursor` of the page before: the id the next page starts below. */
  cursor?: number;
};

function toWireDelivery(row: WebhookDeliveryRow): WebhookDeliveryPage['Items'][number] {
  return {
    Id: row.id,
    PropertyCode: row.propertyCode,
    Endpoint: row.endpoint,
    EventType: row.eventType as HotelEventPayload['type'],
    MessageId: row.messageId,
    Status: row.status,
    Attempts: row.attempts,
    NextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    LastStatusCode: row.lastStatusCode,
    LastError: row.lastError,
    CreatedAt: row.createdAt.toISOString(),
    DeliveredAt: row.deliveredAt?.toISOString() ?? null,
    Payload: row.payload,
  };
}

/**
 * GET /api/Admin/WebhookDeliveries: the delivery log, newest first, a page at a time by id (a
 * message written while the hotel pages through never shifts the pages it has not read yet).
 */
export async function listWebhookDeliveries(context: Pick<AppContext, 'database'>, query: DeliveryLogQuery): Promise<WebhookDeliveryPage> {
  // One more than asked: whether there is a page after this one.
  const rows = await findWebhookDeliveries(context.database.db, {
    propertyCode: query.propertyCode,
    status: query.status,
    before: query.cursor,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return { Items: page.map(toWireDelivery), NextCursor: hasMore ? String(page.at(-1)!.id) : null, HasMore: hasMore };
}
