import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import compression from 'compression';
import { Router, type Request, type Response } from 'express';
import { globalRegistry, type z } from 'zod';
import { API_KEY_SCOPE_MEANINGS, API_KEY_SCOPES, type ApiKeyScope } from '@hotel/domain/wire/api-key-scopes';
import { errorResponseSchema } from '@hotel/domain/wire/error-response';
import { issuePath, modelStateFromIssues, type ModelState } from '@hotel/domain/model-state';
import { AppError } from '../errors';
import { requireScope } from './admin-api-key';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency-header';
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
  /** One sentence or two: the document shows it as the operation's summary and description. */
  summary: string;
  tag: ApiTag;
  body?: Body;
  /** The body as the OpenAPI document shows it, when the handler parses `body` itself (`z.unknown()`). */
  documentedBody?: z.ZodType;
  query?: Query;
  params?: Params;
  /** The success answer's schema (status 200 unless `status` says otherwise): it types the handler's answer. */
  response: Answer;
  status?: number;
  /**
   * What only this route answers besides its success, for the OpenAPI document and the tests'
   * status check. What every route of its kind answers (400, 401, 403, 413, 422, 500, 503, 304)
   * is added by `answersOf`; a status given here too says the route's own case first.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** When the route can answer a 303 to a browser, where to (its `Location`). */
  redirect?: string;
  /**
   * The route reads an `Idempotency-Key` header: `replay` (optional; a retry with the same key
   * answers the first result, a reuse with another body is a 422) or `lookup` (required: the key
   * of a request to look up).
   */
  idempotencyKey?: 'replay' | 'lookup';
} & RouteSecurity;

/**
 * Who may call a route. None: anyone (the OpenAPI document says `security: []`). An admin call
 * names the one scope a key needs for it, so no admin route can be declared open to every key.
 */
type RouteSecurity = { security?: 'session'; scope?: never } | { security: 'adminApiKey'; scope: ApiKeyScope };

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;

/** The document's groups of operations, each said once at its top (a tag no route uses is left out). */
const TAGS = {
  Property: "A property's public details, by id or code",
  PropertyGroup: "A group's properties, for a search across them",
  Book: 'What the booking pages of a property need to start',
  Availability: 'Rooms and prices for a stay: search, calendar, alternatives',
  RoomTypeConfiguration: "A room type's bed and room configurations",
  Service: 'Extras a guest may add to a room',
  StaticData: 'Countries, titles and other lists a form offers',
  CurrencyExchangeRate: 'Exchange rates, for showing prices in another currency',
  Company: 'Companies that may book on account',
  Reservation: 'Booking, paying and following a new booking',
  ManageBooking: 'A guest changing or cancelling a booking',
  PreCheckIn: 'A guest giving their details before arrival',
  RestaurantBooking: "Tables at a property's restaurants",
  Account: "A guest's account and session",
  Log: "The web client's error reports",
  Payments: "Payment providers' notifications",
  'Payments (PayStack)': "PayStack's notifications",
  'Payments (test gateway)': "The test gateway's 3-D Secure challenge (test cards only)",
  Webhooks: "What the API POSTs to a hotel's webhook endpoints (Standard Webhooks), one message per event",
  Admin: "The hotel's own calls, with its API key: definition, rates and availability, bookings, payments, webhooks",
} as const;

export type ApiTag = keyof typeof TAGS;

/** The project's licence (LICENSE at the repository's root). */
const API_LICENCE = { name: 'Apache License 2.0', identifier: 'Apache-2.0' };

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** A status a route answers, as the OpenAPI document declares it. */
type Answer = {
  description: string;
  body: 'error' | 'none';
  headers?: Record<string, { description: string; schema: object; required?: boolean }>;
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before sending the request again',
    schema: { type: 'integer', minimum: 1 },
    required: true,
  },
};

/**
 * What every route of its kind can answer, whatever its handler does: the layers in front of
 * the router (app.ts) and the error handler (error-response.ts) answer these for any route.
 */
function answersByConstruction(
  spec: Pick<RouteSpec<undefined, undefined, undefined>, 'method' | 'security' | 'scope' | 'idempotencyKey'>,
): Partial<Record<number, Answer>> {
  const writes = spec.method !== 'get';
  return {
    // Conditional GETs: Express answers 304 to a request whose If-None-Match holds the answer's ETag.
    ...(writes
      ? {}
      : { 304: { description: 'Not modified: the answer is the one whose ETag the request sent in `If-None-Match`', body: 'none' } }),
    // Any route: its path, query and body are parsed, and the body-parser may refuse what it reads.
    400: { description: '`VALIDATION_FAILED` or `MALFORMED_JSON`: invalid input, `ModelState` lists the problems by field', body: 'error' },
    ...(spec.security
      ? {
          401: {
            description: spec.security === 'adminApiKey' ? '`UNAUTHORISED`: no valid `X-Api-Key`' : '`UNAUTHORISED`: not logged in',
            body: 'error',
          },
        }
      : {}),
    // http/csrf.ts: a write a browser sends from another site carrying the session cookie.
    ...(writes
      ? {
          403: { description: '`FORBIDDEN`: a write sent by a page of another site with the session cookie', body: 'error' },
          413: { description: '`PAYLOAD_TOO_LARGE`: the body is over 100 kB (10 MB under `/api/Admin`)', body: 'error' },
        }
      : {}),
    // http/admin-api-key.ts: a key without the call's scope, or of another property than the one asked about.
    ...(spec.scope
      ? { 403: { description: `\`FORBIDDEN\`: the key lacks the scope ${spec.scope}, or is for another property`, body: 'error' } }
      : {}),
    ...(spec.idempotencyKey === 'replay'
      ? { 422: { description: '`IDEMPOTENCY_KEY_REUSED`: this `Idempotency-Key` was sent before with a different body', body: 'error' } }
      : {}),
    // Node's HTTP server, before any of ours: the request line and headers over 16 kB.
    431: { description: 'The address and headers together are over 16 kB (no body)', body: 'none' },
    500: { description: '`INTERNAL_ERROR`: a fault on the server; quote the `RequestId` to support', body: 'error' },
    // Any call can find the database away or too busy (http/error-response.ts).
    503: {
      description:
        '`DATABASE_UNAVAILABLE`: the database is away or too busy to answer in time (no free connection, or a row locked too long); send it again after the `Retry-After` seconds, with the same `Idempotency-Key` if it had one',
      body: 'error',
      headers: RETRY_AFTER,
    },
  };
}

/** Every status a route answers: its success, what its kind answers by construction, and its own. */
function answersOf(spec: RouteSpec<z.ZodType | undefined, AnyObject | undefined, AnyObject | undefined>): Map<number, Answer> {
  const status = spec.status ?? 200;
  const answers = new Map<number, Answer>();
  answers.set(status, { description: status === 204 ? 'Done; no body' : 'Success', body: 'none' });
  if (spec.redirect !== undefined)
    answers.set(303, {
      description: spec.redirect,
      body: 'none',
      headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' }, required: true } },
    });
  const common = answersByConstruction(spec);
  const statuses = new Set([...Object.keys(common), ...Object.keys(spec.errors ?? {})].map(Number));
  for (const code of [...statuses].sort((a, b) => a - b)) {
    const own = spec.errors?.[code as ErrorStatus];
    const general = common[code];
    const description = own && general ? `${own}. Or: ${general.description}` : (own ?? general!.description);
    const headers = code === 429 || code === 503 ? RETRY_AFTER : general?.headers;
    answers.set(code, { description, body: general?.body ?? 'error', ...(headers ? { headers } : {}) });
  }
  return answers;
}

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
export type DeclaredRoute = {
  method: Method;
  path: string;
  tag: ApiTag;
  pattern: RegExp;
  status: number;
  statuses: ReadonlySet<number>;
  response: z.ZodType;
};

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
    const answers = answersOf(spec);
    this.register(spec, answers);
    this.declared.push({
      method: spec.method,
      path: spec.path,
      tag: spec.tag,
      // Express matches paths case-insensitively, with or without a trailing slash.
      pattern: new RegExp(`^${spec.path.replace(/\{\w+\}/g, '[^/]+')}/?$`, 'i'),
      status: spec.status ?? 200,
      statuses: new Set(answers.keys()),
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

  /**
   * An event this API POSTs to the endpoints a hotel names, declared under the document's
   * `webhooks`, signed as Standard Webhooks sign (hotel-events/webhook-dispatcher.ts).
   */
  webhook(spec: { name: string; operationId: string; summary: string; body: z.ZodType }): void {
    const header = (description: string) => ({ required: true, description, schema: { type: 'string' as const } });
    this.registry.registerWebhook({
      method: 'post',
      path: spec.name,
      operationId: spec.operationId,
      summary: spec.summary,
      description: spec.summary,
      tags: ['Webhooks'],
      security: [],
      parameters: [
        { in: 'header', name: 'webhook-id', ...header("The message's id: the same on every attempt of it, to recognise a redelivery") },
        {
          in: 'header',
          name: 'webhook-timestamp',
          ...header('When this attempt was signed, in seconds since 1970 (a receiver refuses one too far from its clock)'),
        },
        {
          in: 'header',
          name: 'webhook-signature',
          ...header("`v1,` and the base64 HMAC-SHA256, with the endpoint's secret, of `{webhook-id}.{webhook-timestamp}.{body}`"),
        },
      ],
      request: {
        body: { required: true, content: { 'application/json': { schema: component(spec.body, `${pascal(spec.operationId)}Payload`) } } },
      },
      responses: {
        '200': {
          description:
            'Received: any 2xx answer within 10 seconds counts as delivered; anything else is tried again later (for up to 24 hours)',
        },
      },
    });
  }

  /** The route declared for a request, if any (`path` without its query). */
  declaredRoute(method: string, path: string): DeclaredRoute | undefined {
    return this.declared.find((route) => route.method === method.toLowerCase() && route.pattern.test(path));
  }

  /** The OpenAPI 3.1 document, generated once on first request. */
  openApiDocument(info: { title: string; version: string; serverUrl: string }): object {
    const used = new Set<ApiTag>([
      ...this.declared.map((route) => route.tag),
      ...(this.registry.definitions.some((d) => d.type === 'webhook') ? ['Webhooks' as const] : []),
    ]);
    this.document ??= new OpenApiGeneratorV31(this.registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: {
        title: info.title,
        version: info.version,
        description:
          'The calls of the booking engine: what the web client uses, and what a hotel integrates with (its definition, rates and availability, bookings, payments, webhooks). What every call has in common is in docs/api-conventions.md.',
        contact: { name: 'This site', url: `${info.serverUrl}/api/docs` },
        license: API_LICENCE,
      },
      servers: [{ url: info.serverUrl, description: 'This server' }],
      tags: Object.entries(TAGS)
        .filter(([name]) => used.has(name as ApiTag))
        .map(([name, description]) => ({ name, description })),
    });
    return this.document;
  }

  private register(
    spec: RouteSpec<z.ZodType | undefined, AnyObject | undefined, AnyObject | undefined>,
    answers: Map<number, Answer>,
  ): void {
    const status = spec.status ?? 200;
    const documentedBody = spec.documentedBody ?? spec.body;
    type ResponseObject = { description: string; headers?: Answer['headers']; content?: Record<string, { schema: z.ZodType }> };
    const responses: Record<string, ResponseObject> = {};
    for (const [code, answer] of answers) {
      const schema =
        code === status && status !== 204
          ? component(spec.response, `${pascal(spec.operationId)}Response`)
          : answer.body === 'error'
            ? errorResponseSchema
            : undefined;
      responses[String(code)] = {
        description: answer.description,
        ...(answer.headers ? { headers: answer.headers } : {}),
        ...(schema ? { content: { 'application/json': { schema } } } : {}),
      };
    }
    const idempotencyKey = spec.idempotencyKey && {
      in: 'header' as const,
      name: IDEMPOTENCY_KEY_HEADER,
      required: spec.idempotencyKey === 'lookup',
      description:
        spec.idempotencyKey === 'lookup'
          ? 'The key of the request to look up: at least 32 random letters or digits, such as a UUID'
          : 'Any 1 to 255 printable characters, such as a UUID: a retry with the same key and body within 24 hours answers the first result instead of doing it again',
      schema: { type: 'string' as const, minLength: 1, maxLength: 255 },
    };
    this.registry.registerPath({
      method: spec.method,
      path: spec.path,
      operationId: spec.operationId,
      summary: spec.summary,
      description: spec.scope
        ? `${spec.summary}. Needs the operator key, or a key with the scope \`${spec.scope}\` (of the property the call is about).`
        : spec.summary,
      tags: [spec.tag],
      ...(spec.scope ? { 'x-required-scope': spec.scope } : {}),
      // The scope is said in the description and x-required-scope, not as the requirement's role:
      // OpenAPI 3.1 allows roles on an apiKey scheme, but linters (Spectral) and most generators
      // take them for OAuth scopes the scheme must list.
      security: spec.security ? [{ [spec.security]: [] }] : [],
      ...(idempotencyKey ? { parameters: [idempotencyKey] } : {}),
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
