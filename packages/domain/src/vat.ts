/**
 * VAT of a booking's total (docs/pricing.md): tax-exclusive VAT is total/100*rate added to it,
 * tax-inclusive VAT is total/(100+rate)*rate inside it. Computed exactly and rounded once.
 */
import { percentOf, scaleMinor, type Minor } from './money';

/** A property's or an item's VAT settings (StandardVatRate, IsStandardTaxExclusive). */
export interface VatSettings {
  /** Percent, e.g. 20. */
  rate: number;
  /** True when prices exclude VAT (VAT is added on top). */
  isTaxExclusive: boolean;
}

/** A line split into net, VAT and gross; net + vat === gross always. */
export interface VatBreakdown {
  net: Minor;
  vat: Minor;
  gross: Minor;
}

function assertRate(rate: number): void {
  if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`Invalid VAT rate: ${rate}`);
}

/** The VAT contained in a tax-inclusive total: total/(100+rate)*rate, rounded once. */
export function vatIncludedIn(gross: Minor, rate: number): Minor {
  assertRate(rate);
  // Scale the rate to an integer so 100 + rate is exact (12.5 -> 125 / 1125).
  const [, fraction = ''] = String(rate).split('.');
  const scale = 10 ** fraction.length;
  const scaledRate = Math.round(rate * scale);
  return scaleMinor(gross, scaledRate, 100 * scale + scaledRate);
}

/** The VAT added on top of a tax-exclusive total: total/100*rate, rounded once. */
export function vatAddedTo(net: Minor, rate: number): Minor {
  assertRate(rate);
  return percentOf(net, rate);
}

/** The VAT of a total under the property's settings. */
export function vatOfTotal(total: Minor, settings: VatSettings): Minor {
  return settings.isTaxExclusive ? vatAddedTo(total, settings.rate) : vatIncludedIn(total, settings.rate);
}

/** Splits a tax-inclusive total so that net + VAT = gross to the penny. */
export function splitGross(gross: Minor, rate: number): VatBreakdown {
  const vat = vatIncludedIn(gross, rate);
  return { net: gross - vat, vat, gross };
}

/** Adds VAT to a tax-exclusive total so that net + VAT = gross to the penny. */
export function addVat(net: Minor, rate: number): VatBreakdown {
  const vat = vatAddedTo(net, rate);
  return { net, vat, gross: net + vat };
}

/**
 * What the guest pays for a total in the hotel's prices and its VAT: the total with the VAT
 * added when prices exclude it, the total itself when they include it (docs/pricing.md).
 */
export function totalToPay(total: Minor, vat: Minor, isTaxExclusive: boolean): Minor {
  return isTaxExclusive ? total + vat : total;
}

/** The net / VAT / gross of a line priced under the property's settings. */
export function vatBreakdown(total: Minor, settings: VatSettings): VatBreakdown {
  return settings.isTaxExclusive ? addVat(total, settings.rate) : splitGross(total, settings.rate);
}
