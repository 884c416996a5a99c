// The company area's door: the application imports only what is exported here.
export { registerCompanyRoutes } from './company-routes';
