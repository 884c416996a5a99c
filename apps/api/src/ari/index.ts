// The rates-and-availability (ARI) area's door: day-to-day prices, rooms and restrictions for integrators.
export { registerAriRoutes } from './ari-routes';
