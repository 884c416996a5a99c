import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { findExchangeRates } from './currency-exchange-rate-queries';
import { exchangeRatesResponseSchema, toExchangeRatesResponse } from './currency-exchange-rate-response';
import { toExchangeRateTable } from './exchange-rate-table';

export function registerCurrencyExchangeRateRoutes(api: ApiRouter, { database }: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/CurrencyExchangeRate',
      summary: 'Display exchange rates against one base, for convertForDisplay (prices are charged in the property currency)',
      tag: 'CurrencyExchangeRate',
      response: exchangeRatesResponseSchema,
    },
    async (_input, _req, res) => {
      // The same for every guest and changed only by an import: browsers and CDNs may keep it a while.
      res.set('Cache-Control', 'public, max-age=300');
      return toExchangeRatesResponse(toExchangeRateTable(await findExchangeRates(database.db)));
    },
  );
}
