import type { ErrorRequestHandler } from 'express';
import { isDatabaseUnavailable } from '../database';
import { AppError, type ErrorCode } from '../errors';
import { NOT_UTF8_TYPE } from './json-body';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHORISED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROOM_SOLD_OUT: 409,
  PRICE_CHANGED: 409,
  VOUCHER_SPENT: 409,
  SERVICE_SOLD_OUT: 409,
  TABLE_TAKEN: 409,
  PAYMENT_DECLINED: 402,
  // No answer from the payment provider (what moved is not known yet, or this site is not set up for it): Message says which.
  PAYMENT_UNAVAILABLE: 503,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  // A feed cursor this database cannot continue (a restored backup, or from before feed numbers): Message says from when to start again.
  FEED_RESYNC_NEEDED: 410,
  DATABASE_UNAVAILABLE: 503,
};

export function statusOf(code: ErrorCode): number {
  return statusByCode[code];
}

/** Turns anything thrown into an HTTP error, mapping body-parser's own errors onto our codes. */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
  if (type === 'entity.parse.failed') return new AppError('MALFORMED_JSON', 'The request body is not valid JSON.');
  if (type === NOT_UTF8_TYPE)
    return new AppError(
      'MALFORMED_JSON',
      'The request body is not valid JSON: it holds bytes that are not UTF-8. Please send it encoded as UTF-8.',
    );
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return new AppError('VALIDATION_FAILED', 'The request body encoding is not supported.');
  // The router could not percent-decode a path segment (`/api/Property/%E0%A4%A`): a bad address.
  if (error instanceof URIError && (error as { status?: unknown }).status === 400)
    return new AppError('VALIDATION_FAILED', 'The address is not valid: a part of its path is not correctly percent-encoded.');
  // Any other body-parser refusal (a broken gzip stream, a truncated body) is the client's.
  const status = (error as { status?: unknown; expose?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500 && (error as { expose?: unknown }).expose === true)
    return new AppError('VALIDATION_FAILED', 'The request body could not be read. Please send it again.');
  if (isDatabaseUnavailable(error))
    return new AppError('DATABASE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a moment.');
  return undefined;
}

/** The one place errors become responses: `{ Message, ModelState?, Code }`, never internals. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const appError = toAppError(error);
  if (!appError) {
    req.log.error({ err: error }, 'unhandled error');
    res.status(500).json({
      Message: 'Something went wrong on our side. Please try again, and contact us if it keeps happening.',
      Code: 'INTERNAL_ERROR',
      RequestId: req.id,
    });
    return;
  }
  const status = statusOf(appError.code);
  if (status >= 500) req.log.warn({ err: error }, appError.message);
  // A payment's answer comes within minutes (its message says to send again in a minute); anything else is back in seconds.
  if (status === 503) res.setHeader('Retry-After', appError.code === 'PAYMENT_UNAVAILABLE' ? '60' : '5');
  if (appError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
  res.status(status).json({
    Message: appError.message,
    ...(appError.modelState ? { ModelState: appError.modelState } : {}),
    Code: appError.code,
    ...appError.details,
  });
};
