// The reservations feed area's door: the hotel's read side of bookings (feed, one booking, arrivals).
export { arrivalsCsv } from './arrivals-csv';
export { registerReservationsFeedRoutes } from './reservations-feed-routes';
export { arrivalsOn } from './reservations-feed-service';
