import type { AppContext } from '../app-context';
import { findAcceptedCardTypes, noSuchProperty } from '../property';
import { findActiveCancellationReasons, findCountries, findPropertyId } from './static-data-queries';
import type { CancellationReason, Country, CreditCardType } from '@hotel/domain/wire/static-data-response';
import { toCancellationReason, toCountries, toCreditCardType } from './static-data-response';

type Context = Pick<AppContext, 'database'>;

/** The id of the property the address names (its id or code); 404 when there is none. */
async function requireProperty(context: Context, idOrCode: string): Promise<number> {
  const propertyId = await findPropertyId(context.database.db, idOrCode);
  if (propertyId === undefined) throw noSuchProperty(idOrCode);
  return propertyId;
}

/** GET /api/StaticData/{id}/countries: every country, by name. */
export async function countries(context: Context, idOrCode: string): Promise<Country[]> {
  await requireProperty(context, idOrCode);
  return toCountries(await findCountries(context.database.db));
}

/** GET /api/StaticData/{id}/creditcardtypes: the card types the property accepts. */
export async function creditCardTypes(context: Context, idOrCode: string): Promise<CreditCardType[]> {
  const propertyId = await requireProperty(context, idOrCode);
  return (await findAcceptedCardTypes(context.database.db, propertyId)).map(toCreditCardType);
}

/** GET /api/StaticData/{id}/CancellationReasons: the property's active cancellation reasons, in its order. */
export async function cancellationReasons(context: Context, idOrCode: string): Promise<CancellationReason[]> {
  const propertyId = await requireProperty(context, idOrCode);
  return (await findActiveCancellationReasons(context.database.db, propertyId)).map(toCancellationReason);
}
