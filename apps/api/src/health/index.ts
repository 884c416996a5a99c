// The health checks' door.
export { registerHealthRoutes, testPaymentsWarning } from './health-routes';
