import { Router } from 'express';
import type { AppContext } from '../app-context';

/** `/healthz`: the process answers. `/readyz`: and its database does too (for load balancers). */
export function healthRouter({ database }: AppContext): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    try {
      await database.ping();
      res.json({ status: 'ready', database: database.driver });
    } catch (error) {
      req.log.warn({ err: error }, 'readiness check failed');
      res.setHeader('Retry-After', '5');
      res.status(503).json({ status: 'unavailable', database: database.driver });
    }
  });
  return router;
}
