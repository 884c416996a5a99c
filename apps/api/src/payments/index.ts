// The payments area's door: the gateway, payment rows, saved cards and the test challenge page.
export {
  CARD_MOVEMENT_MESSAGES,
  captureReservationCard,
  cardBalance,
  cardHolds,
  chargeReservationCard,
  refundReservationCard,
  type CaptureMovement,
  type CardBooking,
  type CardHolds,
  type CardMovement,
  type ChosenCard,
} from './card-movements';
export { settleWaitingPayment, type SettledPayment } from './challenge-completion';
export type { AuthorisationRequest, AuthorisationResult, CardDetails, DeclineCode, PaymentGateway } from './payment-gateway';
export {
  createPaymentGateways,
  missingProviderWarnings,
  takesTypedCards,
  TYPED_CARD_REFUSED,
  type GatewayOverrides,
  type PaymentGateways,
  type PaymentProviderName,
} from './payment-gateways';
export { PAYMENT_UNAVAILABLE_MESSAGE } from './payment-unavailable';
export { stripeCurrencyProblem } from './stripe-amounts';
export { STRIPE_API_VERSION, STRIPE_GATEWAY_NAME } from './stripe-gateway';
export { authorisationRow } from './payment-queries';
export { findUserSavedCard, keepSavedCard, saveCardForUser } from './saved-cards';
export { registerTestChallengeRoutes } from './test-challenge-routes';
export { rawWebhookBody, registerPaymentWebhookRoutes, WEBHOOK_PATH } from './webhook-routes';
export { isPaystackCurrency, PAYSTACK_CURRENCIES } from './paystack/paystack-api';
export {
  createPaystackGateway,
  PAYSTACK_GATEWAY_NAME,
  type PaystackCheckoutRequest,
  type PaystackGateway,
} from './paystack/paystack-gateway';
export { registerPaystackRoutes } from './paystack/paystack-routes';
