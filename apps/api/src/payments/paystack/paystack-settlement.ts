import { paymentWebhookEvents } from '@hotel/db/schema';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { findMovementNamed, findSucceededRefundsOf, lookupAnswer, type FinalAnswer } from '../movements';
import type { HintOutcome, ProviderHintHandler } from '../provider-hints';
import { lookupOf, PAYSTACK_GATEWAY_NAME, type PaystackGateway } from './paystack-gateway';

type Context = Pick<AppContext, 'clock' | 'database'>;

/**
 * The guest is back from PayStack's checkout: PayStack is asked what became of the transaction
 * (verify, tried again on a timeout or 5xx) and its answer handed to the booking module, which
 * records it for the movement its reference names (our key). When PayStack cannot be reached,
 * or has not decided, the booking stays pending: the webhook, the reconciler or the hold's end
 * settles it.
 */
export async function settlePaystackReturn(
  context: Pick<AppContext, 'logger' | 'database'>,
  gateway: PaystackGateway,
  onHint: ProviderHintHandler,
  reference: string,
): Promise<HintOutcome> {
  const names = { idempotencyKey: reference, gatewayReference: reference };
  const recorded = await findMovementNamed(context.database.db, PAYSTACK_GATEWAY_NAME, names);
  if (!recorded) return { found: false };
  // Settled by the webhook or an earlier return: PayStack is not asked again.
  if (recorded.status === 'succeeded') return { found: true, movement: recorded, settledNow: false };
  let answer: FinalAnswer | undefined;
  try {
    // Back without paying (the Cancel button, or otherwise) is a refusal: the guest left the checkout.
    const found = lookupAnswer(lookupOf(await gateway.verify(reference), 'not paid'));
    if (found.status === 'succeeded' || found.status === 'failed') answer = found;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.logger.warn(
      { reference, err: error },
      'PayStack verify failed; the webhook, the reconciler or the hold will settle the booking',
    );
  }
  if (answer) return onHint({ gateway: PAYSTACK_GATEWAY_NAME, names, answer });
  return { found: true, movement: recorded, settledNow: false };
}

/**
 * One webhook delivery, already checked as PayStack's: recorded in `payment_webhook_events` in
 * the transaction that records what it reports, so a redelivered event is acknowledged and
 * changes nothing. Only a charge names a movement; refund events are acknowledged (their
 * outcome is PayStack's to report when a refund is looked up). A charge PayStack cannot confirm
 * now is not taken in (`providerSilent`), for its redelivery.
 */
export async function takePaystackWebhook(
  context: Context,
  onHint: ProviderHintHandler,
  delivery: ReturnType<PaystackGateway['parseWebhook']>,
): Promise<{ duplicate: boolean; providerSilent: boolean }> {
  const { event } = delivery;
  if (event.refundFailedOn) return refundFailed(context, onHint, event.refundFailedOn);
  let duplicate = true;
  const outcome = await onHint({
    gateway: PAYSTACK_GATEWAY_NAME,
    names:
      event.type === 'charge.success' && event.gatewayReference ? { idempotencyKey: event.gatewayReference } : { idempotencyKey: null },
    alsoInTransaction: async (tx) => {
      const recorded = await tx
        .insert(paymentWebhookEvents)
        .values({ provider: 'paystack', eventId: event.id, eventType: event.type, receivedAt: context.clock.now() })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      duplicate = recorded.length === 0;
      return !duplicate;
    },
  });
  return { duplicate, providerSilent: outcome.found && outcome.providerSilent === true };
}

/**
 * refund.failed: a refund PayStack accepted has failed since (PayStack's event names the
 * transaction, not our refund). Each refund of ours on that transaction is asked about again; the
 * one PayStack now lists as failed is recorded so, its money owed to the guest again. Asking is
 * harmless when repeated, so the event is not recorded as taken.
 */
async function refundFailed(
  context: Pick<AppContext, 'database'>,
  onHint: ProviderHintHandler,
  transactionReference: string,
): Promise<{ duplicate: boolean; providerSilent: boolean }> {
  let providerSilent = false;
  for (const refund of await findSucceededRefundsOf(context.database.db, PAYSTACK_GATEWAY_NAME, transactionReference)) {
    const outcome = await onHint({ gateway: PAYSTACK_GATEWAY_NAME, names: { idempotencyKey: refund.idempotencyKey } });
    if (outcome.found && outcome.providerSilent) providerSilent = true;
  }
  return { duplicate: false, providerSilent };
}
