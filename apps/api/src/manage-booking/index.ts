// The manage-booking area's door: the application imports only what is exported here.
export { registerManageBookingRoutes } from './manage-booking-routes';
