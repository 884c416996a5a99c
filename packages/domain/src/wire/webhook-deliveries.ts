import { z } from 'zod';
import { adminPageSchema } from './admin-page';

/** The events a hotel hears of, by e-mail to its reservations address and by webhook. */
export const HOTEL_EVENT_TYPES = [
  'reservation.created',
  'reservation.amended',
  'reservation.cancelled',
  'reservation.prechecked_in',
  // Told by the hotel's own PMS through the admin API: a webhook only, never a notice e-mail.
  'reservation.acknowledged',
  'reservation.checked_in',
  'reservation.checked_out',
  'reservation.no_show',
  'table_booking.created',
] as const;

export type HotelEventType = (typeof HOTEL_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One webhook message to one endpoint, as the delivery log shows it: what was sent and how it went. */
export const webhookDeliverySchema = z
  .object({
    Id: z.number().int(),
    PropertyCode: z.string(),
    Endpoint: z.string(),
    EventType: z.enum(HOTEL_EVENT_TYPES),
    /** The `webhook-id` header: the same on every attempt of this message. */
    MessageId: z.string(),
    Status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    Attempts: z.number().int(),
    /** When the next attempt is due (pending only). */
    NextAttemptAt: z.string().nullable(),
    LastStatusCode: z.number().int().nullable(),
    LastError: z.string().nullable(),
    CreatedAt: z.string(),
    DeliveredAt: z.string().nullable(),
    /** The JSON body POSTed: `{ type, timestamp, data }`. */
    Payload: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookDelivery' });

/** A page of the delivery log, newest first; `NextCursor` asks for the page after it (null on the last). */
export const webhookDeliveryPageSchema = adminPageSchema(webhookDeliverySchema).meta({ id: 'WebhookDeliveryPage' });

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
