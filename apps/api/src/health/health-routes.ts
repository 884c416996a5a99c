import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import type { AppContext } from '../app-context';
import { rawRows } from '../database';
import { STUCK_AFTER_MS } from '../booking';
import { countMovementsNeedingAttention, missingProviderWarnings } from '../payments';
import { configurationWarnings } from './configuration-warnings';

/**
 * `/healthz`: the process answers. `/readyz`: and its database does too (for load balancers),
 * and which gateway takes card payments, loudly when a production site runs the test gateway,
 * sends no mail or runs on http.
 * Routes of the app itself, not a router of their own: every request passes them on its way.
 */
export function registerHealthRoutes(app: Express, { database, config, paymentGateways, clock }: AppContext): void {
  const gatewayNames = [config.payments.test && 'test', config.payments.stripe && 'stripe', config.payments.paystack && 'paystack'].filter(
    (name) => typeof name === 'string',
  );
  const standing = [...configurationWarnings(config), ...paymentGateways.warnings];
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (req, res) => {
    try {
      await database.ping();
      // A property whose provider this server does not run refuses every card booking: said here, not found by a guest.
      const providers = await rawRows<{ provider: string }>(database.db, sql`SELECT DISTINCT payment_provider AS provider FROM properties`);
      // Money whose outcome nobody knows for an hour is the operator's to look at (docs/payments.md).
      const { stuck, refused } = await countMovementsNeedingAttention(database.db, clock.now(), STUCK_AFTER_MS);
      const warnings = [
        ...standing,
        ...missingProviderWarnings(
          paymentGateways,
          providers.map((row) => row.provider),
        ),
        ...(stuck > 0
          ? [
              `${stuck} payment ${stuck === 1 ? 'movement has' : 'movements have'} waited over an hour for the provider's answer: see GET /api/Admin/PaymentMovements`,
            ]
          : []),
        ...(refused > 0
          ? [
              `${refused} ${refused === 1 ? 'refund was' : 'refunds were'} refused by the payment provider, money owed to guests: see GET /api/Admin/PaymentMovements`,
            ]
          : []),
      ];
      res.json({ status: 'ready', database: database.driver, payments: gatewayNames, ...(warnings.length > 0 && { warnings }) });
    } catch (error) {
      req.log.warn({ err: error }, 'readiness check failed');
      res.setHeader('Retry-After', '5');
      res.status(503).json({ status: 'unavailable', database: database.driver });
    }
  });
}
