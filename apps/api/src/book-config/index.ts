// The book-config area's door: the application imports only what is exported here.
export { registerBookConfigRoutes } from './book-config-routes';
