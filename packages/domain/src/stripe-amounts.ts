/**
 * How Stripe's API writes an amount of each currency, beside our minor units (ISO 4217's).
 *
 * Stripe takes every amount "in the currency's smallest unit", with documented exceptions
 * (https://docs.stripe.com/currencies: "Zero-decimal currencies", "Three-decimal currencies",
 * "Special cases"; read 2026-11-28):
 * - zero-decimal currencies are sent in whole units: ¥500 is 500. Stripe lists MGA among them,
 *   although ISO 4217 gives the ariary 2 decimals: only whole ariary can be sent.
 * - three-decimal currencies (BHD, JOD, KWD, OMR, TND) are sent in thousandths, but "these API
 *   calls require the least-significant (last) digit to be 0" (Payment Intents, Refunds,
 *   Disputes): 5.124 KWD cannot be sent, 5.120 KWD is 5120.
 * - ISK and UGX "transitioned to a zero-decimal currency, but backward compatibility requires
 *   you to represent it as a two-decimal value, where the decimal amount is always 00": 5 ISK
 *   is 500. (Stripe also lists UGX as zero-decimal; the special case, which says what to send,
 *   is the rule it states for UGX amounts.)
 * - HUF and TWD are zero-decimal for payouts only; charges take their 2 decimals as usual.
 * - every other currency is "two-decimal unless otherwise specified".
 *
 * The web's Payment Element and the API's gateway both send amounts to Stripe, so the rule is
 * here, once. Pure: no I/O.
 */
import { currencyExponent, type CurrencyCode, type Minor } from './money';

const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
const WHOLE_UNITS_IN_HUNDREDTHS = new Set(['ISK', 'UGX']);

/** How Stripe counts a currency: amounts in 10^-exponent of a unit, each a multiple of `step`. */
export type StripeUnit = { exponent: number; step: number };

/** Stripe's unit of a currency (JPY: whole yen; KWD: thousandths in steps of 10; ISK: hundredths in steps of 100). */
export function stripeUnitOf(currency: CurrencyCode): StripeUnit {
  if (ZERO_DECIMAL.has(currency)) return { exponent: 0, step: 1 };
  if (THREE_DECIMAL.has(currency)) return { exponent: 3, step: 10 };
  if (WHOLE_UNITS_IN_HUNDREDTHS.has(currency)) return { exponent: 2, step: 100 };
  return { exponent: 2, step: 1 };
}

/**
 * The amount Stripe's API takes for minor units of a currency (¥170,173 -> 170173, 5 ISK -> 500,
 * 5.120 KWD -> 5120), or undefined when Stripe cannot take it exactly (5.124 KWD; 12.50 MGA).
 */
export function toStripeAmount(minor: Minor, currency: CurrencyCode): number | undefined {
  const { exponent, step } = stripeUnitOf(currency);
  const shift = exponent - currencyExponent(currency);
  const amount = shift >= 0 ? minor * 10 ** shift : minor / 10 ** -shift;
  return Number.isSafeInteger(amount) && amount % step === 0 ? amount : undefined;
}

/** Minor units of an amount Stripe's API wrote in a currency (the inverse of toStripeAmount), or undefined when it is no whole number of them. */
export function fromStripeAmount(amount: number, currency: CurrencyCode): Minor | undefined {
  const shift = stripeUnitOf(currency).exponent - currencyExponent(currency);
  const minor = shift >= 0 ? amount / 10 ** shift : amount * 10 ** -shift;
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/**
 * True when Stripe can take every amount of a currency exactly, so that what a booking is
 * priced at is what its card is charged: not for KWD (fils ending in other than 0), MGA
 * (fractions of an ariary), nor ISO's other three- and four-decimal currencies.
 */
export function stripeTakesEveryAmount(currency: CurrencyCode): boolean {
  return toStripeAmount(1, currency) !== undefined;
}
