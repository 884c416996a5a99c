import { z } from 'zod';
import { queryId } from '@hotel/domain/wire/parameters';
import { searchRequestSchema } from '@hotel/domain/wire/search-request';
import { wireDate } from '@hotel/domain/wire/scalars';
import type { AppContext } from '../app-context';
import { clientOf, type ApiRouter } from '../http';
import { calendarResponseSchema } from '@hotel/domain/wire/calendar-response';
import { availabilityCalendar } from './calendar';
import { codeGuesses } from './code-guesses';
import { searchAvailability } from './search-availability';
import { searchResponseSchema } from '@hotel/domain/wire/search-response';

export function registerAvailabilityRoutes(api: ApiRouter, context: AppContext): void {
  const guesses = codeGuesses(context);
  api.route(
    {
      method: 'post',
      path: '/api/Availability/Search',
      operationId: 'searchAvailability',
      summary: 'Room types and rates available for a stay and the searched rooms',
      tag: 'Availability',
      body: searchRequestSchema,
      response: searchResponseSchema,
      errors: {
        404: 'Unknown property or location',
        429: 'Too many searches with a promo or rate code the property does not have, from this client lately (a search without a code is never refused)',
      },
    },
    ({ body }, req) => searchAvailability(context, body, { guesses, client: clientOf(req) }),
  );

  api.route(
    {
      method: 'get',
      path: '/api/Availability',
      operationId: 'getAvailabilityCalendar',
      summary: 'The availability calendar: rooms free and open rates per night (today to 36 months ahead)',
      tag: 'Availability',
      query: z.object({
        propertyId: queryId('propertyId'),
        fromDate: wireDate,
        toDate: wireDate,
        languageCode: z.string().max(35).optional(),
      }),
      response: calendarResponseSchema,
      errors: { 404: 'Unknown property' },
    },
    ({ query }) => availabilityCalendar(context, query),
  );
}
