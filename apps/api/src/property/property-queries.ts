import { asc, eq } from 'drizzle-orm';
import { cardTypes, properties, propertyCardTypes } from '@hotel/db/schema';
import { MAX_ID } from '@hotel/domain/wire/scalars';
import type { Queryable } from '../database';

export type PropertyRow = typeof properties.$inferSelect;
export type AcceptedCardType = { id: number; name: string; code: string };

/** A property by its numeric id or by its code (what web routes carry). */
export async function findProperty(db: Queryable, idOrCode: string | number): Promise<PropertyRow | undefined> {
  const byId = typeof idOrCode === 'number' || /^\d+$/.test(idOrCode);
  // An id beyond the integer column cannot exist; asking Postgres would fail with an overflow.
  if (byId && Number(idOrCode) > MAX_ID) return undefined;
  const [row] = await db
    .select()
    .from(properties)
    .where(byId ? eq(properties.id, Number(idOrCode)) : eq(properties.code, String(idOrCode)))
    .limit(1);
  return row;
}

/** What a web page of a property needs of it: its tracking ids and payment provider (its policy), what describes the hotel, and its version. */
export async function findPageProperty(db: Queryable, code: string) {
  const [row] = await db
    .select({
      code: properties.code,
      catalogueVersion: properties.catalogueVersion,
      googleTagManagerContainerId: properties.googleTagManagerContainerId,
      facebookPixelId: properties.facebookPixelId,
      name: properties.name,
      address: properties.address,
      telephone: properties.telephone,
      hotelRating: properties.hotelRating,
      propertyImageUrl: properties.propertyImageUrl,
      websiteUrl: properties.websiteUrl,
      paymentProvider: properties.paymentProvider,
    })
    .from(properties)
    .where(eq(properties.code, code))
    .limit(1);
  return row;
}

export type PageProperty = NonNullable<Awaited<ReturnType<typeof findPageProperty>>>;

/** The card types a property accepts, in the static list's order. */
export async function findAcceptedCardTypes(db: Queryable, propertyId: number): Promise<AcceptedCardType[]> {
  return db
    .select({ id: cardTypes.id, name: cardTypes.name, code: cardTypes.code })
    .from(propertyCardTypes)
    .innerJoin(cardTypes, eq(cardTypes.id, propertyCardTypes.cardTypeId))
    .where(eq(propertyCardTypes.propertyId, propertyId))
    .orderBy(asc(cardTypes.id));
}
