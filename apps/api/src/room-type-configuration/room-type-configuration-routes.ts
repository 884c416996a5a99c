import { z } from 'zod';
import { queryId } from '@hotel/domain/wire/parameters';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { roomConfigurationsResponseSchema } from '@hotel/domain/wire/room-type-configuration-response';
import { roomConfigurations } from './room-type-configuration-service';

export function registerRoomTypeConfigurationRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/RoomTypeConfiguration/Get',
      operationId: 'getRoomConfigurations',
      summary: "A room type's bed configurations, the options of the checkout's room configuration question",
      tag: 'RoomTypeConfiguration',
      query: z.object({ propertyId: queryId('propertyId'), roomTypeId: queryId('roomTypeId') }),
      response: roomConfigurationsResponseSchema,
      errors: { 404: 'No such property, or the room type is not one of its room types' },
    },
    ({ query }) => roomConfigurations(context, query),
  );
}
