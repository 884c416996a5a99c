// The service area's door: the application imports only what is exported here.
export { offeredServices, type OfferedService, type OfferedServices } from './offered-services';
export { toServicesResponse } from './service-response';
export { registerServiceRoutes } from './service-routes';
