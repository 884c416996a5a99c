import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/server';
import { aDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(port: number, body: string, { firstPart }: { firstPart: number }) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'PUT',
    path: '/api/Admin/Definition',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Api-Key': 'test-admin-key-0123456789' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, firstPart));
  return { finish: () => request.end(body.slice(firstPart)), answer };
}

describe('listening', () => {
  it('listens on the address it is given (HOST), not on every interface', async () => {
    const running = await listen(t.app, 0, '127.0.0.1', t.context.logger);
    try {
      expect(running.server.address()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    } finally {
      await running.stop(1_000);
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes a request already in flight, refuses new connections, then stops', async () => {
    const running = await listen(t.app, 0, '127.0.0.1', t.context.logger);
    const body = JSON.stringify(aDefinition());
    const inFlight = send(running.port, body, { firstPart: 20 });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the server has the request's head

    let stopped = false;
    const stopping = running.stop(5_000).then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));

    await expect(fetch(`http://127.0.0.1:${running.port}/healthz`)).rejects.toThrow();
    expect(stopped).toBe(false);

    inFlight.finish();
    expect(await inFlight.answer).toEqual({ status: 200, body: JSON.stringify({ Success: true, Properties: ['TEST'] }) });
    await stopping;
    expect(stopped).toBe(true);
  });
});
