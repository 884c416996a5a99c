import type { AppContext } from '../app-context';
import type { Queryable } from '../database';
import { notFound } from '../errors';
import { findAcceptedCardTypes, findProperty, type PropertyRow } from './property-queries';
import type { PropertyResponse } from '@hotel/domain/wire/property-response';
import { toPropertyResponse } from './property-response';

/** The 404 of an address that names no property (by its id or code). */
export const noSuchProperty = (idOrCode: string) => notFound(`There is no property "${idOrCode}". Check the address you were given.`);

/** The property an address names by its id or code; 404 when there is none. */
export async function requireProperty(db: Queryable, idOrCode: string): Promise<PropertyRow> {
  const property = await findProperty(db, idOrCode);
  if (!property) throw noSuchProperty(idOrCode);
  return property;
}

/** GET /api/Property/{id}: a property by its id or code, with the card types it accepts. */
export async function propertyByIdOrCode(context: Pick<AppContext, 'database' | 'config'>, idOrCode: string): Promise<PropertyResponse> {
  const { db } = context.database;
  const property = await requireProperty(db, idOrCode);
  return toPropertyResponse(property, await findAcceptedCardTypes(db, property.id), { stripeJsUrl: context.config.payments.stripeJsUrl });
}
