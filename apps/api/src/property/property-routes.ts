import { propertyIdOrCodeParams } from '@hotel/domain/wire/parameters';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { propertyResponseSchema } from '@hotel/domain/wire/property-response';
import { propertyByIdOrCode } from './property-service';

export function registerPropertyRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/Property/{id}',
      operationId: 'getProperty',
      summary: 'A property, by its numeric id or its code',
      tag: 'Property',
      params: propertyIdOrCodeParams,
      response: propertyResponseSchema,
      errors: { 404: 'No property has that id or code' },
    },
    ({ params }) => propertyByIdOrCode(context, params.id),
  );
}
