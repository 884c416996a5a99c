import { createAppContext } from '../src/app-context';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/database';
import { createLogger } from '../src/logger';

/** Stands for any part of a database (its pools, its drizzle handle) and throws when called. */
function absent(): unknown {
  return new Proxy(() => undefined, {
    get: (_target, key) => (key === 'then' ? undefined : absent()),
    apply: () => {
      throw new Error('The OpenAPI document is built without a database');
    },
  });
}

/**
 * The OpenAPI document the API serves, built without a database: declaring the routes queries
 * none (a query at start-up would throw here), so the linters run anywhere, offline.
 */
export function openApiDocument(): object {
  const database = absent() as Database;
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_API_KEY: 'openapi-document-only-0123456789',
    // A site's own address, as production has one (the linters flag localhost).
    PUBLIC_URL: 'https://book.hotel.test',
  });
  const context = createAppContext({ config, database, logger: createLogger('silent'), clock: { now: () => new Date() } });
  const { api } = createApp(context);
  return api.openApiDocument({ title: 'Hotel booking engine API', version: '1.0.0', serverUrl: config.publicUrl });
}
