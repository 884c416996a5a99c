import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
});
afterAll(() => t.close());

// Each test comes from its own address, so the per-address limit of one never touches another.
let clientNumber = 0;
let client: string;
beforeEach(() => {
  client = `203.0.113.${++clientNumber}`;
});

const post = (body: unknown, from = client) =>
  request(t.app)
    .post('/api/Log')
    .set('X-Forwarded-For', from)
    .send(body as object);

/** The web-sourced log entries written so far, parsed. */
const webEntries = () => t.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.source === 'web');

describe('POST /api/Log', () => {
  it('writes the diagnostic into the log at its level, marked as coming from the web, and answers 204 with no body', async () => {
    const response = await post({
      Level: 'error',
      Message: 'Failed to create booking',
      Code: 'INTERNAL_ERROR',
      Status: 500,
      Url: '/api/Reservation/Create',
      Method: 'post',
      Details: 'Something went wrong on our side',
    }).expect(204);
    expect(response.text).toBe('');
    expect(response.headers['content-type']).toBeUndefined();
    expect(webEntries().at(-1)).toMatchObject({
      level: 50,
      source: 'web',
      msg: 'Failed to create booking',
      code: 'INTERNAL_ERROR',
      status: 500,
      url: '/api/Reservation/Create',
      method: 'POST',
      details: 'Something went wrong on our side',
      req: expect.objectContaining({ id: expect.any(String) }),
    });
  });

  it('writes a declined card (or any 4xx) sent as an error as a warning: the guest’s to fix, not our fault', async () => {
    await post({ Level: 'error', Message: 'Your card was declined.', Code: 'PAYMENT_DECLINED', Status: 402 }).expect(204);
    expect(webEntries().at(-1)).toMatchObject({ level: 40, code: 'PAYMENT_DECLINED', status: 402 });
  });

  it.each([
    ['warn', 40],
    ['info', 30],
  ])('writes a %s at pino level %i, with only the fields sent', async (Level, level) => {
    await post({ Level, Message: `a ${Level}` }).expect(204);
    const entry = webEntries().at(-1)!;
    expect(entry).toMatchObject({ level, msg: `a ${Level}`, source: 'web' });
    expect(entry).not.toHaveProperty('code');
    expect(entry).not.toHaveProperty('url');
  });

  it('never writes card numbers, security codes, e-mail addresses, passwords or link tokens', async () => {
    await post({
      Level: 'error',
      Message: 'Payment failed for 4111 1111 1111 1111 (ann@example.com), password=hunter2',
      Code: '5555555555554444',
      Url: '/Book/TEST/Confirmation/Zq3xVbN81kLmPq0rStUvWx-_yz?confirmationToken=Qw9Qw9Qw9',
      Details: JSON.stringify({
        CardDetails: { CardNumber: '378282246310005', SecurityCode: '1234' },
        Booker: { Email: 'bob@example.org' },
      }),
    }).expect(204);
    const logs = t.logLines.join('\n');
    for (const secret of [
      // Not '4111' alone: a random request id (a UUID in every line) holds it now and then.
      '4111 1111',
      '5555555555554444',
      '378282246310005',
      '"1234"',
      'ann@example.com',
      'bob@example.org',
      'hunter2',
      'Zq3xVbN81k',
      'Qw9Qw9Qw9',
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(webEntries().at(-1)).toMatchObject({ msg: 'Payment failed for [removed] ([removed]), password=[removed]' });
  });

  it('answers 400 with ModelState for each field that is wrong, and logs nothing', async () => {
    const before = webEntries().length;
    const response = await post({ Level: 'debug', Message: ' ', Status: 'teapot', Method: 'GET /x', Url: 'x'.repeat(2001) }).expect(400);
    expect(response.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: {
        Level: ['Level must be error, warn or info'],
        Message: ['Message is required'],
        Status: [expect.any(String)],
        Url: [expect.any(String)],
        Method: ['Method must be an HTTP method such as GET'],
      },
      Code: 'VALIDATION_FAILED',
    });
    await post({ Level: 'error', Message: 'x'.repeat(2001) }).expect(400);
    await post({ Level: 'error', Message: 'ok', Details: 'x'.repeat(4001) }).expect(400);
    await request(t.app).post('/api/Log').set('X-Forwarded-For', client).set('Content-Type', 'text/plain').send('hello').expect(400);
    expect(webEntries()).toHaveLength(before);
  });

  it('answers 413 for a body over 8 kB, before looking at its fields', async () => {
    const response = await post({ Level: 'error', Message: 'big', Padding: 'x'.repeat(8_200) }).expect(413);
    expect(response.body).toEqual({ Message: 'The request body is too large.', Code: 'PAYLOAD_TOO_LARGE' });
    await post({ Level: 'error', Message: 'just under', Padding: 'x'.repeat(8_000) }).expect(204);
  });

  /** Posts raw bytes, as supertest cannot send a chunked or pre-compressed body. */
  async function postRaw(headers: Record<string, string>, chunks: (string | Buffer)[]): Promise<number> {
    const server = t.app.listen(0);
    try {
      return await new Promise<number>((resolve, reject) => {
        const port = (server.address() as AddressInfo).port;
        const req = http.request(
          {
            port,
            method: 'POST',
            path: '/api/Log',
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client, ...headers },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
    } finally {
      server.close();
    }
  }

  it('answers 413 for a chunked body over 8 kB too (no Content-Length to go by)', async () => {
    const chunks = ['{"Level":"error","Message":"big","Padding":"', ...Array.from({ length: 9 }, () => 'x'.repeat(1_000)), '"}'];
    expect(await postRaw({ 'Transfer-Encoding': 'chunked' }, chunks)).toBe(413);
    expect(await postRaw({ 'Transfer-Encoding': 'chunked' }, ['{"Level":"info",', '"Message":"small"}'])).toBe(204);
  });

  it('answers 4xx, not 500, for 45,000 nested brackets, with or without a Content-Length', async () => {
    const deep = '['.repeat(45_000) + ']'.repeat(45_000);
    await request(t.app).post('/api/Log').set('X-Forwarded-For', client).set('Content-Type', 'application/json').send(deep).expect(413);
    const inDetails = `{"Level":"error","Message":"deep","Details":${deep}}`;
    expect(await postRaw({ 'Transfer-Encoding': 'chunked' }, [inDetails])).toBe(400);
    expect(await postRaw({ 'Transfer-Encoding': 'chunked' }, [deep])).toBe(400);
  });

  it('answers 413 for a compressed body that is over 8 kB once inflated', async () => {
    const inflated = JSON.stringify({ Level: 'error', Message: 'big', Padding: 'x'.repeat(20_000) });
    const compressed = gzipSync(inflated);
    expect(compressed.length).toBeLessThan(1_000);
    expect(await postRaw({ 'Content-Encoding': 'gzip', 'Content-Length': String(compressed.length) }, [compressed])).toBe(413);
  });

  it('answers 429 through the error path after 60 diagnostics a minute from one address, others unaffected', async () => {
    t.setNow('2027-03-01T10:00:00Z');
    for (let i = 0; i < 60; i++) await post({ Level: 'info', Message: `n${i}` }).expect(204);
    const refused = await post({ Level: 'info', Message: 'one too many' }).expect(429);
    expect(refused.body).toEqual({
      Message: 'Too many diagnostics from this address. Please try again in a minute.',
      Code: 'RATE_LIMITED',
    });
    expect(refused.headers['retry-after']).toBe('60');
    await post({ Level: 'info', Message: 'a neighbour' }, '198.51.100.200').expect(204);
    t.setNow('2027-03-01T10:01:00Z');
    await post({ Level: 'info', Message: 'a new minute' }).expect(204);
  });

  it('is in the OpenAPI document with its 204, 413, 429 and 503 (the database away), and what every write answers', async () => {
    const { body } = await request(t.app).get('/api/openapi.json').expect(200);
    expect(Object.keys(body.paths['/api/Log'].post.responses).sort()).toEqual(['204', '400', '403', '413', '429', '431', '500', '503']);
  });
});
