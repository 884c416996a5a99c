// The account area's door: other areas and the application import only what is exported here.
export { accountSessions, createAccountAuthenticator } from './account-passport';
export { registerAccountRoutes } from './account-routes';
