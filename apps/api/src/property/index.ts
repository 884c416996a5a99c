// The property area's door: other areas and the application import only what is exported here.
export { findAcceptedCardTypes, findProperty, type AcceptedCardType, type PropertyRow } from './property-queries';
export { registerPropertyRoutes } from './property-routes';
export { noSuchProperty, requireProperty } from './property-service';
export { propertyPageHead } from './property-page';
