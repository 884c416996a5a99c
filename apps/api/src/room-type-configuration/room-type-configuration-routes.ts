import { z } from 'zod';
import type { AppContext } from '../app-context';
import { type ApiRouter, notFound } from '../http';
import { findRoomConfigurations, hasProperty, hasRoomType } from './room-type-configuration-queries';
import { roomConfigurationsResponseSchema, toRoomConfigurationOption } from './room-type-configuration-response';

// Query values arrive as text; ids are Postgres integers, so larger numbers are refused here.
const idParam = (name: string) =>
  z.coerce
    .number({ error: `A valid ${name} is required` })
    .int()
    .min(1)
    .max(2_147_483_647);

export function registerRoomTypeConfigurationRoutes(api: ApiRouter, { database }: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/RoomTypeConfiguration/Get',
      summary: "A room type's bed configurations, the options of the checkout's room configuration question",
      tag: 'RoomTypeConfiguration',
      query: z.object({ propertyId: idParam('propertyId'), roomTypeId: idParam('roomTypeId') }),
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
