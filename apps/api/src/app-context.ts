import type { Config } from './config';
import type { Database } from './database/db';
import type { Logger } from './logger';
import type { MailTransport } from './mail/mail-transport';
import type { PaymentGateway } from './payments/payment-gateway';

/** The clock is injected so that tests can pin "now"; production passes `systemClock`. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** Everything a request handler may need, built once at start-up. */
export type AppContext = {
  config: Config;
  database: Database;
  logger: Logger;
  clock: Clock;
  paymentGateway: PaymentGateway;
  /** Used by the mail dispatcher only: use cases put mail in the outbox (mail/outbox.ts). */
  mailTransport: MailTransport;
};
