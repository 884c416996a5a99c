/**
 * Money on screen: amounts are kept in the property's currency (what is charged) and shown in
 * the currency the guest picked, converted for display only.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { convertForDisplay, formatMoney, isSupportedCurrency, type ExchangeRates, type Minor } from '@hotel/domain/money';
import { apiGet } from '../lib/api-client';

export const exchangeRatesKey = ['CurrencyExchangeRate'] as const;
const fetchExchangeRates = () => apiGet<ExchangeRates>('/CurrencyExchangeRate');

interface CurrencyContextValue {
  /** The property's currency, in which every amount is held and charged. */
  chargeCurrency: string;
  displayCurrency: string;
  currencies: string[];
  setDisplayCurrency: (currency: string) => void;
  rates: ExchangeRates | undefined;
}

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

const storageKey = (propertyCode: string) => `hotel:currency:${propertyCode}`;

export function CurrencyProvider(props: { propertyCode: string; currency: string; available: string[]; children: ReactNode }) {
  const currencies = useMemo(() => {
    const list: string[] = props.available.filter(isSupportedCurrency);
    return list.includes(props.currency) ? list : [props.currency, ...list];
  }, [props.available, props.currency]);
  const [selected, setSelected] = useState(() => {
    const saved = localStorage.getItem(storageKey(props.propertyCode));
    return saved !== null && currencies.includes(saved) ? saved : props.currency;
  });
  const needsRates = currencies.length > 1;
  const { data: rates } = useSWR(needsRates ? exchangeRatesKey : null, fetchExchangeRates, { revalidateOnFocus: false });
  const setDisplayCurrency = useCallback(
    (currency: string) => {
      setSelected(currency);
      localStorage.setItem(storageKey(props.propertyCode), currency);
    },
    [props.propertyCode],
  );
  const value = useMemo(
    () => ({ chargeCurrency: props.currency, displayCurrency: selected, currencies, setDisplayCurrency, rates }),
    [props.currency, selected, currencies, setDisplayCurrency, rates],
  );
  return <CurrencyContext.Provider value={value}>{props.children}</CurrencyContext.Provider>;
}

export interface MoneyFormatter {
  /** An amount of the property's currency, shown in the display currency. */
  display: (amount: Minor) => string;
  /** An amount as charged, in the property's currency. */
  charged: (amount: Minor) => string;
  /** True when display amounts are converted from the charged currency. */
  converted: boolean;
  chargeCurrency: string;
}

/** Formats money for the page: converted to the display currency, or as charged. */
export function useMoney(): MoneyFormatter {
  const context = useContext(CurrencyContext);
  const chargeCurrency = context?.chargeCurrency ?? 'GBP';
  const displayCurrency = context?.displayCurrency ?? chargeCurrency;
  const rates = context?.rates;
  return useMemo(() => {
    const charged = (amount: Minor) => formatMoney({ amount, currency: chargeCurrency });
    const converted = displayCurrency !== chargeCurrency && rates !== undefined;
    const display = (amount: Minor) => {
      if (!converted) return charged(amount);
      const money = convertForDisplay({ amount, currency: chargeCurrency }, displayCurrency, rates);
      return money === undefined ? charged(amount) : formatMoney(money);
    };
    return { display, charged, converted, chargeCurrency };
  }, [chargeCurrency, displayCurrency, rates]);
}

/** The currency selector's state. */
export function useCurrencyChoice(): Pick<CurrencyContextValue, 'displayCurrency' | 'currencies' | 'setDisplayCurrency'> | null {
  return useContext(CurrencyContext);
}
