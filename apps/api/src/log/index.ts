// The log area's door: the web client's log route.
export { registerLogRoutes } from './log-routes';
