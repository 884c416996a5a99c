// The HTTP layer's door: routing, errors, sessions, idempotency and rate limits every area uses.
export { accessLog } from './access-log';
export { keyProperty, keyPropertyCode, requireAdminApiKey, type AdminCaller, type FindApiKey, type KeyProperty } from './admin-api-key';
export { ApiRouter, SENT_BY_HANDLER } from './api-router';
export { allowPageExtras, isCheckoutPage, propertyCodeOfPage, securityHeaders } from './content-security';
export { hasCookie, refuseCrossSiteWrites } from './csrf';
export { errorHandler } from './error-response';
export { clientOf, GuessThrottle, inMinutes, type GuessingClient, type GuessLimits } from './guess-throttle';
export { IDEMPOTENCY_KEY_HEADER, readIdempotencyKey, readLookupKey } from './idempotency-header';
export { jsonBody } from './json-body';
export { jsonBytes, JsonTemplate } from './json-bytes';
export { knownKeysFirst } from './known-key';
export { JsonText } from './json-text';
export { bookingsPerClient, mailsPerAddress, rateLimit } from './rate-limit';
export { SlidingWindowCounter } from './rate-limit-store';
export { isHttpsSite, sessionCookieName, sessionMiddleware } from './session';
export { endSessionsOfUser } from './session-store';
export { findWebDist, serveWebClient, type PageHead } from './static-web';
