import { z } from 'zod';
import { propertyIdOrCodeSchema } from '../property';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { cancellationReasonSchema, countrySchema, creditCardTypeSchema } from './static-data-response';
import { cancellationReasons, countries, creditCardTypes } from './static-data-service';

// The same rule as /api/Property/{id}: web routes carry the code, API clients the id.
const params = z.object({ id: propertyIdOrCodeSchema });

export function registerStaticDataRoutes(api: ApiRouter, context: AppContext): void {
  const errors = { 404: 'No property has that id or code' };

  api.route(
    {
      method: 'get',
      path: '/api/StaticData/{id}/countries',
      summary: 'Countries with their ISO codes and dialling codes, by name',
      tag: 'StaticData',
      params,
      response: z.array(countrySchema),
      errors,
    },
    ({ params }) => countries(context, params.id),
  );

  api.route(
    {
      method: 'get',
      path: '/api/StaticData/{id}/creditcardtypes',
      summary: 'The card types the property accepts',
      tag: 'StaticData',
      params,
      response: z.array(creditCardTypeSchema),
      errors,
    },
    ({ params }) => creditCardTypes(context, params.id),
  );

  api.route(
    {
      method: 'get',
      path: '/api/StaticData/{id}/CancellationReasons',
      summary: 'The reasons a guest may give for cancelling, in the property’s order',
      tag: 'StaticData',
      params,
      response: z.array(cancellationReasonSchema),
      errors,
    },
    ({ params }) => cancellationReasons(context, params.id),
  );
}
