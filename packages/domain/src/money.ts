/**
 * Money as integer minor units (pence, cents) with one rounding rule.
 *
 * Every supported currency has two minor digits, so one minor unit is 1/100 of a major unit.
 * Floats appear only at the wire (`toMinor` / `toMajor`). Products and quotients are computed
 * exactly on decimal ratios (bigint) and rounded once, half away from zero: see
 * docs/decisions/0001-money-and-rounding.md.
 */

/** An amount in minor units (1/100 of the major unit); always a safe integer. */
export type Minor = number;

/** An ISO 4217 currency code, e.g. "GBP". */
export type CurrencyCode = string;

/** An amount together with the currency it is in. */
export interface Money {
  amount: Minor;
  currency: CurrencyCode;
}

/** Exchange rates as the property definition gives them: 1 unit of `Base` = `Rates[X]` units of X. */
export interface ExchangeRates {
  Base: CurrencyCode;
  Rates: Readonly<Record<CurrencyCode, number>>;
}

/** The name of the one rounding rule used for money everywhere. */
export const ROUNDING_RULE = 'half away from zero' as const;

/** Minor units per major unit for every currency the product supports. */
export const MINOR_UNITS_PER_MAJOR = 100;

/** The default currency of a property. */
export const DEFAULT_CURRENCY: CurrencyCode = 'GBP';

/** The currencies shown in their own format, each with the locale that formats it. */
export const CURRENCY_FORMATS = [
  { locale: 'en-GB', currency: 'GBP', name: 'pound' },
  { locale: 'en-US', currency: 'USD', name: 'dollar' },
  { locale: 'en-AE', currency: 'AED', name: 'dirham' },
  { locale: 'en-ZA', currency: 'ZAR', name: 'rand' },
  { locale: 'en-DK', currency: 'DKK', name: 'krone' },
  { locale: 'en-EU', currency: 'EUR', name: 'euro' },
  { locale: 'en-AU', currency: 'AUD', name: 'Australian dollar' },
  { locale: 'en-CA', currency: 'CAD', name: 'Canadian dollar' },
  { locale: 'en-MX', currency: 'MXN', name: 'peso' },
  { locale: 'en-NG', currency: 'NGN', name: 'naira' },
  { locale: 'en-KE', currency: 'KES', name: 'shilling' },
] as const;

/** A currency with a format of its own. */
export type SupportedCurrency = (typeof CURRENCY_FORMATS)[number]['currency'];

/** True when this currency has a format of its own. */
export function isSupportedCurrency(currency: string): currency is SupportedCurrency {
  return CURRENCY_FORMATS.some((format) => format.currency === currency);
}

/** The locale a currency is formatted with; en-GB for a currency without its own. */
export function localeForCurrency(currency: CurrencyCode): string {
  return CURRENCY_FORMATS.find((format) => format.currency === currency)?.locale ?? 'en-GB';
}

/** Throws unless the value is a safe integer, the only valid minor amount. */
export function assertMinor(value: number): Minor {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Money must be a safe integer of minor units, got ${value}`);
  }
  return value;
}

/** The exact decimal value of a finite number as numerator / denominator. */
function decimalRatio(value: number): [bigint, bigint] {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  // String() gives the shortest decimal that round-trips, i.e. what a person typed or JSON
  // carried (1.005, not 1.00499999999999989...), so rounding treats it as that decimal.
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const numerator = BigInt(whole + fraction);
  const scale = fraction.length - Number(exponent);
  return scale >= 0 ? [numerator, 10n ** BigInt(scale)] : [numerator * 10n ** BigInt(-scale), 1n];
}

/** numerator / denominator rounded half away from zero: the one rounding rule. */
function roundRatio(numerator: bigint, denominator: bigint): Minor {
  if (denominator === 0n) throw new RangeError('Division by zero');
  if (denominator < 0n) return roundRatio(-numerator, -denominator);
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const magnitude = remainder < 0n ? -remainder : remainder;
  const rounded = 2n * magnitude >= denominator ? quotient + (numerator < 0n ? -1n : 1n) : quotient;
  return assertMinor(Number(rounded));
}

/** Rounds any decimal number to a whole number of minor units, half away from zero. */
export function roundToMinor(value: number): Minor {
  const [numerator, denominator] = decimalRatio(value);
  return roundRatio(numerator, denominator);
}

/** Converts a wire amount in major units (14.5) to minor units (1450), exactly. */
export function toMinor(major: number): Minor {
  const [numerator, denominator] = decimalRatio(major);
  return roundRatio(numerator * BigInt(MINOR_UNITS_PER_MAJOR), denominator);
}

/** Converts minor units to the major-unit number sent on the wire (1450 -> 14.5). */
export function toMajor(minor: Minor): number {
  // Integer / 100 is correctly rounded by IEEE 754, so it prints as the exact decimal.
  return assertMinor(minor) / MINOR_UNITS_PER_MAJOR;
}

/** Sums minor amounts. */
export function sumMinor(amounts: readonly Minor[]): Minor {
  return assertMinor(amounts.reduce((total, amount) => total + assertMinor(amount), 0));
}

/** Multiplies an amount by any factor (a quantity, a rate), rounding once. */
export function multiplyMinor(amount: Minor, factor: number): Minor {
  const [numerator, denominator] = decimalRatio(factor);
  return roundRatio(BigInt(assertMinor(amount)) * numerator, denominator);
}

/** Divides an amount by a non-zero divisor, rounding once. */
export function divideMinor(amount: Minor, divisor: number): Minor {
  const [numerator, denominator] = decimalRatio(divisor);
  return roundRatio(BigInt(assertMinor(amount)) * denominator, numerator);
}

/** amount * numerator / denominator as one exact ratio, rounded once. */
export function scaleMinor(amount: Minor, numerator: number, denominator: number): Minor {
  const [numeratorTop, numeratorBottom] = decimalRatio(numerator);
  const [denominatorTop, denominatorBottom] = decimalRatio(denominator);
  return roundRatio(BigInt(assertMinor(amount)) * numeratorTop * denominatorBottom, numeratorBottom * denominatorTop);
}

/** The given percentage of an amount (20 -> a fifth), rounded once. */
export function percentOf(amount: Minor, percent: number): Minor {
  const [numerator, denominator] = decimalRatio(percent);
  return roundRatio(BigInt(assertMinor(amount)) * numerator, denominator * 100n);
}

/**
 * The amount after a percentage discount, never below 0 nor above the amount. The discount is
 * what is rounded (half away from zero), not the discounted amount: on a half-penny the guest
 * gets the larger discount (docs/pricing.md, Rounding).
 */
export function applyPercentDiscount(amount: Minor, percent: number): Minor {
  const clamped = Math.min(Math.max(percent, 0), 100);
  return amount - percentOf(amount, clamped);
}

/** The amount after a fixed discount, never below 0 nor above the amount. */
export function applyFixedDiscount(amount: Minor, discount: Minor): Minor {
  return Math.max(0, amount - Math.max(0, assertMinor(discount)));
}

/**
 * Splits an amount into parts proportional to non-negative weights; the parts sum to the
 * amount exactly (largest remainder, ties to the earlier part).
 */
export function allocateMinor(amount: Minor, weights: readonly number[]): Minor[] {
  assertMinor(amount);
  if (weights.length === 0) return [];
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    throw new RangeError('Allocation weights must be non-negative integers');
  }
  const totalWeight = weights.reduce((total, weight) => total + weight, 0);
  if (totalWeight === 0) throw new RangeError('Allocation weights must not all be zero');
  const sign = amount < 0 ? -1n : 1n;
  const magnitude = BigInt(Math.abs(amount));
  const shares = weights.map((weight, index) => {
    const exact = magnitude * BigInt(weight);
    return {
      index,
      floor: exact / BigInt(totalWeight),
      remainder: exact % BigInt(totalWeight),
    };
  });
  let left = magnitude - shares.reduce((total, share) => total + share.floor, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.floor += 1n;
    left -= 1n;
  }
  return shares.map((share) => Number(sign * share.floor));
}

/** The rate of a currency against the base of a rate table, or undefined when unknown. */
function rateOf(currency: CurrencyCode, rates: ExchangeRates): number | undefined {
  if (currency === rates.Base) return 1;
  const rate = rates.Rates[currency];
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

/**
 * Converts money to another currency for display, rounding once; undefined when either
 * currency has no rate. Prices are charged in the property's currency, never converted.
 */
export function convertForDisplay(money: Money, to: CurrencyCode, rates: ExchangeRates): Money | undefined {
  if (money.currency === to) return money;
  const fromRate = rateOf(money.currency, rates);
  const toRate = rateOf(to, rates);
  if (fromRate === undefined || toRate === undefined) return undefined;
  const [toNumerator, toDenominator] = decimalRatio(toRate);
  const [fromNumerator, fromDenominator] = decimalRatio(fromRate);
  const amount = roundRatio(BigInt(assertMinor(money.amount)) * toNumerator * fromDenominator, toDenominator * fromNumerator);
  return { amount, currency: to };
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, currency: CurrencyCode): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    numberFormats.set(key, format);
  }
  return format;
}

/** Formats money for people with Intl, in its currency's locale unless given one. */
export function formatMoney(money: Money, locale: string = localeForCurrency(money.currency)): string {
  return numberFormat(locale, money.currency).format(toMajor(money.amount));
}
