import { propertyIdOrCodeParams } from '@hotel/domain/wire/parameters';
import { manageBookingConfigurationResponseSchema } from '@hotel/domain/wire/manage-booking-config-response';
import { manageBookingSearchQuerySchema, manageBookingSearchResponseSchema } from '@hotel/domain/wire/manage-booking-search';
import {
  manageBookingCancelRequestSchema,
  manageBookingCancelResponseSchema,
  manageBookingQuoteResponseSchema,
  manageBookingUpdateRequestSchema,
  manageBookingUpdateResponseSchema,
  reservationItemServicesQuerySchema,
  reservationItemServicesResponseSchema,
  searchDateOptionsRequestSchema,
  searchDateOptionsResponseSchema,
  upgradeOptionsQuerySchema,
  upgradeOptionsResponseSchema,
} from '@hotel/domain/wire/manage-booking-change';
import type { AppContext } from '../app-context';
import { clientOf, readIdempotencyKey, type ApiRouter } from '../http';
import { cancelBooking, MONEY_ANSWERS, quoteAmendment, updateManagedBooking } from '../booking';
import { describeBooking } from './managed-reservation';
import { searchDateOptions } from './date-options';
import { manageBookingConfiguration } from './manage-booking-config';
import { reservationItemServices } from './reservation-item-services';
import { upgradeOptions } from './upgrade-options';
import { searchReservation } from './search-reservation';
import { searchThrottle } from './search-throttle';
import { grantFoundBooking, provenBody, provenQuery } from './manage-grants';

export function registerManageBookingRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/api/ManageBooking/Config/{id}',
      operationId: 'getManageBookingConfiguration',
      summary: "A property's manage-booking configuration, by its numeric id or its code",
      tag: 'ManageBooking',
      params: propertyIdOrCodeParams,
      response: manageBookingConfigurationResponseSchema,
      errors: { 404: 'No property has that id or code' },
    },
    ({ params }) => manageBookingConfiguration(context, params.id),
  );

  const searches = searchThrottle(context);
  api.route(
    {
      method: 'post',
      path: '/api/ManageBooking/Search',
      operationId: 'searchManagedReservation',
      summary:
        "Find a booking to manage: its number with the last name of its booker or a guest, or with the code of its e-mailed link (the query's hash). A miss answers Success false",
      tag: 'ManageBooking',
      query: manageBookingSearchQuerySchema,
      response: manageBookingSearchResponseSchema,
      errors: { 429: 'Too many unsuccessful searches from this client, or name guesses from it at this reservation number' },
    },
    async ({ query }, req) => {
      const { answer, found } = await searchReservation(context, searches, query, clientOf(req));
      if (found) grantFoundBooking(req, found, context.clock.now());
      return answer;
    },
  );

  // Each call below proves the booking with its Code, or with the session a search granted it to (manage-grants.ts).
  const notFound = { 404: 'No such booking for this property, or the code does not prove the guest found it' };
  api.route(
    {
      method: 'get',
      path: '/api/ManageBooking/UpgradeOptions',
      operationId: 'getManageBookingUpgradeOptions',
      summary: "Room types a booking's rooms may move to on their rate plan, priced for their dates and party, with the difference",
      tag: 'ManageBooking',
      query: upgradeOptionsQuerySchema,
      response: upgradeOptionsResponseSchema,
      errors: notFound,
    },
    ({ query }, req) => upgradeOptions(context, provenQuery(req, query, context)),
  );

  api.route(
    {
      method: 'post',
      path: '/api/ManageBooking/SearchDateOptions',
      operationId: 'searchManageBookingDateOptions',
      summary: "A booking's chosen rooms priced at new dates on their room type and rate plan, or Success false with why",
      tag: 'ManageBooking',
      body: searchDateOptionsRequestSchema,
      response: searchDateOptionsResponseSchema,
      errors: notFound,
    },
    ({ body }, req) => searchDateOptions(context, provenBody(req, body, context)),
  );

  const changeErrors = {
    ...notFound,
    409: 'A price changed (with the new prices), rooms or extras sold meanwhile, or the booking changed a moment ago',
  };
  api.route(
    {
      method: 'post',
      path: '/api/ManageBooking/Quote',
      operationId: 'quoteManagedBookingChange',
      summary:
        'What an Update with this body would cost, saving nothing: new totals per room and overall, the difference, whether it is charged or refunded and why. A change the booking no longer allows answers 409',
      tag: 'ManageBooking',
      body: manageBookingUpdateRequestSchema,
      response: manageBookingQuoteResponseSchema,
      errors: changeErrors,
    },
    ({ body }, req) => quoteAmendment(context, provenBody(req, body, context)),
  );

  api.route(
    {
      method: 'post',
      path: '/api/ManageBooking/Update',
      operationId: 'updateManagedBooking',
      idempotencyKey: 'replay',
      summary:
        'Change a booking: dates, rooms, rates, parties, guests, booker, requests and extras, rooms added or cancelled (send an Idempotency-Key to retry safely). A dearer change is held until the difference is charged on the booking card (402 when declined, nothing changed; 503 while the charge has no answer); a cheaper one is written and its refund made after. A change the booking no longer allows answers Success false',
      tag: 'ManageBooking',
      body: manageBookingUpdateRequestSchema,
      response: manageBookingUpdateResponseSchema,
      errors: {
        ...changeErrors,
        402: `${MONEY_ANSWERS.declined}; the booking is as it was`,
        409: `${changeErrors[409]}; or: ${MONEY_ANSWERS.inFlight}`,
        503: `${MONEY_ANSWERS.outcomeUnknown}. The change is held meanwhile, and written only if the difference was charged`,
      },
    },
    ({ body }, req) => updateManagedBooking(context, provenBody(req, body, context), readIdempotencyKey(req), describeBooking(context)),
  );

  api.route(
    {
      method: 'post',
      path: '/api/ManageBooking/Cancel',
      operationId: 'cancelManagedReservation',
      idempotencyKey: 'replay',
      summary:
        'Cancel a whole booking while it may be cancelled free: every night and extra released, a gift voucher’s part given back, the reason recorded, the cancellation e-mail queued, and what its card paid refunded after (Message says when a refund was refused or is not answered yet). A booking that may not be cancelled (or is already) answers Success false; send an Idempotency-Key to retry safely',
      tag: 'ManageBooking',
      body: manageBookingCancelRequestSchema,
      response: manageBookingCancelResponseSchema,
      errors: {
        400: 'A cancellation reason is required and missing, or is not one of the property’s',
        404: 'No such booking, another property’s, or a wrong code',
        409: MONEY_ANSWERS.inFlight,
      },
    },
    ({ body }, req) => cancelBooking(context, provenBody(req, body, context), readIdempotencyKey(req)),
  );

  api.route(
    {
      method: 'get',
      path: '/api/Service/GetReservationItemServices',
      operationId: 'getReservationItemServices',
      summary:
        'The extras a booked room may have for its dates, room type and rate plan, with the units left (its own count as free for it) and the ones it has',
      tag: 'Service',
      query: reservationItemServicesQuerySchema,
      response: reservationItemServicesResponseSchema,
      errors: { 404: 'No such booking, a wrong code, or a room that is not a standing room of this booking' },
    },
    ({ query }, req) => reservationItemServices(context, provenQuery(req, query, context)),
  );
}
