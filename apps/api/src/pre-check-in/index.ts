// The pre-check-in area's door: the application imports only what is exported here.
export { registerPreCheckInRoutes } from './pre-check-in-routes';
export { schedulePreCheckInReminders } from './pre-check-in-reminders';
