// The currency exchange rate area's door: the application imports only what is exported here.
export { registerCurrencyExchangeRateRoutes } from './currency-exchange-rate-routes';
export { exchangeRateTable } from './currency-exchange-rate-service';
