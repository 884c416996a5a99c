import compression from 'compression';
import express, { type Express } from 'express';
import { accountSessions, registerAccountRoutes } from './account';
import { registerAdminPaymentRoutes } from './admin-payments';
import { apiKeyFinder } from './api-keys';
import { registerPmsUpdateRoutes } from './pms-updates';
import type { AppContext } from './app-context';
import { registerAvailabilityRoutes } from './availability';
import { registerBookConfigRoutes } from './book-config';
import { registerCompanyRoutes } from './company';
import { registerCurrencyExchangeRateRoutes } from './currency-exchange-rate';
import { apiDocsRouter } from './docs';
import { registerHealthRoutes } from './health';
import { takeProviderHint } from './booking';
import { AppError } from './errors';
import { accessLog, requireAdminApiKey, ApiRouter, errorHandler, findWebDist, jsonBody, serveWebClient, securityHeaders } from './http';
import { registerLogRoutes } from './log';
import { registerManageBookingRoutes } from './manage-booking';
import { registerPreCheckInRoutes } from './pre-check-in';
import {
  rawWebhookBody,
  registerPaymentWebhookRoutes,
  registerPaystackRoutes,
  registerTestChallengeRoutes,
  WEBHOOK_PATH,
} from './payments';
import { propertyPageHead, registerPropertyRoutes } from './property';
import { registerDefinitionRoutes } from './property-definition';
import { registerAriRoutes } from './ari';
import { registerHotelEventRoutes } from './hotel-events';
import { registerPropertyGroupRoutes } from './property-group';
import { registerReservationRoutes } from './reservation';
import { registerReservationsFeedRoutes } from './reservations-feed';
import { registerRestaurantRoutes } from './restaurant';
import { registerRoomTypeConfigurationRoutes } from './room-type-configuration';
import { registerServiceRoutes } from './service';
import { registerStaticDataRoutes } from './static-data';

/** Builds the Express application: security headers, logging, JSON parsing, every /api route, the web client. */
export function createApp(context: AppContext): { app: Express; api: ApiRouter } {
  const app = express();
  app.disable('x-powered-by');
  // Per-client limits count req.ip: only a configured proxy may say who the client is.
  app.set('trust proxy', context.config.trustProxy);
  app.use(securityHeaders());
  // Compression is applied where answers are made: by the API's router to each answer it
  // serialises (a cached one brings its own gzip copy), below to the documents and the web client.
  const compressed = compression();
  app.use(accessLog(context.logger));
  registerHealthRoutes(app, context);

  const api = new ApiRouter();
  registerPropertyRoutes(api, context);
  registerAvailabilityRoutes(api, context);
  registerPropertyGroupRoutes(api, context);
  registerBookConfigRoutes(api, context);
  registerRoomTypeConfigurationRoutes(api, context);
  registerStaticDataRoutes(api, context);
  registerCurrencyExchangeRateRoutes(api, context);
  registerCompanyRoutes(api, context);
  registerServiceRoutes(api, context);
  registerLogRoutes(api, context);
  registerDefinitionRoutes(api, context);
  registerAriRoutes(api, context);
  registerAdminPaymentRoutes(api, context);
  registerPmsUpdateRoutes(api, context);
  registerHotelEventRoutes(api, context);
  registerReservationsFeedRoutes(api, context);
  registerAccountRoutes(api, context);
  registerReservationRoutes(api, context);
  registerManageBookingRoutes(api, context);
  registerPreCheckInRoutes(api, context);
  registerRestaurantRoutes(api, context);
  // What a provider reports of a payment (its challenge page, the guest's return, a webhook) is the booking module's to record.
  const onHint = (hint: Parameters<typeof takeProviderHint>[1]) => takeProviderHint(context, hint);
  registerTestChallengeRoutes(api, context, { onHint });
  registerPaystackRoutes(api, context, { onHint });
  registerPaymentWebhookRoutes(api, context, { onHint });

  // Answers name guests, bookings and accounts: no browser or shared cache may keep them.
  // Public reference data (exchange rates) says otherwise in its route.
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Admin calls are authenticated before their body is read, and get a larger limit than
  // guests: a whole group's definition can run to megabytes.
  app.use('/api/Admin', requireAdminApiKey(context.config.adminApiKey, apiKeyFinder(context)), jsonBody('10mb'));
  // Cookie sessions: cross-site writes refused, then `req.user` for every /api route.
  app.use('/api', accountSessions(context));
  // Raw bytes for the providers' signed webhooks; the JSON parser below then leaves them alone.
  app.use(WEBHOOK_PATH, rawWebhookBody());
  app.use('/api', jsonBody('100kb'));
  // The calls first: every request passes each layer before its own, and the docs are rarely asked for.
  app.use('/api', api.router);
  app.get('/api/openapi.json', compressed, (_req, res) => {
    res.json(api.openApiDocument({ title: 'Hotel booking engine API', version: '1.0.0', serverUrl: context.config.publicUrl }));
  });
  app.use('/api', compressed, apiDocsRouter());
  app.use('/api', () => {
    throw new AppError('NOT_FOUND', 'There is no such API call. See /api/docs for the calls this server answers.');
  });

  const webDist = findWebDist(context.config.webDist);
  if (webDist) {
    app.use(compressed);
    serveWebClient(app, webDist, propertyPageHead(context));
  }
  app.use(errorHandler);
  return { app, api };
}
