import { z } from 'zod';
import { propertyIdOrCodeSchema, findAcceptedCardTypes } from '../property';
import type { AppContext } from '../app-context';
import { type ApiRouter, notFound } from '../http';
import { findActiveCancellationReasons, findCountries, findPropertyId } from './static-data-queries';
import {
  cancellationReasonSchema,
  countrySchema,
  creditCardTypeSchema,
  toCancellationReason,
  toCountries,
  toCreditCardType,
} from './static-data-response';

// The same rule as /api/Property/{id}: web routes carry the code, API clients the id.
const params = z.object({ id: propertyIdOrCodeSchema });

export function registerStaticDataRoutes(api: ApiRouter, { database }: AppContext): void {
  const { db } = database;
  async function requireProperty(idOrCode: string): Promise<number> {
    const propertyId = await findPropertyId(db, idOrCode);
    if (propertyId === undefined) throw notFound(`There is no property "${idOrCode}". Check the address you were given.`);
    return propertyId;
  }
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
    async ({ params }) => {
      await requireProperty(params.id);
      return toCountries(await findCountries(db));
    },
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
    async ({ params }) => {
      const propertyId = await requireProperty(params.id);
      return (await findAcceptedCardTypes(db, propertyId)).map(toCreditCardType);
    },
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
    async ({ params }) => {
      const propertyId = await requireProperty(params.id);
      return (await findActiveCancellationReasons(db, propertyId)).map(toCancellationReason);
    },
  );
}
