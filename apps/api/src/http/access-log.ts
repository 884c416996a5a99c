import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';
import { rememberingUrlSanitizer } from '../log-sanitizer';
import { loggedCaller } from './admin-api-key';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: the caller's `X-Request-Id` when it is a plain token, otherwise a new UUID. */
    id: string;
    /** A logger whose lines carry this request's id, method and (sanitised) address. */
    log: Logger;
  }
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;
const unlogged: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** The request as a log line shows it: confirmation tokens and e-mailed link codes travel in URLs, never into the log. */
function loggedRequest(req: IncomingMessage, url: string, sanitizeUrl: (url: string) => string) {
  return { id: req.id, method: req.method, url: sanitizeUrl(url) };
}

/** The status, and where a redirect sends the guest; not the dozen security headers every answer carries. */
function loggedResponse(res: ServerResponse, sanitizeUrl: (url: string) => string) {
  const location = res.getHeader('location');
  return typeof location === 'string' ? { statusCode: res.statusCode, location: sanitizeUrl(location) } : { statusCode: res.statusCode };
}

/**
 * Gives every request an id (echoed in `X-Request-Id`) and a logger, and writes one line when
 * its answer is sent: id, method, address, status and time, and on admin calls the key that acted. It does by hand the little of
 * pino-http the API used, because pino-http built two child loggers per request, serialising
 * and redacting the request each time: an eighth of the CPU of a cached search. The request's
 * own logger is built only when something logs through it (errors, mostly).
 */
export function accessLog(logger: Logger): RequestHandler {
  // Its lines hold only what is built below from sanitised parts, so the redaction the other
  // lines pass through (a walk of every redacted path, wildcards included) has nothing to find.
  const lines = logger.child({}, { redact: { paths: [] } });
  const sanitizeUrl = rememberingUrlSanitizer();
  return (req, res, next) => {
    const started = performance.now();
    // Routers mounted on a path rewrite `req.url`; the line shows the address the client asked for.
    const url = req.originalUrl;
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    let requestLogger: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (requestLogger ??= logger.child({ req: loggedRequest(req, url, sanitizeUrl) })),
    });
    if (unlogged.has(url)) return next();

    const done = () => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const line = {
        req: loggedRequest(req, url, sanitizeUrl),
        res: loggedResponse(res, sanitizeUrl),
        responseTime: Math.round(performance.now() - started),
        // Which key acted on an admin call, so each change can be traced to whoever holds it.
        ...(req.adminCaller ? { key: loggedCaller(req.adminCaller) } : {}),
      };
      if (!res.writableFinished) lines.warn(line, 'request aborted');
      else if (res.statusCode >= 500) lines.error(line, 'request failed');
      else if (res.statusCode >= 400) lines.warn(line, 'request completed');
      else lines.info(line, 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
