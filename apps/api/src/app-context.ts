import type passport from 'passport';
import { createAccountAuthenticator } from './account';
import { createAvailabilityCaches, type AvailabilityCaches } from './availability';
import type { Config } from './config';
import type { Database } from './database';
import type { Logger } from './logger';
import { createMailTransport, MailEnqueued, type MailTransport } from './mail';
import { createPaymentGateways, type GatewayOverrides, type PaymentGateways } from './payments';
import { ReservationNumberStock } from './booking';
import { KnownCountryIds } from './static-data';

/** The clock is injected so that tests can pin "now"; production passes `systemClock`. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/**
 * Everything a request handler may need, built once at start-up by `createAppContext`. The
 * caches and stocks below are all the state the API keeps between requests: no module holds
 * any. A second context on the same database is a second API process.
 */
export type AppContext = {
  config: Config;
  database: Database;
  logger: Logger;
  clock: Clock;
  /** The card gateways this process runs: a property's (`forProperty`), a payments row's (`byName`). */
  paymentGateways: PaymentGateways;
  /** Used by the mail dispatcher only: use cases put mail in the outbox (mail/outbox.ts). */
  mailTransport: MailTransport;
  /** Use cases notify it after committing mail to the outbox; this process's dispatcher sends at once. */
  mailEnqueued: MailEnqueued;
  /** Prepared reads, catalogues and answers of searches and calendars (availability/availability-caches.ts). */
  availability: AvailabilityCaches;
  /** Reservation numbers checked unused ahead of the bookings that take them. */
  reservationNumbers: ReservationNumberStock;
  /** The static country list's ids, read once. */
  countryIds: KnownCountryIds;
  /** Passport with the local strategy, shared by the session middleware and the login route. */
  authenticator: passport.Authenticator;
};

/** What only the caller knows; the rest of the context is built from it. */
export type ContextBase = Pick<AppContext, 'config' | 'database' | 'logger' | 'clock'> &
  Partial<Pick<AppContext, 'mailTransport'>> & {
    /** Gateways that replace the configured ones (tests). */
    gateways?: GatewayOverrides;
  };

/** The application's context: the services, caches and stocks of one API process on `base.database`. */
export function createAppContext(base: ContextBase): AppContext {
  const { config, database, logger, clock } = base;
  const services = {
    config,
    database,
    logger,
    clock,
    paymentGateways: createPaymentGateways(config, clock, base.gateways),
    mailTransport: base.mailTransport ?? createMailTransport(config, logger),
    mailEnqueued: new MailEnqueued(),
    availability: createAvailabilityCaches(database.db, clock),
    reservationNumbers: new ReservationNumberStock(database.db),
    countryIds: new KnownCountryIds(database.db),
  };
  return { ...services, authenticator: createAccountAuthenticator(services) };
}
