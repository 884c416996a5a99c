import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type Request, type Response } from 'express';
import { AppError } from '../errors';

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
 * What a page adds to the client's index.html for the address it was asked for: markup for its
 * head, and the key under which that page is kept (the same key, the same markup).
 */
export type PageHead = { markup: string; key: string };

/** Most pages kept rendered; the oldest goes first. Each is one property's index.html, a few kB. */
const RENDERED_PAGES_KEPT = 500;

/**
 * index.html, read again when a new build replaces it (a build empties the assets its old copy
 * names), and the pages rendered from it.
 */
class PageShell {
  private modified = -1;
  private html = '';
  private readonly rendered = new Map<string, string>();

  constructor(private readonly file: string) {}

  async render(head: PageHead | undefined): Promise<string> {
    const { mtimeMs } = await stat(this.file);
    if (mtimeMs !== this.modified) {
      this.html = await readFile(this.file, 'utf8');
      this.modified = mtimeMs;
      this.rendered.clear();
    }
    if (head === undefined) return this.html;
    let page = this.rendered.get(head.key);
    if (page === undefined) {
      page = this.html.replace('</head>', `${head.markup}\n  </head>`);
      this.rendered.set(head.key, page);
      if (this.rendered.size > RENDERED_PAGES_KEPT) this.rendered.delete(this.rendered.keys().next().value!);
    }
    return page;
  }
}

/**
 * Serves the built client: hashed assets cached for a year, everything else falls back to
 * index.html so that client-side routes like /Book/DEMO load on a direct visit. `page` may
 * adjust the headers of such a page for the address it was asked for, and give markup for its head.
 */
export function serveWebClient(
  app: Express,
  dist: string,
  page: (req: Request, res: Response) => Promise<PageHead | undefined> = async () => undefined,
): void {
  // The build makes no source maps; one left in a dist folder by hand is not served either.
  app.use((req, _res, next) => {
    if (req.path.endsWith('.map')) throw new AppError('NOT_FOUND', 'There is no such file.');
    next();
  });
  app.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: true }));
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  const shell = new PageShell(path.join(dist, 'index.html'));
  app.get(/^(?!\/api\/).*/, async (req, res, next) => {
    if (!req.accepts('html')) return next();
    const head = await page(req, res);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(await shell.render(head));
  });
}
