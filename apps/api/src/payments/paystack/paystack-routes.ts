import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { type ApiRouter } from '../../http';
import { AppError, invalidField, notFound } from '../../errors';
import type { ProviderHintHandler } from '../provider-hints';
import { openReturnUrl } from '../return-url';
import { WEBHOOK_NOT_TAKEN, WEBHOOK_PATH } from '../webhook-routes';
import { ForgedWebhookError, isPaystackReference, PAYSTACK_RETURN_PATH } from './paystack-gateway';
import { settlePaystackReturn, takePaystackWebhook } from './paystack-settlement';

/**
 * Registered before the common webhook route (webhook-routes.ts), which it shadows for PayStack:
 * a PayStack event also brings the card and the amount paid, which this route settles with. Its
 * body is read raw under WEBHOOK_PATH (app.ts) for the signature check.
 */
const PAYSTACK_WEBHOOK_PATH = `${WEBHOOK_PATH}/paystack`;

/**
 * PayStack's return and webhook. Absent unless PAYSTACK_SECRET_KEY is set. What they report is
 * handed to `onHint` (the booking module), which asks PayStack and records the outcome.
 */
export function registerPaystackRoutes(api: ApiRouter, context: AppContext, options: { onHint: ProviderHintHandler }): void {
  const gateway = context.paymentGateways.paystack;
  if (!gateway) return;
  const secret = context.config.linkSecret;

  // A browser's arrival from PayStack's checkout (callback_url, or cancel_action): not an API call, kept out of the OpenAPI document.
  api.router.get(PAYSTACK_RETURN_PATH.replace(/^\/api/, ''), async (req, res) => {
    const given = req.query.reference ?? req.query.trxref;
    const reference = typeof given === 'string' && isPaystackReference(given) ? given : undefined;
    if (reference === undefined)
      throw invalidField('reference', 'PayStack did not name a payment. Please open your booking from its confirmation link.');
    const sealed = typeof req.query.r === 'string' ? req.query.r : '';
    const returnUrl = openReturnUrl(secret, reference, sealed);
    if (returnUrl === undefined) throw invalidField('r', 'The return address does not belong to this payment.');
    const state = await settlePaystackReturn(context, gateway, options.onHint, reference);
    if (!state.found) throw notFound('There is no PayStack payment with this reference here.');
    res.redirect(303, returnUrl);
  });

  api.route(
    {
      method: 'post',
      path: PAYSTACK_WEBHOOK_PATH,
      operationId: 'receivePaystackWebhook',
      summary:
        "PayStack's event notifications (x-paystack-signature: HMAC-SHA512 of the raw body with the secret key). charge.success and refund.failed have PayStack asked for the present state of the payment they name, which is recorded; other events are acknowledged and ignored; a redelivered event changes nothing",
      tag: 'Payments (PayStack)',
      response: z.object({ Received: z.literal(true), Duplicate: z.boolean() }),
      errors: {
        400: 'The signature does not match the body: nothing was changed',
        503: 'PayStack could not be asked what the event reports: nothing was recorded, send the event again later',
      },
    },
    async (_input, req) => {
      const raw: unknown = req.body;
      if (!Buffer.isBuffer(raw)) throw new AppError('VALIDATION_FAILED', 'The PayStack event has no body.');
      let delivery: ReturnType<typeof gateway.parseWebhook>;
      try {
        delivery = gateway.parseWebhook(raw, req.headers);
      } catch (error) {
        if (error instanceof ForgedWebhookError) throw new AppError('VALIDATION_FAILED', `${error.message}: the event was refused.`);
        throw error;
      }
      const taken = await takePaystackWebhook(context, options.onHint, delivery);
      if (taken.providerSilent) throw new AppError('PAYMENT_UNAVAILABLE', WEBHOOK_NOT_TAKEN);
      return { Received: true as const, Duplicate: taken.duplicate };
    },
  );
}
