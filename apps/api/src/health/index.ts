// The health checks' door.
export { registerHealthRoutes } from './health-routes';
export { configurationWarnings, testPaymentsWarning } from './configuration-warnings';
