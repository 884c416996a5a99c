import {
  capturePaymentParamsSchema,
  capturePaymentRequestSchema,
  capturePaymentResponseSchema,
  paymentMovementParamsSchema,
  paymentMovementsResponseSchema,
  reconcileMovementResponseSchema,
} from '@hotel/domain/wire/admin-payment';
import type { AppContext } from '../app-context';
import { keyProperty, readIdempotencyKey, type ApiRouter } from '../http';
import { capturePayment, MONEY_ANSWERS } from '../booking';
import { toCapturePaymentResponse } from './admin-payments-response';
import { paymentMovementsNeedingAttention, reconcilePaymentMovement, refuseOtherPropertysBooking } from './payment-movements';

export function registerAdminPaymentRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'post',
      path: '/api/Admin/Reservations/{reservationNumber}/Capture',
      operationId: 'capturePayment',
      idempotencyKey: 'replay',
      summary:
        'Capture what a manual-capture property held on the guest’s card for a booking: all of it, or Amount (major units) with the rest released. A booking already captured answers its totals again and moves nothing; a decline is a 402 (the hold as it was) and no answer from the provider a 503 (the capture is finished by a retry with the same Idempotency-Key, or by the reconciler); send an Idempotency-Key to retry safely',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'payments:capture',
      params: capturePaymentParamsSchema,
      body: capturePaymentRequestSchema,
      response: capturePaymentResponseSchema,
      errors: {
        400: 'Amount is not a positive amount with at most 2 decimals, or is more than the card holds',
        401: 'Missing or wrong API key',
        402: `${MONEY_ANSWERS.declined} (the hold may have expired)`,
        404: "No booking has this reservation number (of the key's property)",
        409: `Nothing is held on a card for this booking (or the property captures at booking); or: ${MONEY_ANSWERS.inFlight}`,
        503: `${MONEY_ANSWERS.outcomeUnknown}. Also when this server does not run the booking's payment provider`,
      },
    },
    async ({ params, body }, req) => {
      await refuseOtherPropertysBooking(context, params.reservationNumber, keyProperty(req)?.id);
      return capturePayment(context, params.reservationNumber, body, readIdempotencyKey(req), toCapturePaymentResponse);
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/Admin/PaymentMovements',
      operationId: 'listPaymentMovementsNeedingAttention',
      summary:
        'Payment movements the operator must look at: awaiting their provider’s answer for over an hour (Stuck), or a refund or release the provider refused (RefundRefused). docs/payments.md says what to do with each',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'payments:capture',
      response: paymentMovementsResponseSchema,
      errors: { 401: 'Missing or wrong API key' },
    },
    (_input, req) => paymentMovementsNeedingAttention(context, keyProperty(req)?.id),
  );
  api.route(
    {
      method: 'post',
      path: '/api/Admin/PaymentMovements/{id}/Reconcile',
      operationId: 'reconcilePaymentMovement',
      summary:
        'Asks the provider now what it did with a movement awaiting its answer, and records it as the reconciler would (a booking confirmed or released, a refund recorded)',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'payments:capture',
      params: paymentMovementParamsSchema,
      response: reconcileMovementResponseSchema,
      errors: { 401: 'Missing or wrong API key', 404: "No payment movement has this id (of the key's property)" },
    },
    ({ params }, req) => reconcilePaymentMovement(context, params.id, keyProperty(req)?.id),
  );
}
