import { z } from 'zod';
import { queryId } from '@hotel/domain/wire/parameters';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http/api-router';
import { notFound } from '../http/app-error';
import { findRoomConfigurations, hasProperty, hasRoomType } from './room-type-configuration-queries';
import { roomConfigurationsResponseSchema } from '@hotel/domain/wire/room-type-configuration-response';
import { toRoomConfigurationOption } from './room-type-configuration-response';

export function registerRoomTypeConfigurationRoutes(api: ApiRouter, { database }: AppContext): void {
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
    async ({ query }) => {
      if (!(await hasProperty(database.db, query.propertyId))) throw notFound(`There is no property ${query.propertyId}.`);
      if (!(await hasRoomType(database.db, query.propertyId, query.roomTypeId))) {
        throw notFound(`Property ${query.propertyId} has no room type ${query.roomTypeId}.`);
      }
      const rows = await findRoomConfigurations(database.db, query.roomTypeId);
      return rows.map(toRoomConfigurationOption);
    },
  );
}
