import { z } from 'zod';
import { propertyIdOrCodeSchema } from './property-id-or-code';
import type { AppContext } from '../app-context';
import { type ApiRouter, notFound } from '../http';
import { findAcceptedCardTypes, findProperty } from './property-queries';
import { propertyResponseSchema, toPropertyResponse } from './property-response';

export function registerPropertyRoutes(api: ApiRouter, { database }: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/Property/{id}',
      summary: 'A property, by its numeric id or its code',
      tag: 'Property',
      params: z.object({ id: propertyIdOrCodeSchema }),
      response: propertyResponseSchema,
      errors: { 404: 'No property has that id or code' },
    },
    async ({ params }) => {
      const property = await findProperty(database.db, params.id);
      if (!property) throw notFound(`There is no property "${params.id}". Check the address you were given.`);
      return toPropertyResponse(property, await findAcceptedCardTypes(database.db, property.id));
    },
  );
}
