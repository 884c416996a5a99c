import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type Request, type Response } from 'express';
import { AppError } from './app-error';

/** Where the built web client is: WEB_DIST, else `apps/web/dist` beside this package. */
export function findWebDist(configured: string | undefined): string | undefined {
  const candidates = configured
    ? [path.resolve(configured)]
    : [
        path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist'),
        path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist'),
      ];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

/**
 * Serves the built client: hashed assets cached for a year, everything else falls back to
 * index.html so that client-side routes like /Book/DEMO load on a direct visit. `pageHeaders`
 * may adjust the headers of such a page for the address it was asked for.
 */
export function serveWebClient(
  app: Express,
  dist: string,
  pageHeaders: (req: Request, res: Response) => Promise<void> = async () => {},
): void {
  // The build makes no source maps; one left in a dist folder by hand is not served either.
  app.use((req, _res, next) => {
    if (req.path.endsWith('.map')) throw new AppError('NOT_FOUND', 'There is no such file.');
    next();
  });
  app.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: true }));
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/api\/).*/, async (req, res, next) => {
    if (!req.accepts('html')) return next();
    await pageHeaders(req, res);
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(dist, 'index.html'));
  });
}
