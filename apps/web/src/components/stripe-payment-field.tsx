/**
 * The card form of a Stripe property: Stripe's Payment Element, in Stripe's own frames. The card
 * is typed there and goes from there to Stripe; this page only ever holds the payment method
 * id Stripe answers (pm_...), which the booking is sent with.
 */
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
import type { Minor } from '@hotel/domain/money';
import { toStripeAmount } from '@hotel/domain/stripe-amounts';
import { loadStripeFrom } from '../lib/stripe-loader';
import { Button } from './button';
import { Loading } from './loading';

const NOT_LOADED = 'The card form has not loaded. Please reload the page to pay by card.';
const UNREADABLE = 'The card could not be read. Please check it and try again.';

export type PaymentMethodAnswer = { paymentMethodId: string } | { message: string };

/** What the checkout asks of the field when the guest confirms. */
export interface StripePaymentHandle {
  /** Has Stripe check what was typed (its messages show in its frame); answers its message, if any. */
  check(): Promise<string | null>;
  /** The payment method Stripe made of the card typed, or why it could not. */
  createPaymentMethod(billing: { name: string; email: string }): Promise<PaymentMethodAnswer>;
  focus(): void;
}

/**
 * The address this document was loaded at. The content security policy is that page's: only a
 * Stripe property's checkout lets Stripe's script and frames in (apps/api content-security.ts),
 * and the app may have reached the checkout from another page without loading it.
 */
function documentPath(): string {
  const navigation = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation')[0] : undefined;
  return navigation === undefined ? window.location.pathname : new URL(navigation.name).pathname;
}

type Mounted = { stripe: Stripe; elements: StripeElements; element: StripePaymentElement };

export function StripePaymentField(props: {
  publicKey: string;
  scriptUrl: string;
  /** What the guest pays, in minor units: Stripe shows it in wallets and offers methods that fit it. */
  amount: Minor;
  /** ISO 4217 code of the amount. */
  currency: string;
  error?: readonly string[] | undefined;
  /** The guest changed what is typed in Stripe's frame. */
  onChange: () => void;
  handle: Ref<StripePaymentHandle>;
}) {
  const id = useId();
  const mountPoint = useRef<HTMLDivElement>(null);
  const mounted = useRef<Mounted | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // In Stripe's unit of the currency (5 ISK is 500 there, ¥500 is 500). A Stripe property's
  // currency always converts exactly: the definition import refuses the others.
  const stripeAmount = toStripeAmount(props.amount, props.currency)!;
  // The element is made once per key and currency (the checkout keys this field by them): a new
  // amount is passed on, not remounted. Declared first, these run before the element is made.
  const amount = useRef(stripeAmount);
  const onChange = useRef(props.onChange);
  useEffect(() => {
    onChange.current = props.onChange;
  });
  useEffect(() => {
    amount.current = stripeAmount;
    mounted.current?.elements.update({ amount: stripeAmount });
  }, [stripeAmount]);
  const { publicKey, scriptUrl } = props;
  const currency = props.currency.toLowerCase();

  useEffect(() => {
    let left = false;
    if (documentPath() !== window.location.pathname) {
      // Loaded at this address, the page gets the policy that lets Stripe.js in; the basket and the form are kept across a reload.
      window.location.reload();
      return undefined;
    }
    loadStripeFrom(scriptUrl).then(
      (StripeJs) => {
        if (left || mountPoint.current === null) return;
        const stripe = StripeJs(publicKey);
        const elements = stripe.elements({ mode: 'payment', amount: amount.current, currency, paymentMethodCreation: 'manual' });
        const element = elements.create('payment');
        element.on('ready', () => setState('ready'));
        element.on('loaderror', () => setState('failed'));
        element.on('change', () => onChange.current());
        element.mount(mountPoint.current);
        mounted.current = { stripe, elements, element };
      },
      () => {
        if (!left) setState('failed');
      },
    );
    return () => {
      left = true;
      mounted.current?.element.destroy();
      mounted.current = null;
    };
  }, [publicKey, scriptUrl, currency]);

  useImperativeHandle(
    props.handle,
    () => ({
      async check() {
        const current = mounted.current;
        if (current === null) return NOT_LOADED;
        const { error } = await current.elements.submit();
        return error === undefined ? null : (error.message ?? UNREADABLE);
      },
      async createPaymentMethod(billing) {
        const current = mounted.current;
        if (current === null) return { message: NOT_LOADED };
        const result = await current.stripe.createPaymentMethod({
          elements: current.elements,
          params: { billing_details: { name: billing.name, email: billing.email } },
        });
        return result.error === undefined ? { paymentMethodId: result.paymentMethod.id } : { message: result.error.message ?? UNREADABLE };
      },
      focus() {
        mounted.current?.element.focus();
      },
    }),
    [],
  );

  const errors = props.error ?? [];
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={errors.length > 0 ? `${id}-error` : undefined}>
      <p id={`${id}-label`} className="text-sm font-semibold text-gray-900">
        Card details
      </p>
      <div ref={mountPoint} className="mt-1" data-testid="payment-element" />
      {state === 'loading' && <Loading label="Loading the secure card form…" />}
      {state === 'failed' && (
        <div role="alert" className="mt-1 space-y-2 text-sm">
          <p>{NOT_LOADED}</p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </div>
      )}
      {errors.length > 0 && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-negative-text">
          {errors.join('. ')}
        </p>
      )}
    </div>
  );
}
