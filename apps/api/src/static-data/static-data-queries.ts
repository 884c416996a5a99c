import { and, asc, eq } from 'drizzle-orm';
import { cancellationReasons, countries, properties } from '@hotel/db/schema';
import type { Queryable } from '../database';

export type CountryRow = { id: number; alpha2: string; name: string; diallingCode: string | null };
export type CancellationReasonRow = { id: number; text: string };

// Ids are Postgres `integer`s: a longer number names no property (and must not reach the query).
const largestId = 2_147_483_647;

/** The id of a property given by its numeric id or its code. */
export async function findPropertyId(db: Queryable, idOrCode: string): Promise<number | undefined> {
  const byId = /^\d+$/.test(idOrCode);
  if (byId && Number(idOrCode) > largestId) return undefined;
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(byId ? eq(properties.id, Number(idOrCode)) : eq(properties.code, idOrCode))
    .limit(1);
  return row?.id;
}

/** Every country of the static list, unordered (the caller sorts them for people). */
export async function findCountries(db: Queryable): Promise<CountryRow[]> {
  return db
    .select({ id: countries.id, alpha2: countries.alpha2, name: countries.name, diallingCode: countries.diallingCode })
    .from(countries);
}

/** The reasons a guest of the property may give for cancelling, in the definition's order; retired ones left out. */
export async function findActiveCancellationReasons(db: Queryable, propertyId: number): Promise<CancellationReasonRow[]> {
  return db
    .select({ id: cancellationReasons.id, text: cancellationReasons.text })
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.propertyId, propertyId), eq(cancellationReasons.isActive, true)))
    .orderBy(asc(cancellationReasons.sortOrder), asc(cancellationReasons.id));
}
