/**
 * Money as integer minor units with one rounding rule.
 *
 * A minor unit is the smallest unit of the amount's currency as ISO 4217 defines it: a yen for
 * JPY, a penny for GBP, a fils (1/1000 dinar) for KWD. Floats appear only at the wire
 * (`toMinor` / `toMajor`, which take the currency). Products and quotients are computed
 * exactly on decimal ratios (bigint) and rounded once, half away from zero, to a whole minor
 * unit: see docs/decisions/0001-money-and-rounding.md.
 */

/** An amount in minor units of its currency (yen, pence, fils); always a safe integer. */
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

/**
 * Every active code of ISO 4217 (list one, as published on 2026-01-01) with its minor unit:
 * the number of decimals of the currency, so 10 ** exponent minor units make one major unit.
 * The funds codes are in (CLF and UYW count in ten-thousandths): the table is the standard's,
 * so nobody has to judge which code is "real money". The codes without a minor unit (gold,
 * silver, SDR, the testing and "no currency" codes: XAU, XAG, XPD, XPT, XB*, XDR, XSU, XUA,
 * XTS, XXX) are left out: nothing is priced in them. A withdrawn code (HRK, SLL, BGN, ANG...)
 * is not a currency any more.
 */
export const ISO_CURRENCY_EXPONENTS = {
  AED: 2,
  AFN: 2,
  ALL: 2,
  AMD: 2,
  AOA: 2,
  ARS: 2,
  AUD: 2,
  AWG: 2,
  AZN: 2,
  BAM: 2,
  BBD: 2,
  BDT: 2,
  BHD: 3,
  BIF: 0,
  BMD: 2,
  BND: 2,
  BOB: 2,
  BOV: 2,
  BRL: 2,
  BSD: 2,
  BTN: 2,
  BWP: 2,
  BYN: 2,
  BZD: 2,
  CAD: 2,
  CDF: 2,
  CHE: 2,
  CHF: 2,
  CHW: 2,
  CLF: 4,
  CLP: 0,
  CNY: 2,
  COP: 2,
  COU: 2,
  CRC: 2,
  CUP: 2,
  CVE: 2,
  CZK: 2,
  DJF: 0,
  DKK: 2,
  DOP: 2,
  DZD: 2,
  EGP: 2,
  ERN: 2,
  ETB: 2,
  EUR: 2,
  FJD: 2,
  FKP: 2,
  GBP: 2,
  GEL: 2,
  GHS: 2,
  GIP: 2,
  GMD: 2,
  GNF: 0,
  GTQ: 2,
  GYD: 2,
  HKD: 2,
  HNL: 2,
  HTG: 2,
  HUF: 2,
  IDR: 2,
  ILS: 2,
  INR: 2,
  IQD: 3,
  IRR: 2,
  ISK: 0,
  JMD: 2,
  JOD: 3,
  JPY: 0,
  KES: 2,
  KGS: 2,
  KHR: 2,
  KMF: 0,
  KPW: 2,
  KRW: 0,
  KWD: 3,
  KYD: 2,
  KZT: 2,
  LAK: 2,
  LBP: 2,
  LKR: 2,
  LRD: 2,
  LSL: 2,
  LYD: 3,
  MAD: 2,
  MDL: 2,
  MGA: 2,
  MKD: 2,
  MMK: 2,
  MNT: 2,
  MOP: 2,
  MRU: 2,
  MUR: 2,
  MVR: 2,
  MWK: 2,
  MXN: 2,
  MXV: 2,
  MYR: 2,
  MZN: 2,
  NAD: 2,
  NGN: 2,
  NIO: 2,
  NOK: 2,
  NPR: 2,
  NZD: 2,
  OMR: 3,
  PAB: 2,
  PEN: 2,
  PGK: 2,
  PHP: 2,
  PKR: 2,
  PLN: 2,
  PYG: 0,
  QAR: 2,
  RON: 2,
  RSD: 2,
  RUB: 2,
  RWF: 0,
  SAR: 2,
  SBD: 2,
  SCR: 2,
  SDG: 2,
  SEK: 2,
  SGD: 2,
  SHP: 2,
  SLE: 2,
  SOS: 2,
  SRD: 2,
  SSP: 2,
  STN: 2,
  SVC: 2,
  SYP: 2,
  SZL: 2,
  THB: 2,
  TJS: 2,
  TMT: 2,
  TND: 3,
  TOP: 2,
  TRY: 2,
  TTD: 2,
  TWD: 2,
  TZS: 2,
  UAH: 2,
  UGX: 0,
  USD: 2,
  USN: 2,
  UYI: 0,
  UYU: 2,
  UYW: 4,
  UZS: 2,
  VED: 2,
  VES: 2,
  VND: 0,
  VUV: 0,
  WST: 2,
  XAD: 2,
  XAF: 0,
  XCD: 2,
  XCG: 2,
  XOF: 0,
  XPF: 0,
  YER: 2,
  ZAR: 2,
  ZMW: 2,
  ZWG: 2,
} as const satisfies Readonly<Record<string, 0 | 2 | 3 | 4>>;

/** An active ISO 4217 code. */
export type IsoCurrency = keyof typeof ISO_CURRENCY_EXPONENTS;

/** The codes of ISO_CURRENCY_EXPONENTS, in alphabetical order (for a schema's enum). */
export const ISO_CURRENCIES = Object.keys(ISO_CURRENCY_EXPONENTS) as [IsoCurrency, ...IsoCurrency[]];

/** The most decimals any currency has (CLF, UYW): what a wire amount may carry before its currency is known. */
export const MAX_CURRENCY_EXPONENT = 4;

/** True for an active ISO 4217 code (upper case, as the standard writes it). */
export function isIsoCurrency(code: string): code is IsoCurrency {
  return Object.hasOwn(ISO_CURRENCY_EXPONENTS, code);
}

/**
 * The decimals of a currency (0 for JPY, 2 for GBP, 3 for KWD). Throws for a code that is not
 * an active ISO 4217 code: the definition import refuses those, so none reaches money.
 */
export function currencyExponent(currency: CurrencyCode): number {
  if (!isIsoCurrency(currency)) throw new RangeError(`Not an active ISO 4217 currency: ${currency}`);
  return ISO_CURRENCY_EXPONENTS[currency];
}

/** The name of the one rounding rule used for money everywhere. */
export const ROUNDING_RULE = 'half away from zero' as const;

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

/**
 * Converts a wire amount in major units to minor units of its currency, exactly: 14.5 GBP is
 * 1450 pence, 170173 JPY is 170173 yen, 5.124 KWD is 5124 fils. More decimals than the
 * currency has are rounded half away from zero (float noise such as 0.1 + 0.2); an edge that
 * must refuse them checks `hasCurrencyDecimals` first.
 */
export function toMinor(major: number, currency: CurrencyCode): Minor {
  const [numerator, denominator] = decimalRatio(major);
  return roundRatio(numerator * 10n ** BigInt(currencyExponent(currency)), denominator);
}

/** Converts minor units of a currency to the major-unit number sent on the wire (1450 pence -> 14.5, 5124 fils -> 5.124). */
export function toMajor(minor: Minor, currency: CurrencyCode): number {
  // Integer / 10^n is correctly rounded by IEEE 754, so it prints as the exact decimal.
  return assertMinor(minor) / 10 ** currencyExponent(currency);
}

/**
 * True when a major-unit amount has no more decimals than its currency (no yen fraction, at
 * most three decimals of a dinar): what a price written by a person or sent on the wire must be.
 */
export function hasCurrencyDecimals(major: number, currency: CurrencyCode): boolean {
  // Fifteen significant digits are what a double holds of a decimal: beyond them is float
  // noise (0.1 + 0.2 is 0.30000000000000004), which the wire tolerates and toMinor rounds away.
  const [numerator, denominator] = decimalRatio(Number(major.toPrecision(15)));
  return (numerator * 10n ** BigInt(currencyExponent(currency))) % denominator === 0n;
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
  // A code that is no currency has no decimals to convert to: no rate, as if unlisted.
  if (!isIsoCurrency(currency)) return undefined;
  if (currency === rates.Base) return 1;
  const rate = rates.Rates[currency];
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

/**
 * Converts money to another currency for display, rounding once to a whole minor unit of the
 * target currency; undefined when either currency has no rate. The rates are per major unit,
 * so the ratio also carries the two currencies' decimals (1,000 yen at 0.0053 GBP a yen is
 * 530 pence, not 5.3). Prices are charged in the property's currency, never converted.
 */
export function convertForDisplay(money: Money, to: CurrencyCode, rates: ExchangeRates): Money | undefined {
  if (money.currency === to) return money;
  const fromRate = rateOf(money.currency, rates);
  const toRate = rateOf(to, rates);
  if (fromRate === undefined || toRate === undefined) return undefined;
  const [toNumerator, toDenominator] = decimalRatio(toRate);
  const [fromNumerator, fromDenominator] = decimalRatio(fromRate);
  const [toUnits, fromUnits] = [10n ** BigInt(currencyExponent(to)), 10n ** BigInt(currencyExponent(money.currency))];
  const amount = roundRatio(
    BigInt(assertMinor(money.amount)) * toNumerator * fromDenominator * toUnits,
    toDenominator * fromNumerator * fromUnits,
  );
  return { amount, currency: to };
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, currency: CurrencyCode): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    // The decimals are ISO 4217's, not the locale data's: Intl shows HUF, IDR or IQD without
    // decimals, which would hide part of what is charged. An amount shows exactly what it is.
    const digits = currencyExponent(currency);
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

/** Formats money for people with Intl, with its currency's decimals (¥170,173, KWD 5.124), in its currency's locale unless given one. */
export function formatMoney(money: Money, locale: string = localeForCurrency(money.currency)): string {
  return numberFormat(locale, money.currency).format(toMajor(money.amount, money.currency));
}
