import express from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRouter, SENT_BY_HANDLER } from '../../src/http/api-router';
import { AppError, notFound } from '../../src/errors';
import { errorHandler } from '../../src/http/error-response';
import { checkAnswersOf, request } from '../support/request';

/** An app with one declared route, answering `answer` whatever its schema says (drift slips past the types through a cast). */
function appAnswering(answer: unknown) {
  const api = new ApiRouter();
  api.route(
    {
      method: 'get',
      path: '/api/Thing/{id}',
      operationId: 'getThing',
      summary: 'A thing',
      tag: 'Property',
      params: z.object({ id: z.string() }),
      response: z.object({ Name: z.string(), Size: z.number().nullable() }),
      errors: { 404: 'No such thing' },
    },
    ({ params }, _req, res) => {
      if (params.id === 'missing') throw notFound('There is no such thing.');
      if (params.id === 'odd-error') {
        res.status(404).json({ Error: 'gone' });
        return SENT_BY_HANDLER;
      }
      if (params.id === 'teapot') {
        res.status(418).json({ Message: 'I am a teapot.', Code: 'TEAPOT' });
        return SENT_BY_HANDLER;
      }
      if (params.id === 'payment') throw new AppError('PAYMENT_DECLINED', 'The card was declined.');
      return answer as { Name: string; Size: number | null };
    },
  );
  const app = express();
  app.use('/api', api.router);
  app.use(errorHandler);
  checkAnswersOf(app, api);
  return app;
}

describe('every answer an API test receives is checked against its route', () => {
  it('passes an answer that is what the response schema declares, and an error in the shared error body', async () => {
    const app = appAnswering({ Name: 'Lamp', Size: null });
    await request(app).get('/api/Thing/1').expect(200);
    await request(app).get('/api/Thing/missing').expect(404);
  });

  it('fails the test when a declared field is missing or of another type', async () => {
    await expect(request(appAnswering({ Name: 'Lamp' })).get('/api/Thing/1')).rejects.toThrow(
      /GET \/api\/Thing\/1 answered 200 off its contract: Size/,
    );
    await expect(request(appAnswering({ Name: 'Lamp', Size: '3' })).get('/api/thing/1')).rejects.toThrow(/off its contract: Size/);
  });

  it('fails the test when the answer has a field the schema does not declare', async () => {
    await expect(request(appAnswering({ Name: 'Lamp', Size: 3, Colour: 'red' })).get('/api/Thing/1')).rejects.toThrow(
      /fields its schema does not declare/,
    );
  });

  it('fails the test when an error answer is not the shared error body', async () => {
    await expect(request(appAnswering({ Name: 'Lamp', Size: 3 })).get('/api/Thing/odd-error')).rejects.toThrow(
      /answered 404 off its contract: Message/,
    );
  });

  it('fails the test when the answer has a status its route does not declare, naming the route and the status', async () => {
    // 402 is not in the route's errors, nor among what every GET answers by construction.
    await expect(request(appAnswering({ Name: 'Lamp', Size: 3 })).get('/api/Thing/payment')).rejects.toThrow(
      /GET \/api\/Thing\/payment answered 402, a status GET \/api\/Thing\/\{id\} does not declare/,
    );
    // Not JSON a schema could read, and still checked: the status is the contract too.
    await expect(request(appAnswering({ Name: 'Lamp', Size: 3 })).get('/api/Thing/teapot')).rejects.toThrow(/answered 418, a status/);
  });

  it('passes what every route of its kind answers without declaring it: a conditional GET answered 304', async () => {
    const app = appAnswering({ Name: 'Lamp', Size: 3 });
    const { headers } = await request(app).get('/api/Thing/1').expect(200);
    await request(app).get('/api/Thing/1').set('If-None-Match', String(headers.etag)).expect(304);
  });
});
