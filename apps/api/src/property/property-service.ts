import type { AppContext } from '../app-context';
import { notFound } from '../http';
import { findAcceptedCardTypes, findProperty } from './property-queries';
import type { PropertyResponse } from '@hotel/domain/wire/property-response';
import { toPropertyResponse } from './property-response';

/** GET /api/Property/{id}: a property by its id or code, with the card types it accepts. */
export async function propertyByIdOrCode(context: Pick<AppContext, 'database'>, idOrCode: string): Promise<PropertyResponse> {
  const { db } = context.database;
  const property = await findProperty(db, idOrCode);
  if (!property) throw notFound(`There is no property "${idOrCode}". Check the address you were given.`);
  return toPropertyResponse(property, await findAcceptedCardTypes(db, property.id));
}
