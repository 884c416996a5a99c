// The hotel-events area's door: the events use cases record (the hotel's notices and webhooks),
// the webhook dispatcher, the delivery log's route and what a definition's endpoints must be.
export { registerHotelEventRoutes } from './hotel-event-routes';
export type { BookingFacts } from './hotel-event-queries';
export {
  newBookingNotice,
  recordPreCheckInEvents,
  recordReservationEvent,
  recordTableBookingEvent,
  type ReservationEvent,
} from './record-hotel-event';
export { dispatchPendingWebhooks, startWebhookDispatcher, type WebhookDispatchOptions } from './webhook-dispatcher';
export { webhookEndpointSchema } from './webhook-endpoints';
