import { currencyDecimalsMessage } from '@hotel/domain/messages';
import { currencyExponent, hasCurrencyDecimals, toMinor, type CurrencyCode, type Minor } from '@hotel/domain/money';
import { invalidField } from './app-error';

/**
 * What is wrong with a wire amount in a currency, or null: the wire schema lets through up to 4
 * decimals (it does not know the currency yet), the currency decides how many an amount may
 * have (none for JPY, 2 for GBP, 3 for KWD).
 */
export function currencyDecimalsProblem(major: number, currency: CurrencyCode): string | null {
  return hasCurrencyDecimals(major, currency) ? null : currencyDecimalsMessage(currency, currencyExponent(currency));
}

/** A wire amount in minor units of its currency; a 400 on `field` when it has more decimals than the currency has. */
export function wireAmountInMinor(field: string, major: number, currency: CurrencyCode): Minor {
  const problem = currencyDecimalsProblem(major, currency);
  if (problem !== null) throw invalidField(field, problem);
  return toMinor(major, currency);
}
