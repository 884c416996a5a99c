// The errors area's door: the one error type use cases throw, in domain words. The HTTP layer maps
// each code to a status (http/error-response.ts); use cases never depend on the transport.
export { AppError, invalidField, notFound, type ErrorCode } from './app-error';
export { currencyDecimalsProblem, wireAmountInMinor } from './wire-money';
