import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import compression from 'compression';
import { Router, type Request, type Response } from 'express';
import { globalRegistry, type z } from 'zod';
import { API_KEY_SCOPE_MEANINGS, API_KEY_SCOPES, type ApiKeyScope } from '@hotel/domain/wire/api-key-scopes';
import { errorResponseSchema } from '@hotel/domain/wire/error-response';
import { issuePath, modelStateFromIssues, type ModelState } from '@hotel/domain/model-state';
import { AppError } from '../errors';
import { requireScope } from './admin-api-key';
import { JsonText } from './json-text';

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type AnyObject = z.ZodObject<z.ZodRawShape>;

export type RouteSpec<
  Body extends z.ZodType | undefined,
  Query extends AnyObject | undefined,
  Params extends AnyObject | undefined,
  Answer extends z.ZodType = z.ZodType,
> = {
  method: Method;
  /** OpenAPI form, `/api/Property/{id}`; turned into Express's `:id` form here. */
  path: string;
  /** The operation's name in the OpenAPI document, what a generated client calls it: a verb and a noun, `getProperty`. */
  operationId: string;
  summary: string;
  tag: string;
  body?: Body;
  /** The body as the OpenAPI document shows it, when the handler parses `body` itself (`z.unknown()`). */
  documentedBody?: z.ZodType;
  query?: Query;
  params?: Params;
  /** The success answer's schema (status 200 unless `status` says otherwise): it types the handler's answer. */
  response: Answer;
  status?: number;
  /** Other statuses this route answers, for the OpenAPI document. */
  errors?: Partial<Record<400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503, string>>;
} & RouteSecurity;

/**
 * Who may call a route. None: anyone (the OpenAPI document says `security: []`). An admin call
 * names the one scope a key needs for it, so no admin route can be declared open to every key.
 */
type RouteSecurity = { security?: 'session'; scope?: never } | { security: 'adminApiKey'; scope: ApiKeyScope };

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** Any call can find the database away or too busy (http/error-response.ts), so every route declares it. */
const DATABASE_UNAVAILABLE_ANSWER =
  '`DATABASE_UNAVAILABLE`: the database is away or too busy to answer in time (no free connection, or a row locked too long); send it again after the `Retry-After` seconds, with the same `Idempotency-Key` if it had one';

/** What a handler returns when it has written the response itself (a redirect, an HTML page). */
export const SENT_BY_HANDLER = Symbol('sent by the handler');

/**
 * What a handler may answer: the response schema's shape, that shape already serialised (a
 * cached answer), or SENT_BY_HANDLER.
 */
export type RouteAnswer<Answer extends z.ZodType> = z.input<Answer> | JsonText<z.input<Answer>> | typeof SENT_BY_HANDLER;

export type RouteInput<Body, Query, Params> = {
  body: Parsed<Body>;
  query: Parsed<Query>;
  params: Parsed<Params>;
};

/** A declared route as the contract checks of the tests look it up. */
export type DeclaredRoute = { method: Method; pattern: RegExp; status: number; response: z.ZodType };

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the NUL character (U+0000).';
export const ILL_FORMED_TEXT_MESSAGE = 'This text contains an invalid character (half of an emoji or symbol); please retype it.';

/** Why a text cannot be taken as it is, if it cannot. */
function textFault(text: string): string | undefined {
  // A Postgres text column cannot store U+0000.
  if (text.includes('\u0000')) return NUL_CHARACTER_MESSAGE;
  // A lone surrogate (`"\ud800"` in JSON) is no character: jsonb refuses it (a 500 where a
  // booking records its history or its browser's data), text columns and password hashes would
  // silently turn it into U+FFFD. Refused rather than replaced, so nothing is changed unseen.
  if (!text.isWellFormed()) return ILL_FORMED_TEXT_MESSAGE;
  return undefined;
}

/**
 * Every key and text in a parsed request that cannot be stored as it is, with its path and why.
 * A loop, not a recursion: a schema that passes JSON through as it is (the admin definition)
 * may hand over 45,000 nested brackets.
 */
function textFaults(parsed: unknown): { path: string; message: string }[] {
  // Each entry links to its parent, so a deep value costs no copy of its path until one is found.
  type Entry = { value: unknown; key: string | number | undefined; parent: Entry | undefined };
  const pathOf = (entry: Entry | undefined, last?: string): string => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at = entry; at?.key !== undefined; at = at.parent) path.unshift(at.key);
    return issuePath(path);
  };
  const found: { path: string; message: string }[] = [];
  const pending: Entry[] = [{ value: parsed, key: undefined, parent: undefined }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const { value } = entry;
    if (typeof value === 'string') {
      const message = textFault(value);
      if (message) found.push({ path: pathOf(entry), message });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, key: index, parent: entry }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const message = textFault(key);
        if (message) found.push({ path: pathOf(entry, key), message });
        pending.push({ value: item, key, parent: entry });
      }
    }
  }
  return found;
}

/**
 * One part of the request (params, query or body) through its schema, then through the text
 * check: every string the schema lets through, keys of records included, whichever parser
 * (JSON, query string, path) produced it. Fields the schema does not define are dropped
 * unread, as the API promises to ignore them.
 */
function parsePart(schema: z.ZodType | undefined, value: unknown, modelState: ModelState): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    Object.assign(modelState, modelStateFromIssues(result.error.issues));
    return undefined;
  }
  const faults = textFaults(result.data);
  for (const { path, message } of faults) (modelState[path] ??= []).push(message);
  return faults.length > 0 ? undefined : result.data;
}

/** A JSON answer as it is, or its compressed copy to a client that accepts gzip (the compression middleware leaves encoded answers alone). */
async function sendJsonText(req: Request, res: Response, answer: JsonText): Promise<void> {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (!answer.worthCompressing) {
    sendIdentity(req, res, answer);
    return;
  }
  res.vary('Accept-Encoding');
  if (req.headers['accept-encoding'] && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
    const body = await answer.gzipped();
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('ETag', answer.gzipEtag);
    res.send(body);
  } else {
    sendIdentity(req, res, answer);
  }
}

/** As `res.send` would (Content-Length, 304 to a conditional GET that holds it, no body to HEAD), without first copying the JSON into one buffer. */
function sendIdentity(req: Request, res: Response, answer: JsonText): void {
  res.setHeader('ETag', answer.etag);
  if (req.fresh) {
    res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', answer.byteLength);
  if (req.method === 'HEAD') res.end();
  else answer.writeTo(res);
}

/**
 * Compresses an answer serialised here, for clients that accept it. Applied per answer, not
 * to every request: an answer already serialised (`JsonText`) brings its own gzip copy, and
 * the middleware's wrapping of each response (closures that live as long as the request) was
 * the largest part of what a new-stay search left to the old generation.
 */
const compressed = compression();

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * A body schema as a reusable component of the OpenAPI document, so a generated client names
 * its type: under the id the wire schema was given (`.meta({ id })`, shared by the routes that
 * answer it), else under one made from the operation's name. Only the document sees the copy.
 */
function component(schema: z.ZodType, fallbackId: string): z.ZodType {
  return globalRegistry.get(schema)?.id ? schema : schema.meta({ id: fallbackId });
}

/**
 * Routes declared once: the same zod schemas validate the request and describe it in the
 * OpenAPI document, so the two can never drift. Handlers return the answer's body (or its
 * cached JSON text).
 */
export class ApiRouter {
  readonly router = Router();
  readonly registry = new OpenAPIRegistry();
  private document: object | undefined;
  private readonly declared: DeclaredRoute[] = [];

  constructor() {
    this.registry.registerComponent('securitySchemes', 'adminApiKey', {
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
      description: [
        'The operator key (ADMIN_API_KEY) opens every admin call for every property. A key made with `pnpm api-key:create` (`hk_live_…`) opens the calls of its scopes, for its one property (or all, when made so); each operation names the scope it needs (`x-required-scope`). Scopes:',
        ...API_KEY_SCOPES.map((scope) => `- \`${scope}\`: ${API_KEY_SCOPE_MEANINGS[scope]}`),
      ].join('\n'),
    });
    this.registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'sid' });
  }

  route<
    Body extends z.ZodType | undefined = undefined,
    Query extends AnyObject | undefined = undefined,
    Params extends AnyObject | undefined = undefined,
    Answer extends z.ZodType = z.ZodType,
  >(
    spec: RouteSpec<Body, Query, Params, Answer>,
    handler: (input: RouteInput<Body, Query, Params>, req: Request, res: Response) => Promise<RouteAnswer<Answer>> | RouteAnswer<Answer>,
  ): void {
    // The admin guard is mounted on /api/Admin only: a route there without a scope, or a
    // scoped route elsewhere, would be open to any key (or to anyone).
    if (spec.path.startsWith('/api/Admin/') !== (spec.security === 'adminApiKey')) {
      throw new Error(`${spec.path}: admin calls, and only they, are under /api/Admin/ with security 'adminApiKey' and a scope`);
    }
    this.register(spec);
    this.declared.push({
      method: spec.method,
      // Express matches paths case-insensitively, with or without a trailing slash.
      pattern: new RegExp(`^${spec.path.replace(/\{\w+\}/g, '[^/]+')}/?$`, 'i'),
      status: spec.status ?? 200,
      response: spec.response,
    });
    const expressPath = spec.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');
    this.router[spec.method](expressPath, async (req, res) => {
      if (spec.scope) requireScope(req, spec.scope);
      const modelState: ModelState = {};
      const input = {
        params: parsePart(spec.params, req.params, modelState),
        query: parsePart(spec.query, req.query, modelState),
        body: parsePart(spec.body, req.body, modelState),
      } as RouteInput<Body, Query, Params>;
      if (Object.keys(modelState).length > 0) {
        throw new AppError('VALIDATION_FAILED', 'The request is invalid.', { modelState });
      }
      const answer = await handler(input, req, res);
      if (answer === SENT_BY_HANDLER || res.headersSent) return;
      res.status(spec.status ?? 200);
      if (answer instanceof JsonText) await sendJsonText(req, res, answer);
      else compressed(req, res, () => res.json(answer));
    });
  }

  /** The route declared for a request, if any (`path` without its query). */
  declaredRoute(method: string, path: string): DeclaredRoute | undefined {
    return this.declared.find((route) => route.method === method.toLowerCase() && route.pattern.test(path));
  }

  /** The OpenAPI 3.1 document, generated once on first request. */
  openApiDocument(info: { title: string; version: string; serverUrl: string }): object {
    this.document ??= new OpenApiGeneratorV31(this.registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: { title: info.title, version: info.version },
      servers: [{ url: info.serverUrl }],
    });
    return this.document;
  }

  private register(spec: RouteSpec<z.ZodType | undefined, AnyObject | undefined, AnyObject | undefined>): void {
    const status = spec.status ?? 200;
    const scoped = spec.scope
      ? {
          description: `Needs the operator key, or a key with the scope \`${spec.scope}\` (of the property the call is about).`,
          'x-required-scope': spec.scope,
        }
      : {};
    const documentedBody = spec.documentedBody ?? spec.body;
    const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodType }> }> = {
      [String(status)]:
        status === 204
          ? { description: 'Done; no body' }
          : {
              description: 'Success',
              content: { 'application/json': { schema: component(spec.response, `${pascal(spec.operationId)}Response`) } },
            },
    };
    const errors = {
      400: 'Invalid input: `ModelState` lists the problems by field',
      ...(spec.scope ? { 401: 'Missing or wrong API key', 403: `The key lacks the scope ${spec.scope}, or is for another property` } : {}),
      ...spec.errors,
      503: spec.errors?.[503] ? `${spec.errors[503]}. Or: ${DATABASE_UNAVAILABLE_ANSWER}` : DATABASE_UNAVAILABLE_ANSWER,
    };
    for (const [status, description] of Object.entries(errors)) {
      responses[status] = { description, content: { 'application/json': { schema: errorResponseSchema } } };
    }
    this.registry.registerPath({
      method: spec.method,
      path: spec.path,
      operationId: spec.operationId,
      summary: spec.summary,
      tags: [spec.tag],
      ...scoped,
      // OpenAPI 3.1 lets an apiKey requirement list roles: the scope the key needs.
      security: spec.security ? [{ [spec.security]: spec.scope ? [spec.scope] : [] }] : [],
      request: {
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { query: spec.query } : {}),
        ...(documentedBody
          ? {
              body: {
                required: true,
                content: { 'application/json': { schema: component(documentedBody, `${pascal(spec.operationId)}Request`) } },
              },
            }
          : {}),
      },
      responses,
    });
  }
}
