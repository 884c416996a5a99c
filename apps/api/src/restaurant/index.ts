// The restaurant area's door: the application imports only what is exported here.
export { registerRestaurantRoutes } from './restaurant-routes';
