import { Router } from 'express';
import type { AppContext } from '../app-context';

/** What /readyz and the start log say while the test gateway takes the payments of a production site. */
export const testPaymentsWarning = 'PAYMENTS=test: card payments go to the test gateway, which takes no money';

/**
 * `/healthz`: the process answers. `/readyz`: and its database does too (for load balancers),
 * and which gateway takes card payments, loudly when a production site runs the test gateway.
 */
export function healthRouter({ database, config }: AppContext): Router {
  const payments = config.isProduction ? { payments: config.payments, warning: testPaymentsWarning } : { payments: config.payments };
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    try {
      await database.ping();
      res.json({ status: 'ready', database: database.driver, ...payments });
    } catch (error) {
      req.log.warn({ err: error }, 'readiness check failed');
      res.setHeader('Retry-After', '5');
      res.status(503).json({ status: 'unavailable', database: database.driver });
    }
  });
  return router;
}
