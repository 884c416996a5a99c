import { z } from 'zod';
import { propertyIdOrCodeParams } from '@hotel/domain/wire/parameters';
import { cancellationReasonSchema, countrySchema, creditCardTypeSchema } from '@hotel/domain/wire/static-data-response';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { cancellationReasons, countries, creditCardTypes } from './static-data-service';

// The same rule as /api/Property/{id}: web routes carry the code, API clients the id.

export function registerStaticDataRoutes(api: ApiRouter, context: AppContext): void {
  const errors = { 404: 'No property has that id or code' };

  api.route(
    {
      method: 'get',
      path: '/api/StaticData/{id}/countries',
      operationId: 'getCountries',
      summary: 'Countries with their ISO codes and dialling codes, by name',
      tag: 'StaticData',
      params: propertyIdOrCodeParams,
      response: z.array(countrySchema),
      errors,
    },
    ({ params }) => countries(context, params.id),
  );

  api.route(
    {
      method: 'get',
      path: '/api/StaticData/{id}/creditcardtypes',
      operationId: 'getCreditCardTypes',
      summary: 'The card types the property accepts',
      tag: 'StaticData',
      params: propertyIdOrCodeParams,
      response: z.array(creditCardTypeSchema),
      errors,
    },
    ({ params }) => creditCardTypes(context, params.id),
  );

  api.route(
    {
      method: 'get',
      path: '/api/StaticData/{id}/CancellationReasons',
      operationId: 'getCancellationReasons',
      summary: 'The reasons a guest may give for cancelling, in the property’s order',
      tag: 'StaticData',
      params: propertyIdOrCodeParams,
      response: z.array(cancellationReasonSchema),
      errors,
    },
    ({ params }) => cancellationReasons(context, params.id),
  );
}
