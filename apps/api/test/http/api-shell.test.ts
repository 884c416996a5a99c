import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await givenDefinition(
    t.context,
    aDefinition(aProperty({ Code: 'SHELL', Name: 'Shell Hotel', CreditCards: ['Visa', 'American Express'] })),
  );
});
afterAll(() => t.close());

describe('GET /api/Property/{id}', () => {
  it('answers the property by its code with the wire field names', async () => {
    const response = await request(t.app).get('/api/Property/SHELL').expect(200);
    expect(response.body).toMatchObject({
      PropertyCode: 'SHELL',
      PropertyName: 'Shell Hotel',
      PropertyAddress: '1 Test Street, Testville',
      Currency: 'GBP',
      AvailableCurrencies: ['GBP'],
      DefaultPhoneCountryCode: 'GB',
      StandardVatRate: 20,
      IsStandardTaxExclusive: false,
      HasRating: false,
      AccommodationUnitNoun: 'room',
      CreditCards: [
        { Name: 'Visa', Code: 'visa' },
        { Name: 'American Express', Code: 'amex' },
      ].map((card) => expect.objectContaining(card)),
    });
    expect(response.body.PropertyId).toEqual(expect.any(Number));
  });

  it('answers the same property by its numeric id', async () => {
    const { body } = await request(t.app).get('/api/Property/SHELL');
    const byId = await request(t.app).get(`/api/Property/${body.PropertyId}`).expect(200);
    expect(byId.body).toEqual(body);
  });

  it('answers 404 with a message for an unknown property', async () => {
    const response = await request(t.app).get('/api/Property/NOPE').expect(404);
    expect(response.body).toEqual({ Message: 'There is no property "NOPE". Check the address you were given.', Code: 'NOT_FOUND' });
  });

  it('answers 404 for an id beyond what the database can hold', async () => {
    await request(t.app).get('/api/Property/99999999999').expect(404);
  });

  it('answers 400 with ModelState for an id that cannot be one', async () => {
    const response = await request(t.app).get('/api/Property/%3Cscript%3E').expect(400);
    expect(response.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { id: ['A property id or code is required'] },
      Code: 'VALIDATION_FAILED',
    });
  });
});

describe('error shapes', () => {
  it('answers JSON 404 for an unknown /api call', async () => {
    const response = await request(t.app).get('/api/NoSuchThing').expect(404);
    expect(response.body).toEqual({ Message: expect.stringContaining('There is no such API call'), Code: 'NOT_FOUND' });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await request(t.app).post('/api/Anything').set('Content-Type', 'application/json').send('{"PropertyId": ').expect(400);
    expect(response.body).toEqual({ Message: 'The request body is not valid JSON.', Code: 'MALFORMED_JSON' });
  });

  it('answers 413 for a body over 100 kB', async () => {
    const response = await request(t.app)
      .post('/api/Anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ Notes: 'x'.repeat(110_000) }))
      .expect(413);
    expect(response.body).toEqual({ Message: 'The request body is too large.', Code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sets security headers and a request id', async () => {
    const response = await request(t.app).get('/api/Property/SHELL').set('X-Request-Id', 'trace-123');
    expect(response.headers['x-request-id']).toBe('trace-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers 400 for a body it cannot inflate', async () => {
    const response = await request(t.app)
      .post('/api/Anything')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(Buffer.from('definitely not gzip'))
      .expect(400);
    expect(response.body).toEqual({ Message: 'The request body could not be read. Please send it again.', Code: 'VALIDATION_FAILED' });
  });

  it('never logs the confirmation tokens and link codes that travel in URLs', async () => {
    const token = 'Zq3xK9mW2pL7vB4nR8tY1cF6hJ0sD5gA-uE_iO3kM2w';
    await request(t.app).get('/api/Reservation/Status').query({ propertyId: 1, referenceNumber: token });
    await request(t.app).get(`/Book/SHELL/Confirmation/${token}`);
    expect(t.logLines.join('\n')).toContain('/api/Reservation/Status');
    expect(t.logLines.join('\n')).not.toContain(token);
  });

  it('logs each request as one line with its id, method, address, status and time, not every response header', async () => {
    const before = t.logLines.length;
    const { headers } = await request(t.app).get('/api/Property/SHELL').expect(200);
    const line = t.logLines
      .slice(before)
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.msg === 'request completed');
    expect(line).toMatchObject({
      req: { id: headers['x-request-id'], method: 'GET', url: '/api/Property/SHELL' },
      res: { statusCode: 200 },
    });
    expect(line!.res).toEqual({ statusCode: 200 });
    expect(typeof line!.responseTime).toBe('number');
  });

  it('never logs authorization headers or cookies', async () => {
    await request(t.app)
      .get('/api/Property/SHELL')
      .set('Authorization', 'Bearer very-secret-token')
      .set('Cookie', 'sid=very-secret-cookie');
    const logs = t.logLines.join('\n');
    expect(logs).toContain('/api/Property/SHELL');
    expect(logs).not.toContain('very-secret-token');
    expect(logs).not.toContain('very-secret-cookie');
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    await request(t.app).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(t.app).get('/readyz').expect(200);
    expect(ready.body.status).toBe('ready');
  });

  it('says loudly on /readyz when a production site takes card payments on the test gateway', async () => {
    const production = await createTestApp({ config: { isProduction: true, smtpUrl: 'smtp://mail.example.com:587' } });
    try {
      const ready = await request(production.app).get('/readyz').expect(200);
      expect(ready.body).toMatchObject({ status: 'ready', payments: ['test'] });
      expect(ready.body.warnings).toContainEqual(expect.stringMatching(/test gateway, which takes no money/));
    } finally {
      await production.close();
    }
  });

  it('says on /readyz that no mail leaves a production site without SMTP_URL, and not once it has one', async () => {
    const withoutMail = await createTestApp({ config: { isProduction: true, smtpUrl: undefined } });
    const withMail = await createTestApp({ config: { isProduction: true, smtpUrl: 'smtp://mail.example.com:587' } });
    try {
      const noMail = 'SMTP_URL is not set: no mail leaves this server; each e-mail is written as an .eml file under DATA_DIR/mail';
      expect((await request(withoutMail.app).get('/readyz').expect(200)).body.warnings).toContainEqual(expect.stringContaining(noMail));
      expect((await request(withMail.app).get('/readyz').expect(200)).body.warnings).not.toContainEqual(
        expect.stringContaining('SMTP_URL'),
      );
    } finally {
      await Promise.all([withoutMail.close(), withMail.close()]);
    }
  });

  it('says on /readyz that a production site allowed on http sends cookies in clear', async () => {
    const onHttp = await createTestApp({ config: { isProduction: true, publicUrl: 'http://booking.internal' } });
    const onHttps = await createTestApp({ config: { isProduction: true, publicUrl: 'https://booking.example.com' } });
    try {
      expect((await request(onHttp.app).get('/readyz').expect(200)).body.warnings).toContainEqual(
        expect.stringMatching(/^PUBLIC_URL is http:\/\/ \(ALLOW_HTTP_PUBLIC_URL=true\): .* unencrypted$/),
      );
      expect((await request(onHttps.app).get('/readyz').expect(200)).body.warnings).not.toContainEqual(expect.stringMatching(/PUBLIC_URL/));
    } finally {
      await Promise.all([onHttp.close(), onHttps.close()]);
    }
  });
});

describe('the OpenAPI document', () => {
  it('is generated from the route schemas at /api/openapi.json', async () => {
    const response = await request(t.app).get('/api/openapi.json').expect(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.paths['/api/Property/{id}'].get.responses['200']).toBeDefined();
    expect(response.body.paths['/api/Admin/Definition'].put.security).toEqual([{ adminApiKey: [] }]);
  });

  it('has a readable page at /api/docs served from our own origin', async () => {
    const page = await request(t.app).get('/api/docs').expect(200);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    await request(t.app).get('/api/docs/assets/swagger-ui-bundle.js').expect(200);
  });
});
