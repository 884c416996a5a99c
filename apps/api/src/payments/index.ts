// The payments area's door: the gateway, payment rows, saved cards and the test challenge page.
export {
  CARD_MOVEMENT_MESSAGES,
  cardBalance,
  chargeReservationCard,
  refundReservationCard,
  type CardBooking,
  type CardMovement,
} from './card-movements';
export type { SettledPayment } from './challenge-completion';
export type { AuthorisationResult, CardDetails, DeclineCode, PaymentGateway } from './payment-gateway';
export { createPaymentGateway } from './payment-gateway-factory';
export { authorisationRow } from './payment-queries';
export { findUserSavedCard, saveCardForUser } from './saved-cards';
export { registerTestChallengeRoutes } from './test-challenge-routes';
