import type { ExchangeRates } from '@hotel/domain/money';
import type { AppContext } from '../app-context';
import { findExchangeRates } from './currency-exchange-rate-queries';
import type { ExchangeRatesResponse } from '@hotel/domain/wire/currency-exchange-rate-response';
import { toExchangeRatesResponse } from './currency-exchange-rate-response';
import { toExchangeRateTable } from './exchange-rate-table';

/** The display rates against one base, as convertForDisplay reads them. */
export async function exchangeRateTable(context: Pick<AppContext, 'database'>): Promise<ExchangeRates> {
  return toExchangeRateTable(await findExchangeRates(context.database.db));
}

/** GET /api/CurrencyExchangeRate: the display rates against one base. */
export async function exchangeRates(context: Pick<AppContext, 'database'>): Promise<ExchangeRatesResponse> {
  return toExchangeRatesResponse(await exchangeRateTable(context));
}
