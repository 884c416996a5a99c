import type { Clock } from '../app-context';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { PaymentGateway } from './payment-gateway';
import { PAYMENT_UNAVAILABLE_MESSAGE } from './payment-unavailable';
import { createPaystackGateway, PAYSTACK_GATEWAY_NAME, type PaystackGateway } from './paystack/paystack-gateway';
import { createStripeGateway, STRIPE_GATEWAY_NAME } from './stripe-gateway';
import { createTestGateway, TEST_GATEWAY_NAME } from './test-gateway';

/** The providers a property may name (`properties.payment_provider`). */
export type PaymentProviderName = 'test' | 'stripe' | 'paystack';

/**
 * The gateways this process runs, one per provider that is set up: each property takes
 * payments with the one it names, and a payments row is moved on (refund, capture, charge)
 * by the one that wrote it.
 */
export type PaymentGateways = {
  /** The gateway of this name; a 503 that says so when this site does not run it. */
  byName(name: string): PaymentGateway;
  /** The gateway the property takes cards with (its definition's Payments.Provider). */
  forProperty(property: { paymentProvider: string }): PaymentGateway;
  /** The gateway of this name, if this site runs it. */
  find(name: string): PaymentGateway | undefined;
  /** PayStack, with its hosted checkout, return and webhook beside the common calls: when PAYSTACK_SECRET_KEY is set. */
  readonly paystack: PaystackGateway | undefined;
  /** What /readyz and the start log warn of: a provider set up only in part. */
  readonly warnings: readonly string[];
};

/** Given to `createPaymentGateways` by tests: a gateway that replaces the configured one. */
export type GatewayOverrides = { test?: PaymentGateway; stripe?: PaymentGateway; paystack?: PaystackGateway };

/**
 * The gateways the configuration sets up: the test gateway where it may run (config.ts),
 * Stripe when STRIPE_SECRET_KEY is set, PayStack when PAYSTACK_SECRET_KEY is.
 */
export function createPaymentGateways(
  config: Pick<Config, 'linkSecret' | 'payments' | 'publicUrl'>,
  clock: Clock,
  overrides: GatewayOverrides = {},
): PaymentGateways {
  const gateways = new Map<string, PaymentGateway>();
  const warnings: string[] = [];
  const test = overrides.test ?? (config.payments.test ? createTestGateway({ clock, secret: config.linkSecret }) : undefined);
  if (test) gateways.set(TEST_GATEWAY_NAME, test);
  const { stripe } = config.payments;
  const stripeGateway = overrides.stripe ?? (stripe ? createStripeGateway(stripe, { publicUrl: config.publicUrl }) : undefined);
  if (stripeGateway) gateways.set(STRIPE_GATEWAY_NAME, stripeGateway);
  if (stripe && !stripe.webhookSecret) {
    warnings.push(
      'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused, so a payment the guest finishes after leaving is not settled',
    );
  }
  const { paystack } = config.payments;
  const paystackGateway =
    overrides.paystack ??
    (paystack ? createPaystackGateway({ ...paystack, publicUrl: config.publicUrl, linkSecret: config.linkSecret }) : undefined);
  if (paystackGateway) gateways.set(PAYSTACK_GATEWAY_NAME, paystackGateway);

  const find = (name: string) => gateways.get(name);
  const byName = (name: string): PaymentGateway => {
    const gateway = find(name);
    if (!gateway) throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_UNAVAILABLE_MESSAGE);
    return gateway;
  };
  return {
    byName,
    forProperty: (property) => byName(property.paymentProvider),
    find,
    paystack: paystackGateway,
    warnings,
  };
}

/**
 * What /readyz warns of for the properties' providers this site does not run (a Stripe
 * property on a server without STRIPE_SECRET_KEY refuses every card booking).
 */
export function missingProviderWarnings(gateways: PaymentGateways, providers: readonly string[]): string[] {
  return [...new Set(providers)]
    .filter((provider) => !gateways.find(provider))
    .map((provider) => `a property takes payments with "${provider}", which this server is not set up for: its card bookings are refused`);
}

/** Whether the gateway takes a card number typed into our own form: only the test gateway; a provider's form keeps it off this server. */
export function takesTypedCards(gateway: PaymentGateway): boolean {
  return gateway.name === TEST_GATEWAY_NAME;
}

export const TYPED_CARD_REFUSED =
  "This hotel takes cards only through its payment provider's secure card form, so a card number cannot be sent here. Please pay with the card form shown on the booking page.";
