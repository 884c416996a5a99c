import { z } from 'zod';
import { propertyIdOrCodeSchema } from '../property';
import type { AppContext } from '../app-context';
import { type ApiRouter, notFound } from '../http';
import { findBookingConfiguration, findGroupProperties } from './book-config-queries';
import { bookingConfigurationResponseSchema, toBookingConfigurationResponse } from './book-config-response';

// The same rule as /api/Property/{id}: web routes carry the code, API clients the id.

export function registerBookConfigRoutes(api: ApiRouter, { database }: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/Book/Config/{id}',
      summary: "A property's booking configuration, by its numeric id or its code",
      tag: 'Book',
      params: z.object({ id: propertyIdOrCodeSchema }),
      response: bookingConfigurationResponseSchema,
      errors: { 404: 'No property has that id or code' },
    },
    async ({ params }) => {
      const property = await findBookingConfiguration(database.db, params.id);
      if (!property) throw notFound(`There is no property "${params.id}". Check the address you were given.`);
      // A property outside any group offers no other locations: Locations is empty, not itself alone.
      const locations = property.groupId === null ? [] : await findGroupProperties(database.db, property.groupId);
      return toBookingConfigurationResponse(property, locations);
    },
  );
}
