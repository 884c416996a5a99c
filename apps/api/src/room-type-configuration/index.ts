// The room type configuration area's door: the application imports only what is exported here.
export { registerRoomTypeConfigurationRoutes } from './room-type-configuration-routes';
