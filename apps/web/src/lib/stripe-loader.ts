/**
 * Loads Stripe.js from the address the property names (PaymentScriptUrl), once per address.
 *
 * Not `@stripe/stripe-js`'s `loadStripe`: it only ever loads from https://js.stripe.com, so
 * the end-to-end suite's fake Stripe could not stand in for it. Its types are used, so every
 * call we make to Stripe.js is checked against Stripe's published signatures.
 */
import type { StripeConstructor } from '@stripe/stripe-js';

const loading = new Map<string, Promise<StripeConstructor>>();

function inject(url: string): Promise<StripeConstructor> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.Stripe) resolve(window.Stripe);
      else reject(new Error('Stripe.js loaded but did not define Stripe'));
    });
    script.addEventListener('error', () => reject(new Error(`Stripe.js could not be loaded from ${url}`)));
    document.head.appendChild(script);
  });
}

/** Stripe.js's constructor, its script added to the page the first time it is asked for. */
export function loadStripeFrom(url: string): Promise<StripeConstructor> {
  const known = loading.get(url);
  if (known) return known;
  const started = inject(url).catch((error: unknown) => {
    // A failed load (offline, blocked) may be tried again by the next checkout visit.
    loading.delete(url);
    throw error;
  });
  loading.set(url, started);
  return started;
}
