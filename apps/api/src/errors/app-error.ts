import type { ModelState } from '@hotel/domain/model-state';

/** What went wrong, in domain words; `error-response.ts` maps each code to one HTTP status. */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'MALFORMED_JSON'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNAUTHORISED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'ROOM_SOLD_OUT'
  | 'PRICE_CHANGED'
  | 'VOUCHER_SPENT'
  | 'SERVICE_SOLD_OUT'
  | 'TABLE_TAKEN'
  | 'PAYMENT_DECLINED'
  | 'PAYMENT_UNAVAILABLE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'FEED_RESYNC_NEEDED'
  | 'DATABASE_UNAVAILABLE';

/** The one error type the application throws on purpose; anything else is a 500. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly modelState: ModelState | undefined;
  /** Extra fields merged into the body (e.g. the new prices of a PRICE_CHANGED). */
  readonly details: Record<string, unknown> | undefined;
  /** For a RATE_LIMITED: the seconds until the client may try again (the answer's `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { modelState?: ModelState; details?: Record<string, unknown>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.modelState = options.modelState;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function notFound(message: string): AppError {
  return new AppError('NOT_FOUND', message);
}

/** A 400 about one field, in the ModelState shape (docs/api-conventions.md). */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'The request is invalid.', { modelState: { [field]: [message] } });
}
