import { z } from 'zod';
import { propertyIdOrCodeSchema } from './property-id-or-code';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { propertyResponseSchema } from './property-response';
import { propertyByIdOrCode } from './property-service';

export function registerPropertyRoutes(api: ApiRouter, context: AppContext): void {
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
    ({ params }) => propertyByIdOrCode(context, params.id),
  );
}
