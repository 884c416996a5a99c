// The availability area's door: other areas and the application import only what is exported here.
export { createAvailabilityCaches, type AvailabilityCaches } from './availability-caches';
export type { RoomTypeRow } from './availability-queries';
export { registerAvailabilityRoutes } from './availability-routes';
export { rateOccupancy, roomTypeLimits } from './search-availability';
export { toRate } from './search-response';
export { quoteStay, type QuotedRate, type StayQuote } from './stay-quote';
export { assertRoomsPerBooking, maxNightsPerStay, stayDates } from './stay-request';
