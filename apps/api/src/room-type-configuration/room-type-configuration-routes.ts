import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { roomConfigurationsResponseSchema } from './room-type-configuration-response';
import { roomConfigurations } from './room-type-configuration-service';

// Query values arrive as text; ids are Postgres integers, so larger numbers are refused here.
const idParam = (name: string) =>
  z.coerce
    .number({ error: `A valid ${name} is required` })
    .int()
    .min(1)
    .max(2_147_483_647);

export function registerRoomTypeConfigurationRoutes(api: ApiRouter, context: AppContext): void {
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
    ({ query }) => roomConfigurations(context, query),
  );
}
