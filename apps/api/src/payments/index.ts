// The payments area's door: the gateway, payment rows, saved cards and the test challenge page.
export type { SettledPayment } from './challenge-completion';
export type { AuthorisationResult, CardDetails, PaymentGateway } from './payment-gateway';
export { createPaymentGateway } from './payment-gateway-factory';
export { authorisationRow } from './payment-queries';
export { findUserSavedCard, saveCardForUser } from './saved-cards';
export { registerTestChallengeRoutes } from './test-challenge-routes';
