/**
 * The one way API tests make requests: supertest, with every answer of a declared route
 * checked against the contract (docs/api-conventions.md). A success answer must be exactly
 * what its route's response schema describes (no field missing, none extra), and an error
 * answer the shared error body, so an answer that drifts from the wire schemas the web client
 * is typed by fails the test that received it. So does an answer whose status the route's
 * operation does not declare (http/api-router.ts), so the document lists every status a client meets.
 */
import { Server } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import supertest, { type Response, type Test } from 'supertest';
import type { z } from 'zod';
import { errorResponseSchema } from '@hotel/domain/wire/error-response';
import type { ApiRouter } from '../../src/http/api-router';

type Target = Parameters<typeof supertest>[0];
type Agent = ReturnType<typeof supertest>;

const routers = new WeakMap<object, ApiRouter>();

/** Declares whose routes an app (or the server it listens on) answers, so its answers are checked. */
export function checkAnswersOf(target: object, api: ApiRouter): void {
  routers.set(target, api);
}

function problemsOf(schema: z.ZodType, body: unknown): string | undefined {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
  // Response schemas never transform, so what they keep is the body less the fields they do not declare.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), body)) return 'it has fields its schema does not declare';
  return undefined;
}

/**
 * Throws when an answer of a declared route is not what the route declares: a status its
 * operation does not list, or a JSON body off its schema.
 */
export function checkAnswer(api: ApiRouter, method: string, url: string, response: Response): void {
  const route = api.declaredRoute(method, new URL(url, 'http://test').pathname);
  if (!route) return;
  if (!route.statuses.has(response.status))
    throw new Error(
      `${method.toUpperCase()} ${url} answered ${response.status}, a status ${route.method.toUpperCase()} ${route.path} does not declare (it declares ${[...route.statuses].join(', ')}): declare it in the route's errors, or fix the answer`,
    );
  if (!/json/.test(response.headers['content-type'] ?? '')) return;
  const schema = response.status === route.status ? route.response : response.status >= 400 ? errorResponseSchema : undefined;
  if (!schema) return;
  const problems = problemsOf(schema, response.body);
  if (problems) throw new Error(`${method.toUpperCase()} ${url} answered ${response.status} off its contract: ${problems}`);
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

/** `supertest(app)`, checking each answer of a declared route against its schema. */
export function request(target: Target): Agent {
  const agent = supertest(target);
  // A listening server answers with the app it was made from.
  const app = target instanceof Server ? target.listeners('request')[0] : target;
  const api = typeof app === 'object' || typeof app === 'function' ? routers.get(app) : undefined;
  if (!api) return agent;
  const checked: Agent = Object.create(agent);
  for (const method of METHODS) {
    const send = (url: string): Test => agent[method](url).expect((response: Response) => checkAnswer(api, method, url, response));
    Object.assign(checked, { [method]: send });
  }
  return checked;
}
