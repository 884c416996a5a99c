import { and, asc, eq, sql } from 'drizzle-orm';
import { companies, properties } from '@hotel/db/schema';
import type { Queryable } from '../database';

export type CompanyRow = { accountId: string; name: string };

/** Whether a property has this numeric id. */
export async function hasProperty(db: Queryable, propertyId: number): Promise<boolean> {
  const [row] = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).limit(1);
  return row !== undefined;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern once escaped. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The property's companies whose name starts with the prefix, ignoring case, that list the
 * booker as their own: the address in `linked_accounts` or its domain in `booker_email_domains`
 * (both kept in lower case; `companyBookerKey` gives the booker's). Written as
 * `lower(name) LIKE lower('prefix%')` so that `companies_property_id_lower_name_idx`
 * (text_pattern_ops) serves it whatever the database's collation. Answers the query itself
 * (awaiting it runs it) so that a test can EXPLAIN exactly this statement.
 */
export function findCompaniesByNamePrefix(
  db: Queryable,
  search: { propertyId: number; prefix: string; limit: number; booker: { email: string; domain: string } },
) {
  const pattern = `${escapeLike(search.prefix)}%`;
  const { email, domain } = search.booker;
  return db
    .select({ accountId: companies.accountId, name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.propertyId, search.propertyId),
        sql`lower(${companies.name}) LIKE lower(${pattern}) ESCAPE '\\'`,
        sql`(${email} = ANY(${companies.linkedAccounts}) OR ${domain} = ANY(${companies.bookerEmailDomains}))`,
      ),
    )
    .orderBy(sql`lower(${companies.name})`, asc(companies.name), asc(companies.accountId))
    .limit(search.limit);
}
