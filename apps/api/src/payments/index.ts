// The payments area's door: the gateways, money movements and their ledger, saved cards and the test challenge page.
export {
  CARD_MOVEMENT_MESSAGES,
  cardBalance,
  cardHolds,
  cardPayments,
  chargeableCard,
  givenBack,
  planCapture,
  planRefund,
  plannedIntents,
  stillHeld,
  type CardHolds,
  type CardPayment,
  type PlannedMovement,
} from './card-ledger';
export {
  askProvider,
  authorisationAnswer,
  callProvider,
  cancelWaitingMovement,
  claimOverdueMovements,
  findMovement,
  findMovementNamed,
  findMovementIdsFor,
  findMovementsOf,
  countMovementsNeedingAttention,
  findMovementsNeedingAttention,
  findUnsettledMovements,
  movementRow,
  newMovementKey,
  noteUnanswered,
  RECONCILE_AFTER_MS,
  recordAnswer,
  recordedMovement,
  recordIntents,
  recordReleasedRest,
  type ChargedCard,
  type FinalAnswer,
  type Movement,
  type MovementIntent,
  type MovementNeedingAttention,
  type MovementPurpose,
  type ProviderAnswer,
} from './movements';
export type {
  AuthorisationRequest,
  AuthorisationResult,
  CardDetails,
  CardSummary,
  DeclineCode,
  MovementKind,
  PaymentGateway,
} from './payment-gateway';
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
export { findUserSavedCard, keepSavedCard, saveCardForUser } from './saved-cards';
export { registerTestChallengeRoutes } from './test-challenge-routes';
export type { HintOutcome, ProviderHint, ProviderHintHandler } from './provider-hints';
export { rawWebhookBody, registerPaymentWebhookRoutes, WEBHOOK_NOT_TAKEN, WEBHOOK_PATH } from './webhook-routes';
export { isPaystackCurrency, PAYSTACK_CURRENCIES } from './paystack/paystack-api';
export {
  createPaystackGateway,
  PAYSTACK_GATEWAY_NAME,
  type PaystackCheckoutRequest,
  type PaystackGateway,
} from './paystack/paystack-gateway';
export { registerPaystackRoutes } from './paystack/paystack-routes';
