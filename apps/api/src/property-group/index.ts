// The property-group area's door: the application imports only what is exported here.
export { registerPropertyGroupRoutes } from './property-group-routes';
