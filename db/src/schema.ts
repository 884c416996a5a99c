/**
 * The whole database schema in one object, for drizzle (`drizzle(client, { schema })`, which
 * gives `db.query.<table>`) and drizzle-kit. This is the package's one aggregator: code that needs a
 * single table may import it from its own file (`@hotel/db/schema/reservation`).
 *
 * Column names are spelled out in snake_case on every column, so no `casing` option is needed
 * (nor wanted) in `drizzle()` or drizzle-kit.
 */
export * from './schema/account';
export * from './schema/api-key';
export * from './schema/audit-log';
export * from './schema/company';
export * from './schema/gift-voucher';
export * from './schema/idempotency-record';
export * from './schema/mail-outbox';
export * from './schema/payment';
export * from './schema/promotion';
export * from './schema/property';
export * from './schema/rate-limit-counter';
export * from './schema/rate-plan';
export * from './schema/reference-data';
export * from './schema/reservation';
export * from './schema/reservation-change';
export * from './schema/reservations-feed';
export * from './schema/restaurant';
export * from './schema/room-type';
export * from './schema/service';
export * from './schema/webhook-delivery';
