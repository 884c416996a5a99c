import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, jsonb, pgEnum, pgTable, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { properties } from './property';
import { cardTypes } from './reference-data';
import { instant, timestamps } from './shared-columns';

/**
 * A registered guest or booker. E-mail addresses are unique whatever their case (the unique
 * index is on `lower(email)`: look users up with `lower(email) = lower($1)`). The password is
 * an argon2id hash, never the password.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    telephone: text('telephone'),
    receiveBrandOffers: boolean('receive_brand_offers').notNull().default(false),
    canChoosePaymentMethod: boolean('can_choose_payment_method').notNull().default(false),
    emailConfirmedAt: instant('email_confirmed_at'),
    /** The property the user registered through (their confirmation e-mail's branding). */
    registeredPropertyId: integer('registered_property_id').references(() => properties.id, {
      onDelete: 'set null',
    }),
    lastLoginAt: instant('last_login_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_lower_email_key').on(sql`lower(${t.email})`)],
);

/**
 * Login sessions for an express-session store shared by every API process. `data` is the
 * serialised session; `user_id` mirrors its passport user so a password change can end the
 * user's other sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt), index('sessions_user_id_idx').on(t.userId)],
);

/** What a single-use token proves when it comes back. */
export const oneTimeTokenPurpose = pgEnum('one_time_token_purpose', ['confirm_email', 'reset_password']);

/**
 * Single-use, expiring tokens e-mailed to a user. Only the SHA-256 hash of the token is kept
 * (64 lowercase hex characters): a database leak gives nobody a usable link.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: oneTimeTokenPurpose('purpose').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('one_time_tokens_user_id_purpose_idx').on(t.userId, t.purpose),
    index('one_time_tokens_expires_at_idx').on(t.expiresAt),
    check('one_time_tokens_token_hash_is_sha256_hex', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A card a user asked to keep: the payment gateway's token, the brand, the last four digits
 * and the expiry. The card number and security code are never stored.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    gatewayToken: text('gateway_token').notNull(),
    cardTypeId: smallint('card_type_id')
      .notNull()
      .references(() => cardTypes.id, { onDelete: 'restrict' }),
    last4: char('last4', { length: 4 }).notNull(),
    expiryMonth: smallint('expiry_month').notNull(),
    expiryYear: smallint('expiry_year').notNull(),
    nameOnCard: text('name_on_card'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('saved_cards_user_id_gateway_token_key').on(t.userId, t.gateway, t.gatewayToken),
    check('saved_cards_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('saved_cards_expiry_month_range', sql`${t.expiryMonth} BETWEEN 1 AND 12`),
    check('saved_cards_expiry_year_range', sql`${t.expiryYear} BETWEEN 2000 AND 2200`),
  ],
);
