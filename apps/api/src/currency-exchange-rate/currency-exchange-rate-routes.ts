import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http';
import { exchangeRatesResponseSchema } from '@hotel/domain/wire/currency-exchange-rate-response';
import { exchangeRates } from './currency-exchange-rate-service';

export function registerCurrencyExchangeRateRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/CurrencyExchangeRate',
      operationId: 'getExchangeRates',
      summary: 'Display exchange rates against one base, for convertForDisplay (prices are charged in the property currency)',
      tag: 'CurrencyExchangeRate',
      response: exchangeRatesResponseSchema,
    },
    async (_input, _req, res) => {
      // The same for every guest and changed only by an import: browsers and CDNs may keep it a while.
      res.set('Cache-Control', 'public, max-age=300');
      return exchangeRates(context);
    },
  );
}
