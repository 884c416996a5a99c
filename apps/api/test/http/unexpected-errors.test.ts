import { checkAnswersOf, request } from '../support/request';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { createAppContext, systemClock } from '../../src/app-context';
import { loadConfig } from '../../src/config';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { createLogger } from '../../src/logger';
import { createTestApp } from '../support/test-app';

describe('unexpected failures', () => {
  it('answer 500 with a request id and nothing about internals', async () => {
    const t = await createTestApp();
    await t.database.close(); // every query now fails in a way no route expects
    const response = await request(t.app).get('/api/Property/1').expect(500);
    expect(response.body).toEqual({
      Message: 'Something went wrong on our side. Please try again, and contact us if it keeps happening.',
      Code: 'INTERNAL_ERROR',
      RequestId: response.headers['x-request-id'],
    });
    expect(t.logLines.some((line) => line.includes('unhandled error'))).toBe(true);
    await t.close();
  });

  it('answer 503 while the database cannot be reached, and /readyz says so', async () => {
    const logger = createLogger('silent');
    const database = openPostgresDatabase({ connectionString: 'postgres://postgres@127.0.0.1:1/none', logger });
    const config = loadConfig({ NODE_ENV: 'test' });
    const { app, api } = createApp(createAppContext({ config, database, logger, clock: systemClock }));
    checkAnswersOf(app, api);
    const response = await request(app).get('/api/Property/1').expect(503);
    expect(response.body).toEqual({
      Message: 'The service is temporarily unavailable. Please try again in a moment.',
      Code: 'DATABASE_UNAVAILABLE',
    });
    expect(response.headers['retry-after']).toBe('5');
    const ready = await request(app).get('/readyz').expect(503);
    expect(ready.headers['retry-after']).toBe('5');
    await database.close();
  });

  it('every call declares that 503 in the OpenAPI document, beside its own', async () => {
    const logger = createLogger('silent');
    const database = openPostgresDatabase({ connectionString: 'postgres://postgres@127.0.0.1:1/none', logger });
    const { app } = createApp(createAppContext({ config: loadConfig({ NODE_ENV: 'test' }), database, logger, clock: systemClock }));
    const { body } = await request(app).get('/api/openapi.json').expect(200);
    const operations = Object.values(
      body.paths as Record<string, Record<string, { responses: Record<string, { description: string }> }>>,
    ).flatMap((path) => Object.values(path));
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((operation) => !operation.responses['503']?.description.includes('DATABASE_UNAVAILABLE'))).toEqual([]);
    expect(body.paths['/api/Reservation/Create'].post.responses['503'].description).toMatch(/payment.*DATABASE_UNAVAILABLE/is);
    await database.close();
  });
});
