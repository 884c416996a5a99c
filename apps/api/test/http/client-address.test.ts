import { request } from '../support/request';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

const diagnostic = { Level: 'info', Message: 'hello' };

/** /api/Log allows 60 diagnostics a minute per client address: a cheap limit to count against. */
async function sendDiagnostics(t: TestApp, count: number, forwardedFor: (i: number) => string): Promise<void> {
  for (let i = 0; i < count; i++) {
    await request(t.app).post('/api/Log').set('X-Forwarded-For', forwardedFor(i)).send(diagnostic).expect(204);
  }
}

describe('the client address behind per-client limits', () => {
  let direct: TestApp;
  let behindOneProxy: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({ config: { trustProxy: false } });
    behindOneProxy = await createTestApp({ config: { trustProxy: 1 } });
  });
  afterAll(async () => {
    await direct.close();
    await behindOneProxy.close();
  });

  it('is the connection’s peer by default: a forged X-Forwarded-For does not rotate past the limit', async () => {
    await sendDiagnostics(direct, 60, (i) => `198.51.100.${i}`);
    await request(direct.app).post('/api/Log').set('X-Forwarded-For', '198.51.100.200').send(diagnostic).expect(429);
  });

  it('is what the trusted proxy says with TRUST_PROXY=1', async () => {
    await sendDiagnostics(behindOneProxy, 60, () => '203.0.113.5');
    await request(behindOneProxy.app).post('/api/Log').set('X-Forwarded-For', '203.0.113.5').send(diagnostic).expect(429);
    await request(behindOneProxy.app).post('/api/Log').set('X-Forwarded-For', '203.0.113.6').send(diagnostic).expect(204);
  });
});
