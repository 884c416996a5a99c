import type { Minor } from '@hotel/domain/money';
import { stripeTakesEveryAmount, stripeUnitOf, toStripeAmount } from '@hotel/domain/stripe-amounts';

/**
 * The amounts the Stripe gateway sends, in Stripe's own unit of each currency, and the
 * currencies a Stripe property may have. The rule itself, which the web's Payment Element
 * needs too, is @hotel/domain/stripe-amounts (and its inverse, fromStripeAmount). Pure.
 */

/**
 * What Stripe's API is sent for minor units of a currency: ¥170,173 is 170173, £240.00 is 24000,
 * 5 ISK is 500. Throws rather than send another amount than the booking's: the definition import
 * keeps a Stripe property out of a currency Stripe cannot take exactly (`stripeCurrencyProblem`),
 * so only a bug reaches the throw.
 */
export function stripeAmount(minor: Minor, currency: string): number {
  const amount = toStripeAmount(minor, currency);
  if (amount === undefined) throw new RangeError(`Stripe cannot take ${minor} minor units of ${currency} exactly`);
  return amount;
}

/**
 * Why a property in this currency cannot take payments with Stripe, or null when it can: Stripe
 * must be able to take every amount exactly, or a booking priced to the fils would be charged
 * another amount than its price.
 */
export function stripeCurrencyProblem(currency: string): string | null {
  if (stripeTakesEveryAmount(currency)) return null;
  const { exponent, step } = stripeUnitOf(currency);
  const smallest = (step / 10 ** exponent).toFixed(exponent);
  return `Stripe cannot charge every ${currency} price exactly: it takes ${currency} amounts only in steps of ${smallest}, so a booking could be charged another amount than its price. Use another payment provider for this property.`;
}
