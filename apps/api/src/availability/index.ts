// The availability area's door: other areas and the application import only what is exported here.
export { createAvailabilityCaches, type AvailabilityCaches } from './availability-caches';
export type { RoomTypeRow } from './availability-queries';
export { codeGuesses, countCodeGuess } from './code-guesses';
export { registerAvailabilityRoutes } from './availability-routes';
export { answeredPromoCode, rateOccupancy, roomTypeLimits, sellableRoomTypes, type SellableRoomType } from './search-availability';
export { toRate } from './search-response';
export { quoteStay, quoteStock, type QuotedRate, type StayQuote, type StayQuoteInput } from './stay-quote';
export { assertRoomsPerBooking, maxNightsPerStay, stayDates, type StayDates } from './stay-request';
