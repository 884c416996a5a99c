import { sql } from 'drizzle-orm';
import { char, check, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { instant } from './shared-columns';

/**
 * ISO 3166-1 countries, the project's own static data, loaded by migration
 * (`migrations/*_countries.sql`, generated once by `scripts/generate-countries.mjs`).
 * `id` is the ISO 3166-1 numeric code (826 = United Kingdom): stable across databases, so a
 * client's `CountryId` means the same country everywhere.
 */
export const countries = pgTable(
  'countries',
  {
    id: smallint('id').primaryKey(),
    alpha2: char('alpha_2', { length: 2 }).notNull().unique(),
    alpha3: char('alpha_3', { length: 3 }).notNull().unique(),
    name: text('name').notNull(),
    /** International dialling code with its plus sign ("+44"); null for uninhabited territories. */
    diallingCode: text('dialling_code'),
  },
  (t) => [
    check('countries_alpha_2_format', sql`${t.alpha2} ~ '^[A-Z]{2}$'`),
    check('countries_alpha_3_format', sql`${t.alpha3} ~ '^[A-Z]{3}$'`),
    check('countries_dialling_code_format', sql`${t.diallingCode} ~ '^\\+[0-9]{1,4}$'`),
  ],
);

/**
 * Card types a property may accept (`CreditCardTypeId` on the wire), static data loaded by
 * migration with stable ids. `code` is what card-number detection answers (visa, amex, ...).
 */
export const cardTypes = pgTable('card_types', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
});

/** Exchange rates for showing prices in a property's other currencies: 1 `base` = `rate` `currency`. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    base: char('base', { length: 3 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 8, mode: 'number' }).notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.base, t.currency] }),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
    check('exchange_rates_distinct_currencies', sql`${t.base} <> ${t.currency}`),
  ],
);
