// The health checks' door.
export { healthRouter, testPaymentsWarning } from './health-routes';
