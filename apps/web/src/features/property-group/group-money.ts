/** Prices of the group answers: major units on the wire, each with its own currency. */
import { formatMoney, localeForCurrency, toMinor } from '@hotel/domain/money';
import type { PropertyGroupSearchResult } from '@hotel/domain/wire/property-group';

/** A wire amount in its currency, as every price of the client is written. */
export function groupMoney(amount: number, currency: string): string {
  return formatMoney({ amount: toMinor(amount, currency), currency });
}

const wholeFormats = new Map<string, Intl.NumberFormat>();

/** A wire amount in whole units ("£90"), small enough for a calendar day. */
export function wholeMoney(amount: number, currency: string): string {
  let format = wholeFormats.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat(localeForCurrency(currency), { style: 'currency', currency, maximumFractionDigits: 0 });
    wholeFormats.set(currency, format);
  }
  return format.format(amount);
}

type GroupPrice = NonNullable<PropertyGroupSearchResult['LowestPrice']>;

/** The price to show: converted into the chosen currency when the server could, else the property's own. */
export function shownPrice(price: GroupPrice): { Total: number; PerNight: number; Currency: string } {
  return price.Converted ?? price;
}
