import { eq } from 'drizzle-orm';
import { properties } from '@hotel/db/schema';
import type { Queryable } from '../database';

/** A property's entry of the definition it was last imported with; undefined: no such property. */
export async function findStoredDefinition(db: Queryable, code: string): Promise<{ definition: unknown } | undefined> {
  const [row] = await db.select({ definition: properties.definition }).from(properties).where(eq(properties.code, code));
  return row;
}
