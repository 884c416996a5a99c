// The health checks' door.
export { healthRouter } from './health-routes';
