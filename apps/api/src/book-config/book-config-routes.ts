import { propertyIdOrCodeParams } from '@hotel/domain/wire/parameters';
import { bookingConfigurationResponseSchema } from '@hotel/domain/wire/book-config-response';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { bookingConfiguration } from './book-config-service';

// The same rule as /api/Property/{id}: web routes carry the code, API clients the id.

export function registerBookConfigRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/Book/Config/{id}',
      operationId: 'getBookingConfiguration',
      summary: "A property's booking configuration, by its numeric id or its code",
      tag: 'Book',
      params: propertyIdOrCodeParams,
      response: bookingConfigurationResponseSchema,
      errors: { 404: 'No property has that id or code' },
    },
    ({ params }) => bookingConfiguration(context, params.id),
  );
}
