import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Found by the fuzz test: the router's URIError on a path segment it cannot decode was a 500.
describe('a path segment that is not valid percent-encoding', () => {
  it.each(['/api/Property/%ED%A0%80', '/api/Property/%E0%A4%A', '/api/StaticData/%/countries', '/api/Book/Config/%FF'])(
    '%s answers 400 with a clear message',
    async (path) => {
      const response = await request(t.app).get(path).expect(400);
      expect(response.body).toEqual({
        Message: 'The address is not valid: a part of its path is not correctly percent-encoded.',
        Code: 'VALIDATION_FAILED',
      });
      expect(t.logLines.some((line) => line.includes('unhandled error'))).toBe(false);
    },
  );
});
