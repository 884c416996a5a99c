// The pms-updates area's door: what the hotel's PMS tells the server about a booking (its own
// confirmation number, each room's stay), reaching the booking through the booking module's door.
export { registerPmsUpdateRoutes } from './pms-updates-routes';
