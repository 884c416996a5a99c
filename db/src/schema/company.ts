import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { timestamps } from './shared-columns';

/**
 * Companies that may book on invoice (`AccountId`, name). Searched by a name prefix:
 * `lower(name) LIKE lower($prefix) || '%'`, which the `text_pattern_ops` index serves
 * whatever the database's collation.
 */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    /** Who may book on its invoice (docs/property-definition.md): bookers at these e-mail domains, lower case. */
    bookerEmailDomains: text('booker_email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** ...or logged-in accounts with these e-mail addresses, lower case. */
    linkedAccounts: text('linked_accounts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    unique('companies_property_id_account_id_key').on(t.propertyId, t.accountId),
    index('companies_property_id_lower_name_idx').on(t.propertyId, sql`lower(${t.name}) text_pattern_ops`),
  ],
);
