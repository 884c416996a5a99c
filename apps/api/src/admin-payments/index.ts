// The admin-payments area's door: the hotel's calls on a booking's card payment.
export { registerAdminPaymentRoutes } from './admin-payments-routes';
