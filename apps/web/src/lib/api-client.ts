/**
 * The one HTTP client of the web app: every call to /api goes through `apiRequest`, which
 * turns a failed answer into an `ApiError` and logs every failure except a 401.
 */
import { joinModelState, type ModelState } from '@hotel/domain/model-state';
import type { ErrorResponse as ApiErrorBody } from '@hotel/domain/wire/error-response';

/** The client's base path. */
export const API_BASE = '/api';

/** The language code every call sends. */
export const LANGUAGE_CODE = 'en';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A call that did not succeed: the HTTP status (0 when no answer came) and the server's body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly modelState: ModelState | undefined;
  readonly serverMessage: string | undefined;
  readonly url: string;
  readonly method: string;
  /** The whole answer: a refusal may carry more than its message (PRICE_CHANGED carries the new prices). */
  readonly body: ApiErrorBody | null;

  constructor(input: { status: number; body: ApiErrorBody | null; url: string; method: string; cause?: unknown }) {
    const serverMessage = input.body?.Message;
    super(serverMessage ?? `Request failed with status ${input.status}`, { cause: input.cause });
    this.name = 'ApiError';
    this.status = input.status;
    this.code = input.body?.Code;
    this.modelState = input.body?.ModelState;
    this.serverMessage = serverMessage;
    this.url = input.url;
    this.method = input.method;
    this.body = input.body;
  }
}

/** What a guest reads when no answer came at all (offline, the connection dropped). */
export const NO_CONNECTION_MESSAGE = 'We could not reach the hotel. Please check your internet connection and try again.';

/**
 * True when a call may have done its work without the client hearing of it: no answer came, or
 * something between the client and the API failed (a gateway's 502 or 504, say).
 */
export function isAnswerLost(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** The path with its query string, leaving out absent values. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search === '' ? '' : `?${search}`}`;
}

/** Posts a diagnostic line to the server log; never throws and never logs itself. */
export function logToServer(entry: {
  Level: 'error' | 'warn' | 'info';
  Message: string;
  Code?: string;
  Status?: number;
  Url?: string;
  Method?: string;
}) {
  try {
    void fetch(apiUrl('/Log'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(entry),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Logging must never break the page.
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Calls the API and answers the parsed JSON body, or throws an `ApiError`. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const url = apiUrl(path, options.query);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    const error = new ApiError({ status: 0, body: null, url, method, cause });
    logToServer({ Level: 'error', Message: 'Network request failed', Status: 0, Url: url, Method: method });
    throw error;
  }
  const body = await readBody(response);
  if (!response.ok) {
    const errorBody = typeof body === 'object' && body !== null ? (body as ApiErrorBody) : null;
    const error = new ApiError({ status: response.status, body: errorBody, url, method });
    // 401 is how the server says "not logged in": expected, not worth a line. Other refusals (a
    // declined card, a sold-out room, a wrong field) are the guest's to fix: warnings; only the
    // server's own failures are errors.
    if (response.status !== 401) {
      const Level = response.status >= 500 ? 'error' : 'warn';
      logToServer({ Level, Message: error.message, Code: error.code, Status: error.status, Url: url, Method: method });
    }
    throw error;
  }
  return body as T;
}

/** GET with a query. */
export function apiGet<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
  return apiRequest<T>(path, { query });
}

/** POST a JSON body. */
export function apiPost<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', body: body ?? {}, headers });
}

/**
 * The text to show for a failed call: the server's ModelState joined into one text, else its
 * Message, else the fallback.
 */
export function errorText(error: unknown, fallback: string, withFieldNames = false): string {
  if (error instanceof ApiError) {
    if (error.modelState !== undefined && Object.keys(error.modelState).length > 0) {
      const joined = joinModelState(error.modelState, withFieldNames);
      if (joined !== '') return joined;
    }
    if (error.serverMessage !== undefined && error.serverMessage !== '') return error.serverMessage;
    if (error.status === 0) return NO_CONNECTION_MESSAGE;
  }
  return fallback;
}

/** True when the call was refused because nobody is logged in. */
export function isUnauthorised(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
