// The static data area's door: other areas and the application import only what is exported here.
export { KnownCountryIds } from './country-ids';
export { findActiveCancellationReasons } from './static-data-queries';
export { registerStaticDataRoutes } from './static-data-routes';
