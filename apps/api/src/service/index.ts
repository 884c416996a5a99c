// The service area's door: the application imports only what is exported here.
export { registerServiceRoutes } from './service-routes';
