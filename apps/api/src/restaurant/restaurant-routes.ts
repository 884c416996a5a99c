import { z } from 'zod';
import { wireDate } from '@hotel/domain/wire/scalars';
import { queryId } from '@hotel/domain/wire/parameters';
import type { AppContext } from '../app-context';
import { type ApiRouter, bookingsPerClient, knownKeysFirst, mailsPerAddress, readIdempotencyKey } from '../http';
import { createTableBooking, tableBookingRequestSchema, tableBookingScope } from './create-table-booking';
import {
  availabilityResponseSchema,
  createTableBookingResponseSchema,
  restaurantSetupResponseSchema,
  restaurantsResponseSchema,
} from '@hotel/domain/wire/restaurant-response';
import { listRestaurants, restaurantAvailability, restaurantSetup } from './restaurant-service';

export function registerRestaurantRoutes(api: ApiRouter, context: AppContext): void {
  // A table booking e-mails the address it gives: limited per client and per address, except
  // when sent again with a known Idempotency-Key (it books nothing more).
  api.router.post(
    '/RestaurantBooking/Create',
    knownKeysFirst(context, tableBookingScope),
    bookingsPerClient(context, 'table-booking-ip'),
    mailsPerAddress(context, (body) => body.Email),
  );
  api.route(
    {
      method: 'get',
      path: '/api/RestaurantBooking/Restaurants',
      operationId: 'getRestaurants',
      summary: "The property's restaurants taking table bookings, in the property's order",
      tag: 'RestaurantBooking',
      query: z.object({ propertyId: queryId('propertyId') }),
      response: restaurantsResponseSchema,
      errors: { 404: 'Unknown property' },
    },
    ({ query }) => listRestaurants(context, query.propertyId),
  );

  api.route(
    {
      method: 'get',
      path: '/api/RestaurantBooking/RestaurantSetup',
      operationId: 'getRestaurantSetup',
      summary: "A restaurant's online party sizes, its no-availability text and the property's currency symbol",
      tag: 'RestaurantBooking',
      // date, isReservation and identifier are what the web client sends; the setup does not depend on them.
      query: z.object({
        propertyId: queryId('propertyId'),
        restaurantId: queryId('restaurantId'),
        date: wireDate.optional(),
        isReservation: z
          .string()
          .regex(/^(true|false)$/i)
          .optional(),
        identifier: z.string().max(100).optional(),
      }),
      response: restaurantSetupResponseSchema,
      errors: { 404: 'Unknown property, or no such restaurant taking bookings' },
    },
    ({ query }) => restaurantSetup(context, query),
  );

  api.route(
    {
      method: 'get',
      path: '/api/RestaurantBooking/Availability',
      operationId: 'getRestaurantAvailability',
      summary:
        'The times a party can book on a date ("HH:mm", local), with leave times and promotions; none for a party size not taken online',
      tag: 'RestaurantBooking',
      // currencySymbol is what the web client sends; no restaurant price depends on it.
      query: z.object({
        propertyId: queryId('propertyId'),
        restaurantId: queryId('restaurantId'),
        date: wireDate,
        partySize: z.coerce.number().int().min(1).max(100),
        currencySymbol: z.string().max(10).optional(),
      }),
      response: availabilityResponseSchema,
      errors: { 404: 'Unknown property, or no such restaurant taking bookings' },
    },
    ({ query }) => restaurantAvailability(context, query),
  );

  api.route(
    {
      method: 'post',
      path: '/api/RestaurantBooking/Create',
      operationId: 'createTableBooking',
      idempotencyKey: 'replay',
      summary:
        'Book a table: the smallest free table that seats the party at an offered time (send an Idempotency-Key to retry safely). Linked to the room booking the Identifier names only with proof (Code, or the logged-in account that made it). A refusal (party size, time, contact details) is Success false with InfoMessage',
      tag: 'RestaurantBooking',
      body: tableBookingRequestSchema,
      response: createTableBookingResponseSchema,
      errors: {
        404: 'Unknown property, or no such restaurant taking bookings',
        409: 'A request with this Idempotency-Key has not finished',
        429: 'Too many bookings from this client, or e-mails to this address, in the last hour',
      },
    },
    ({ body }, req) => createTableBooking(context, body, { idempotencyKey: readIdempotencyKey(req), userId: req.user?.id ?? null }),
  );
}
