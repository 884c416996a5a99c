// The HTTP layer's door: routing, errors, sessions, idempotency and rate limits every area uses.
export { accessLog } from './access-log';
export { requireAdminApiKey } from './admin-api-key';
export { ApiRouter, SENT_BY_HANDLER } from './api-router';
export { AppError, invalidField, notFound } from './app-error';
export { allowPageExtras, isCheckoutPage, propertyCodeOfPage, securityHeaders } from './content-security';
export { hasCookie, refuseCrossSiteWrites } from './csrf';
export { derivedKey } from './derived-key';
export { errorHandler } from './error-response';
export {
  findCompletedAnswer,
  idempotently,
  readIdempotencyKey,
  readLookupKey,
  replayingCompletedKey,
  requestHashKey,
  scheduleIdempotencyPurge,
} from './idempotency';
export { jsonBytes, JsonTemplate } from './json-bytes';
export { JsonText } from './json-text';
export { bookingsPerClient, mailsPerAddress, rateLimit } from './rate-limit';
export { SlidingWindowCounter } from './rate-limit-store';
export { openSealedText, sealText } from './sealed-text';
export { isHttpsSite, sessionCookieName, sessionMiddleware } from './session';
export { currencyDecimalsProblem, wireAmountInMinor } from './wire-money';
export { endSessionsOfUser } from './session-store';
export { findWebDist, serveWebClient, type PageHead } from './static-web';
