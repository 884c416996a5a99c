import { propertyIdOrCodeParams } from '@hotel/domain/wire/parameters';
import { manageBookingConfigurationResponseSchema } from '@hotel/domain/wire/manage-booking-config-response';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { manageBookingConfiguration } from './manage-booking-config';

export function registerManageBookingRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/ManageBooking/Config/{id}',
      operationId: 'getManageBookingConfiguration',
      summary: "A property's manage-booking configuration, by its numeric id or its code",
      tag: 'ManageBooking',
      params: propertyIdOrCodeParams,
      response: manageBookingConfigurationResponseSchema,
      errors: { 404: 'No property has that id or code' },
    },
    ({ params }) => manageBookingConfiguration(context, params.id),
  );
}
