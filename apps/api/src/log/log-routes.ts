import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { type ApiRouter, rateLimit } from '../http';
import { AppError } from '../errors';
import { largestLogBodyBytes, logRequestSchema } from './log-request';
import { writeWebLog } from './web-log';

/**
 * The API's JSON parser (100 kB) has already read the body, so its size is judged after the
 * fact: the declared Content-Length, or the re-serialised fields when that is larger (a chunked
 * or compressed request). Re-serialising never makes JSON longer than what was sent, so an
 * honest body under the limit is never refused. Only top-level text and numbers are measured:
 * the schema refuses a nested value in a field it knows and drops the fields it does not, and
 * serialising 45,000 nested brackets would overflow the stack.
 */
function refuseBodiesOver(largestBytes: number): RequestHandler {
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0) || 0;
    const fields: unknown[] = req.body !== null && typeof req.body === 'object' && !Array.isArray(req.body) ? Object.values(req.body) : [];
    const measured = fields.reduce<number>(
      (sum, value) => sum + (typeof value === 'object' && value !== null ? 0 : Buffer.byteLength(String(value))),
      0,
    );
    if (Math.max(declared, measured) > largestBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    next();
  };
}

/**
 * A browser's diagnostic is kept rather than refused when one of its texts holds a lone
 * surrogate (a message cut between the two halves of an emoji): nobody retypes a diagnostic,
 * and losing the report of a failure costs more than a U+FFFD in a log line. The route's check
 * at the edge refuses ill-formed text everywhere else. Only top-level texts: every field of the
 * schema is one, and it refuses or drops anything nested.
 */
function replaceCutCharacters(): RequestHandler {
  return (req, _res, next) => {
    const body: unknown = req.body;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      for (const [key, value] of Object.entries(body)) {
        if (typeof value === 'string' && !value.isWellFormed()) (body as Record<string, unknown>)[key] = value.toWellFormed();
      }
    }
    next();
  };
}

export function registerLogRoutes(api: ApiRouter, context: AppContext): void {
  // A browser in an error loop must not flood the log: counted per client address across processes.
  const limiter = rateLimit(
    { name: 'web-log', windowMs: 60_000, limit: 60, message: 'Too many diagnostics from this address. Please try again in a minute.' },
    context,
  );
  api.router.post('/Log', limiter, refuseBodiesOver(largestLogBodyBytes), replaceCutCharacters());

  api.route(
    {
      method: 'post',
      path: '/api/Log',
      operationId: 'logClientDiagnostic',
      summary: 'Front-end diagnostics into the server log (card numbers, e-mail addresses and secrets removed)',
      tag: 'Log',
      body: logRequestSchema,
      status: 204,
      response: z.null(),
      errors: { 413: `Body larger than ${largestLogBodyBytes} bytes`, 429: 'Too many diagnostics from this client address' },
    },
    ({ body }, req) => {
      writeWebLog(req.log, body);
      return null;
    },
  );
}
