import { paymentWebhookEvents } from '@hotel/db/schema';
import express from 'express';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { type ApiRouter } from '../http';
import { AppError, notFound } from '../errors';
import type { ProviderHintHandler } from './provider-hints';
import { WebhookSignatureError } from './payment-gateway';
import type { PaymentProviderName } from './payment-gateways';

export const WEBHOOK_PATH = '/api/Payments/Webhook';

/**
 * The body parser of the webhook route: the raw bytes, because the provider signs them and a
 * parsed and re-serialised JSON body no longer matches the signature. Mounted before the
 * /api JSON parser (app.ts), which then leaves the body alone.
 */
export const rawWebhookBody = () => express.raw({ type: () => true, limit: '512kb' });

/** A 503 to the provider, which delivers the event again later (Stripe: for up to three days). */
export const WEBHOOK_NOT_TAKEN =
  'The payment provider could not be asked what this event reports, so nothing was recorded: send the event again later.';

export const WEBHOOK_SIGNATURE_REFUSED = 'The signature does not prove this event came from the payment provider: nothing was changed.';

/**
 * POST /api/Payments/Webhook/{provider}: a provider's report of a payment movement (a booking
 * waiting for 3-D Secure, or one whose answer was lost), handed to the booking module, which
 * asks the provider what it did and records that (whichever of the report, the guest's return
 * and the reconciler comes first wins; the others change nothing). Each event is taken in once:
 * its id goes into payment_webhook_events in the recording transaction, so a second delivery is
 * acknowledged and ignored. Events that name nothing are acknowledged too, or the provider
 * would resend them. An event the provider cannot confirm now (its API away) is refused with a
 * 503 and not taken in: the provider's redelivery is acted on, even for a movement nobody
 * else waits for any more (one the reconciler gave up on, whose money a late yes took).
 */
export function registerPaymentWebhookRoutes(api: ApiRouter, context: AppContext, options: { onHint: ProviderHintHandler }): void {
  api.route(
    {
      method: 'post',
      path: `${WEBHOOK_PATH}/{provider}`,
      operationId: 'receivePaymentWebhook',
      summary:
        "A payment provider's signed event (Stripe: payment_intent.succeeded, .payment_failed, .canceled, .amount_capturable_updated, refund.failed); the body is read raw and its signature checked, and the provider is asked for the present state of the payment the event names",
      tag: 'Payments',
      params: z.object({ provider: z.enum(['stripe', 'paystack']) }),
      response: z.object({ Received: z.literal(true), Handled: z.boolean() }),
      errors: {
        400: 'The signature is missing or does not match',
        404: 'This server takes no webhooks from that provider',
        503: 'The provider could not be asked what the event reports: nothing was recorded, send the event again later',
      },
    },
    async ({ params }, req) => {
      const provider: PaymentProviderName = params.provider;
      const reader = context.paymentGateways.find(provider)?.webhooks;
      if (!reader) throw notFound(`This server takes no ${provider} webhooks: it is not set up for ${provider}.`);
      const body: unknown = req.body;
      if (!Buffer.isBuffer(body)) throw new AppError('VALIDATION_FAILED', WEBHOOK_SIGNATURE_REFUSED);
      let event;
      try {
        event = reader.read(body, req.headers);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        req.log.warn({ provider, reason: error.message }, 'payment webhook refused');
        throw new AppError('VALIDATION_FAILED', WEBHOOK_SIGNATURE_REFUSED);
      }
      const { names } = event;
      if (!names) return { Received: true as const, Handled: false };
      const state = await options.onHint({
        gateway: provider,
        names,
        alsoInTransaction: async (tx) => {
          const taken = await tx
            .insert(paymentWebhookEvents)
            .values({ provider, eventId: event.id, eventType: event.type, receivedAt: context.clock.now() })
            .onConflictDoNothing()
            .returning({ eventId: paymentWebhookEvents.eventId });
          return taken.length > 0;
        },
      });
      if (state.found && state.providerSilent) throw new AppError('PAYMENT_UNAVAILABLE', WEBHOOK_NOT_TAKEN);
      return { Received: true as const, Handled: state.found && state.settledNow };
    },
  );
}
